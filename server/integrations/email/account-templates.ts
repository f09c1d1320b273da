// Account emails: the single-use link to set or choose a password (staff, forgotten password, one-time sign-in).
import { headerSafe } from "../../../domain/contact";
import type { ShopDetails } from "../../config";
import { actionLink, escapeHtml, layout, textFooter, type EmailContent } from "./layout";

/**
 * The single-use link to choose a new password. The token travels in the URL fragment, which browsers
 * never send to a server, so it cannot end up in an access log or a Referer header.
 */
export function passwordResetEmail(shop: ShopDetails, person: { firstname: string; link: string; forStaff?: boolean; signInLink?: boolean }): EmailContent {
  const name = headerSafe(person.firstname);
  const subject = headerSafe(
    person.forStaff ? `Set your ${shop.name} staff password` : person.signInLink ? `Your one-time sign-in link - ${shop.name}` : `Choose a new password - ${shop.name}`,
  );
  const intro = person.forStaff
    ? `You have been added as a member of staff at ${shop.name}. Use this link to set your password:`
    : person.signInLink
      ? `Someone has been trying many wrong passwords on your ${shop.name} account, so for now signing in takes a one-time link. Use this link to choose a new password and sign in:`
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
