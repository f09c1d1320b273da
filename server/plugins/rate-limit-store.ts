// The rate limits' counts in PostgreSQL, so N processes on one database allow exactly the configured
// limit between them (in memory, each would allow it again). One statement counts a request and
// answers the count and the time left: the insert-or-update takes the row's lock, so concurrent
// requests from any process are counted one after another and exactly one of them is the (max+1)th.
// On PGlite there is one process and the plugin's own memory store is used.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

type Answer = { current: number; ttl: number };
type Callback = (error: Error | null, answer?: Answer) => void;

/**
 * What @fastify/rate-limit calls a store: `incr` counts, `read` looks without counting, `child` is one
 * route's store (the plugin passes the route as `routeInfo`, beside the declared options).
 */
export type RateLimitStore = FastifyRateLimitStore & { read: (key: string, callback: Callback, timeWindow: number, max: number) => void };
type ChildOptions = Parameters<FastifyRateLimitStore["child"]>[0] & { routeInfo?: { method?: string; url?: string } };

/** Milliseconds until the window ends, whole and rounded up. */
const timeLeft = sql<string>`ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000)::bigint`;

const rowAnswer = (row: { hits: number; ttl: number | string } | undefined): Answer => ({ current: Number(row?.hits ?? 0), ttl: Math.max(0, Number(row?.ttl ?? 0)) });

/** A store constructor for the plugin's `store` option (it calls `new Store(globalParams)`). */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  function make(prefix: string): RateLimitStore {
    return {
      incr(key, callback, timeWindow) {
        const lapsed = sql`${rateLimits.resetAt} <= now()`;
        db.insert(rateLimits)
          .values({ key: prefix + key, hits: 1, resetAt: sql`now() + ${timeWindow} * interval '1 millisecond'`, windowMs: timeWindow })
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: {
              hits: sql`case when ${lapsed} then 1 else ${rateLimits.hits} + 1 end`,
              resetAt: sql`case when ${lapsed} then excluded.reset_at else ${rateLimits.resetAt} end`,
              windowMs: sql`excluded.window_ms`,
            },
          })
          .returning({ hits: rateLimits.hits, ttl: timeLeft })
          .then(
            (rows) => callback(null, rowAnswer(rows[0])),
            (error: unknown) => callback(error as Error),
          );
      },
      read(key, callback) {
        db.select({ hits: rateLimits.hits, ttl: timeLeft })
          .from(rateLimits)
          .where(and(eq(rateLimits.key, prefix + key), gt(rateLimits.resetAt, sql`now()`)))
          .then(
            (rows) => callback(null, rowAnswer(rows[0])),
            (error: unknown) => callback(error as Error),
          );
      },
      child: (routeOptions: ChildOptions) => make(`${routeOptions.routeInfo?.method ?? ""} ${routeOptions.routeInfo?.url ?? routeOptions.url} `),
    };
  }
  return function Store(this: unknown) {
    return make("");
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Deletes counts whose window has passed; answers how many. */
export async function sweepRateLimits(db: Db, now = new Date()): Promise<number> {
  const removed = await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  return removed.length;
}
