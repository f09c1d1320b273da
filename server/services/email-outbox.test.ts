import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import os from "node:os";
import { eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";
import type { MailTransport, OutgoingMail } from "../integrations/email/transport";
import { createEmailSender, enqueueEmail, MAX_EMAIL_ATTEMPTS, retryDelayMs, type SenderLog } from "./email-outbox";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.db.delete(emailOutbox);
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const from = { name: "Printwise Trade Print", address: "hello@printwise.example.com" };

/** A transport that fails the first `failures` sends (as an SMTP server that is down would), then records. */
function flakyTransport(failures = 0, onSend?: (mail: OutgoingMail) => Promise<void> | void) {
  const attempts: OutgoingMail[] = [];
  const delivered: OutgoingMail[] = [];
  const transport: MailTransport = {
    async send(mail) {
      attempts.push(mail);
      if (attempts.length <= failures) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      await onSend?.(mail);
      delivered.push(mail);
    },
  };
  return { transport, attempts, delivered };
}

function recordingLog() {
  const entries: Array<{ level: "info" | "warn" | "error"; obj: object; msg: string }> = [];
  const log: SenderLog = {
    info: (obj, msg) => entries.push({ level: "info", obj, msg }),
    warn: (obj, msg) => entries.push({ level: "warn", obj, msg }),
    error: (obj, msg) => entries.push({ level: "error", obj, msg }),
  };
  return { log, entries };
}

/** Queues n messages one after another, so their ids (the sender's order) follow the array's order. */
async function queue(n: number) {
  const queued = [];
  for (let i = 0; i < n; i++) {
    queued.push(
      await t.db.db.transaction((tx) =>
        enqueueEmail(tx, {
          to: `customer${i + 1}@example.com`,
          subject: `Message ${i + 1}`,
          text: `Text ${i + 1}`,
          html: `<p>Text ${i + 1}</p>`,
          messageIdDomain: "printwise.example.com",
        }),
      ),
    );
  }
  return queued;
}

async function row(id: number) {
  const [found] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found!;
}

/** A clock the test moves by hand, starting a second from now so queued rows are already due. */
function manualClock() {
  const start = new Date(Date.now() + SECOND);
  let current = start;
  return {
    start,
    now: () => current,
    set: (offsetMs: number) => {
      current = new Date(start.getTime() + offsetMs);
    },
  };
}

describe("retryDelayMs", () => {
  it("doubles from 30 seconds and stops at one hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMs)).toEqual([
      30 * SECOND, 1 * MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE, 16 * MINUTE, 32 * MINUTE, 60 * MINUTE, 60 * MINUTE,
    ]);
  });
});

describe("enqueueEmail", () => {
  it("queues a pending row, due now, with its own Message-ID", async () => {
    const [a, b] = await queue(2);
    expect(a).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null, lastError: null, sentAt: null, toAddress: "customer1@example.com" });
    expect(a!.messageId).toMatch(/^<[0-9a-f-]{36}@printwise\.example\.com>$/);
    expect(b!.messageId).not.toBe(a!.messageId);
  });
});

