// Resumable uploads (tus 1.0) for any purpose: artwork, Quick Quote files, and whatever registers next.
// A purpose says who may send it and when (checked at creation and again at completion), how large it may
// be, which kinds of file it takes (by their first bytes), and what to do with the whole file. This service
// keeps the uploads table (owner, purpose, state), runs each completion exactly once (a lease on the row,
// so a process that dies mid-way is taken over), and sweeps what expired. The bytes wait in the tus store
// (tus-store.ts) and the locks are PostgreSQL advisory locks (locker.ts).
import { createHash, randomBytes } from "node:crypto";
import fs, { promises as fsp } from "node:fs";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { DbHandle } from "../../../db/client";
import { uploads } from "../../../db/schema";
import { cleanFileName, UPLOAD_EXPIRY_MS, type UploadPurpose, type UploadState } from "../../../domain/uploads";
import type { Config } from "../../config";
import type { UploadedFile } from "../artwork-service";
import { failure, type Failure, type Outcome } from "../outcome";
import { createPgLocker, type LockSession, type PgLocker } from "./locker";
import { openLockSession } from "./lock-session";
import { createTusStore, type TusStore } from "./tus-store";

export type UploadRow = typeof uploads.$inferSelect;

/** What a purpose's completion answers: the result the client reads back, or a failure with extra fields (a preflight). */
export type CompletionOutcome = Outcome<{ result: Record<string, unknown> }, Record<string, unknown>>;

/**
 * A purpose ("on upload complete for purpose X"). Register one with `uploads.register(...)`:
 * - `parseTarget`: the purpose's fields from Upload-Metadata (strings) → its target, or the 400's message;
 * - `maxBytes`: the largest Upload-Length it takes (413 above it);
 * - `checkHead`: the first bytes (up to HEAD_SNIFF_BYTES, or the whole file if smaller) → null to accept,
 *   or the 415's message; it runs while the bytes arrive, before the rest is stored;
 * - `authorise`: ownership and the target's state, when the upload is created and again when it completes;
 * - `complete`: the whole file as a local file; runs once per upload, on whichever process receives the last byte;
 * - `hold`: keep the bytes after completion until a later request claims them (`claim`), e.g. a form sent afterwards.
 */
export type PurposeDefinition<Target> = {
  name: UploadPurpose;
  parseTarget(metadata: Record<string, string>): Target | string;
  maxBytes: number;
  checkHead(head: Buffer): Promise<string | null>;
  authorise(userId: number, target: Target): Promise<{ ok: true } | Failure>;
  complete(input: { userId: number; target: Target; uploadId: string; file: UploadedFile }): Promise<CompletionOutcome>;
  hold?: boolean;
};

/** The head check as it runs on a PATCH body: bytes pass through; once enough have come, the purpose decides. */
export type HeadGate = Transform & { refused: string | null };

export type UploadView = {
  id: string;
  purpose: string;
  state: UploadState;
  fileName: string;
  sizeBytes: number;
  /** Bytes the server holds (all of them once complete). */
  receivedBytes: number;
  sha256: string | null;
  result: Record<string, unknown> | null;
  message: string | null;
};

