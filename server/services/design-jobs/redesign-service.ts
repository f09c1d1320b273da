// A reprint with new artwork after a damage claim (the terms: "the redesigned item is charged at 50% of
// the item's price"; the like-for-like reprint stays free, server/services/reprint-service.ts). A manager
// raises it from the job sheet; it is a checkout the shop asks the customer to pay (`requested`), paid
// through a link on their order page with the payment provider the shop uses (the test page or Stripe).
// Once paid it becomes an order like any other (the checkout's fulfilment), with its VAT invoice, and its
// item asks for new artwork, or for a new brief when the shop designed the original.
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { checkouts, orderEvents, orderGroups, orders, redesignRequests, users } from "../../../db/schema";
import { paymentLineItems, type CheckoutLine } from "../../../domain/checkout";
import { deliveryDate } from "../../../domain/delivery";
import { provisionalDesignDelivery, REDESIGN_LINK_DAYS, redesignChargePence } from "../../../domain/design-service";
import { formatLongDate, formatPence } from "../../../domain/format";
import { orderTotals } from "../../../domain/totals";
import type { ShopDetails } from "../../config";
import { redesignPaymentEmail } from "../../integrations/email/design-templates";
import type { PaymentProvider } from "../../integrations/payments/payment-provider";
import { newCheckoutId } from "../checkout-service";
import { enqueueEmail, type EmailSender } from "../email-outbox";
import { failure, type Outcome } from "../outcome";
import { reprintedSpec } from "../reprint-service";

export type RedesignView = {
  id: number;
  orderId: number;
  productName: string;
  reason: string;
  amountPence: number;
  createdAt: Date;
  payBy: Date;
  /** The order the payment became, once paid. */
  paidOrderGroupId: number | null;
  status: "awaiting payment" | "paid" | "expired";
};

export type RedesignService = {
  raise(managerUserId: number, orderGroupId: number, input: { orderId: number; reason: string }, now?: Date): Promise<Outcome<{ redesign: RedesignView }>>;
  /** The order's reprints with new artwork, for staff, or for its customer (`ownerId`). */
  list(orderGroupId: number, ownerId?: number, now?: Date): Promise<RedesignView[] | null>;
  /** The payment page for one (a fresh one when the last has expired), for its customer. */
  pay(userId: number, orderGroupId: number, redesignId: number, now?: Date): Promise<Outcome<{ url: string }>>;
};

export const REDESIGN_MESSAGES = {
  notDispatched: "Only a dispatched order can be reprinted with new artwork.",
  ofReprint: "This order is itself a reprint: raise it from the original order.",
  itemNotSent: (name: string) => `${name} was not dispatched, so it cannot be reprinted.`,
  open: (name: string) => `${name} already has a reprint with new artwork waiting for payment.`,
  paid: "This reprint has been paid for already.",
  expired: "This payment link has expired. Please contact us and we will send a new one.",
  couldNotStart: "Could not start payment. Please try again.",
} as const;

const PAYMENT_PAGE_MINUTES = 60;

export type RedesignServiceDeps = { db: Db; provider: PaymentProvider; shop: ShopDetails; publicUrl: string; sender: Pick<EmailSender, "kick"> };

