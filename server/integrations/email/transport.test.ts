import fs from "node:fs";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { emailOutbox } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { parseHeaders } from "../../dev/mail-viewer";
import { createEmailSender, enqueueEmail } from "../../services/email-outbox";
import { createFileTransport, createSmtpTransport, createTransport, type OutgoingMail } from "./transport";
import { freePort } from "../../../tests/support/net";

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-mail-"));
  tempDirs.push(dir);
  return dir;
}

const servers: SMTPServer[] = [];
type Received = { mailFrom: string; rcptTo: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtpServer(port = 0): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  return { port: address.port, received };
}


afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const mail: OutgoingMail = {
  from: { name: "Printwise Trade Print", address: "hello@printwise.example.com" },
  to: "jane@example.com",
  replyTo: "orders@printwise.example.com",
  subject: "Your proof is ready — £12.50 ✓",
  text: "Hello Jane,\nYour proof is ready.\n",
  html: "<p>Hello Jane,</p><p>Your proof is ready.</p>",
  messageId: "<0b6f2a4e-1111-4222-8333-944455556666@printwise.example.com>",
  queuedAt: new Date("2026-11-27T09:41:07.123Z"),
};

/** The header block of a message, one line per header (folded lines joined). */
function headerLines(eml: string): string[] {
  return (eml.split(/\r\n\r\n/, 1)[0] ?? "").replace(/\r\n[ \t]+/g, " ").split("\r\n");
}

