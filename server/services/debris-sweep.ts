import fs from "node:fs/promises";
import path from "node:path";

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

/** Sweeps now and then every `intervalMs` (the timer does not keep the process alive); returns a stop function. */
export function startDebrisSweeper(
  places: DebrisPlace[],
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  intervalMs = 60 * 60_000,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = sweepDebris(places)
      .then((removed) => {
        if (removed > 0) log.info({ removed }, "removed files left by an interrupted upload or write");
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
