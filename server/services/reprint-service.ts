// Reprints under the print guarantee: chosen items of a dispatched order made again, at no charge, as a
// new order linked to the original. It has no checkout, no invoice and no money in it, so it stays out of
// the sales figures; it reuses the approved artwork and joins the print queue like any other job.
import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderEvents, orderFiles, orderGroups, orders, users } from "../../db/schema";
import { isArtworkComplete } from "../../domain/artwork";
import { orderProductIds } from "../../domain/checkout";
import { deliveryDate, formatDeliveryDate } from "../../domain/delivery";
import type { ShopDetails } from "../config";
import { reprintEmail } from "../integrations/email/templates";
import type { EmailSender } from "./email-outbox";
import { enqueueEmail } from "./email-outbox";
import { failure, type Outcome } from "./outcome";
import { changeItemStatus } from "./status-change";

export type ReprintServiceDeps = {
  db: Db;
  shop: ShopDetails;
  publicUrl: string;
  sender: Pick<EmailSender, "kick">;
  /** Copies each item's approved artwork from the item it reprints (the reorder's copy). */
  reuseApprovedArtwork: (orderGroupId: number) => Promise<unknown>;
};

export type ReprintService = {
  raise(staffUserId: number, orderGroupId: number, input: { orderIds: number[]; reason: string }): Promise<Outcome<{ reprintId: number; printReady: boolean }>>;
};

export const REPRINT_MESSAGES = {
  notDispatched: "Only a dispatched order can be reprinted. Until then, reprint it as part of the job.",
  itemNotOnOrder: "That item is not part of this order.",
  itemNotSent: (name: string) => `${name} was not dispatched, so it cannot be reprinted.`,
  inProgress: (name: string, reprintId: number) => `${name} already has a reprint in progress: order ${reprintId}.`,
  ofReprint: "This order is itself a reprint: raise the reprint from the original order.",
} as const;

/** What a reprint copies of the item it reprints: the product, and how it was made (size, versions, options). */
export function reprintedSpec(item: typeof orders.$inferSelect) {
  const { productId, productSlug, image, quantity, versions, widthMm, heightMm, orientation, fixedSize, attributes } = item;
  return { productId, productSlug, image, quantity, versions, widthMm, heightMm, orientation, fixedSize, attributes };
}

