// Removing uploads (part of server/services/uploads/upload-service.ts): a failed one its owner dismisses,
// and the sweep, which deletes expired unfinished uploads under their lock, takes over stalled completions
// and those whose bytes all arrived, and forgets finished rows after a week (held ones once they expire).
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { uploads } from "../../../db/schema";
import type { UploadContext } from "./upload-context";
import type { UploadService } from "./upload-types";

/** Finished uploads' rows are kept this long for the outcome call, then forgotten. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;

/** `finish`: the completion's claim-and-run (upload-completion.ts), for the completions the sweep takes over. */
export function uploadSweep(context: UploadContext, finish: UploadService["finish"]): Pick<UploadService, "forget" | "sweep"> {
  const { log, db, tus, purposes, withLock, allBytesStored } = context;
  return {
    async forget(id) {
      await tus.remove(id);
      await db.delete(uploads).where(eq(uploads.id, id));
    },

    async sweep(now = new Date()) {
      let expired = 0;
      let resumed = 0;
      let forgotten = 0;
      const stale = await db.select().from(uploads).where(and(eq(uploads.state, "receiving"), lt(uploads.expiresAt, now)));
      for (const row of stale) {
        // Under the upload's lock: a PATCH still running on it is asked to stop first.
        await withLock(row.id, () => tus.remove(row.id));
        await db.delete(uploads).where(and(eq(uploads.id, row.id), eq(uploads.state, "receiving")));
        expired += 1;
      }
      const stalled = await db.select().from(uploads).where(and(eq(uploads.state, "processing"), lt(uploads.processingUntil, now)));
      const arrived = await db.select().from(uploads).where(and(eq(uploads.state, "receiving"), lt(uploads.createdAt, new Date(now.getTime() - 60_000))));
      for (const row of stalled) {
        await finish(row.id);
        resumed += 1;
      }
      for (const row of arrived) {
        if (!(await allBytesStored(row))) continue;
        await finish(row.id);
        resumed += 1;
      }
      // Held files nobody claimed expire like unfinished ones; other finished rows are forgotten after a week.
      const holding = [...purposes.values()].filter((p) => p.hold).map((p) => p.name);
      const finished = await db
        .select()
        .from(uploads)
        .where(
          or(
            and(inArray(uploads.state, ["done", "failed"]), lt(uploads.completedAt, new Date(now.getTime() - KEEP_FINISHED_MS))),
            holding.length > 0 ? and(eq(uploads.state, "done"), inArray(uploads.purpose, holding), lt(uploads.expiresAt, now)) : sql`false`,
          ),
        );
      for (const row of finished) {
        await tus.remove(row.id).catch((error: unknown) => log.warn({ err: String(error), uploadId: row.id }, "could not delete an old upload's bytes"));
        await db.delete(uploads).where(eq(uploads.id, row.id));
        forgotten += 1;
      }
      return { expired, resumed, forgotten };
    },
  };
}
