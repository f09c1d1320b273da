// What every part of the upload service shares (server/services/uploads/upload-service.ts): its settings,
// the tus store, the registered purposes, the upload locks (a PostgreSQL lock connection opened at the first
// lock), and the reads of an upload's row and of how many of its bytes are stored.
import path from "node:path";
import { eq } from "drizzle-orm";
import { uploads } from "../../../db/schema";
import { UPLOAD_EXPIRY_MS } from "../../../domain/uploads";
import { createPgLocker, type LockSession } from "./locker";
import { openLockSession } from "./lock-session";
import { createTusStore } from "./tus-store";
import type { PurposeDefinition, UploadRow, UploadServiceDeps } from "./upload-types";

export const HEAD_BYTES_DEFAULT = 64 * 1024;

export type UploadContext = ReturnType<typeof uploadContext>;

export function uploadContext(deps: UploadServiceDeps) {
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

  /** Closes the lock connection, if one was opened. */
  async function closeLocks(): Promise<void> {
    const open = session;
    session = null;
    if (open) await (await open.catch(() => null))?.close();
  }

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

  /** An upload still `receiving` whose bytes are all stored (the process stopped between the last byte and the claim). */
  async function allBytesStored(row: UploadRow): Promise<boolean> {
    try {
      const upload = await tus.store.getUpload(tus.storeId(row.id));
      return upload.size !== undefined && upload.offset === upload.size;
    } catch {
      return false;
    }
  }

  const findRow = async (id: string) => (await db.select().from(uploads).where(eq(uploads.id, id)))[0] ?? null;
  const findOwn = async (userId: number, id: string) => {
    if (!/^[0-9a-f]{32}$/.test(id)) return null;
    const row = await findRow(id);
    return row && row.userId === userId ? row : null;
  };

  return { config, log, db, expiryMs, headBytes, tmpDir, tus, purposes, locker, closeLocks, purposeOf, withLock, allBytesStored, findRow, findOwn };
}
