import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One row per one-off data step (the catalogue seed), so a data folder is seeded exactly once. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
});
