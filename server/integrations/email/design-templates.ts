// The design service's emails (docs/decisions/027-design-service-money-and-dates.md): to the customer when a proof is ready and when their
// approval has sent the design to print, to the desk when a brief, amends or an approval arrive, and the
// payment link of a reprint with new artwork. Every one names the delivery date counted from approval
// (or, before it, the date an approval today would give).
import { headerSafe } from "../../../domain/contact";
import { orderRef } from "../../../domain/order-ref";
import type { ShopDetails } from "../../config";
import { actionLink, escapeHtml, layout, paragraph, textFooter, type EmailContent } from "./layout";

type Job = { orderGroupId: number; productName: string; quantity: number };

const itemWords = (job: Job) => `${job.quantity} × ${job.productName} (order ${job.orderGroupId}, ${orderRef(job.orderGroupId)})`;

/** To the customer: proof version N is ready to check, with what approving it today would mean. */
export function proofReadyEmail(shop: ShopDetails, proof: Job & { firstname: string; version: number; note: string; deliveryIfApprovedToday: string; orderUrl: string }): EmailContent {
  const subject = headerSafe(`Your design proof is ready: version ${proof.version} for order ${proof.orderGroupId}`);
  const note = proof.note ? `From your designer: ${proof.note}\n\n` : "";
  const text =
    `Hello ${headerSafe(proof.firstname)},\n\nProof version ${proof.version} of your design for ${itemWords(proof)} is ready for you to check.\n\n` +
    note +
    `Approve it, or tell us what to change, on your order page:\n${proof.orderUrl}\n\n` +
    `Production starts when you approve: approved today, it is delivered by ${proof.deliveryIfApprovedToday}.\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(proof.firstname)},</p>
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;">Proof version ${proof.version} of your design is ready to check.</p>
<p style="margin:0 0 16px;">${escapeHtml(itemWords(proof))}</p>
${proof.note ? `<div style="margin:0 0 16px;padding:16px;background:#f4f4f5;border-radius:6px;"><strong>From your designer:</strong><br>${paragraph(proof.note)}</div>` : ""}
<p style="margin:0 0 16px;">Production starts when you approve: approved today, it is delivered by <strong>${escapeHtml(proof.deliveryIfApprovedToday)}</strong>.</p>
${actionLink(proof.orderUrl, "Check your proof")}`,
  );
  return { subject, text, html };
}

/** To the customer: their approval sent the design to print, and when it arrives. */
export function designApprovedEmail(shop: ShopDetails, approval: Job & { firstname: string; version: number; deliveryDate: string; orderUrl: string }): EmailContent {
  const subject = headerSafe(`Design approved: order ${approval.orderGroupId} is going to print`);
  const text =
    `Hello ${headerSafe(approval.firstname)},\n\nThank you for approving proof version ${approval.version} for ${itemWords(approval)}. It is now ready to print.\n\n` +
    `Delivery by: ${approval.deliveryDate} (counted from your approval today)\n\nFollow your order: ${approval.orderUrl}\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(approval.firstname)},</p>
<p style="margin:0 0 16px;">Thank you for approving proof version ${approval.version} for ${escapeHtml(itemWords(approval))}. It is now ready to print.</p>
<p style="margin:0 0 16px;"><strong>Delivery by:</strong> ${escapeHtml(approval.deliveryDate)} (counted from your approval today)</p>
${actionLink(approval.orderUrl, "Follow your order")}`,
  );
  return { subject, text, html };
}

export type DeskNews =
  | { kind: "brief"; dueDate: string }
  | { kind: "amends"; version: number; comments: string; dueDate: string; files: number }
  | { kind: "approved"; version: number; deliveryDate: string };

/** To the desk (the designer who took the job, or the shop's inbox): a brief, amends or an approval arrived. */
export function designDeskEmail(shop: ShopDetails, job: Job & { customer: string; jobUrl: string; deliveryIfApproved: string }, news: DeskNews): EmailContent {
  const subject = headerSafe(
    news.kind === "brief"
      ? `New design brief: order ${job.orderGroupId}, first proof due ${news.dueDate}`
      : news.kind === "amends"
        ? `Amends to proof ${news.version}: order ${job.orderGroupId}, due ${news.dueDate}`
        : `Design approved: order ${job.orderGroupId} is Print Ready`,
  );
  const lines =
    news.kind === "brief"
      ? [`${job.customer} has sent the brief for ${itemWords(job)}.`, `First proof due: ${news.dueDate}.`, `Approved the day it is due, it would be delivered by ${job.deliveryIfApproved}.`]
      : news.kind === "amends"
        ? [`${job.customer} asked for amends to proof version ${news.version} of ${itemWords(job)}${news.files > 0 ? `, with ${news.files} ${news.files === 1 ? "file" : "files"}` : ""}:`, news.comments, `Next proof due: ${news.dueDate}.`, `Approved the day it is due, it would be delivered by ${job.deliveryIfApproved}.`]
        : [`${job.customer} approved proof version ${news.version} of ${itemWords(job)}. It is now Print Ready in the production queue.`, `Delivery by: ${news.deliveryDate} (counted from the approval).`];
  const text = `${lines.join("\n\n")}\n\nOpen the job: ${job.jobUrl}\n`;
  const html = layout(shop, subject, `${lines.map((line) => `<p style="margin:0 0 16px;">${paragraph(line)}</p>`).join("\n")}\n${actionLink(job.jobUrl, "Open the job")}`);
  return { subject, text, html };
}

/** To the customer: the reprint with new artwork they asked for after a claim, and the link to pay for it. */
export function redesignPaymentEmail(shop: ShopDetails, request: { firstname: string; orderGroupId: number; productName: string; reason: string; amount: string; payUrl: string; validUntil: string }): EmailContent {
  const subject = headerSafe(`Your reprint with new artwork: ${request.amount} to pay - order ${request.orderGroupId}`);
  const text =
    `Hello ${headerSafe(request.firstname)},\n\nAs agreed, we will reprint ${request.productName} from order ${request.orderGroupId} (${orderRef(request.orderGroupId)}) with new artwork. ` +
    `A like-for-like reprint is free; changing the artwork costs 50% of the item's price: ${request.amount} including VAT.\n\nReason: ${request.reason}\n\n` +
    `Pay by card here (the link works until ${request.validUntil}); after paying you send us the new artwork (or your brief, for a design we make):\n${request.payUrl}\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(request.firstname)},</p>
<p style="margin:0 0 16px;">As agreed, we will reprint <strong>${escapeHtml(request.productName)}</strong> from order ${request.orderGroupId} (${orderRef(request.orderGroupId)}) with new artwork. A like-for-like reprint is free; changing the artwork costs 50% of the item's price: <strong>${escapeHtml(request.amount)}</strong> including VAT.</p>
<p style="margin:0 0 16px;"><strong>Reason:</strong> ${escapeHtml(request.reason)}</p>
<p style="margin:0 0 16px;">The link works until ${escapeHtml(request.validUntil)}. After paying you send us the new artwork (or your brief, for a design we make).</p>
${actionLink(request.payUrl, `Pay ${request.amount}`)}`,
  );
  return { subject, text, html };
}