export type UploadService = {
  register<Target>(purpose: PurposeDefinition<Target>): void;
  /** The tus store (tus-store.ts) and locker, for the tus server in front of them (server/api/resumable). */
  readonly tus: TusStore;
  readonly locker: PgLocker;
  readonly expiryMs: number;
  /** Checks a new upload (purpose, target, size, owner and state) and records it; answers its id. */
  create(userId: number, input: { metadata: Record<string, string>; length: number }): Promise<Outcome<{ upload: UploadRow }, { tooLarge?: true }>>;
  /** The caller's own upload, or null (another customer's is not found either). */
  find(userId: number, id: string): Promise<UploadRow | null>;
  /** A gate for a PATCH body starting at `offset`, while the upload's kind has not been seen yet; null once it has. */
  headGate(upload: UploadRow, offset: number): Promise<HeadGate | null>;
  /** Refuses an upload whose first bytes are not of an accepted kind: its bytes are deleted, the row says why. */
  refuse(upload: UploadRow, message: string): Promise<void>;
  /** The last byte arrived (the tus server's onUploadFinish): the purpose's completion runs, once. */
  finish(id: string): Promise<void>;
  /** Deleted by its owner (tus termination). */
  terminated(id: string): Promise<void>;
  /** A failed upload its owner dismisses: its row and any bytes left go. */
  forget(id: string): Promise<void>;
  /** The upload as its owner sees it, waiting up to `waitMs` while its completion runs. */
  outcome(userId: number, id: string, waitMs: number): Promise<UploadView | null>;
  /** Completed uploads of a holding purpose, taken by a later request: `settle(true)` deletes them, `settle(false)` gives them back. */
  claim(userId: number, purpose: UploadPurpose, ids: string[]): Promise<Outcome<{ files: (UploadedFile & { id: string })[]; settle: (used: boolean) => Promise<void> }>>;
  /** Deletes expired unfinished uploads (their S3 multipart uploads aborted), takes over stalled completions, forgets old ones. */
  sweep(now?: Date): Promise<{ expired: number; resumed: number; forgotten: number }>;
  close(): Promise<void>;
};

/** How long one completion may run before another process may take it over. */
const PROCESSING_LEASE_MS = 15 * 60_000;
/** After an unexpected failure (storage down), the completion is tried again after this. */
const RETRY_AFTER_MS = 30_000;
/** Finished uploads' rows are kept this long for the outcome call, then forgotten. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;
export const HEAD_BYTES_DEFAULT = 64 * 1024;

export type UploadServiceDeps = {
  db: DbHandle;
  config: Config;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  expiryMs?: number;
  /** How many first bytes a purpose's head check sees (HEAD_SNIFF_BYTES). */
  headBytes?: number;
};