export function createReprintService(deps: ReprintServiceDeps): ReprintService {
  const { db, shop, publicUrl, sender } = deps;
  const messageIdDomain = shop.email.split("@")[1];

  return {
    async raise(staffUserId, orderGroupId, input) {
      const made = await db.transaction(async (t) => {
        // Under the original's lock: of two staff raising the same reprint at once, the second finds the first.
        const [group] = await t.select().from(orderGroups).where(eq(orderGroups.id, orderGroupId)).for("update");
        if (!group) return failure("not-found", "Not found");
        if (group.reprintOf !== null) return failure("conflict", REPRINT_MESSAGES.ofReprint);
        if (group.dispatchedAt === null) return failure("conflict", REPRINT_MESSAGES.notDispatched);
        const items = await t.select().from(orders).where(eq(orders.orderGroupId, orderGroupId)).orderBy(asc(orders.lineNumber));
        const chosen = items.filter((item) => input.orderIds.includes(item.id));
        if (chosen.length === 0 || chosen.length !== new Set(input.orderIds).size) return failure("invalid", REPRINT_MESSAGES.itemNotOnOrder);
        const unsent = chosen.find((item) => item.status !== "Dispatched" && item.status !== "Shipped");
        if (unsent) return failure("conflict", REPRINT_MESSAGES.itemNotSent(unsent.productName));
        // An item already being reprinted (its reprint not yet out of the door) is not reprinted twice.
        const open = await t
          .select({ groupId: orders.orderGroupId, from: orders.reuseArtworkFrom })
          .from(orders)
          .innerJoin(orderGroups, eq(orderGroups.id, orders.orderGroupId))
          .where(and(eq(orderGroups.reprintOf, orderGroupId), inArray(orders.reuseArtworkFrom, chosen.map((item) => item.id)), isNull(orderGroups.dispatchedAt), notInArray(orders.status, ["Cancelled"])));
        const busy = open[0];
        if (busy) return failure("conflict", REPRINT_MESSAGES.inProgress(chosen.find((item) => item.id === busy.from)!.productName, busy.groupId));

        const due = deliveryDate(new Date(), "express");
        const [reprint] = await t
          .insert(orderGroups)
          .values({
            checkoutId: null,
            userId: group.userId,
            userEmail: group.userEmail,
            status: "Awaiting Artwork",
            paymentStatus: "paid",
            paymentMethod: "reprint",
            provider: "none",
            providerSessionId: "",
            subTotalPence: 0,
            promoDiscountPence: 0,
            deliveryPence: 0,
            vatPence: 0,
            totalPence: 0,
            billing: group.billing,
            delivery: group.delivery,
            blindShipping: group.blindShipping,
            poNumber: group.poNumber,
            // A reprint is made at express turnaround (its items are express).
            hasExpress: true,
            productIds: orderProductIds(chosen),
            deliveryDate: due,
            reprintOf: group.id,
            reprintReason: input.reason,
          })
          .returning({ id: orderGroups.id });
        const copies = await t
          .insert(orders)
          .values(
            chosen.map((item, index) => ({
              orderGroupId: reprint!.id,
              userId: item.userId,
              lineNumber: index + 1,
              ...reprintedSpec(item),
              productName: item.productName,
              express: true,
              unitPence: 0,
              undiscountedLinePence: 0,
              tierPercent: 0,
              linePence: 0,
              deliveryDate: due,
              status: "Awaiting Artwork" as const,
              notes: `Reprint of order ${group.id} (${input.reason}). ${item.notes}`.trim(),
              attributesAttachedAt: item.attributesAttachedAt,
              reuseArtworkFrom: item.id,
            })),
          )
          .returning({ id: orders.id });
        const note = `Reprint of order ${group.id}: ${input.reason}. No charge.`;
        await t.insert(orderEvents).values([
          { orderGroupId: reprint!.id, actor: "staff" as const, actorUserId: staffUserId, fromStatus: null, toStatus: "Awaiting Artwork", note },
          ...copies.map((copy) => ({ orderGroupId: reprint!.id, orderId: copy.id, actor: "staff" as const, actorUserId: staffUserId, fromStatus: null, toStatus: "Awaiting Artwork" })),
          { orderGroupId: group.id, actor: "staff" as const, actorUserId: staffUserId, fromStatus: group.status, toStatus: group.status, note: `Reprint raised as order ${reprint!.id}: ${input.reason}. ${chosen.map((item) => `${item.quantity} × ${item.productName}`).join(", ")}.` },
        ]);
        const [person] = await t.select({ firstname: users.firstname }).from(users).where(eq(users.id, group.userId));
        const content = reprintEmail(shop, {
          firstname: person?.firstname ?? "",
          originalId: group.id,
          reprintId: reprint!.id,
          reason: input.reason,
          items: [...chosen.map((item) => `${item.quantity} × ${item.productName}`), `Delivery by ${formatDeliveryDate(due)}`],
          orderUrl: `${publicUrl}/my-account/orders/${reprint!.id}`,
        });
        await enqueueEmail(t, { to: group.userEmail, messageIdDomain, ...content });
        return { ok: true as const, reprintId: reprint!.id };
      });
      if (!made.ok) return made;
      sender.kick();

      // The approved artwork is copied over; each item whose copy is complete goes straight to the queue.
      await deps.reuseApprovedArtwork(made.reprintId);
      const printReady = await db.transaction(async (t) => {
        const items = await t.select().from(orders).where(eq(orders.orderGroupId, made.reprintId)).for("update");
        const files = await t.select().from(orderFiles).where(inArray(orderFiles.orderId, items.map((item) => item.id)));
        let ready = true;
        for (const item of items) {
          if (item.status !== "Awaiting Artwork") continue;
          if (!isArtworkComplete(item, files.filter((file) => file.orderId === item.id))) {
            ready = false;
            continue;
          }
          const moved = await changeItemStatus(t, item.id, "Print Ready", { kind: "staff", userId: staffUserId }, { note: "The approved artwork of the original order, reused for the reprint" });
          if (!moved.ok) ready = false;
        }
        await t.update(orderGroups).set({ updatedAt: sql`now()` }).where(eq(orderGroups.id, made.reprintId));
        return ready;
      });
      return { ok: true, reprintId: made.reprintId, printReady };
    },
  };
}
