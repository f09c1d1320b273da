import { headerSafe } from "../../../domain/contact";
import type { ShopDetails } from "../../config";

export type EmailContent = { subject: string; text: string; html: string };

export type ContactDetails = { name: string; email: string; subject?: string | undefined; message: string };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Customer text in HTML: escaped, line breaks kept. */
function paragraph(value: string): string {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, "<br>\n");
}

function layout(shop: ShopDetails, title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e4e4e7;font-size:18px;font-weight:bold;">${escapeHtml(shop.name)}</td></tr>
<tr><td style="padding:24px 28px;font-size:15px;line-height:1.5;">
${body}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e4e4e7;font-size:12px;line-height:1.5;color:#71717a;">
${escapeHtml(shop.name)} · ${escapeHtml(shop.address)}<br>
${escapeHtml(shop.phone)} · ${escapeHtml(shop.email)} · ${escapeHtml(shop.hours)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function textFooter(shop: ShopDetails): string {
  return `--\n${shop.name}\n${shop.address}\n${shop.phone} · ${shop.email}\n${shop.hours}\n`;
}

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
 * The short note to the customer. It does not repeat their message or subject: anyone can type any
 * address into the form, and an echo would let the form send strangers arbitrary text in our name.
 */
export function contactAcknowledgement(shop: ShopDetails, contact: Pick<ContactDetails, "name">): EmailContent {
  const name = headerSafe(contact.name);
  const subject = headerSafe(`We have received your message - ${shop.name}`);
  const text =
    `Hello ${name},\n\n` +
    `Thank you for contacting ${shop.name}. We have received your message and will get back to you as soon as we can.\n\n` +
    `If it is urgent, call us on ${shop.phone} (${shop.hours}).\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(name)},</p>
<p style="margin:0 0 16px;">Thank you for contacting ${escapeHtml(shop.name)}. We have received your message and will get back to you as soon as we can.</p>
<p style="margin:0;">If it is urgent, call us on <strong>${escapeHtml(shop.phone)}</strong> (${escapeHtml(shop.hours)}).</p>`,
  );
  return { subject, text, html };
}

/** A button-like link that also reads well in plain-text clients. */
function actionLink(href: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;">${escapeHtml(label)}</a></p>`;
}

/**
 * The single-use link to choose a new password. The token travels in the URL fragment, which browsers
 * never send to a server, so it cannot end up in an access log or a Referer header.
 */
export function passwordResetEmail(shop: ShopDetails, person: { firstname: string; link: string; forStaff?: boolean }): EmailContent {
  const name = headerSafe(person.firstname);
  const subject = headerSafe(person.forStaff ? `Set your ${shop.name} staff password` : `Choose a new password - ${shop.name}`);
  const intro = person.forStaff
    ? `You have been added as a member of staff at ${shop.name}. Use this link to set your password:`
    : `Somebody (we hope you) asked to choose a new password for your ${shop.name} account. Use this link to choose one:`;
  const text =
    `Hello ${name},\n\n${intro}\n\n${person.link}\n\n` +
    `The link works once and expires in one hour. If you did not ask for this, ignore this email: your password stays as it is.\n\n` +
    textFooter(shop);
  const html = layout(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(name)},</p>
<p style="margin:0;">${escapeHtml(intro)}</p>
${actionLink(person.link, person.forStaff ? "Set my password" : "Choose a new password")}
<p style="margin:0 0 8px;font-size:13px;color:#71717a;">Or paste this address into your browser: ${escapeHtml(person.link)}</p>
<p style="margin:0;font-size:13px;color:#71717a;">The link works once and expires in one hour. If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  );
  return { subject, text, html };
}
