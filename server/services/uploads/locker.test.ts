// The advisory-lock locker's own rules, over a stand-in for PostgreSQL's advisory locks: two "processes"
// (two lockers) share one lock table, each with its own session, as two shop processes share PostgreSQL.
// The real thing runs in server/resumable-uploads.int.test.ts (two processes on PostgreSQL).
import { ERRORS } from "@tus/utils";
import { describe, expect, it } from "vitest";
import { createPgLocker, lockKey, type LockSession } from "./locker";

/** One database's advisory locks: a key is held by one session at a time (re-entrant for that session, as in PostgreSQL). */
function database() {
  const holders = new Map<string, string>();
  const lockers = new Map<string, ReturnType<typeof createPgLocker>>();
  const session = (name: string): LockSession => ({
    tryLock: async (key) => {
      const holder = holders.get(key);
      if (holder && holder !== name) return false;
      holders.set(key, name);
      return true;
    },
    unlock: async (key) => {
      if (holders.get(key) === name) holders.delete(key);
    },
    // NOTIFY: every other process hears it.
    askRelease: async (id) => {
      for (const [other, locker] of lockers) if (other !== name) locker.releaseRequested(id);
    },
    close: async () => {},
  });
  const process = (name: string, acquireTimeoutMs = 2000) => {
    const locker = createPgLocker(session(name), { acquireTimeoutMs });
    lockers.set(name, locker);
    return locker;
  };
  return { process, holders };
}

const never = () => new AbortController().signal;

describe("the upload locker", () => {
  it("gives one request the lock; a second request of the same process asks it to let go and gets it after", async () => {
    const db = database();
    const one = db.process("one");
    const first = one.newLock("u1");
    let asked = 0;
    await first.lock(never(), () => {
      asked += 1;
      setTimeout(() => void first.unlock(), 50);
    });
    const second = one.newLock("u1");
    const started = Date.now();
    await second.lock(never(), () => {});
    expect(asked).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect(db.holders.get(lockKey("u1"))).toBe("one");
    await second.unlock();
    expect(db.holders.size).toBe(0);
  });

  it("asks a holder in another process to let go (NOTIFY), and takes the lock once it has", async () => {
    const db = database();
    const [a, b] = [db.process("a"), db.process("b")];
    const held = a.newLock("u2");
    await held.lock(never(), () => {
      setTimeout(() => void held.unlock(), 30);
    });
    const taker = b.newLock("u2");
    await taker.lock(never(), () => {});
    expect(db.holders.get(lockKey("u2"))).toBe("b");
    await taker.unlock();
  });

  it("times out when the holder never lets go, and never hands out a held lock", async () => {
    const db = database();
    const [a, b] = [db.process("a"), db.process("b", 300)];
    const held = a.newLock("u3");
    await held.lock(never(), () => {});
    await expect(b.newLock("u3").lock(never(), () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(db.holders.get(lockKey("u3"))).toBe("a");
    await held.unlock();
  });

  it("stops waiting when the request is aborted", async () => {
    const db = database();
    const one = db.process("one");
    await one.newLock("u4").lock(never(), () => {});
    const controller = new AbortController();
    const waiting = one.newLock("u4").lock(controller.signal, () => {});
    setTimeout(() => controller.abort(), 50);
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  it("locks different uploads independently, and tells its holders to stop when the lock connection is lost", async () => {
    const db = database();
    const one = db.process("one");
    const stopped: string[] = [];
    await one.newLock("x").lock(never(), () => void stopped.push("x"));
    await one.newLock("y").lock(never(), () => void stopped.push("y"));
    expect(one.held().sort()).toEqual(["x", "y"]);
    one.sessionLost();
    expect(stopped.sort()).toEqual(["x", "y"]);
  });
});