describe("email sender", () => {
  it("retries with backoff while the mail server is down, then sends exactly once", async () => {
    const clock = manualClock();
    const fake = flakyTransport(2);
    const { log, entries } = recordingLog();
    const sender = createEmailSender({ db: t.db.db, transport: fake.transport, from, log, now: clock.now });
    const [queued] = await queue(1);

    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, retried: 1 });
    let stored = await row(queued!.id);
    expect(stored).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null, lastError: "Error: connect ECONNREFUSED 127.0.0.1:25" });
    expect(stored.nextAttemptAt.getTime()).toBe(clock.start.getTime() + 30 * SECOND);
    expect(entries.map((e) => [e.level, e.msg])).toEqual([["warn", "email not delivered; will retry"]]);

    clock.set(29 * SECOND);
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(fake.attempts).toHaveLength(1);

    clock.set(30 * SECOND);
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, retried: 1 });
    stored = await row(queued!.id);
    expect(stored.attempts).toBe(2);
    expect(stored.nextAttemptAt.getTime()).toBe(clock.start.getTime() + 30 * SECOND + 60 * SECOND);

    clock.set(89 * SECOND);
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, retried: 0 });

    clock.set(90 * SECOND);
    expect(await sender.deliverDue()).toEqual({ sent: 1, failed: 0, retried: 0 });
    stored = await row(queued!.id);
    expect(stored).toMatchObject({ status: "sent", attempts: 3, lockedUntil: null, lastError: null });
    expect(stored.sentAt!.getTime()).toBe(clock.start.getTime() + 90 * SECOND);

    clock.set(5 * 60 * MINUTE);
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(fake.delivered).toHaveLength(1);
    expect(fake.attempts.map((m) => m.messageId)).toEqual([queued!.messageId, queued!.messageId, queued!.messageId]);
    expect(fake.delivered[0]).toEqual({
      from,
      to: "customer1@example.com",
      replyTo: null,
      subject: "Message 1",
      text: "Text 1",
      html: "<p>Text 1</p>",
      messageId: queued!.messageId,
      queuedAt: queued!.createdAt,
      attachments: [],
    });
    expect(fake.attempts.map((m) => m.queuedAt)).toEqual([queued!.createdAt, queued!.createdAt, queued!.createdAt]); // one file name for every attempt
  });

  it("sends a file queued with the message (a quote's PDF) with the same bytes, however many tries it takes", async () => {
    const fake = flakyTransport(1);
    const sender = createEmailSender({ db: t.db.db, transport: fake.transport, from, log: recordingLog().log, now: manualClock().now });
    const pdf = Buffer.from("%PDF-1.7 quote bytes \u0000\u00ff", "latin1");
    const queued = await t.db.db.transaction((tx) => enqueueEmail(tx, { to: "buyer@example.com", subject: "Your quote", text: "t", html: "h", attachments: [{ fileName: "Q-000001.pdf", contentType: "application/pdf", content: pdf }] }));
    await sender.deliverDue();
    await t.db.db.update(emailOutbox).set({ nextAttemptAt: new Date(0) }).where(eq(emailOutbox.id, queued.id));
    await sender.deliverDue();
    const sent = fake.delivered.find((m) => m.messageId === queued.messageId)!;
    expect(sent.attachments).toHaveLength(1);
    expect(sent.attachments![0]!.fileName).toBe("Q-000001.pdf");
    expect(sent.attachments![0]!.content.equals(pdf)).toBe(true);
  });

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} attempts, keeps the row as failed and logs an error`, async () => {
    const clock = manualClock();
    const fake = flakyTransport(Number.POSITIVE_INFINITY);
    const { log, entries } = recordingLog();
    const sender = createEmailSender({ db: t.db.db, transport: fake.transport, from, log, now: clock.now });
    const [queued] = await queue(1);

    const reports = [];
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt += 1) {
      clock.set(attempt * 2 * 60 * MINUTE);
      reports.push(await sender.deliverDue());
    }
    expect(reports.slice(0, 7)).toEqual(Array(7).fill({ sent: 0, failed: 0, retried: 1 }));
    expect(reports[7]).toEqual({ sent: 0, failed: 1, retried: 0 });
    expect(await row(queued!.id)).toMatchObject({ status: "failed", attempts: 8, lockedUntil: null, lastError: "Error: connect ECONNREFUSED 127.0.0.1:25" });
    expect(entries.filter((e) => e.level === "error").map((e) => e.msg)).toEqual(["email not delivered; giving up"]);
    expect(entries.filter((e) => e.level === "error")[0]!.obj).toMatchObject({ emailId: queued!.id, attempts: 8 });

    clock.set(100 * 60 * MINUTE);
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(fake.attempts).toHaveLength(8);
  });

  it("takes over a message whose sender crashed mid-send, and leaves one another sender still holds", async () => {
    const clock = manualClock();
    const fake = flakyTransport();
    const sender = createEmailSender({ db: t.db.db, transport: fake.transport, from, log: recordingLog().log, now: clock.now });
    const [crashed, held] = await queue(2);
    await t.db.db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: new Date(clock.start.getTime() - SECOND) })
      .where(eq(emailOutbox.id, crashed!.id));
    await t.db.db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: new Date(clock.start.getTime() + 4 * MINUTE) })
      .where(eq(emailOutbox.id, held!.id));

    expect(await sender.deliverDue()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(fake.delivered.map((m) => m.messageId)).toEqual([crashed!.messageId]);
    expect(await row(crashed!.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await row(held!.id)).toMatchObject({ status: "sending", attempts: 1 });
  });

  it("at start, takes back at once what a dead process left sending; a live process's claim keeps its lease", async () => {
    const host = os.hostname();
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;
    const owner = `${host}:${process.pid}:thisstart`;
    const lease = new Date(Date.now() + 4 * MINUTE);
    const claims = [
      `${host}:${deadPid}:old`, // a process that has exited
      `${host}:${process.pid}:before`, // our pid, but an earlier start (a reused pid)
      `${host}:${process.ppid}:live`, // a live process on this host
      `other-host:${deadPid}:x`, // another machine: nothing known, the lease stands
    ];
    const rows = await queue(claims.length);
    for (const [i, claimedBy] of claims.entries()) {
      await t.db.db.update(emailOutbox).set({ status: "sending", attempts: 1, lockedUntil: lease, claimedBy }).where(eq(emailOutbox.id, rows[i]!.id));
    }
    const fake = flakyTransport();
    const shared = createEmailSender({ db: t.db.db, transport: fake.transport, from, log: recordingLog().log, owner });
    expect(await shared.reclaimOrphans()).toBe(2);
    expect(await shared.deliverDue()).toEqual({ sent: 2, failed: 0, retried: 0 });
    expect(fake.delivered.map((m) => m.messageId)).toEqual([rows[0]!.messageId, rows[1]!.messageId]);
    expect(await row(rows[0]!.id)).toMatchObject({ status: "sent", attempts: 2, claimedBy: owner });
    expect(await row(rows[2]!.id)).toMatchObject({ status: "sending", attempts: 1 });

    // Alone on its database (PGlite behind its lock), every other claim is a dead process's.
    const alone = createEmailSender({ db: t.db.db, transport: fake.transport, from, log: recordingLog().log, owner, singleProcess: true });
    expect(await alone.reclaimOrphans()).toBe(2);
    expect(await alone.deliverDue()).toEqual({ sent: 2, failed: 0, retried: 0 });
  });

  it("skips the rest of a batch whose lease ran out during a slow send, so nobody sends it twice", async () => {
    const clock = manualClock();
    const leaseMs = 5 * MINUTE;
    // The first send takes longer than the lease; meanwhile another sender may take the second row.
    const slow = flakyTransport(0, () => clock.set(leaseMs + SECOND));
    const sender = createEmailSender({ db: t.db.db, transport: slow.transport, from, log: recordingLog().log, now: clock.now, leaseMs });
    const other = flakyTransport();
    const otherSender = createEmailSender({ db: t.db.db, transport: other.transport, from, log: recordingLog().log, now: clock.now, leaseMs });
    const [first, second] = await queue(2);

    expect(await sender.deliverDue()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(slow.delivered.map((m) => m.messageId)).toEqual([first!.messageId]);
    expect(await row(second!.id)).toMatchObject({ status: "sending", attempts: 1 });

    expect(await otherSender.deliverDue()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(other.delivered.map((m) => m.messageId)).toEqual([second!.messageId]);
    expect(slow.attempts).toHaveLength(1);
  });

  it("delivers every message exactly once when two senders race on the same database", async () => {
    const queued = await queue(25);
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 2));
    const a = flakyTransport(0, pause);
    const b = flakyTransport(0, pause);
    const log = recordingLog().log;
    const senderA = createEmailSender({ db: t.db.db, transport: a.transport, from, log, batchSize: 4 });
    const senderB = createEmailSender({ db: t.db.db, transport: b.transport, from, log, batchSize: 4 });

    const [reportA, reportB] = await Promise.all([senderA.deliverDue(), senderB.deliverDue()]);
    expect(reportA.sent + reportB.sent).toBe(25);
    const ids = [...a.delivered, ...b.delivered].map((m) => m.messageId);
    expect(ids).toHaveLength(25);
    expect(new Set(ids)).toEqual(new Set(queued.map((q) => q.messageId)));
    const rows = await t.db.db.select().from(emailOutbox);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(25).fill(["sent", 1]));
  });

  it("kick delivers soon after queueing once started, and stop waits for the send in progress", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sendStarted!: () => void;
    const started = new Promise<void>((resolve) => (sendStarted = resolve));
    let sendFinished = false;
    const fake = flakyTransport(0, async () => {
      sendStarted();
      await gate;
      sendFinished = true;
    });
    const sender = createEmailSender({ db: t.db.db, transport: fake.transport, from, log: recordingLog().log });

    // Before start, a kick starts nothing (it says so; nothing is attempted).
    const [before] = await queue(1);
    expect(sender.kick()).toBe(false);
    expect(fake.attempts).toHaveLength(0);
    expect(await row(before!.id)).toMatchObject({ status: "pending" });

    // A long interval: only the first run (now) and kicks deliver during this test.
    sender.start(60 * MINUTE);
    await started;
    // The gate opens as stop is called: a stop that did not wait would be done before the send finished.
    const stopping = sender.stop().then(() => sendFinished);
    release();
    expect(await stopping).toBe(true);
    expect(await row(before!.id)).toMatchObject({ status: "sent" });

    // After stop, a kick starts nothing either.
    const [after] = await queue(1);
    expect(sender.kick()).toBe(false);
    expect(await row(after!.id)).toMatchObject({ status: "pending" });

    const restarted = flakyTransport();
    const second = createEmailSender({ db: t.db.db, transport: restarted.transport, from, log: recordingLog().log });
    second.start(60 * MINUTE);
    await until(async () => (await row(after!.id)).status === "sent");
    const [third] = await queue(1);
    second.kick();
    await until(async () => (await row(third!.id)).status === "sent");
    await second.stop();
    expect(restarted.delivered.map((m) => m.messageId)).toEqual([after!.messageId, third!.messageId]);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
