// Failed sign-ins counted and locked (server/services/account-service.ts): the limits, the refusal while
// locked, and the counts in the login_throttle table, shared by every process.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { loginThrottle } from "../../../db/schema";
import { retryAfterPhrase } from "../../../domain/retry";

/**
 * Failed sign-ins, counted in the database (shared by every process):
 * - per account and client address together: 5 in 15 minutes locks that pair for 15 minutes;
 * - per client address, over all accounts: 20 in 15 minutes locks the address;
 * - per account, from anywhere: past 50 in an hour the account is under attack, and a right password
 *   no longer opens a session by itself: it sends the owner a one-time link instead. Nobody else's
 *   failures ever lock the owner out: they only change how the owner signs in.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  lockMinutes: 15,
  perPair: 5,
  perAddress: 20,
  accountLinkThreshold: 50,
  accountWindowMinutes: 60,
} as const;

/** The sign-in refusal while a pair or an address is locked. */
export function signInThrottledMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts from here. Please try again ${retryAfterPhrase(retryAfterSeconds)}, or reset your password.`;
}

/** The seconds until the last of these keys unlocks, or null when none is locked. */
export async function lockedFor(db: Db, keys: string[]): Promise<number | null> {
  const rows = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${loginThrottle.lockedUntil} - now())))::int` })
    .from(loginThrottle)
    .where(and(sql`${loginThrottle.key} in ${keys}`, gt(loginThrottle.lockedUntil, sql`now()`)));
  if (rows.length === 0) return null;
  return Math.max(1, ...rows.map((row) => Number(row.seconds)));
}

/**
 * Counts one failure against a key; the insert-or-update is one statement, safe across processes. A
 * null limit only counts (the per-account figure), it never locks.
 */
export async function recordFailure(db: Db, key: string, limit: number | null, windowMinutes: number = LOGIN_LIMITS.windowMinutes): Promise<void> {
  const window = `${windowMinutes} minutes`;
  const lock = `${LOGIN_LIMITS.lockMinutes} minutes`;
  if (limit === null) {
    await db.execute(sql`
      insert into login_throttle (key, failures, window_started_at, locked_until) values (${key}, 1, now(), null)
      on conflict (key) do update set
        failures = case when login_throttle.window_started_at < now() - ${window}::interval then 1 else login_throttle.failures + 1 end,
        window_started_at = case when login_throttle.window_started_at < now() - ${window}::interval then now() else login_throttle.window_started_at end`);
    return;
  }
  await db.execute(sql`
    insert into login_throttle (key, failures, window_started_at, locked_until)
    values (${key}, 1, now(), case when 1 >= ${limit} then now() + ${lock}::interval end)
    on conflict (key) do update set
      failures = case when login_throttle.window_started_at < now() - ${window}::interval then 1 else login_throttle.failures + 1 end,
      window_started_at = case when login_throttle.window_started_at < now() - ${window}::interval then now() else login_throttle.window_started_at end,
      locked_until = case
        when (case when login_throttle.window_started_at < now() - ${window}::interval then 1 else login_throttle.failures + 1 end) >= ${limit}
        then now() + ${lock}::interval
        else login_throttle.locked_until end`);
}

/** True when the account's failures from everywhere, this hour, pass the link threshold. */
export async function underAttack(db: Db, accountKey: string): Promise<boolean> {
  const [row] = await db
    .select({ failures: loginThrottle.failures })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, accountKey), gt(loginThrottle.windowStartedAt, sql`now() - ${`${LOGIN_LIMITS.accountWindowMinutes} minutes`}::interval`)));
  return (row?.failures ?? 0) >= LOGIN_LIMITS.accountLinkThreshold;
}
