// An item's production moves (server/services/production-service.ts): a status move through the one
// transition table, a manager's undo, and artwork rejected back to the customer with a reason and a mail.
import { eq, sql } from "drizzle-orm";
import { orderFiles, orderGroups, orders, users } from "../../../db/schema";
import { DESIGN_MESSAGES } from "../../../domain/design-service";
import { canRejectArtwork } from "../../../domain/order-status";
import { artworkRejectedEmail } from "../../integrations/email/templates";
import { enqueueEmail } from "../email-outbox";
import { changeItemStatus, correctItemStatus, type Actor } from "../status-change";
import type { ProductionContext } from "./production-context";
import type { ProductionService } from "./production-types";

export function statusMoves(context: ProductionContext): Pick<ProductionService, "move" | "undo" | "reject"> {
  const { deps, db, shop, sender, publicUrl, messageIdDomain } = context;
  return {
    async move(orderId, to, staffUserId, note) {
      if (to === "Dispatched" || to === "Shipped") return { ok: false, reason: "conflict", message: "Dispatch the order with its carrier and tracking number." };
      if (to === "Awaiting Artwork") return { ok: false, reason: "conflict", message: "Use Reject artwork to send an item back to the customer, with a reason." };
      const current = await deps.orders.item(orderId);
      // A designed item leaves Awaiting Artwork only when its customer approves the design (docs/decisions/027-design-service-money-and-dates.md).
      if (current && current.designs > 0 && current.status === "Awaiting Artwork") return { ok: false, reason: "conflict", message: DESIGN_MESSAGES.notApprovedYet };
      const outcome = await db.transaction((tx) => changeItemStatus(tx, orderId, to, { kind: "staff", userId: staffUserId }, { note }));
      if (!outcome.ok) return outcome;
      return { ok: true };
    },

    async undo(orderId, reason, managerUserId) {
      const outcome = await db.transaction((tx) => correctItemStatus(tx, orderId, { kind: "staff", userId: managerUserId }, reason));
      return outcome.ok ? { ok: true } : outcome;
    },

    async reject(orderId, reason, staffUserId) {
      const actor: Actor = { kind: "staff", userId: staffUserId };
      const current = await deps.orders.item(orderId);
      if (!current) return { ok: false, reason: "not-found", message: "Not found" };
      if (current.designs > 0) return { ok: false, reason: "conflict", message: DESIGN_MESSAGES.rejectDesigned };
      if (!canRejectArtwork(current.status)) {
        return { ok: false, reason: "conflict", message: `Artwork can be rejected while an item is Print Ready or in Production; this one is ${current.status}.` };
      }
      const result = await db.transaction(async (t) => {
        const moved = await changeItemStatus(t, orderId, "Awaiting Artwork", actor, { note: `Artwork rejected: ${reason}`, set: { rejectionReason: reason } });
        if (!moved.ok) return moved;
        // The customer approves again whatever they send next, and sees why.
        await t.update(orderFiles).set({ approved: false, updatedAt: sql`now()` }).where(eq(orderFiles.orderId, orderId));
        const [item] = await t
          .select({ groupId: orders.orderGroupId, productName: orders.productName, email: orderGroups.userEmail, firstname: users.firstname })
          .from(orders)
          .innerJoin(orderGroups, eq(orderGroups.id, orders.orderGroupId))
          .innerJoin(users, eq(users.id, orders.userId))
          .where(eq(orders.id, orderId));
        if (item) {
          const content = artworkRejectedEmail(shop, {
            firstname: item.firstname,
            orderGroupId: item.groupId,
            productName: item.productName,
            reason,
            uploadUrl: `${publicUrl}/checkout/artwork-uploader?order_group_id=${item.groupId}`,
          });
          await enqueueEmail(t, { to: item.email, messageIdDomain, ...content });
        }
        return moved;
      });
      if (!result.ok) return result;
      sender.kick();
      return { ok: true };
    },
  };
}
