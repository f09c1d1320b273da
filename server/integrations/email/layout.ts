// What every email shares: its content's shape, escaping, the branded HTML layout and footer, and the button link.
import type { ShopDetails } from "../../config";

export type EmailContent = { subject: string; text: string; html: string };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Customer text in HTML: escaped, line breaks kept. */
export function paragraph(value: string): string {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, "<br>\n");
}

export function layout(shop: ShopDetails, title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
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

export function textFooter(shop: ShopDetails): string {
  return `--\n${shop.name}\n${shop.address}\n${shop.phone} · ${shop.email}\n${shop.hours}\n`;
}

/** A button-like link that also reads well in plain-text clients. */
export function actionLink(href: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;">${escapeHtml(label)}</a></p>`;
}
