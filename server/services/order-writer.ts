// One stored checkout becomes one order group, inside the caller's transaction: the items, their first
// events, the promo's use, the gap-free invoice number, the quote marked ordered, and the confirmation
// email queued. A card order is written when the payment is confirmed; an on-account order in the same
// transaction that checked its credit.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { checkouts, designJobs, orderEvents, orderGroups, orders, promoCodes, quotes, users } from "../../db/schema";
import { addressLine } from "../../domain/address";
import { cardSummary } from "../../domain/card";
import { designFeeDetail, DESIGN_SERVICE_NAME } from "../../domain/design-service";
import { lineSizeLabel, orderDeliveryDate, orderProductIds } from "../../domain/checkout";
import { formatDeliveryDate, formatLongDate, formatPence } from "../../domain/format";
import type { ShopDetails } from "../config";
import { orderConfirmationEmail } from "../integrations/email/templates";
import type { ProviderSession } from "../integrations/payments/payment-provider";
import { enqueueEmail } from "./email-outbox";
import { nextNumber } from "./numbering";

export type OrderPayment = { method: "card"; card: ProviderSession["card"] } | { method: "account"; dueDate: string };

export type OrderWriterContext = { shop: ShopDetails; publicUrl: string };

/** How the order was paid, in the customer's words: "Visa ending 4242", "On account, due 25 December 2026". */
export function paymentWords(payment: OrderPayment): string {
  return payment.method === "card" ? cardSummary(payment.card?.brand, payment.card?.last4) : `On account, due ${formatLongDate(payment.dueDate)}`;
}

