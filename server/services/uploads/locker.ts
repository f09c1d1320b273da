// The tus server's locker on PostgreSQL advisory locks, so two processes never write one upload at once.
//
// Each process keeps ONE connection for its upload locks (session-level advisory locks belong to the
// connection that took them). Within the process, the same connection would grant a lock it already holds
// again, so a local table says which uploads this process holds; across processes PostgreSQL decides. A
// request that finds the lock taken asks the holder to let go, as tus wants (the holder's request is
// cancelled and its bytes so far are kept): a holder in this process directly, one in another process by
// NOTIFY on `upload_lock_release`. On PGlite (one process by its folder lock) the same code runs on its
// single connection.
//
// If the lock connection breaks, PostgreSQL has already released every lock it held: the holders here
// are told to let go at once, and the connection is opened again for the next lock.
import { createHash } from "node:crypto";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";

export const LOCK_RELEASE_CHANNEL = "upload_lock_release";

/** The connection the locks are taken on, and the channel to other processes. */
export type LockSession = {
  tryLock(key: string): Promise<boolean>;
  unlock(key: string): Promise<void>;
  /** Asks the process holding `id` (if another) to let go. */
  askRelease(id: string): Promise<void>;
  close(): Promise<void>;
};

/** The advisory lock key of an upload id: 64 bits of its SHA-256, as a signed bigint in decimal. */
export function lockKey(id: string): string {
  return createHash("sha256").update(`tus-upload:${id}`).digest().readBigInt64BE(0).toString();
}

type Held = { requestRelease: RequestRelease; asked: boolean };

export type PgLocker = Locker & {
  /** Another process asked for `id`: our holder, if any, lets go. */
  releaseRequested(id: string): void;
  /** The lock connection broke: every lock held here is gone. */
  sessionLost(): void;
  /** Upload ids whose lock this process holds now. */
  held(): string[];
};

const POLL_MS = [20, 50, 100, 200, 250];
const ASK_AGAIN_MS = 1000;

export function createPgLocker(session: LockSession, options: { acquireTimeoutMs?: number } = {}): PgLocker {
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
  const held = new Map<string, Held>();
  const waiters = new Map<string, Set<() => void>>();

  const wake = (id: string) => {
    for (const resolve of waiters.get(id) ?? []) resolve();
    waiters.delete(id);
  };
  const waitFor = (id: string, ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        waiters.get(id)?.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener("abort", done, { once: true });
      let set = waiters.get(id);
      if (!set) waiters.set(id, (set = new Set()));
      set.add(done);
    });

  const askLocalHolder = async (id: string) => {
    const holder = held.get(id);
    if (!holder || holder.asked) return;
    holder.asked = true;
    await holder.requestRelease();
  };

  function newLock(id: string): Lock {
    const key = lockKey(id);
    let mine: Held | null = null;
    return {
      async lock(signal, requestRelease) {
        const deadline = Date.now() + acquireTimeoutMs;
        let attempt = 0;
        let askedOthersAt = 0;
        for (;;) {
          if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
          if (!held.has(id)) {
            // Reserved here first, so no other request of this process can take it on the shared connection meanwhile.
            const entry: Held = { requestRelease, asked: false };
            held.set(id, entry);
            let ok: boolean;
            try {
              ok = await session.tryLock(key);
            } catch (error) {
              held.delete(id);
              wake(id);
              throw error;
            }
            if (ok) {
              mine = entry;
              return;
            }
            held.delete(id);
            wake(id);
            if (Date.now() - askedOthersAt >= ASK_AGAIN_MS) {
              askedOthersAt = Date.now();
              await session.askRelease(id).catch(() => {});
            }
          } else {
            await askLocalHolder(id);
          }
          if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
          await waitFor(id, POLL_MS[Math.min(attempt, POLL_MS.length - 1)]!, signal);
          attempt += 1;
        }
      },
      async unlock() {
        if (!mine || held.get(id) !== mine) throw new Error("Releasing an unlocked lock!");
        try {
          await session.unlock(key);
        } finally {
          held.delete(id);
          mine = null;
          wake(id);
        }
      },
    };
  }

  return {
    newLock,
    releaseRequested(id) {
      void askLocalHolder(id);
    },
    sessionLost() {
      for (const id of held.keys()) void askLocalHolder(id);
    },
    held: () => [...held.keys()],
  };
}
