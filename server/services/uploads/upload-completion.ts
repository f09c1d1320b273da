// Completing an upload (part of server/services/uploads/upload-service.ts): claiming its completion with a
// lease on the row (a single conditional update, so it runs once, and a process that dies mid-way is taken
// over), running the purpose's gates and completion on the whole file, and the owner's view of the outcome,
// waiting while the completion runs.
import { createHash } from "node:crypto";
import fs, { promises as fsp } from "node:fs";
import { pipeline } from "node:stream/promises";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { uploads } from "../../../db/schema";
import type { UploadedFile } from "../artwork-service";
import { readHead } from "../../artwork/read-head";
import { failure } from "../outcome";
import type { UploadContext } from "./upload-context";
import type { CompletionOutcome, UploadRow, UploadService, UploadView } from "./upload-types";

/** How long one completion may run before another process may take it over. */
const PROCESSING_LEASE_MS = 15 * 60_000;
/** After an unexpected failure (storage down), the completion is tried again after this. */
const RETRY_AFTER_MS = 30_000;

export function uploadCompletion(context: UploadContext): Pick<UploadService, "finish" | "outcome"> {
  const { config, log, db, headBytes, tmpDir, tus, purposeOf, allBytesStored, findRow, findOwn } = context;

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

  return {
    finish,

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
  };
}

async function sha256Of(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(filePath, { highWaterMark: 1024 * 1024 }), hash);
  return hash.digest("hex");
}
