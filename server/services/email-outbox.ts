import { randomUUID } from "node:crypto";
import os from "node:os";
import { and, asc, eq, gt, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { MailAddress, MailTransport } from "../integrations/email/transport";

/** A message to queue. Addresses are bare (`name@example.com`): display names never come from customers. */
export type QueuedEmail = {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** Right-hand side of the generated Message-ID, normally the shop's mail domain. */
  messageIdDomain?: string;
  /** Small files (a quote or statement PDF), kept in the row so a retry sends the same bytes. */
  attachments?: { fileName: string; contentType: string; content: Buffer | Uint8Array }[];
};

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Queues a message inside the caller's transaction (pass the `tx`): it is sent only if that
 * transaction commits, and it is not lost if the mail server is down.
 */
export async function enqueueEmail(tx: Tx, mail: QueuedEmail): Promise<OutboxRow> {
  const domain = (mail.messageIdDomain ?? "localhost").replace(/[^\w.-]/g, "") || "localhost";
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      messageId: `<${randomUUID()}@${domain}>`,
      attachments: (mail.attachments ?? []).map((file) => ({ fileName: file.fileName, contentType: file.contentType, contentBase64: Buffer.from(file.content).toString("base64") })),
    })
    .returning();
  return row!;
}

export const MAX_EMAIL_ATTEMPTS = 8;
const BASE_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

/** Wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, ... at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BASE_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export type SenderLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type DeliveryReport = { sent: number; failed: number; retried: number };

export type EmailSender = {
  /** Claims the due messages (including ones a crashed sender left), sends them, records the outcome. */
  deliverDue(): Promise<DeliveryReport>;
  /** Makes messages that a dead process left `sending` due now (run by `start` before its first delivery). */
  reclaimOrphans(): Promise<number>;
  /** Runs deliverDue every `intervalMs` (the timer does not keep the process alive). */
  start(intervalMs: number): void;
  /** Stops the loop and waits for a run in progress. */
  stop(): Promise<void>;
  /** Delivers soon (after a message was queued). Does nothing unless the loop is started; says whether it delivers. */
  kick(): boolean;
};

export type EmailSenderOptions = {
  db: Db;
  transport: MailTransport;
  from: MailAddress;
  log: SenderLog;
  /** The clock; the database's own `now()` when not given (one clock for every server process). */
  now?: () => Date;
  batchSize?: number;
  /** How long a claim holds a message; longer than the transport's worst-case send. */
  leaseMs?: number;
  maxAttempts?: number;
  /** This process's name on its claims; `host:pid:start-id` by default. */
  owner?: string;
  /**
   * True when no other process can use this database (PGlite, behind its lock): at start every
   * claim but ours is a dead process's. Otherwise only claims from this host whose pid is gone (or
   * is ours under another start id) are taken back early; the rest keep their lease.
   */
  singleProcess?: boolean;
};

/** The default claim owner: unique per process start, and naming the host and pid it ran as. */
export const PROCESS_OWNER = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether a claim by `claimedBy` may be taken back now by the process named `owner`. */
export function claimIsDead(claimedBy: string | null, owner: string, singleProcess: boolean): boolean {
  if (claimedBy === owner) return false;
  if (singleProcess || claimedBy === null) return singleProcess;
  const [host, pidText] = claimedBy.split(":");
  const [myHost, myPid] = owner.split(":");
  if (host !== myHost) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  return String(pid) === myPid || !pidAlive(pid);
}

