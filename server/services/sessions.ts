// Bearer sessions: opaque tokens stored hashed, expiring after SESSION_DAYS, revocable (docs/decisions/004-accounts-and-access.md).
// The account service opens and revokes them; the auth plugin asks `authenticate` on every signed-in call.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, users, type UserRole } from "../../db/schema";
import { isWellFormedToken, newOpaqueToken, tokenHash } from "./tokens";

export const SESSION_DAYS = 30;
/** A session's last-used time is written at most this often, so a signed-in call stays one read. */
const LAST_USED_RESOLUTION_MS = 60 * 60_000;
const SESSION_CACHE_LIMIT = 10_000;
const SESSION_CACHE_MS = 60_000;

export type AuthUser = { userId: number; role: UserRole; sessionId: number };

export type SessionStore = {
  /** A new session for the user (inside `tx` when given); answers its token, which is never stored. */
  open(userId: number, tx?: Db): Promise<string>;
  /** The session behind a bearer token, or null when unknown, revoked or expired. One indexed read. */
  authenticate(token: string): Promise<AuthUser | null>;
  revoke(sessionId: number): Promise<void>;
  /** Drops cached sessions that match, after their rows were revoked or deleted in the database. */
  forget(match: (user: AuthUser) => boolean): void;
};

/**
 * `cacheSessions`: keep recent sessions in memory. Only for PGlite, where this process is the database's
 * only user (the data folder is locked), so every revocation passes through here and is applied to the
 * cache at once. With PostgreSQL other processes may revoke a session, so every call asks the database.
 */
export function createSessionStore(db: Db, options: { cacheSessions?: boolean } = {}): SessionStore {
  const cache = options.cacheSessions ? new Map<string, { user: AuthUser; expiresAt: number; cachedAt: number }>() : null;
  const forget = (match: (user: AuthUser) => boolean) => {
    if (!cache) return;
    for (const [key, entry] of cache) if (match(entry.user)) cache.delete(key);
  };

  return {
    forget,

    async open(userId, tx = db) {
      const token = newOpaqueToken();
      await tx.insert(sessions).values({
        tokenHash: tokenHash(token),
        userId,
        expiresAt: sql`now() + ${`${SESSION_DAYS} days`}::interval`,
      });
      return token;
    },

    async authenticate(token) {
      if (!isWellFormedToken(token)) return null;
      const hash = tokenHash(token);
      const now = Date.now();
      const cached = cache?.get(hash);
      if (cached && cached.expiresAt > now && now - cached.cachedAt < SESSION_CACHE_MS) return cached.user;
      const [row] = await db
        .select({ sessionId: sessions.id, userId: sessions.userId, role: users.role, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
        .limit(1);
      if (!row) {
        cache?.delete(hash);
        return null;
      }
      if (now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        // Bookkeeping only: the request does not wait for it, and a failure loses nothing that matters.
        db.update(sessions)
          .set({ lastUsedAt: sql`now()` })
          .where(eq(sessions.id, row.sessionId))
          .catch(() => {});
      }
      const user: AuthUser = { userId: row.userId, role: row.role, sessionId: row.sessionId };
      if (cache) {
        if (cache.size >= SESSION_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
        cache.set(hash, { user, expiresAt: row.expiresAt.getTime(), cachedAt: now });
      }
      return user;
    },

    async revoke(sessionId) {
      forget((user) => user.sessionId === sessionId);
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
  };
}
