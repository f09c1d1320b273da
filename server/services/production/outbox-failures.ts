// The mail outbox's failures as staff see them (server/services/production-service.ts): the latest failed
// mails, and one sent back to the queue for another try.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { emailOutbox } from "../../../db/schema";
import type { ProductionContext } from "./production-context";
import type { ProductionService } from "./production-types";

export function outboxFailures(context: ProductionContext): Pick<ProductionService, "failedEmails" | "requeueEmail"> {
  const { db, sender } = context;
  return {
    async failedEmails() {
      return db.select().from(emailOutbox).where(eq(emailOutbox.status, "failed")).orderBy(desc(emailOutbox.id)).limit(200);
    },

    async requeueEmail(id) {
      const rows = await db
        .update(emailOutbox)
        .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
        .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["failed"])))
        .returning({ id: emailOutbox.id });
      if (rows.length > 0) sender.kick();
      return rows.length > 0;
    },
  };
}
