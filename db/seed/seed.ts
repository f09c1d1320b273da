import type { Db } from "../client";
import { promoCodes, seedRuns } from "../schema";
import { catalogue } from "./catalogue";
import { insertCatalogue } from "./insert-catalogue";

/** One-off data steps, each run once per database, in order. Add new steps at the end; never rename one. */
const steps: { name: string; run: (db: Db) => Promise<void> }[] = [
  { name: "catalogue-v1", run: (db) => insertCatalogue(db, catalogue) },
  {
    name: "promo-welcome-v1",
    run: async (db) => {
      // docs/decisions/008-promotions.md: 'Welcome' is 10% off for new customers.
      await db.insert(promoCodes).values({ code: "Welcome", percentBasisPoints: 1000, newCustomersOnly: true });
    },
  },
];

/** Seeds a fresh database. Safe when several processes start together: each step is claimed in its transaction. */
export async function seedIfFresh(db: Db): Promise<boolean> {
  let ranAny = false;
  for (const step of steps) {
    const ran = await db.transaction(async (tx) => {
      const claimed = await tx.insert(seedRuns).values({ name: step.name }).onConflictDoNothing().returning();
      if (claimed.length === 0) return false;
      await step.run(tx as unknown as Db);
      return true;
    });
    ranAny ||= ran;
  }
  return ranAny;
}
