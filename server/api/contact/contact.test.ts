import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, sql } from "drizzle-orm";
import { contactMessages, emailOutbox } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { parseHeaders } from "../../dev/mail-viewer";
import { createFileTransport, type MailTransport, type OutgoingMail } from "../../integrations/email/transport";
import { createEmailSender } from "../../services/email-outbox";

const delivered: OutgoingMail[] = [];
const fakeTransport: MailTransport = {
  async send(mail) {
    delivered.push(mail);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { mailTransport: fakeTransport });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  delivered.length = 0;
  await t.db.db.delete(emailOutbox);
  await t.db.db.delete(contactMessages);
});

// The route allows 5 messages per 10 minutes per address: each test posts from its own address.
let nextClient = 1;
function client() {
  const ip = `10.1.0.${nextClient++}`;
  return (payload: unknown) => t.app.inject({ method: "POST", url: "/api/email/contact", payload: payload as object, remoteAddress: ip });
}

const valid = {
  name: "Jane Smith",
  email: "jane.smith@example.com",
  subject: "Banner quote",
  message: "Could you quote for 3 PVC banners, 2m x 1m?\nThanks, Jane",
};

const SUCCESS = { success: true, message: "Message sent!" };
const SHOP_EMAIL = "hello@printwise.example.com";

async function outbox() {
  return t.db.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
}

