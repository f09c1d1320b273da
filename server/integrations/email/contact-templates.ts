// The contact form's emails: the message to the shop's inbox and the acknowledgement to whoever the form names.
import { headerSafe } from "../../../domain/contact";
import type { ShopDetails } from "../../config";
import { escapeHtml, layout, paragraph, textFooter, type EmailContent } from "./layout";

export type ContactDetails = { name: string; email: string; subject?: string | undefined; message: string };

/** The message for the shop's inbox; the shop replies straight to the customer (Reply-To). */
export function contactToShop(shop: ShopDetails, contact: ContactDetails): EmailContent {
  const name = headerSafe(contact.name);
  const topic = headerSafe(contact.subject ?? "");
  const subject = topic ? `Contact form: ${topic} (from ${name})` : `Contact form message from ${name}`;
  const text =
    `New message from the contact form.\n\n` +
    `Name: ${name}\nEmail: ${contact.email}\nSubject: ${topic || "(none)"}\n\n` +
    `${contact.message}\n\n` +
    `Reply to this email to answer ${name}.\n`;
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 12px 4px 0;color:#71717a;vertical-align:top;">${label}</td><td style="padding:4px 0;">${value}</td></tr>`;
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">New message from the contact form.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;">
${row("Name", escapeHtml(name))}
${row("Email", escapeHtml(contact.email))}
${row("Subject", topic ? escapeHtml(topic) : "(none)")}
</table>
<div style="padding:16px;background:#f4f4f5;border-radius:6px;">${paragraph(contact.message)}</div>
<p style="margin:16px 0 0;color:#71717a;">Reply to this email to answer ${escapeHtml(name)}.</p>`,
  );
  return { subject, text, html };
}

/**
 * The short note to whoever the form names. It quotes nothing the sender typed, not even a name:
 * anyone can type any address into the form, and an echo would let the form send strangers arbitrary
 * text in our name.
 */
export function contactAcknowledgement(shop: ShopDetails): EmailContent {
  const subject = headerSafe(`We have received your message - ${shop.name}`);
  const text =
    `Hello,\n\n` +
    `Thank you for contacting ${shop.name}. We have received your message and will get back to you as soon as we can.\n\n` +
    `If it is urgent, call us on ${shop.phone} (${shop.hours}).\n\n` +
    `If you did not write to us, someone else typed your address into our contact form: there is nothing you need to do.\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello,</p>
<p style="margin:0 0 16px;">Thank you for contacting ${escapeHtml(shop.name)}. We have received your message and will get back to you as soon as we can.</p>
<p style="margin:0 0 16px;">If it is urgent, call us on <strong>${escapeHtml(shop.phone)}</strong> (${escapeHtml(shop.hours)}).</p>
<p style="margin:0;font-size:13px;color:#71717a;">If you did not write to us, someone else typed your address into our contact form: there is nothing you need to do.</p>`,
  );
  return { subject, text, html };
}
