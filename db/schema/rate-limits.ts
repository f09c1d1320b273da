import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Request counts per client and route, shared by every process on one PostgreSQL (on PGlite, the only
 * process counts in memory). A row counts from its first request until `resetAt`; the next request
 * after that starts it again at 1. Expired rows are swept.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
    /** The window this count runs over, in ms: for whoever reads the table (the shop itself reads `resetAt`). */
    windowMs: bigint("window_ms", { mode: "number" }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);
