import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { counters } from "../../db/schema";

/** The gap-free series the shop numbers its documents from (rows of `counters`). */
export type Series = "invoice" | "credit_note" | "quote";

/**
 * The next number of a series, taken inside the writer's transaction: the counter row stays locked until it
 * commits, so two writers are numbered one after the other, and a transaction that rolls back gives its number
 * back. Numbers run 1, 2, 3 … with no gap.
 */
export async function nextNumber(t: Tx, series: Series): Promise<number> {
  const [row] = await t
    .insert(counters)
    .values({ name: series, value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}
