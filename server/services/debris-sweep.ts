import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "../../db/client";
import { sql } from "drizzle-orm";
import { orderFiles } from "../../db/schema";
import type { FileStorage } from "../integrations/storage/storage";

/** Debris is deleted once it is older than this: nothing still being written is that old. */
export const DEBRIS_AGE_MS = 60 * 60_000;

export type DebrisPlace = {
  dir: string;
  /** Every file under `dir` is debris (a temporary folder), or only half-written ones (`.partial`, `~<hex>.tmp`). */
  everything: boolean;
};

/** A half-written file: the mail transport's `.partial`, the disk storage's `<key>~<hex>.tmp`. */
export function isHalfWritten(name: string): boolean {
  return name.endsWith(".partial") || /~[0-9a-f]{12}\.tmp$/.test(name);
}

/**
 * Deletes the files a killed process left behind: temporary uploads and half-written files older
 * than `olderThanMs`. Missing folders are fine. Returns how many files were removed.
 */
export async function sweepDebris(places: DebrisPlace[], options: { now?: Date; olderThanMs?: number } = {}): Promise<number> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.olderThanMs ?? DEBRIS_AGE_MS);
  let removed = 0;
  async function walk(dir: string, everything: boolean): Promise<void> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await walk(full, everything);
        continue;
      }
      if (!entry.isFile() || !(everything || isHalfWritten(entry.name))) continue;
      try {
        if ((await fs.stat(full)).mtimeMs >= cutoff) continue;
        await fs.rm(full, { force: true });
        removed += 1;
      } catch {
        // gone meanwhile
      }
    }
  }
  for (const place of places) await walk(place.dir, place.everything);
  return removed;
}

/** Every artwork object lives in its version's folder, `orders/<group>/<item>/v<n>-<uuid>/`. */
const ARTWORK_ROOT = "orders/";
const folderOf = (key: string) => key.slice(0, key.lastIndexOf("/") + 1);

/**
 * Deletes stored artwork that no file row names, once older than `olderThanMs`: the objects of an upload
 * whose process died between storing them and writing the row. A younger object may belong to an upload
 * still being saved, so it stays. Returns how many objects were removed.
 */
export async function sweepOrphanObjects(storage: FileStorage, db: Db, options: { now?: Date; olderThanMs?: number } = {}): Promise<number> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.olderThanMs ?? DEBRIS_AGE_MS);
  const rows = await db.select({ pdfKey: orderFiles.pdfKey }).from(orderFiles);
  const named = new Set(rows.map((row) => folderOf(row.pdfKey)));
  const orphanFolders = new Set<string>();
  for await (const object of storage.list(ARTWORK_ROOT)) {
    const folder = folderOf(object.key);
    if (!named.has(folder) && object.modifiedAt.getTime() < cutoff) orphanFolders.add(folder);
  }
  let removed = 0;
  for (const folder of orphanFolders) {
    // Checked again just before: a row written since the listing keeps its folder.
    const [row] = await db.select({ id: orderFiles.id }).from(orderFiles).where(sql`${orderFiles.pdfKey} like ${`${folder}%`}`).limit(1);
    if (row) continue;
    await storage.deletePrefix(folder);
    removed += 1;
  }
  return removed;
}

/**
 * Sweeps now and then every `intervalMs` (the timer does not keep the process alive); returns a stop function.
 * `ownsEverythingBefore`: this process is the only one using its folders (PGlite's lock says so), so at start
 * whatever was written before it started is a dead process's, however young; the first sweep takes it all.
 */
export function startDebrisSweeper(
  places: DebrisPlace[],
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  intervalMs = 60 * 60_000,
  orphans?: { storage: FileStorage; db: Db },
  ownsEverythingBefore?: Date,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let first = true;
  const run = () => {
    if (running) return;
    const cutoff = first && ownsEverythingBefore ? { now: ownsEverythingBefore, olderThanMs: 0 } : {};
    first = false;
    running = sweepDebris(places, cutoff)
      .then(async (removed) => {
        if (removed > 0) log.info({ removed }, "removed files left by an interrupted upload or write");
        const folders = orphans ? await sweepOrphanObjects(orphans.storage, orphans.db, cutoff) : 0;
        if (folders > 0) log.info({ folders }, "removed stored artwork no order refers to");
      })
      .catch((error: unknown) => log.warn({ err: String(error) }, "debris sweep failed"))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
