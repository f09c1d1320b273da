import { and, count, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { isLikelySpam, type ContactForm } from "../../domain/contact";
import type { ShopDetails } from "../config";
import { contactAcknowledgement, contactToShop } from "../integrations/email/templates";
import { enqueueEmail, type EmailSender } from "./email-outbox";
import type { Outcome } from "./outcome";

/**
 * Acknowledgements any one address receives in 24 hours. Anyone can type any address into the form; past
 * this the shop still gets every message, but the address hears nothing more from us today.
 */
export const ACKNOWLEDGEMENTS_PER_DAY = 3;

/** Never a failure: a filled honeypot is answered as a success too (`stored: false`), so bots learn nothing. */
export type ContactResult = Outcome<{ stored: true; id: number } | { stored: false; honeypot: true }>;

export type ContactService = {
  /** Keeps the message and queues both emails in one transaction; a filled honeypot keeps nothing. */
  submit: (form: ContactForm) => Promise<ContactResult>;
};

export function createContactService(deps: { db: Db; shop: ShopDetails; sender: Pick<EmailSender, "kick"> }): ContactService {
  const { db, shop, sender } = deps;
  const messageIdDomain = shop.email.split("@")[1];
  return {
    async submit(form) {
      if (isLikelySpam(form)) return { ok: true, stored: false, honeypot: true };
      const subject = form.subject || null;
      const address = form.email.trim().toLowerCase();
      const id = await db.transaction(async (tx) => {
        // Submissions for one address take turns here, so the daily count is decided once per message.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${address}`}))`);
        const [earlier] = await tx
          .select({ n: count() })
          .from(contactMessages)
          .where(and(sql`lower(${contactMessages.email}) = ${address}`, gt(contactMessages.createdAt, sql`now() - interval '1 day'`)));
        const [row] = await tx
          .insert(contactMessages)
          .values({ name: form.name, email: form.email, subject, message: form.message })
          .returning({ id: contactMessages.id });
        const contact = { name: form.name, email: form.email, subject: form.subject, message: form.message };
        await enqueueEmail(tx, { to: shop.email, replyTo: form.email, messageIdDomain, ...contactToShop(shop, contact) });
        if ((earlier?.n ?? 0) < ACKNOWLEDGEMENTS_PER_DAY) await enqueueEmail(tx, { to: form.email, messageIdDomain, ...contactAcknowledgement(shop) });
        return row!.id;
      });
      sender.kick();
      return { ok: true, stored: true, id };
    },
  };
}
