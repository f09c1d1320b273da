// The editor's pictures once nothing needs them (ADR 041). A picture is in use while a design of its owner
// names it, or a checkout of its owner does (its print file is made from the checkout's copy of the design
// after payment, and may be made again): pending or awaiting approval, or made in the last 30 days. A
// picture of a deleted draft that nothing else uses goes with the draft; one uploaded and never used is
// swept once older than a week (the editor uploads before the design is saved).
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { checkouts, designImages, designs } from "../../db/schema";
import { designImageIds } from "../../domain/design/schema";
import type { FileStorage } from "../integrations/storage/storage";

/** A checkout younger than this may still have its designs made into print files. */
export const CHECKOUT_KEEPS_PICTURES_MS = 30 * 24 * 60 * 60_000;
/** A picture no design names is kept this long after its upload, for the editor that has not saved yet. */
export const UNUSED_PICTURE_GRACE_MS = 7 * 24 * 60 * 60_000;

/** Of `ids` (pictures of `userId`), those a design or a live checkout of the same customer names. */
async function inUse(db: Db, userId: number, ids: string[], now: Date): Promise<Set<string>> {
  const used = new Set<string>();
  const wanted = new Set(ids);
  for (const row of await db.select({ document: designs.document }).from(designs).where(eq(designs.userId, userId))) {
    for (const id of designImageIds(row.document)) if (wanted.has(id)) used.add(id);
  }
  const since = new Date(now.getTime() - CHECKOUT_KEEPS_PICTURES_MS);
  const live = await db
    .select({ lines: sql<string>`${checkouts.lines}::text` })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), sql`(${checkouts.status} in ('pending', 'requested') or ${checkouts.createdAt} > ${since})`, sql`${checkouts.lines}::text like '%"design"%'`));
  for (const row of live) for (const id of ids) if (row.lines.includes(id)) used.add(id);
  return used;
}

/** Deletes the customer's pictures among `ids` that nothing uses any more (rows, then their stored files). */
export async function releasePictures(db: Db, storage: FileStorage, userId: number, ids: string[], now = new Date()): Promise<number> {
  if (ids.length === 0) return 0;
  const used = await inUse(db, userId, ids, now);
  const unused = ids.filter((id) => !used.has(id));
  if (unused.length === 0) return 0;
  const removed = await db
    .delete(designImages)
    .where(and(eq(designImages.userId, userId), inArray(designImages.id, unused)))
    .returning({ keyPrefix: designImages.keyPrefix });
  // A row deleted whose files outlive a crash here is left to the orphan sweep (design-images/ has no row).
  for (const row of removed) await storage.deletePrefix(`${row.keyPrefix}/`);
  return removed.length;
}

/** Every customer's pictures older than the grace period that nothing uses: deleted. Answers how many. */
export async function sweepUnusedPictures(db: Db, storage: FileStorage, options: { now?: Date; graceMs?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - (options.graceMs ?? UNUSED_PICTURE_GRACE_MS));
  const old = await db.select({ id: designImages.id, userId: designImages.userId }).from(designImages).where(lt(designImages.createdAt, before));
  const byUser = new Map<number, string[]>();
  for (const row of old) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.id]);
  let removed = 0;
  for (const [userId, ids] of byUser) removed += await releasePictures(db, storage, userId, ids, now);
  return removed;
}
