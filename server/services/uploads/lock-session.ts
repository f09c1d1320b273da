// The connection a process takes its upload locks on (see locker.ts).
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { sql } from "drizzle-orm";
import type { DbHandle } from "../../../db/client";
import { LOCK_RELEASE_CHANNEL, type LockSession } from "./locker";

type Listener = { onReleaseRequested: (id: string) => void; onLost: () => void; warn: (obj: object, msg: string) => void };

/**
 * PostgreSQL: one connection taken from the pool and kept (session-level advisory locks live on it), opened
 * again after a loss; release requests go out and come in by NOTIFY/LISTEN. PGlite: its one connection.
 */
export async function openLockSession(handle: DbHandle, listener: Listener): Promise<LockSession> {
  if (handle.kind === "pglite") {
    const run = async (query: ReturnType<typeof sql>) => {
      const result = (await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
      return result.rows[0] ?? {};
    };
    return {
      tryLock: async (key) => (await run(sql`select pg_try_advisory_lock(${key}::bigint) as ok`)).ok === true,
      unlock: async (key) => {
        await run(sql`select pg_advisory_unlock(${key}::bigint)`);
      },
      // One process: a holder is always local, and the locker asks it directly.
      askRelease: async () => {},
      close: async () => {},
    };
  }

  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  let client: pg.PoolClient | null = null;
  let opening: Promise<pg.PoolClient> | null = null;
  let closed = false;
  const connection = (): Promise<pg.PoolClient> => {
    if (client) return Promise.resolve(client);
    opening ??= pool.connect().then(
      (next) => {
        next.on("error", (error) => {
          if (client !== next) return;
          client = null;
          next.release(error);
          if (!closed) {
            listener.warn({ err: String(error) }, "the upload lock connection was lost; every upload lock it held is released");
            listener.onLost();
          }
        });
        client = next;
        opening = null;
        return next;
      },
      (error: unknown) => {
        opening = null;
        throw error;
      },
    );
    return opening;
  };
  // "<process tag> <upload id>": a process ignores its own requests (its holders are asked directly).
  const tag = randomBytes(6).toString("hex");
  const stopListening = handle.listen
    ? await handle.listen(
        LOCK_RELEASE_CHANNEL,
        (payload) => {
          const [from, id] = payload.split(" ");
          if (from !== tag && id) listener.onReleaseRequested(id);
        },
        () => {},
      )
    : async () => {};
  return {
    async tryLock(key) {
      const result = await (await connection()).query<{ ok: boolean }>("select pg_try_advisory_lock($1::bigint) as ok", [key]);
      return result.rows[0]?.ok === true;
    },
    async unlock(key) {
      // After a lost connection the lock went with it: nothing to release.
      if (!client) return;
      await client.query("select pg_advisory_unlock($1::bigint)", [key]);
    },
    async askRelease(id) {
      await pool.query("select pg_notify($1, $2)", [LOCK_RELEASE_CHANNEL, `${tag} ${id}`]);
    },
    async close() {
      closed = true;
      await stopListening();
      const held = client;
      client = null;
      held?.release(true);
    },
  };
}
