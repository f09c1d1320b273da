import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "../../db/client";
import { eq, sql } from "drizzle-orm";
import { designFiles, designImages, designProofFiles, orderFiles } from "../../db/schema";
import { sweepUnusedPictures } from "./design-pictures";
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

const folderOf = (key: string) => key.slice(0, key.lastIndexOf("/") + 1);

/**
 * Where stored files live, each in its own folder, and which rows name those folders: artwork versions
 * (`orders/<group>/<item>/v<n>-<uuid>/`), the design service's brief and amends files
 * (`design/<group>/<item>/files/<uuid>/`) and proofs (`design/<group>/<item>/proof-<uuid>/d<n>/`), and the
 * editor's pictures (`design-images/<user>/<id>/`).
 */
type StoredRoot = { root: string; named(db: Db): Promise<Set<string>>; stillNamed(db: Db, folder: string): Promise<boolean> };

const like = (folder: string) => `${folder.replace(/[\\%_]/g, "\\$&")}%`;

const STORED_ROOTS: StoredRoot[] = [
  {
    root: "orders/",
    named: async (db) => new Set((await db.select({ key: orderFiles.pdfKey }).from(orderFiles)).map((row) => folderOf(row.key))),
    stillNamed: async (db, folder) => (await db.select({ id: orderFiles.id }).from(orderFiles).where(sql`${orderFiles.pdfKey} like ${like(folder)}`).limit(1)).length > 0,
  },
  {
    root: "design/",
    async named(db) {
      const files = await db.select({ key: designFiles.key }).from(designFiles);
      const proofs = await db.select({ key: designProofFiles.pdfKey }).from(designProofFiles);
      return new Set([...files, ...proofs].map((row) => folderOf(row.key)));
    },
    async stillNamed(db, folder) {
      const [file] = await db.select({ id: designFiles.id }).from(designFiles).where(sql`${designFiles.key} like ${like(folder)}`).limit(1);
      if (file) return true;
      return (await db.select({ id: designProofFiles.id }).from(designProofFiles).where(sql`${designProofFiles.pdfKey} like ${like(folder)}`).limit(1)).length > 0;
    },
  },
  {
    root: "design-images/",
    named: async (db) => new Set((await db.select({ keyPrefix: designImages.keyPrefix }).from(designImages)).map((row) => `${row.keyPrefix}/`)),
    stillNamed: async (db, folder) => (await db.select({ id: designImages.id }).from(designImages).where(eq(designImages.keyPrefix, folder.slice(0, -1))).limit(1)).length > 0,
  },
];

/**
 * Deletes stored files that no row names, once older than `olderThanMs`: artwork, design-service files and
 * proofs, and editor pictures whose process died between storing them and writing the row, or whose row
 * went without them. A younger object may belong to an upload still being saved, so it stays. Returns how
 * many folders were removed.
 */
export async function sweepOrphanObjects(storage: FileStorage, db: Db, options: { now?: Date; olderThanMs?: number } = {}): Promise<number> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.olderThanMs ?? DEBRIS_AGE_MS);
  let removed = 0;
  for (const place of STORED_ROOTS) {
    const named = await place.named(db);
    const orphanFolders = new Set<string>();
    for await (const object of storage.list(place.root)) {
      const folder = folderOf(object.key);
      if (!named.has(folder) && object.modifiedAt.getTime() < cutoff) orphanFolders.add(folder);
    }
    for (const folder of orphanFolders) {
      // Checked again just before: a row written since the listing keeps its folder.
      if (await place.stillNamed(db, folder)) continue;
      await storage.deletePrefix(folder);
      removed += 1;
    }
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
        const pictures = orphans ? await sweepUnusedPictures(orphans.db, orphans.storage) : 0;
        if (pictures > 0) log.info({ pictures }, "removed editor pictures no design or checkout uses");
        const folders = orphans ? await sweepOrphanObjects(orphans.storage, orphans.db, cutoff) : 0;
        if (folders > 0) log.info({ folders }, "removed stored files no row refers to");
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