export function createRedesignService(deps: RedesignServiceDeps): RedesignService {
  const { db, provider, shop, sender } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, "");
  const returnBase = provider.kind === "test" ? "" : publicUrl;
  const messageIdDomain = shop.email.split("@")[1];

  function view(row: typeof redesignRequests.$inferSelect, checkout: typeof checkouts.$inferSelect, productName: string, now: Date): RedesignView {
    return {
      id: row.id,
      orderId: row.orderId,
      productName,
      reason: row.reason,
      amountPence: checkout.totalPence,
      createdAt: row.createdAt,
      payBy: checkout.expiresAt,
      paidOrderGroupId: checkout.orderGroupId,
      status: checkout.orderGroupId !== null ? "paid" : checkout.expiresAt.getTime() <= now.getTime() ? "expired" : "awaiting payment",
    };
  }

  return {
    async raise(managerUserId, orderGroupId, input, now = new Date()) {
      const made = await db.transaction(async (t) => {
        // Under the original's lock: two managers raising the same one at once make one.
        const [group] = await t.select().from(orderGroups).where(eq(orderGroups.id, orderGroupId)).for("update");
        if (!group) return failure("not-found", "Not found");
        if (group.reprintOf !== null) return failure("conflict", REDESIGN_MESSAGES.ofReprint);
        if (group.dispatchedAt === null) return failure("conflict", REDESIGN_MESSAGES.notDispatched);
        const [item] = await t.select().from(orders).where(and(eq(orders.id, input.orderId), eq(orders.orderGroupId, orderGroupId)));
        if (!item) return failure("invalid", "That item is not part of this order.");
        if (item.status !== "Dispatched" && item.status !== "Shipped") return failure("conflict", REDESIGN_MESSAGES.itemNotSent(item.productName));
        const waiting = await t
          .select({ expiresAt: checkouts.expiresAt })
          .from(redesignRequests)
          .innerJoin(checkouts, eq(checkouts.id, redesignRequests.checkoutId))
          .where(and(eq(redesignRequests.orderId, item.id), eq(checkouts.status, "requested")));
        if (waiting.some((row) => row.expiresAt.getTime() > now.getTime())) return failure("conflict", REDESIGN_MESSAGES.open(item.productName));

        // 50% of what the item cost, before any promotion and without the design service it may have had;
        // a new design for a designed item is part of that price. Sent at no delivery charge, as reprints are.
        const pricePence = redesignChargePence(item.linePence - item.designFeePence);
        const turnaround = item.turnaroundDays ?? 3;
        const line: CheckoutLine = {
          ...reprintedSpec(item),
          productName: `${item.productName} (reprint with new artwork)`,
          express: item.express,
          unitPence: 0,
          undiscountedLinePence: pricePence,
          tierPercent: 0,
          linePence: pricePence,
          designs: item.designs,
          designFeePence: 0,
          turnaroundDays: turnaround,
          deliveryDate: item.designs > 0 ? provisionalDesignDelivery(now, turnaround) : deliveryDate(now, turnaround),
          reuseArtworkFrom: null,
        };
        const totals = orderTotals([line.linePence], 0, { deliveryPence: 0 });
        const checkoutId = newCheckoutId();
        const payBy = new Date(now.getTime() + REDESIGN_LINK_DAYS * 86_400_000);
        await t.insert(checkouts).values({
          id: checkoutId,
          userId: group.userId,
          email: group.userEmail,
          status: "requested",
          provider: provider.kind,
          lines: [line],
          ...totals,
          billing: group.billing,
          delivery: group.delivery,
          blindShipping: group.blindShipping,
          poNumber: group.poNumber,
          expiresAt: payBy,
        });
        const [request] = await t.insert(redesignRequests).values({ orderGroupId, orderId: item.id, checkoutId, reason: input.reason, requestedBy: managerUserId }).returning();
        await t.insert(orderEvents).values({
          orderGroupId,
          orderId: item.id,
          actor: "staff",
          actorUserId: managerUserId,
          fromStatus: item.status,
          toStatus: item.status,
          note: `Reprint with new artwork asked for: ${formatPence(totals.totalPence)} to pay (${input.reason})`,
        });
        const [person] = await t.select({ firstname: users.firstname }).from(users).where(eq(users.id, group.userId));
        await enqueueEmail(t, {
          to: group.userEmail,
          messageIdDomain,
          ...redesignPaymentEmail(shop, {
            firstname: person?.firstname ?? "",
            orderGroupId,
            productName: item.productName,
            reason: input.reason,
            amount: formatPence(totals.totalPence),
            payUrl: `${publicUrl}/my-account/orders/${orderGroupId}`,
            validUntil: formatLongDate(payBy),
          }),
        });
        const [checkout] = await t.select().from(checkouts).where(eq(checkouts.id, checkoutId));
        return { ok: true as const, redesign: view(request!, checkout!, item.productName, now) };
      });
      if (made.ok) sender.kick();
      return made;
    },

    async list(orderGroupId, ownerId, now = new Date()) {
      const [group] = await db.select({ userId: orderGroups.userId }).from(orderGroups).where(eq(orderGroups.id, orderGroupId));
      if (!group || (ownerId !== undefined && group.userId !== ownerId)) return null;
      const rows = await db
        .select({ request: redesignRequests, checkout: checkouts, productName: orders.productName })
        .from(redesignRequests)
        .innerJoin(checkouts, eq(checkouts.id, redesignRequests.checkoutId))
        .innerJoin(orders, eq(orders.id, redesignRequests.orderId))
        .where(eq(redesignRequests.orderGroupId, orderGroupId))
        .orderBy(asc(redesignRequests.id));
      return rows.map((row) => view(row.request, row.checkout, row.productName, now));
    },

    async pay(userId, orderGroupId, redesignId, now = new Date()) {
      const [row] = await db
        .select({ request: redesignRequests, checkout: checkouts })
        .from(redesignRequests)
        .innerJoin(checkouts, eq(checkouts.id, redesignRequests.checkoutId))
        .where(and(eq(redesignRequests.id, redesignId), eq(redesignRequests.orderGroupId, orderGroupId), eq(checkouts.userId, userId)))
        .orderBy(desc(redesignRequests.id))
        .limit(1);
      if (!row) return failure("not-found", "Not found");
      const { checkout } = row;
      if (checkout.orderGroupId !== null || checkout.status === "paid") return failure("conflict", REDESIGN_MESSAGES.paid);
      if (checkout.expiresAt.getTime() <= now.getTime()) return failure("conflict", REDESIGN_MESSAGES.expired);
      if (checkout.providerSessionId) {
        // The page already made is used while it can still be paid; two clicks never make two payments.
        const existing = await provider.retrieveSession(checkout.providerSessionId).catch(() => null);
        if (existing?.status === "complete") return failure("conflict", REDESIGN_MESSAGES.paid);
        if (existing?.status === "open" && existing.url) return { ok: true, url: existing.url };
      }
      const lineItems = paymentLineItems(checkout.lines, { subTotalPence: checkout.subTotalPence, promoDiscountPence: 0, deliveryPence: checkout.deliveryPence, vatPence: checkout.vatPence, totalPence: checkout.totalPence }, null).filter(
        (item) => item.amountPence > 0,
      );
      let session;
      try {
        session = await provider.createCheckoutSession({
          clientReference: checkout.id,
          customerEmail: checkout.email,
          lineItems,
          totalPence: checkout.totalPence,
          currency: "gbp",
          successUrl: `${returnBase}/checkout/artwork-uploader?session_id={CHECKOUT_SESSION_ID}&kind=redesign`,
          cancelUrl: `${returnBase}/my-account/orders/${orderGroupId}`,
          // The same key while the same page stands: two clicks at once get the one page.
          idempotencyKey: `${checkout.id}:${checkout.providerSessionId ?? "first"}`,
          metadata: { checkout_id: checkout.id, user_id: String(userId), redesign_id: String(redesignId) },
          expiresAt: new Date(Math.min(now.getTime() + PAYMENT_PAGE_MINUTES * 60_000, checkout.expiresAt.getTime())),
        });
      } catch {
        return failure("unavailable", REDESIGN_MESSAGES.couldNotStart);
      }
      await db.update(checkouts).set({ providerSessionId: session.id }).where(eq(checkouts.id, checkout.id));
      return { ok: true, url: session.url };
    },
  };
}
