// An order's emails, built from the stored order: its confirmation, artwork to redo, dispatch with tracking, money given back and a reprint.
import { headerSafe } from "../../../domain/contact";
import { formatUkDate } from "../../../domain/format";
import { orderRef } from "../../../domain/order-ref";
import { trackingUrl } from "../../../domain/production";
import type { ShopDetails } from "../../config";
import { actionLink, escapeHtml, layout, paragraph, textFooter, type EmailContent } from "./layout";

export type ConfirmationOrder = {
  orderGroupId: number;
  createdAt: Date;
  firstname: string;
  items: { productName: string; details: string; quantity: number; linePence: number }[];
  subTotalPence: number;
  promoCode: string | null;
  promoDiscountPence: number;
  deliveryPence: number;
  vatPence: number;
  totalPence: number;
  paymentMethod: string;
  billingLine: string;
  deliveryLine: string;
  deliveryDate: string; // DD-MM-YYYY
  orderUrl: string;
  uploadUrl: string;
  /** Items the shop designs: their next step is a brief, not an upload (all, some or none of the order's). */
  designed?: "all" | "some" | "none";
};

function nextStepWords(designed: ConfirmationOrder["designed"]): string {
  if (designed === "all") return "Next step: send us your brief, logo and wording, so our designer can make your first proof";
  if (designed === "some") return "Next step: send us your brief for the items we design, and upload and approve your artwork for the others";
  return "Next step: upload and approve your artwork for each item, so we can print";
}

/** The order confirmation, built from the stored order (never from what a browser sent). */
export function orderConfirmationEmail(shop: ShopDetails, order: ConfirmationOrder, money: (pence: number) => string): EmailContent {
  const subject = headerSafe(`Order ${order.orderGroupId} confirmed - ${shop.name}`);
  const date = formatUkDate(order.createdAt);
  const totals: [string, string][] = [
    ["Sub Total", money(order.subTotalPence)],
    ...(order.promoDiscountPence > 0 ? ([[`Promo Discount${order.promoCode ? ` (${order.promoCode})` : ""}`, `-${money(order.promoDiscountPence)}`]] as [string, string][]) : []),
    ["Delivery", money(order.deliveryPence)],
    ["VAT", money(order.vatPence)],
    ["Total", money(order.totalPence)],
  ];
  const text =
    `Hello ${headerSafe(order.firstname)},\n\n` +
    `Thank you for your order! Your payment was successful.\n\n` +
    `Order ID: ${order.orderGroupId}\nReference: ${orderRef(order.orderGroupId)}\nOrder date: ${date}\nPayment: ${order.paymentMethod}\nDelivery by: ${order.deliveryDate}\n\n` +
    order.items.map((item) => `${item.quantity} × ${item.productName} (${item.details}): ${money(item.linePence)}`).join("\n") +
    `\n\n` +
    totals.map(([label, value]) => `${label}: ${value}`).join("\n") +
    `\n\nBilling address: ${order.billingLine}\nDelivery address: ${order.deliveryLine}\n\n` +
    `${nextStepWords(order.designed)}:\n${order.uploadUrl}\n\n` +
    `Your order, its progress and the VAT invoice: ${order.orderUrl}\n\n` +
    textFooter(shop);
  const rows = order.items
    .map(
      (item) =>
        `<tr><td style="padding:8px 0;border-bottom:1px solid #e4e4e7;">${item.quantity} × ${escapeHtml(item.productName)}<br><span style="font-size:13px;color:#71717a;">${escapeHtml(item.details)}</span></td><td align="right" style="padding:8px 0;border-bottom:1px solid #e4e4e7;white-space:nowrap;">${escapeHtml(money(item.linePence))}</td></tr>`,
    )
    .join("\n");
  const totalRows = totals
    .map(([label, value], index) => {
      const bold = index === totals.length - 1 ? "font-weight:bold;" : "";
      return `<tr><td style="padding:4px 0;${bold}">${escapeHtml(label)}</td><td align="right" style="padding:4px 0;${bold}">${escapeHtml(value)}</td></tr>`;
    })
    .join("\n");
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(order.firstname)},</p>
<p style="margin:0 0 16px;">Thank you for your order! Your payment was successful.</p>
<p style="margin:0 0 16px;"><strong>Order ID:</strong> ${order.orderGroupId}<br><strong>Reference:</strong> ${orderRef(order.orderGroupId)}<br><strong>Order date:</strong> ${escapeHtml(date)}<br><strong>Payment:</strong> ${escapeHtml(order.paymentMethod)}<br><strong>Delivery by:</strong> ${escapeHtml(order.deliveryDate)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;margin:0 0 12px;">${rows}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;margin:0 0 16px;">${totalRows}</table>
<p style="margin:0 0 8px;"><strong>Billing address:</strong> ${escapeHtml(order.billingLine)}<br><strong>Delivery address:</strong> ${escapeHtml(order.deliveryLine)}</p>
${actionLink(order.uploadUrl, order.designed === "all" ? "Send your design brief" : "Upload your artwork")}
<p style="margin:0;">See your order, its progress and the VAT invoice in <a href="${escapeHtml(order.orderUrl)}">your account</a>.</p>`,
  );
  return { subject, text, html };
}

/** Staff could not use an item's artwork: why, and where to send a new file. */
export function artworkRejectedEmail(
  shop: ShopDetails,
  job: { firstname: string; orderGroupId: number; productName: string; reason: string; uploadUrl: string },
): EmailContent {
  const subject = headerSafe(`New artwork needed for order ${job.orderGroupId} - ${shop.name}`);
  const text =
    `Hello ${headerSafe(job.firstname)},\n\n` +
    `We checked the artwork for ${job.productName} in order ${job.orderGroupId} (${orderRef(job.orderGroupId)}) and cannot print it as it is:\n\n${job.reason}\n\n` +
    `Please upload a new file and approve it here:\n${job.uploadUrl}\n\n` +
    `Your order keeps its place once the new artwork is approved. Questions? Call us on ${shop.phone}.\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(job.firstname)},</p>