export function createUploadService(deps: UploadServiceDeps): UploadService {
  const { config, log } = deps;
  const db = deps.db.db;
  const expiryMs = deps.expiryMs ?? UPLOAD_EXPIRY_MS;
  const headBytes = deps.headBytes ?? HEAD_BYTES_DEFAULT;
  const tmpDir = path.join(config.dataDir, "tmp", "uploads");
  const tus = createTusStore(config, db, expiryMs);
  const purposes = new Map<string, PurposeDefinition<unknown>>();

  // The lock connection is opened at the first lock (and LISTENs for release requests from then on).
  let session: Promise<LockSession> | null = null;
  const lockSession = (): Promise<LockSession> => {
    session ??= openLockSession(deps.db, {
      onReleaseRequested: (id) => locker.releaseRequested(id),
      onLost: () => locker.sessionLost(),
      warn: (obj, msg) => log.warn(obj, msg),
    }).catch((error: unknown) => {
      session = null;
      throw error;
    });
    return session;
  };
  const locker = createPgLocker({
    tryLock: async (key) => (await lockSession()).tryLock(key),
    unlock: async (key) => (await lockSession()).unlock(key),
    askRelease: async (id) => (await lockSession()).askRelease(id),
    close: async () => {},
  });

  const purposeOf = (row: UploadRow) => {
    const purpose = purposes.get(row.purpose);
    if (!purpose) throw new Error(`No upload purpose "${row.purpose}" is registered`);
    return purpose;
  };

  /** Runs `work` holding the upload's lock (as the tus server's own requests do). */
  async function withLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const lock = locker.newLock(tus.storeId(id));
    await lock.lock(new AbortController().signal, () => {});
    try {
      return await work();
    } finally {
      await lock.unlock();
    }
  }

  /** The bytes stored so far of an upload, up to `bytes` (for a head check that resumes after a cut). */
  async function storedHead(id: string, bytes: number): Promise<Buffer | null> {
    try {
      const upload = await tus.store.getUpload(tus.storeId(id));
      if (upload.offset === 0) return Buffer.alloc(0);
      const copy = config.storage.kind === "disk" ? await tus.localCopy(id, tmpDir) : null;
      if (!copy) return null;
      const handle = await fsp.open(copy.path, "r");
      try {
        const buffer = Buffer.alloc(Math.min(bytes, upload.offset));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    } catch {
      return null;
    }
  }

  async function run(row: UploadRow): Promise<void> {
    const purpose = purposeOf(row);
    let copy: { path: string; release: () => Promise<void> } | null = null;
    try {
      // The artwork processor writes its work files here.
      await fsp.mkdir(tmpDir, { recursive: true });
      copy = await tus.localCopy(row.id, tmpDir);
      // What arrived, for the record (and for whoever wants to check the transfer), before any purpose reads it.
      const sha256 = await sha256Of(copy.path);
      await db.update(uploads).set({ sha256 }).where(eq(uploads.id, row.id));
      const file: UploadedFile = { path: copy.path, fileName: row.fileName, size: row.sizeBytes, declaredType: row.declaredType };
      // The gates again: the item may have moved on (or changed hands) while the bytes arrived.
      const allowed = await purpose.authorise(row.userId, row.target);
      const head = row.headChecked ? null : await readHead(copy.path, headBytes);
      const refused = head ? await purpose.checkHead(head) : null;
      const outcome: CompletionOutcome = !allowed.ok
        ? allowed
        : refused
          ? failure("unprocessable", refused)
          : await purpose.complete({ userId: row.userId, target: row.target, uploadId: row.id, file });
      if (outcome.ok) {
        await db.update(uploads).set({ state: "done", result: outcome.result, processingUntil: null }).where(eq(uploads.id, row.id));
      } else {
        const { ok: _ok, ...rest } = outcome;
        await db.update(uploads).set({ state: "failed", result: rest, processingUntil: null }).where(eq(uploads.id, row.id));
      }
      if (!outcome.ok || !purpose.hold) await tus.remove(row.id);
    } catch (error) {
      // Ours, not the customer's (storage or a worker failed): the completion is tried again shortly.
      log.error({ err: error, uploadId: row.id }, "an upload's completion failed; it will be tried again");
      if (process.env.DEBUG_UPLOADS) console.error(error);
      await db
        .update(uploads)
        .set({ processingUntil: new Date(Date.now() + RETRY_AFTER_MS) })
        .where(eq(uploads.id, row.id))
        .catch(() => {});
    } finally {
      if (copy && config.storage.kind !== "disk") await copy.release();
    }
  }

  /** Claims the completion (a row still receiving, or a completion whose process stopped) and runs it. */
  async function finish(id: string): Promise<void> {
    const now = new Date();
    const [row] = await db
      .update(uploads)
      .set({ state: "processing", processingUntil: new Date(now.getTime() + PROCESSING_LEASE_MS), completedAt: sql`coalesce(${uploads.completedAt}, now())` })
      .where(and(eq(uploads.id, id), or(eq(uploads.state, "receiving"), and(eq(uploads.state, "processing"), lt(uploads.processingUntil, now)))))
      .returning();
    if (row) await run(row);
  }

  /** An upload still `receiving` whose bytes are all stored (the process stopped between the last byte and the claim). */
  async function allBytesStored(row: UploadRow): Promise<boolean> {
    try {
      const upload = await tus.store.getUpload(tus.storeId(row.id));
      return upload.size !== undefined && upload.offset === upload.size;
    } catch {
      return false;
    }
  }

  async function receivedBytes(row: UploadRow): Promise<number> {
    if (row.state !== "receiving") return row.sizeBytes;
    try {
      return (await tus.store.getUpload(tus.storeId(row.id))).offset;
    } catch {
      return 0;
    }
  }

  const view = async (row: UploadRow): Promise<UploadView> => ({
    id: row.id,
    purpose: row.purpose,
    state: row.state,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    receivedBytes: await receivedBytes(row),
    sha256: row.sha256,
    result: row.state === "done" ? (row.result ?? null) : null,
    message: row.state === "failed" ? String((row.result as { message?: unknown } | null)?.message ?? "This file could not be used.") : null,
  });

  const findRow = async (id: string) => (await db.select().from(uploads).where(eq(uploads.id, id)))[0] ?? null;
  const findOwn = async (userId: number, id: string) => {
    if (!/^[0-9a-f]{32}$/.test(id)) return null;
    const row = await findRow(id);
    return row && row.userId === userId ? row : null;
  };

  return {
    tus,
    locker,
    expiryMs,

    register(purpose) {
      purposes.set(purpose.name, purpose as PurposeDefinition<unknown>);
    },

    async create(userId, { metadata, length }) {
      const purpose = purposes.get(metadata.purpose ?? "");
      if (!purpose) return failure("invalid", `Upload-Metadata must name a purpose: ${[...purposes.keys()].join(" or ")}.`);
      const target = purpose.parseTarget(metadata);
      if (typeof target === "string") return failure("invalid", target);
      if (length > purpose.maxBytes) return { ...failure("invalid", `The file is too large: the most we accept is ${Math.round(purpose.maxBytes / (1024 * 1024))} MB.`), tooLarge: true };
      const allowed = await purpose.authorise(userId, target);
      if (!allowed.ok) return allowed;
      const [upload] = await db
        .insert(uploads)
        .values({
          id: randomBytes(16).toString("hex"),
          userId,
          purpose: purpose.name,
          target: target as Record<string, unknown>,
          fileName: cleanFileName(metadata.filename, "upload"),
          declaredType: (metadata.filetype ?? "").slice(0, 100),
          sizeBytes: length,
          expiresAt: new Date(Date.now() + expiryMs),
        })
        .returning();
      return { ok: true, upload: upload! };
    },

    find: findOwn,

    async headGate(upload, offset) {
      if (upload.headChecked) return null;
      const purpose = purposeOf(upload);
      const want = Math.min(headBytes, upload.sizeBytes);
      let head = offset === 0 ? Buffer.alloc(0) : await storedHead(upload.id, want);
      // The stored head could not be read (S3 keeps it inside a part): the whole file is checked at completion.
      if (!head || head.length < Math.min(offset, want)) return null;
      let decided = head.length >= want;
      const gate = new Transform({
        transform(chunk: Buffer, _encoding, callback: TransformCallback) {
          if (decided) return callback(null, chunk);
          head = Buffer.concat([head!, chunk.subarray(0, want - head!.length)]);
          if (head.length < want) return callback(null, chunk);
          decided = true;
          purpose.checkHead(head).then(
            async (refused) => {
              if (refused) {
                gate.refused = refused;
                return callback(new Error(refused));
              }
              await db.update(uploads).set({ headChecked: "yes" }).where(eq(uploads.id, upload.id));
              callback(null, chunk);
            },
            (error: unknown) => callback(error as Error),
          );
        },
      }) as HeadGate;
      gate.refused = null;
      if (decided) {
        // Enough was stored before this request: decided now, before any new byte.
        const refused = await purpose.checkHead(head);
        if (refused) gate.refused = refused;
        else await db.update(uploads).set({ headChecked: "yes" }).where(eq(uploads.id, upload.id));
      }
      return gate;
    },

    async refuse(upload, message) {
      await withLock(upload.id, () => tus.remove(upload.id));
      await db.update(uploads).set({ state: "failed", result: { reason: "unprocessable", message }, completedAt: sql`now()` }).where(eq(uploads.id, upload.id));
    },

    finish,

    async terminated(id) {
      await db.delete(uploads).where(and(eq(uploads.id, id), eq(uploads.state, "receiving")));
    },

    async forget(id) {
      await tus.remove(id);
      await db.delete(uploads).where(eq(uploads.id, id));
    },

    async outcome(userId, id, waitMs) {
      const deadline = Date.now() + waitMs;
      let row = await findOwn(userId, id);
      if (!row) return null;
      if (row.state === "receiving" && (await allBytesStored(row))) void finish(id).catch((error: unknown) => log.error({ err: error }, "upload completion failed"));
      for (;;) {
        if (row.state === "processing" && row.processingUntil && row.processingUntil < new Date()) {
          void finish(id).catch((error: unknown) => log.error({ err: error }, "upload completion failed"));
        }
        if ((row.state !== "processing" && row.state !== "receiving") || Date.now() >= deadline) return view(row);
        if (row.state === "receiving" && !(await allBytesStored(row))) return view(row);
        await new Promise((resolve) => setTimeout(resolve, 200));
        row = (await findRow(id)) ?? row;
      }
    },

    async claim(userId, purpose, ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return { ok: true, files: [], settle: async () => {} };
      const claimedAt = new Date().toISOString();
      // One request wins an upload: the claim is a conditional update, and a second claimant finds it taken.
      const claimed = await db
        .update(uploads)
        .set({ result: sql`coalesce(${uploads.result}, '{}'::jsonb) || ${JSON.stringify({ claimedAt })}::jsonb` })
        .where(and(inArray(uploads.id, unique), eq(uploads.userId, userId), eq(uploads.purpose, purpose), eq(uploads.state, "done"), isNull(sql`${uploads.result}->>'claimedAt'`)))
        .returning();
      const giveBack = async () => {
        if (claimed.length === 0) return;
        await db
          .update(uploads)
          .set({ result: sql`${uploads.result} - 'claimedAt'` })
          .where(inArray(uploads.id, claimed.map((row) => row.id)));
      };
      if (claimed.length !== unique.length) {
        await giveBack();
        return failure("not-found", "An attached file was not found: it may have been sent already, or it has expired. Please choose it again.");
      }
      const copies: { id: string; path: string; release: () => Promise<void> }[] = [];
      try {
        for (const row of claimed) copies.push({ id: row.id, ...(await tus.localCopy(row.id, tmpDir)) });
      } catch (error) {
        await Promise.all(copies.map((copy) => (config.storage.kind === "disk" ? null : copy.release())));
        await giveBack();
        throw error;
      }
      const byId = new Map(claimed.map((row) => [row.id, row]));
      return {
        ok: true,
        files: unique.map((id) => {
          const row = byId.get(id)!;
          return { id, path: copies.find((c) => c.id === id)!.path, fileName: row.fileName, size: row.sizeBytes, declaredType: String(row.result?.contentType ?? row.declaredType) };
        }),
        settle: async (used) => {
          if (config.storage.kind !== "disk") await Promise.all(copies.map((copy) => copy.release()));
          if (!used) return giveBack();
          for (const row of claimed) await tus.remove(row.id);
          await db.delete(uploads).where(inArray(uploads.id, claimed.map((row) => row.id)));
        },
      };
    },

    async sweep(now = new Date()) {
      let expired = 0;
      let resumed = 0;
      let forgotten = 0;
      const stale = await db.select().from(uploads).where(and(eq(uploads.state, "receiving"), lt(uploads.expiresAt, now)));
      for (const row of stale) {
        // Under the upload's lock: a PATCH still running on it is asked to stop first.
        await withLock(row.id, () => tus.remove(row.id));
        await db.delete(uploads).where(and(eq(uploads.id, row.id), eq(uploads.state, "receiving")));
        expired += 1;
      }
      const stalled = await db.select().from(uploads).where(and(eq(uploads.state, "processing"), lt(uploads.processingUntil, now)));
      const arrived = await db.select().from(uploads).where(and(eq(uploads.state, "receiving"), lt(uploads.createdAt, new Date(now.getTime() - 60_000))));
      for (const row of stalled) {
        await finish(row.id);
        resumed += 1;
      }
      for (const row of arrived) {
        if (!(await allBytesStored(row))) continue;
        await finish(row.id);
        resumed += 1;
      }
      // Held files nobody claimed expire like unfinished ones; other finished rows are forgotten after a week.
      const holding = [...purposes.values()].filter((p) => p.hold).map((p) => p.name);
      const finished = await db
        .select()
        .from(uploads)
        .where(
          or(
            and(inArray(uploads.state, ["done", "failed"]), lt(uploads.completedAt, new Date(now.getTime() - KEEP_FINISHED_MS))),
            holding.length > 0 ? and(eq(uploads.state, "done"), inArray(uploads.purpose, holding), lt(uploads.expiresAt, now)) : sql`false`,
          ),
        );
      for (const row of finished) {
        await tus.remove(row.id).catch((error: unknown) => log.warn({ err: String(error), uploadId: row.id }, "could not delete an old upload's bytes"));
        await db.delete(uploads).where(eq(uploads.id, row.id));
        forgotten += 1;
      }
      return { expired, resumed, forgotten };
    },

    async close() {
      const open = session;
      session = null;
      if (open) await (await open.catch(() => null))?.close();
    },
  };
}

async function sha256Of(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(filePath, { highWaterMark: 1024 * 1024 }), hash);
  return hash.digest("hex");
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await fsp.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

