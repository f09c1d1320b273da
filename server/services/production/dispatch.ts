// An order sent out (server/services/production-service.ts): every item Printed, carrier and tracking
// number recorded once under the group's row lock, each item Dispatched, and the customer's mail queued.
import { eq, sql } from "drizzle-orm";
import { orderGroups, orders, users } from "../../../db/schema";
import { addressLine } from "../../../domain/address";
import { formatDeliveryDate } from "../../../domain/format";
import { dispatchReadiness } from "../../../domain/production";
import { dispatchEmail } from "../../integrations/email/templates";
import { enqueueEmail } from "../email-outbox";
import { changeItemStatus, type Actor } from "../status-change";
import type { ProductionContext } from "./production-context";
import type { ProductionService } from "./production-types";

export function dispatchOrders(context: ProductionContext): Pick<ProductionService, "dispatch"> {
  const { deps, db, shop, sender, publicUrl, messageIdDomain } = context;
  return {
    async dispatch(orderGroupId, carrier, trackingNumber, staffUserId) {
      const group = await deps.orders.group(orderGroupId);
      if (!group) return { ok: false, reason: "not-found", message: "Not found" };
      const waiting = group.items.filter((item) => item.status !== "Printed" && item.status !== "Dispatched" && item.status !== "Shipped" && item.status !== "Cancelled");
      if (waiting.length > 0) {
        return { ok: false, reason: "conflict", message: `Every item must be Printed before dispatch: ${waiting.map((i) => `${i.productName} is ${i.status}`).join("; ")}.` };
      }
      const actor: Actor = { kind: "staff", userId: staffUserId };
      const result = await db.transaction(async (t) => {
        // Decided here, under the group's row lock: of two staff dispatching at once, the second waits,
        // then finds the order already out of the door and is told so (409), sending nothing.
        const [locked] = await t
          .select({ carrier: orderGroups.carrier, trackingNumber: orderGroups.trackingNumber })
          .from(orderGroups)
          .where(eq(orderGroups.id, orderGroupId))
          .for("update");
        if (locked?.trackingNumber) {
          return { ok: false as const, message: `Order ${orderGroupId} has already been dispatched with ${locked.carrier ?? "a carrier"}, tracking number ${locked.trackingNumber}.` };
        }
        const items = await t.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.orderGroupId, orderGroupId)).for("update");
        if (!dispatchReadiness(items.map((item) => item.status)).ready) {
          return { ok: false as const, message: `Every item must be Printed before dispatch.` };
        }
        for (const item of items) {
          if (item.status === "Cancelled") continue;
          const moved = await changeItemStatus(t, item.id, "Dispatched", actor, { note: `${carrier} ${trackingNumber}` });
          if (!moved.ok) return moved;
        }
        await t.update(orderGroups).set({ carrier, trackingNumber, dispatchedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(orderGroups.id, orderGroupId));
        const [person] = await t.select({ firstname: users.firstname }).from(users).where(eq(users.id, group.userId));
        const content = dispatchEmail(shop, {
          firstname: person?.firstname ?? "",
          orderGroupId,
          carrier,
          trackingNumber,
          deliveryLine: addressLine(group.delivery),
          deliveryDate: formatDeliveryDate(group.deliveryDate),
          orderUrl: `${publicUrl}/my-account/orders/${orderGroupId}`,
          items: group.items.filter((item) => item.status !== "Cancelled").map((item) => `${item.quantity} × ${item.productName}`),
        });
        await enqueueEmail(t, { to: group.userEmail, messageIdDomain, ...content });
        return { ok: true as const, changed: true };
      });
      if (!result.ok) return { ok: false, reason: "conflict", message: result.message };
      sender.kick();
      return { ok: true };
    },
  };
}