describe("POST /api/email/contact", () => {
  it("keeps the message, queues the shop's copy and the acknowledgement, and sends both", async () => {
    const res = await client()(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SUCCESS);

    const messages = await t.db.db.select().from(contactMessages);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ name: "Jane Smith", email: "jane.smith@example.com", subject: "Banner quote", message: valid.message });

    const queued = await outbox();
    expect(queued.map((r) => [r.toAddress, r.replyTo, r.subject, r.status, r.attempts])).toEqual([
      [SHOP_EMAIL, "jane.smith@example.com", "Contact form: Banner quote (from Jane Smith)", "pending", 0],
      ["jane.smith@example.com", null, "We have received your message - Printwise Trade Print", "pending", 0],
    ]);
    for (const r of queued) expect(r.messageId).toMatch(/^<[0-9a-f-]{36}@printwise\.example\.com>$/);

    expect(await t.app.services.emailSender.deliverDue()).toEqual({ sent: 2, failed: 0, retried: 0 });
    expect(delivered.map((m) => [m.from.address, m.to, m.replyTo, m.messageId])).toEqual([
      [SHOP_EMAIL, SHOP_EMAIL, "jane.smith@example.com", queued[0]!.messageId],
      [SHOP_EMAIL, "jane.smith@example.com", null, queued[1]!.messageId],
    ]);
    const [toShop, ack] = delivered;
    expect(toShop!.text).toBe(
      "New message from the contact form.\n\n" +
        "Name: Jane Smith\nEmail: jane.smith@example.com\nSubject: Banner quote\n\n" +
        "Could you quote for 3 PVC banners, 2m x 1m?\nThanks, Jane\n\n" +
        "Reply to this email to answer Jane Smith.\n",
    );
    expect(toShop!.html).toContain("Could you quote for 3 PVC banners, 2m x 1m?<br>\nThanks, Jane");
    expect(ack!.text.split("\n").slice(0, 5)).toEqual([
      "Hello,",
      "",
      "Thank you for contacting Printwise Trade Print. We have received your message and will get back to you as soon as we can.",
      "",
      "If it is urgent, call us on 020 7946 0321 (Mon-Fri 9:00-5:00, weekends closed).",
    ]);
    // Nothing the sender typed comes back: not the message, not the subject, not the name.
    for (const typed of ["PVC banners", "Banner quote", "Jane"]) {
      expect(ack!.text).not.toContain(typed);
      expect(ack!.html).not.toContain(typed);
      expect(ack!.subject).not.toContain(typed);
    }
    expect((await outbox()).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("is not a mail relay: one address gets at most 3 acknowledgements a day, while the shop gets every message", async () => {
    const target = { ...valid, email: "someone.else@example.com", name: "Visit http://spam.example now", message: "Buy things at http://spam.example" };
    const sends = await Promise.all([0, 1, 2, 3, 4].map((i) => client()({ ...target, email: i % 2 === 0 ? "Someone.Else@example.com" : target.email })));
    for (const res of sends) expect(res.statusCode).toBe(200);
    const queued = await outbox();
    expect(queued.filter((r) => r.toAddress.toLowerCase() === "someone.else@example.com")).toHaveLength(3);
    expect(queued.filter((r) => r.toAddress === SHOP_EMAIL)).toHaveLength(5);
    for (const ack of queued.filter((r) => r.toAddress !== SHOP_EMAIL)) {
      expect(ack.textBody).not.toContain("spam.example");
      expect(ack.htmlBody).not.toContain("spam.example");
    }
  });

  it("accepts a message without a subject", async () => {
    const { subject: _subject, ...withoutSubject } = valid;
    const res = await client()(withoutSubject);
    expect([res.statusCode, res.json()]).toEqual([200, SUCCESS]);
    const [message] = await t.db.db.select().from(contactMessages);
    expect(message!.subject).toBeNull();
    expect((await outbox())[0]!.subject).toBe("Contact form message from Jane Smith");
  });

  it("escapes the customer's text in the HTML part", async () => {
    await client()({ ...valid, name: "Jane <b>Bold</b>", message: "<script>alert(1)</script>\n& more" });
    const [toShop, ack] = await outbox();
    expect(toShop!.htmlBody).toContain("&lt;script&gt;alert(1)&lt;/script&gt;<br>\n&amp; more");
    expect(toShop!.htmlBody).toContain("Jane &lt;b&gt;Bold&lt;/b&gt;");
    expect(toShop!.htmlBody).not.toContain("<script>");
    expect(ack!.htmlBody).not.toContain("Bold");
    expect(ack!.htmlBody).not.toContain("<b>Bold</b>");
  });

  it.each([
    ["no name", { ...valid, name: undefined }, "name: Name is required"],
    ["a blank name", { ...valid, name: "   " }, "name: Name is required"],
    ["a long name", { ...valid, name: "x".repeat(201) }, "name: Name must be 200 characters or fewer"],
    ["no email", { ...valid, email: undefined }, "email: Email is required"],
    ["an empty email", { ...valid, email: "" }, "email: Email is required"],
    ["an invalid email", { ...valid, email: "jane.example.com" }, "email: Please enter a valid email address"],
    ["two addresses", { ...valid, email: "jane@example.com, eve@example.com" }, "email: Please enter a valid email address"],
    ["a long subject", { ...valid, subject: "x".repeat(201) }, "subject: Subject must be 200 characters or fewer"],
    ["no message", { ...valid, message: undefined }, "message: Message is required"],
    ["a blank message", { ...valid, message: " \n " }, "message: Message is required"],
    ["a long message", { ...valid, message: "x".repeat(5001) }, "message: Message must be 5000 characters or fewer"],
  ])("answers 400 naming the field for %s, and keeps nothing", async (_case, payload, message) => {
    const res = await client()(payload);
    expect(res.statusCode).toBe(400);
    const [field, detail] = message.split(": ") as [string, string];
    expect(res.json()).toEqual({ error: message, message, statusCode: 400, errors: { [field]: detail } });
    expect(await t.db.db.select().from(contactMessages)).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("answers success to a filled honeypot but keeps and sends nothing", async () => {
    const res = await client()({ ...valid, website: "http://cheap-pills.example" });
    expect([res.statusCode, res.json()]).toEqual([200, SUCCESS]);
    expect(await t.db.db.select().from(contactMessages)).toEqual([]);
    expect(await outbox()).toEqual([]);
    const empty = await client()({ ...valid, website: "" });
    expect([empty.statusCode, (await outbox()).length]).toEqual([200, 2]);
  });

  it("turns CR/LF in the name and subject into spaces, so they cannot add mail headers", async () => {
    const res = await client()({ ...valid, name: "Eve\r\nBcc: victim@example.com", subject: "Hi\r\nX-Injected: yes" });
    expect(res.statusCode).toBe(200);
    const [message] = await t.db.db.select().from(contactMessages);
    expect([message!.name, message!.subject]).toEqual(["Eve Bcc: victim@example.com", "Hi X-Injected: yes"]);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-contact-"));
    try {
      const fileSender = createEmailSender({
        db: t.db.db,
        transport: createFileTransport(dir),
        from: { name: "Printwise Trade Print", address: SHOP_EMAIL },
        log: { info: () => {}, warn: () => {}, error: () => {} },
      });
      expect(await fileSender.deliverDue()).toEqual({ sent: 2, failed: 0, retried: 0 });
      for (const file of fs.readdirSync(dir)) {
        const eml = fs.readFileSync(path.join(dir, file), "utf8");
        const head = eml.split("\r\n\r\n", 1)[0]!.replace(/\r\n[ \t]+/g, " ");
        expect(head.split("\r\n").map((line) => line.slice(0, line.indexOf(":")).toLowerCase()).sort()).toEqual(
          ["content-type", "date", "from", "message-id", "mime-version", "subject", "to", ...(head.includes("Reply-To:") ? ["reply-to"] : [])].sort(),
        );
      }
      const subjects = fs.readdirSync(dir).map((file) => parseHeaders(fs.readFileSync(path.join(dir, file), "utf8")).subject);
      expect(subjects.sort()).toEqual([
        "Contact form: Hi X-Injected: yes (from Eve Bcc: victim@example.com)",
        "We have received your message - Printwise Trade Print",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps nothing when the emails cannot be queued (one transaction)", async () => {
    await t.db.db.execute(sql`
      create function fail_outbox_insert() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$`);
    await t.db.db.execute(sql`create trigger fail_outbox before insert on email_outbox for each row execute function fail_outbox_insert()`);
    try {
      const res = await client()(valid);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toMatch(/^Something went wrong on our side\. Please try again \(reference .+\)\.$/);
      expect(await t.db.db.select().from(contactMessages)).toEqual([]);
    } finally {
      await t.db.db.execute(sql`drop trigger fail_outbox on email_outbox`);
      await t.db.db.execute(sql`drop function fail_outbox_insert()`);
    }
  });

  it("delivers straight after the message is queued when the sender runs", async () => {
    // A long interval: besides its first run, only the kick from the request can deliver (a kick during that
    // first run makes it go round once more, so no wait is needed here).
    t.app.services.emailSender.start(60 * 60_000);
    try {
      const res = await client()(valid);
      expect(res.statusCode).toBe(200);
      const deadline = Date.now() + 5000;
      while (delivered.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(delivered.map((m) => m.to)).toEqual([SHOP_EMAIL, "jane.smith@example.com"]);
    } finally {
      await t.app.services.emailSender.stop();
    }
  });

  it("allows 5 messages per 10 minutes from one address, then answers 429", async () => {
    const post = client();
    for (let i = 1; i <= 5; i += 1) expect((await post({ ...valid, message: `Message ${i}` })).statusCode).toBe(200);
    const res = await post(valid);
    expect(res.statusCode).toBe(429);
    // What happened and when to come back, in words and in Retry-After.
    const said = "Too many attempts from your connection. Please try again in 10 minutes.";
    expect(res.json()).toEqual({ error: said, message: said, statusCode: 429 });
    expect(res.headers["retry-after"]).toBe("600");
    expect(await t.db.db.$count(contactMessages)).toBe(5);
    expect((await client()(valid)).statusCode).toBe(200);
  });
});
