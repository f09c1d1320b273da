import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** A file sent with a message (a quote or statement PDF), small enough to keep in the row. */
export type OutboxAttachment = { fileName: string; contentType: string; contentBase64: string };

/** Every contact-form message as the customer sent it (the emails about it sit in the outbox). */
export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject"),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * Transactional outbox (docs/decisions/011-email-delivery.md): a row is written in the same transaction as the business
 * change, and the sender delivers it later with retries, so a mail-server outage loses nothing.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    status: text("status").$type<EmailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: the claim's lease; a row whose lease ran out (crashed sender) is claimed again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** While `sending`: the claiming process (`host:pid:start-id`), so a restarted one knows a dead process's claims. */
    claimedBy: text("claimed_by"),
    lastError: text("last_error"),
    /** The Message-ID header, fixed when queued, so a resend after a crash is recognisably the same message. */
    messageId: text("message_id").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);