<p style="margin:0 0 16px;">We checked the artwork for <strong>${escapeHtml(job.productName)}</strong> in order ${job.orderGroupId} (${orderRef(job.orderGroupId)}) and cannot print it as it is:</p>
<div style="padding:16px;background:#fef2f2;border-radius:6px;">${paragraph(job.reason)}</div>
${actionLink(job.uploadUrl, "Upload new artwork")}
<p style="margin:0;">Your order keeps its place once the new artwork is approved. Questions? Call us on <strong>${escapeHtml(shop.phone)}</strong>.</p>`,
  );
  return { subject, text, html };
}

/** "\nTrack it: <url>" for the text part, or nothing for a carrier with no known page. */
function trackingLine(carrier: string, trackingNumber: string): string {
  const url = trackingUrl(carrier, trackingNumber);
  return url ? `\nTrack it: ${url}` : "";
}

/** The tracking number as a link to the carrier's tracking page; plain text for a carrier with no known page. */
function trackingNumberHtml(carrier: string, trackingNumber: string): string {
  const url = trackingUrl(carrier, trackingNumber);
  return url ? `<a href="${escapeHtml(url)}" style="color:#1d4ed8;">${escapeHtml(trackingNumber)}</a>` : escapeHtml(trackingNumber);
}

/** 'Your order is on its way', with the carrier and tracking number. */
export function dispatchEmail(
  shop: ShopDetails,
  parcel: { firstname: string; orderGroupId: number; carrier: string; trackingNumber: string; deliveryLine: string; deliveryDate: string; orderUrl: string; items: string[] },
): EmailContent {
  const subject = headerSafe(`Your order is on its way - order ${parcel.orderGroupId}`);
  const text =
    `Hello ${headerSafe(parcel.firstname)},\n\nYour order is on its way.\n\n` +
    `Order ID: ${parcel.orderGroupId}\nReference: ${orderRef(parcel.orderGroupId)}\nCarrier: ${parcel.carrier}\nTracking number: ${parcel.trackingNumber}${trackingLine(parcel.carrier, parcel.trackingNumber)}\nDelivery by: ${parcel.deliveryDate}\nTo: ${parcel.deliveryLine}\n\n` +
    parcel.items.join("\n") +
    `\n\nFollow your order: ${parcel.orderUrl}\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(parcel.firstname)},</p>
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;">Your order is on its way.</p>
<p style="margin:0 0 16px;"><strong>Order ID:</strong> ${parcel.orderGroupId}<br><strong>Reference:</strong> ${orderRef(parcel.orderGroupId)}<br><strong>Carrier:</strong> ${escapeHtml(parcel.carrier)}<br><strong>Tracking number:</strong> ${trackingNumberHtml(parcel.carrier, parcel.trackingNumber)}<br><strong>Delivery by:</strong> ${escapeHtml(parcel.deliveryDate)}<br><strong>To:</strong> ${escapeHtml(parcel.deliveryLine)}</p>
<p style="margin:0 0 16px;">${parcel.items.map(escapeHtml).join("<br>")}</p>
${actionLink(parcel.orderUrl, "Follow your order")}`,
  );
  return { subject, text, html };
}

/**
 * Money given back: a cancellation or a refund, with the credit note attached. Says how much, where it
 * goes (the card that paid, or the trade account) and which items.
 */
export function refundEmail(
  shop: ShopDetails,
  refund: { firstname: string; orderGroupId: number; cancelled: boolean; amount: string; creditNote: string; destination: string; reason: string; lines: string[]; orderUrl: string },
): EmailContent {
  const subject = headerSafe(refund.cancelled ? `Order ${refund.orderGroupId}: cancelled and refunded` : `Order ${refund.orderGroupId}: you have been refunded ${refund.amount}`);
  const opening = refund.cancelled ? `We have cancelled what you asked us to and refunded ${refund.amount}.` : `We have refunded ${refund.amount} on your order ${refund.orderGroupId}.`;
  const text =
    `Hello ${headerSafe(refund.firstname)},\n\n${opening}\n\n` +
    `Reference: ${orderRef(refund.orderGroupId)}\nRefunded to: ${refund.destination}\nReason: ${refund.reason}\nCredit note: ${refund.creditNote} (attached)\n\n` +
    refund.lines.join("\n") +
    `\n\nA card refund usually reaches your account in 5 to 10 working days.\n\nYour order: ${refund.orderUrl}\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(refund.firstname)},</p>
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;">${escapeHtml(opening)}</p>
<p style="margin:0 0 16px;"><strong>Reference:</strong> ${orderRef(refund.orderGroupId)}<br><strong>Refunded to:</strong> ${escapeHtml(refund.destination)}<br><strong>Reason:</strong> ${escapeHtml(refund.reason)}<br><strong>Credit note:</strong> ${escapeHtml(refund.creditNote)} (attached)</p>
<p style="margin:0 0 16px;">${refund.lines.map(escapeHtml).join("<br>")}</p>
<p style="margin:0 0 16px;">A card refund usually reaches your account in 5 to 10 working days.</p>
${actionLink(refund.orderUrl, "See your order")}`,
  );
  return { subject, text, html };
}

/** A reprint under the print guarantee: what is reprinted, why, and that it costs nothing. */
export function reprintEmail(shop: ShopDetails, reprint: { firstname: string; originalId: number; reprintId: number; reason: string; items: string[]; orderUrl: string }): EmailContent {
  const subject = headerSafe(`We are reprinting your order ${reprint.originalId} at no charge`);
  const text =
    `Hello ${headerSafe(reprint.firstname)},\n\nWe are sorry your print was not right. We are reprinting it at no charge, from the artwork you approved, as order ${reprint.reprintId}.\n\n` +
    `Reference: ${orderRef(reprint.reprintId)} (reprint of ${orderRef(reprint.originalId)})\nReason: ${reprint.reason}\n\n${reprint.items.join("\n")}\n\nWe will email you again when it is on its way.\n\nFollow the reprint: ${reprint.orderUrl}\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(reprint.firstname)},</p>
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;">We are reprinting your order ${reprint.originalId} at no charge.</p>
<p style="margin:0 0 16px;">We are sorry your print was not right. The reprint is order ${reprint.reprintId}, made from the artwork you approved.</p>
<p style="margin:0 0 16px;"><strong>Reference:</strong> ${orderRef(reprint.reprintId)} (reprint of ${orderRef(reprint.originalId)})<br><strong>Reason:</strong> ${escapeHtml(reprint.reason)}</p>
<p style="margin:0 0 16px;">${reprint.items.map(escapeHtml).join("<br>")}</p>
<p style="margin:0 0 16px;">We will email you again when it is on its way.</p>
${actionLink(reprint.orderUrl, "Follow the reprint")}`,
  );
  return { subject, text, html };
}