export function createEmailSender(options: EmailSenderOptions): EmailSender {
  const { db, transport, from, log } = options;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? MAX_EMAIL_ATTEMPTS;
  const maxBatchesPerRun = 20;
  const owner = options.owner ?? PROCESS_OWNER;
  const singleProcess = options.singleProcess ?? false;

  const clock = (): SQL => (options.now ? sql`${options.now().toISOString()}::timestamptz` : sql`now()`);
  const after = (ms: number): SQL => sql`(${clock()} + ${ms}::double precision * interval '1 millisecond')`;

  /** One statement, so two senders (or two server processes) never claim the same row. */
  async function claim(): Promise<OutboxRow[]> {
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        or(
          and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, clock())),
          and(eq(emailOutbox.status, "sending"), lt(emailOutbox.lockedUntil, clock())),
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(emailOutbox)
      .set({ status: "sending", claimedBy: owner, lockedUntil: after(leaseMs), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(inArray(emailOutbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** This claim, and only while nobody else has taken the row over. */
  const ours = (row: OutboxRow) =>
    and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending"), eq(emailOutbox.attempts, row.attempts));

  async function deliver(row: OutboxRow, report: DeliveryReport): Promise<void> {
    // Later rows of a batch wait for earlier sends: renew the lease, or skip the row if it has run out.
    const [held] = await db
      .update(emailOutbox)
      .set({ lockedUntil: after(leaseMs) })
      .where(and(ours(row), gt(emailOutbox.lockedUntil, clock())))
      .returning({ id: emailOutbox.id });
    if (!held) return;

    try {
      await transport.send({
        from,
        to: row.toAddress,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId: row.messageId,
        queuedAt: row.createdAt,
        attachments: row.attachments.map((file) => ({ fileName: file.fileName, contentType: file.contentType, content: Buffer.from(file.contentBase64, "base64") })),
      });
    } catch (error) {
      const lastError = describe(error);
      if (row.attempts >= maxAttempts) {
        await db
          .update(emailOutbox)
          .set({ status: "failed", lockedUntil: null, lastError })
          .where(ours(row));
        report.failed += 1;
        log.error({ emailId: row.id, messageId: row.messageId, attempts: row.attempts, err: lastError }, "email not delivered; giving up");
      } else {
        const delayMs = retryDelayMs(row.attempts);
        await db
          .update(emailOutbox)
          .set({ status: "pending", lockedUntil: null, lastError, nextAttemptAt: after(delayMs) })
          .where(ours(row));
        report.retried += 1;
        log.warn({ emailId: row.id, attempts: row.attempts, retryInMs: delayMs, err: lastError }, "email not delivered; will retry");
      }
      return;
    }

    await db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: clock(), lockedUntil: null, lastError: null })
      .where(ours(row));
    report.sent += 1;
  }

  /** Messages a dead process left `sending` become due now instead of when its lease runs out. */
  async function reclaimOrphans(): Promise<number> {
    const rows = await db
      .select({ id: emailOutbox.id, claimedBy: emailOutbox.claimedBy, attempts: emailOutbox.attempts })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "sending"));
    let reclaimed = 0;
    for (const row of rows) {
      if (!claimIsDead(row.claimedBy, owner, singleProcess)) continue;
      const done = await db
        .update(emailOutbox)
        .set({ status: "pending", lockedUntil: null, claimedBy: null, nextAttemptAt: clock() })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending"), eq(emailOutbox.attempts, row.attempts)))
        .returning({ id: emailOutbox.id });
      reclaimed += done.length;
    }
    if (reclaimed > 0) log.info({ reclaimed }, "emails left sending by a stopped process are due again");
    return reclaimed;
  }

  async function deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0, retried: 0 };
    for (let batch = 0; batch < maxBatchesPerRun; batch += 1) {
      const rows = await claim();
      for (const row of rows) await deliver(row, report);
      if (rows.length < batchSize) break;
    }
    return report;
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  let runAgain = false;
  let reclaimed = false;

  function run(): void {
    if (running) {
      runAgain = true;
      return;
    }
    running = (async () => {
      do {
        runAgain = false;
        try {
          if (!reclaimed) {
            await reclaimOrphans();
            reclaimed = true;
          }
          await deliverDue();
        } catch (error) {
          log.error({ err: describe(error) }, "email sender run failed");
        }
      } while (runAgain && timer);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    deliverDue,
    reclaimOrphans,
    start(intervalMs) {
      if (timer) return;
      timer = setInterval(run, intervalMs);
      timer.unref();
      run();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    kick() {
      if (!timer) return false;
      run();
      return true;
    },
  };
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