export async function writeOrder(t: Tx, context: OrderWriterContext, checkout: typeof checkouts.$inferSelect, payment: OrderPayment): Promise<{ orderGroupId: number; created: boolean }> {
  const { shop, publicUrl } = context;
  const card = payment.method === "card" ? payment.card : null;
  const [group] = await t
    .insert(orderGroups)
    .values({
      checkoutId: checkout.id,
      userId: checkout.userId,
      userEmail: checkout.email,
      status: "Awaiting Artwork",
      paymentStatus: payment.method === "card" ? "paid" : "unpaid",
      paymentMethod: payment.method,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      provider: checkout.provider,
      providerSessionId: checkout.providerSessionId!,
      subTotalPence: checkout.subTotalPence,
      promoCode: checkout.promoCode,
      promoBasisPoints: checkout.promoBasisPoints,
      promoDiscountPence: checkout.promoDiscountPence,
      deliveryPence: checkout.deliveryPence,
      vatPence: checkout.vatPence,
      totalPence: checkout.totalPence,
      billing: checkout.billing,
      delivery: checkout.delivery,
      blindShipping: checkout.blindShipping,
      poNumber: checkout.poNumber,
      hasExpress: checkout.lines.some((line) => line.express),
      productIds: orderProductIds(checkout.lines),
      deliveryDate: orderDeliveryDate(checkout.lines),
      dueDate: payment.method === "account" ? payment.dueDate : null,
      quoteId: checkout.quoteId,
    })
    .onConflictDoNothing({ target: orderGroups.checkoutId })
    .returning({ id: orderGroups.id, createdAt: orderGroups.createdAt });
  if (!group) {
    // Another call made it first (it committed while we waited on the unique key).
    const [existing] = await t.select({ id: orderGroups.id }).from(orderGroups).where(eq(orderGroups.checkoutId, checkout.id));
    return { orderGroupId: existing!.id, created: false };
  }

  const items = await t
    .insert(orders)
    .values(
      checkout.lines.map((line, index) => ({
        orderGroupId: group.id,
        userId: checkout.userId,
        lineNumber: index + 1,
        productId: line.productId,
        productName: line.productName,
        productSlug: line.productSlug,
        image: line.image,
        quantity: line.quantity,
        versions: line.versions,
        widthMm: line.widthMm,
        heightMm: line.heightMm,
        orientation: line.orientation,
        fixedSize: line.fixedSize,
        attributes: line.attributes,
        express: line.express,
        unitPence: line.unitPence,
        undiscountedLinePence: line.undiscountedLinePence,
        tierPercent: line.tierPercent,
        linePence: line.linePence,
        designs: line.designs ?? 0,
        designFeePence: line.designFeePence ?? 0,
        turnaroundDays: line.turnaroundDays ?? null,
        deliveryDate: line.deliveryDate,
        status: "Awaiting Artwork" as const,
        reuseArtworkFrom: line.reuseArtworkFrom ?? null,
      })),
    )
    .returning({ id: orders.id, lineNumber: orders.lineNumber, designs: orders.designs });

  // A designed item waits for its brief (docs/decisions/027-design-service-money-and-dates.md): its job exists from the moment it is paid for.
  const designed = items.filter((item) => item.designs > 0);
  if (designed.length > 0) {
    await t.insert(designJobs).values(designed.map((item) => ({ orderId: item.id, orderGroupId: group.id, userId: checkout.userId, designs: item.designs })));
  }

  const paidNote = payment.method === "card" ? `Paid ${formatPence(checkout.totalPence)} by card` : `${formatPence(checkout.totalPence)} on account, due ${formatLongDate(payment.dueDate)}`;
  await t.insert(orderEvents).values([
    { orderGroupId: group.id, actor: "payment" as const, fromStatus: null, toStatus: "Awaiting Artwork", note: paidNote },
    ...items.map((item) => ({ orderGroupId: group.id, orderId: item.id, actor: "payment" as const, fromStatus: null, toStatus: "Awaiting Artwork" })),
  ]);
  if (checkout.promoCode && checkout.promoDiscountPence > 0) {
    await t.update(promoCodes).set({ uses: sql`${promoCodes.uses} + 1` }).where(sql`lower(${promoCodes.code}) = ${checkout.promoCode.toLowerCase()}`);
  }
  if (checkout.quoteId !== null) {
    // The first order made from a quote closes it; a second payment of the same quote still becomes an order.
    await t.update(quotes).set({ status: "ordered", orderGroupId: group.id }).where(and(eq(quotes.id, checkout.quoteId), eq(quotes.status, "open")));
  }
  const invoiceNumber = await nextNumber(t, "invoice");
  await t.update(orderGroups).set({ invoiceNumber }).where(eq(orderGroups.id, group.id));
  await t.update(checkouts).set({ status: "paid", orderGroupId: group.id }).where(eq(checkouts.id, checkout.id));

  const [person] = await t.select({ firstname: users.firstname }).from(users).where(eq(users.id, checkout.userId));
  const content = orderConfirmationEmail(
    shop,
    {
      orderGroupId: group.id,
      createdAt: group.createdAt,
      firstname: person?.firstname ?? "",
      items: checkout.lines.map((line) => ({
        productName: line.productName,
        quantity: line.quantity,
        linePence: line.linePence,
        details: [
          lineSizeLabel(line),
          ...line.attributes.map((a) => a.subattribute_name),
          ...((line.designs ?? 0) > 0 ? [`${DESIGN_SERVICE_NAME}: ${designFeeDetail(line.designs ?? 0)}, delivery ${line.turnaroundDays ?? 3} working days after you approve the design`] : []),
        ]
          .filter(Boolean)
          .join(", "),
      })),
      subTotalPence: checkout.subTotalPence,
      promoCode: checkout.promoCode,
      promoDiscountPence: checkout.promoDiscountPence,
      deliveryPence: checkout.deliveryPence,
      vatPence: checkout.vatPence,
      totalPence: checkout.totalPence,
      paymentMethod: paymentWords(payment),
      billingLine: addressLine(checkout.billing),
      deliveryLine: addressLine(checkout.delivery),
      deliveryDate: formatDeliveryDate(orderDeliveryDate(checkout.lines)),
      orderUrl: `${publicUrl}/my-account/orders/${group.id}`,
      uploadUrl: `${publicUrl}/checkout/artwork-uploader?order_group_id=${group.id}`,
      designed: designed.length === 0 ? "none" : designed.length === items.length ? "all" : "some",
    },
    formatPence,
  );
  await enqueueEmail(t, { to: checkout.email, messageIdDomain: shop.email.split("@")[1], ...content });
  return { orderGroupId: group.id, created: true };
}
