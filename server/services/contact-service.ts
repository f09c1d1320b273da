import type { Db } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { isLikelySpam, type ContactForm } from "../../domain/contact";
import type { ShopDetails } from "../config";
import { contactAcknowledgement, contactToShop } from "../integrations/email/templates";
import { enqueueEmail, type EmailSender } from "./email-outbox";

export type ContactResult = { stored: true; id: number } | { stored: false; reason: "honeypot" };

export type ContactService = {
  /** Keeps the message and queues both emails in one transaction; a filled honeypot keeps nothing. */
  submit: (form: ContactForm) => Promise<ContactResult>;
};

export function createContactService(deps: { db: Db; shop: ShopDetails; sender: Pick<EmailSender, "kick"> }): ContactService {
  const { db, shop, sender } = deps;
  const messageIdDomain = shop.email.split("@")[1];
  return {
    async submit(form) {
      if (isLikelySpam(form)) return { stored: false, reason: "honeypot" };
      const subject = form.subject || null;
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ name: form.name, email: form.email, subject, message: form.message })
          .returning({ id: contactMessages.id });
        const contact = { name: form.name, email: form.email, subject: form.subject, message: form.message };
        await enqueueEmail(tx, { to: shop.email, replyTo: form.email, messageIdDomain, ...contactToShop(shop, contact) });
        await enqueueEmail(tx, { to: form.email, messageIdDomain, ...contactAcknowledgement(shop, contact) });
        return row!.id;
      });
      sender.kick();
      return { stored: true, id };
    },
  };
}
