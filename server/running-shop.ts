// What a running shop says about itself in its data folder, for `npm run staff`: which database it uses and
// the address its links carry. The command refuses to write to another database than the running shop's
// (a staff member added there could never sign in), and prints links at the shop's public address.
import fs from "node:fs";
import path from "node:path";

export type RunningShop = { pid: number; database: string; publicUrl: string };

export function runningShopPath(dataDir: string): string {
  return path.join(dataDir, "running-shop.json");
}

/** The database a configuration writes to, named without its password: "postgres://host:5432/db" or "PGlite in /abs/data". */
export function databaseIdentity(config: { databaseUrl: string | undefined; dataDir: string }): string {
  if (!config.databaseUrl) return `PGlite in ${path.resolve(config.dataDir)}`;
  try {
    const url = new URL(config.databaseUrl);
    return `postgres://${url.hostname}:${url.port || "5432"}${url.pathname || "/"}`;
  } catch {
    return "PostgreSQL at an address that is not a URL";
  }
}

export function writeRunningShop(dataDir: string, shop: RunningShop): void {
  fs.writeFileSync(runningShopPath(dataDir), `${JSON.stringify(shop)}\n`, { mode: 0o600 });
}

/** Removes the note if it is this process's own (another process of the shop may have written it since). */
export function removeRunningShop(dataDir: string, pid: number): void {
  const shop = readNote(dataDir);
  if (shop?.pid === pid) fs.rmSync(runningShopPath(dataDir), { force: true });
}

function readNote(dataDir: string): RunningShop | null {
  try {
    const note = JSON.parse(fs.readFileSync(runningShopPath(dataDir), "utf8")) as Partial<RunningShop>;
    if (typeof note.pid !== "number" || typeof note.database !== "string" || typeof note.publicUrl !== "string") return null;
    return { pid: note.pid, database: note.database, publicUrl: note.publicUrl };
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The shop running from this data folder, if one is (a note left by a process that died is ignored). */
export function readRunningShop(dataDir: string): RunningShop | null {
  const note = readNote(dataDir);
  return note && alive(note.pid) ? note : null;
}

/** Refuses a command that would write to another database than the running shop's, saying why and what to do. */
export function checkSameDatabase(ours: string, shop: RunningShop | null): { ok: true } | { ok: false; message: string } {
  if (!shop || shop.database === ours) return { ok: true };
  return {
    ok: false,
    message:
      `The shop running from this data folder (process ${shop.pid}) uses ${shop.database}, but this command would write to ${ours}. ` +
      "Nothing was changed. Run it with the shop's DATABASE_URL (and DATA_DIR), so the account is made where the shop can see it.",
  };
}
