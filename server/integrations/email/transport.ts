import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { headerSafe } from "../../../domain/contact";
import type { Config } from "../../config";

export type MailAddress = { name?: string; address: string };

/** One message as the outbox hands it to a transport. Addresses are bare; only `from` has a name. */
export type OutgoingMail = {
  from: MailAddress;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** `<unique@domain>`, fixed when the message was queued. */
  messageId: string;
  /** When the message was queued (the outbox row's creation): the file transport names its file by it. */
  queuedAt: Date;
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
};

/** Delivers one message or throws; the outbox decides about retries. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/** The nodemailer form of a message. Header values are cleaned here as well as in the templates. */
function toNodemailer(mail: OutgoingMail): SendMailOptions {
  return {
    from: { name: headerSafe(mail.from.name ?? ""), address: bareAddress(mail.from.address) },
    to: bareAddress(mail.to),
    replyTo: mail.replyTo ? bareAddress(mail.replyTo) : undefined,
    subject: headerSafe(mail.subject),
    text: mail.text,
    html: mail.html,
    messageId: headerSafe(mail.messageId),
    attachments: (mail.attachments ?? []).map((file) => ({ filename: headerSafe(file.fileName), contentType: file.contentType, content: file.content })),
    date: new Date(),
    xMailer: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** One plain address; anything that could smuggle in a second recipient or a header is refused. */
function bareAddress(value: string): string {
  if (!/^[^\s<>()[\]\\,;:"@]+@[^\s<>()[\]\\,;:"@]+$/.test(value)) throw new Error(`Not a single email address: ${JSON.stringify(value)}`);
  return value;
}

/**
 * The default transport: every message becomes an RFC 5322 `.eml` file (text and HTML parts) in
 * `dir`, named `<queued at>-<id>.eml`, so a name sort is the order the messages were queued in. The dev mail
 * viewer lists them. A message has one name whatever the attempt, so a resend after a crash (the outbox is
 * at-least-once) finds its file with one look and writes nothing, however many messages the folder holds
 * (this used to read the whole folder for every message). Each attempt writes aside under a name of its own
 * and renames into place: the viewer never lists half a message, and two processes sending one message at
 * once leave one whole file.
 */
export function createFileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(mail) {
      const id = mail.messageId.replace(/^<|@.*$|>$/g, "").replace(/[^\w-]/g, "") || "message";
      const stamp = mail.queuedAt.toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${id}.eml`);
      if (await exists(file)) return;
      await fs.mkdir(dir, { recursive: true });
      const info = await composer.sendMail(toNodemailer(mail));
      const partial = path.join(dir, `${stamp}-${randomBytes(6).toString("hex")}-${id}.eml.partial`);
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** SMTP through nodemailer, e.g. `smtp://user:pass@smtp.example.com:587` or `smtps://...:465`. */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Short timeouts: a hung server should fail this attempt (and be retried) well within the outbox lease.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail(toNodemailer(mail));
    },
  };
}

/** SMTP when `SMTP_URL` is set, otherwise `.eml` files under `DATA_DIR/mail` (docs/decisions/011-email-delivery.md). */
export function createTransport(config: Pick<Config, "smtpUrl" | "dataDir">): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createFileTransport(mailDir(config));
}

export function mailDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "mail");
}