describe("file transport", () => {
  it("writes one readable RFC 5322 .eml with a text and an HTML part", async () => {
    const dir = path.join(tempDir(), "mail");
    await createFileTransport(dir).send(mail);

    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files).toEqual(["2026-11-27T09-41-07-123Z-0b6f2a4e-1111-4222-8333-944455556666.eml"]); // named by when it was queued
    const eml = fs.readFileSync(path.join(dir, files[0]!), "utf8");
    expect(eml).not.toMatch(/[^\r]\n/);
    const headers = parseHeaders(eml);
    expect(headers.from).toBe("Printwise Trade Print <hello@printwise.example.com>");
    expect(headers.to).toBe("jane@example.com");
    expect(headers["reply-to"]).toBe("orders@printwise.example.com");
    expect(headers.subject).toBe("Your proof is ready — £12.50 ✓");
    expect(headers["message-id"]).toBe(mail.messageId);
    expect(headers["mime-version"]).toBe("1.0");
    expect(headers["content-type"]).toMatch(/^multipart\/alternative; boundary="[^"]+"$/);
    expect(new Date(headers.date!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(eml).toContain("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\nHello Jane,\r\nYour proof is ready.\r\n");
    expect(eml).toContain("Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\n<p>Hello Jane,</p><p>Your proof is ready.</p>");
  });

  it("writes a message once per Message-ID: sending it again (a resend after a crash) leaves one file", async () => {
    const dir = tempDir();
    const transport = createFileTransport(dir);
    await transport.send(mail);
    await transport.send({ ...mail, subject: "sent again" });
    await createFileTransport(dir).send(mail);
    expect(fs.readdirSync(dir)).toHaveLength(1);
    await transport.send({ ...mail, messageId: "<another-1@printwise.example.com>" });
    expect(fs.readdirSync(dir)).toHaveLength(2);
  });

  it("leaves one whole file when several processes send one message at once (a lease that ran out)", async () => {
    const dir = tempDir();
    await Promise.all(Array.from({ length: 6 }, () => createFileTransport(dir).send(mail)));
    const files = fs.readdirSync(dir);
    expect(files).toEqual(["2026-11-27T09-41-07-123Z-0b6f2a4e-1111-4222-8333-944455556666.eml"]);
    expect(parseHeaders(fs.readFileSync(path.join(dir, files[0]!), "utf8"))["message-id"]).toBe(mail.messageId);
  });

  it("cannot be made to add headers by CR/LF in the subject or the sender's name", async () => {
    const dir = tempDir();
    await createFileTransport(dir).send({
      ...mail,
      from: { name: "Printwise\r\nX-Injected: from-name", address: "hello@printwise.example.com" },
      subject: "Quote please\r\nBcc: victim@example.com\nX-Injected: subject",
    });
    const [file] = fs.readdirSync(dir);
    const eml = fs.readFileSync(path.join(dir, file!), "utf8");
    const names = headerLines(eml).map((line) => line.slice(0, line.indexOf(":")).toLowerCase());
    expect(names.filter((n) => n === "bcc" || n === "x-injected")).toEqual([]);
    expect(names.sort()).toEqual(["content-type", "date", "from", "message-id", "mime-version", "reply-to", "subject", "to"]);
    const headers = parseHeaders(eml);
    expect(headers.subject).toBe("Quote please Bcc: victim@example.com X-Injected: subject");
    expect(headers.from).toBe('"Printwise X-Injected: from-name" <hello@printwise.example.com>');
  });

  it("refuses a recipient that is not one plain address", async () => {
    const dir = tempDir();
    const transport = createFileTransport(dir);
    await expect(transport.send({ ...mail, to: "jane@example.com\r\nBcc: victim@example.com" })).rejects.toThrow(
      'Not a single email address: "jane@example.com\\r\\nBcc: victim@example.com"',
    );
    await expect(transport.send({ ...mail, replyTo: "a@example.com, b@example.com" })).rejects.toThrow("Not a single email address");
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe("SMTP transport", () => {
  it("delivers the message to a real SMTP server", async () => {
    const smtp = await startSmtpServer();
    await createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`).send(mail);

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.mailFrom).toBe("hello@printwise.example.com");
    expect(message!.rcptTo).toEqual(["jane@example.com"]);
    const headers = parseHeaders(message!.raw);
    expect(headers.subject).toBe("Your proof is ready — £12.50 ✓");
    expect(headers["message-id"]).toBe(mail.messageId);
    expect(headers["reply-to"]).toBe("orders@printwise.example.com");
    expect(message!.raw).toContain("Content-Type: text/plain; charset=utf-8");
    expect(message!.raw).toContain("<p>Hello Jane,</p><p>Your proof is ready.</p>");
  });

  it("fails when the server is down (so the outbox retries)", async () => {
    const port = await freePort();
    await expect(createSmtpTransport(`smtp://127.0.0.1:${port}`).send(mail)).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe("createTransport", () => {
  it("writes files under DATA_DIR/mail without SMTP_URL", async () => {
    const dataDir = tempDir();
    await createTransport({ smtpUrl: undefined, dataDir }).send(mail);
    expect(fs.readdirSync(path.join(dataDir, "mail"))).toHaveLength(1);
  });

  it("uses SMTP when SMTP_URL is set, and writes no files", async () => {
    const dataDir = tempDir();
    const smtp = await startSmtpServer();
    await createTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dataDir }).send(mail);
    expect(smtp.received).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, "mail"))).toBe(false);
  });
});

describe("outbox over real SMTP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps the message while the SMTP server is down and sends it once when it is back", async () => {
    const port = await freePort();
    const start = new Date(Date.now() + 1000);
    let current = start;
    const sender = createEmailSender({
      db: t.db.db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${port}`),
      from: mail.from,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      now: () => current,
    });
    const queued = await t.db.db.transaction((tx) => enqueueEmail(tx, { to: "jane@example.com", subject: "Order update", text: "Hi", html: "<p>Hi</p>" }));

    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, retried: 1 });
    const [afterOutage] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.id, queued.id));
    expect(afterOutage).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterOutage!.lastError).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtpServer(port);
    current = new Date(start.getTime() + 30_000);
    expect(await sender.deliverDue()).toEqual({ sent: 1, failed: 0, retried: 0 });
    current = new Date(start.getTime() + 10 * 60_000);
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, retried: 0 });

    expect(smtp.received).toHaveLength(1);
    expect(parseHeaders(smtp.received[0]!.raw)["message-id"]).toBe(queued.messageId);
    const [sent] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.id, queued.id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });
});

describe("development mail viewer", () => {
  let dev: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir();
    dev = await createTestApp({ NODE_ENV: "development", DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await dev?.close();
  });

  it("lists the .eml files newest first and shows each one raw", async () => {
    const transport = createTransport(dev.config);
    // Queued a minute apart: the files are named by when each was queued, and the list orders by name.
    await transport.send({ ...mail, subject: "Older <b>message</b>", messageId: "<older@printwise.example.com>", queuedAt: new Date(Date.now() - 60_000) });
    await transport.send({ ...mail, to: "sam@example.com", subject: "Newer £ message", messageId: "<newer@printwise.example.com>", queuedAt: new Date() });

    const list = await dev.app.inject({ method: "GET", url: "/dev/mail" });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-type"]).toBe("text/html; charset=utf-8");
    const rows = [...list.body.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a href="\/dev\/mail\/([^"]+)">([^<]*)<\/a><\/td><\/tr>/g)].map(
      (m) => [m[1], m[3]],
    );
    expect(rows).toEqual([
      ["sam@example.com", "Newer £ message"],
      ["jane@example.com", "Older &lt;b&gt;message&lt;/b&gt;"],
    ]);

    const [newest] = fs.readdirSync(path.join(dataDir, "mail")).sort().reverse();
    const raw = await dev.app.inject({ method: "GET", url: `/dev/mail/${newest}` });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(raw.body).toBe(fs.readFileSync(path.join(dataDir, "mail", newest!), "utf8"));
  });

  it("refuses file names outside the mail folder", async () => {
    fs.writeFileSync(path.join(dataDir, "secret.eml"), "Subject: secret\r\n\r\nsecret");
    for (const url of ["/dev/mail/..%2Fsecret.eml", "/dev/mail/..%2F..%2Fetc%2Fpasswd", "/dev/mail/%2Fetc%2Fpasswd"]) {
      const res = await dev.app.inject({ method: "GET", url });
      expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 400, body: "Not a mail file name." });
    }
    const missing = await dev.app.inject({ method: "GET", url: "/dev/mail/missing.eml" });
    expect([missing.statusCode, missing.body]).toEqual([404, "No such mail."]);
  });

  it("is not there outside development", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: "GET", url: "/dev/mail" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "No such endpoint: GET /dev/mail", message: "No such endpoint: GET /dev/mail", statusCode: 404 });
    } finally {
      await t.close();
    }
  });
});
