// Quote emails: a priced quote to the customer, and a Quick Quote request to the shop and its acknowledgement.
import { headerSafe } from "../../../domain/contact";
import type { ShopDetails } from "../../config";
import { actionLink, escapeHtml, layout, paragraph, textFooter, type EmailContent } from "./layout";

/** A priced quote, its PDF attached: the total, how long it holds, and the link that orders it. */
export function quoteEmail(
  shop: ShopDetails,
  quote: { firstname: string; label: string; total: string; validUntil: string; quoteUrl: string; note: string },
): EmailContent {
  const subject = headerSafe(`Your quote ${quote.label} - ${shop.name}`);
  const note = quote.note ? `${quote.note}\n\n` : "";
  const text =
    `Hello ${headerSafe(quote.firstname)},\n\n` +
    `Thank you for asking. Your quote ${quote.label} comes to ${quote.total} including delivery and VAT; the PDF is attached.\n\n` +
    note +
    `These prices hold until ${quote.validUntil}. To order at them, open the quote and choose 'Order this quote':\n${quote.quoteUrl}\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(quote.firstname)},</p>
<p style="margin:0 0 16px;">Thank you for asking. Your quote <strong>${escapeHtml(quote.label)}</strong> comes to <strong>${escapeHtml(quote.total)}</strong> including delivery and VAT; the PDF is attached.</p>
${quote.note ? `<div style="margin:0 0 16px;padding:16px;background:#f4f4f5;border-radius:6px;">${paragraph(quote.note)}</div>` : ""}
<p style="margin:0 0 16px;">These prices hold until <strong>${escapeHtml(quote.validUntil)}</strong>.</p>
${actionLink(quote.quoteUrl, "Open the quote")}`,
  );
  return { subject, text, html };
}

/** To the shop: a Quick Quote request waiting for a manager's price. */
export function quoteRequestToShop(shop: ShopDetails, request: { label: string; customer: string; email: string; summary: string; manageUrl: string }): EmailContent {
  const subject = headerSafe(`Quick Quote request ${request.label} from ${request.customer}`);
  const text = `${request.customer} <${request.email}> asked for a quote:\n\n${request.summary}\n\nPrice it here:\n${request.manageUrl}\n`;
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(request.customer)} (${escapeHtml(request.email)}) asked for a quote:</p>
<div style="padding:16px;background:#f4f4f5;border-radius:6px;">${paragraph(request.summary)}</div>
${actionLink(request.manageUrl, "Price this request")}`,
  );
  return { subject, text, html };
}

/** To the customer: their Quick Quote request arrived and when to expect the price. */
export function quoteRequestAcknowledgement(shop: ShopDetails, request: { firstname: string; label: string; quoteUrl: string }): EmailContent {
  const subject = headerSafe(`We have your quote request ${request.label} - ${shop.name}`);
  const text =
    `Hello ${headerSafe(request.firstname)},\n\nThank you: we have your Quick Quote request ${request.label}. We price requests within one working day and will email the quote to you.\n\n` +
    `You can see it in your account:\n${request.quoteUrl}\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(request.firstname)},</p>
<p style="margin:0 0 16px;">Thank you: we have your Quick Quote request <strong>${escapeHtml(request.label)}</strong>. We price requests within one working day and will email the quote to you.</p>
${actionLink(request.quoteUrl, "See it in your account")}`,
  );
  return { subject, text, html };
}
