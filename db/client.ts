import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * An open transaction. Functions whose row locks or writes only mean something inside one (a status
 * change, enqueueing an email with the change it reports) take this type, not `Db`.
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DbHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /**
   * PostgreSQL only: LISTEN on a channel over a connection of its own, kept open (reopened after a loss,
   * when `onReconnect` runs: notifications sent while it was down are gone). Answers a stop function.
   */
  listen?: (channel: string, onMessage: (payload: string) => void, onReconnect: () => void) => Promise<() => Promise<void>>;
};

// db/client.ts in development and build/server-main.js in production both sit one folder below the root.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const migrationsFolder = path.join(projectRoot, "db", "migrations");

export type CreateDbOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** A PGlite data-directory dump to start from (tests clone one prepared database per file). */
  loadDataDir?: Blob;
  /** Keep PGlite in memory (tests). */
  inMemory?: boolean;
  migrate?: boolean;
  /**
   * PostgreSQL only: called when the server drops an idle pooled connection (a restart, a failover, an
   * administrator). The pool opens a new connection for the next query; without a listener the pool's
   * error event would end the process. Defaults to one line on stderr.
   */
  onConnectionLost?: (error: Error) => void;
};

/** PGlite in `dataDir` when no DATABASE_URL is set, PostgreSQL otherwise. Applies migrations. */
export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl, options) : await openPglite(options);
  if (options.migrate !== false) {
    try {
      await applyMigrations(handle);
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }
  return handle;
}

const reportLostConnection = (error: Error) =>
  console.error(`PostgreSQL closed an idle connection (a new one is opened when needed): ${error.message}`);

async function openPostgres(url: string, options: CreateDbOptions): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", options.onConnectionLost ?? reportLostConnection);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: "postgres", close: () => pool.end(), listen: (channel, onMessage, onReconnect) => listenOn(url, channel, onMessage, onReconnect, options.onConnectionLost ?? reportLostConnection) };
}

const LISTEN_RETRY_MS = 1000;

async function listenOn(url: string, channel: string, onMessage: (payload: string) => void, onReconnect: () => void, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    next.on("error", (error) => {
      if (stopped || client !== next) return;
      onLost(error);
      client = null;
      void next.end().catch(() => {});
      schedule();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      open().then(onReconnect, (error: Error) => {
        onLost(error);
        schedule();
      });
    }, LISTEN_RETRY_MS);
    retry.unref();
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * PostgreSQL's own settings for PGlite (issue 39, "Memory within a budget"). Its default shared_buffers,
 * 128 MB, lives in the WebAssembly memory of the shop's process, which never gives memory back: 16 MB keeps
 * about 60 MB of resident memory out of every process (bench/README "Memory"); the files it reads stay in
 * the operating system's page cache, shared and reclaimable.
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

type PgliteModules = { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module };
let modules: Promise<PgliteModules> | null = null;

/**
 * PGlite's WebAssembly, compiled once per process. Left to itself PGlite compiles it again for every
 * database it opens: a test worker opens one per test file, and the compile was about 230 of the 1,050 ms
 * of CPU each open took (2-core machine, 27 Nov 2026). A module is code, not state: each database still
 * has its own memory and files, and an instance holds its module anyway, so a shop keeps nothing more.
 */
function pgliteModules(): Promise<PgliteModules> {
  modules ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const compile = async (name: string) => WebAssembly.compile(await fs.promises.readFile(path.join(dist, name)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile("pglite.wasm"), compile("initdb.wasm")]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  modules.catch(() => {
    modules = null;
  });
  return modules;
}

async function openPglite(options: CreateDbOptions): Promise<DbHandle> {
  let releaseLock = () => {};
  let client: PGlite;
  const shared = await pgliteModules();
  if (options.inMemory) {
    client = await PGlite.create({ ...shared, loadDataDir: options.loadDataDir, startParams: [...PGLITE_START_PARAMS] });
  } else {
    const dir = path.join(options.dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    releaseLock = takeLock(path.join(options.dataDir, "pglite.lock"));
    try {
      client = await PGlite.create(dir, { ...shared, loadDataDir: options.loadDataDir, startParams: [...PGLITE_START_PARAMS] });
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite lets two processes open one folder and corrupt it; a lock file naming the owner stops the
 * second. The lock holds the owner's pid, the boot it ran in and the pid's start time, so a pid that
 * a reboot or a long uptime gave to another process does not count as the owner: only a lock whose
 * process is the very one that wrote it is honoured; any other is taken over.
 */
function takeLock(lockPath: string): () => void {
  const mine = processIdentity(process.pid);
  const write = () => fs.writeFileSync(lockPath, mine, { flag: "wx" });
  try {
    write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = fs.readFileSync(lockPath, "utf8").trim();
    const pid = Number(owner.split("\n")[0]);
    if (pid && pid !== process.pid && holderAlive(pid, owner)) {
      throw new Error(
        `The data folder is in use by process ${pid} (${lockPath}). Stop that process or set DATA_DIR to another folder. ` +
          `If no shop or \`npm run staff\` command is running on this folder, delete ${lockPath} and start again.`,
        { cause: error },
      );
    }
    fs.rmSync(lockPath, { force: true });
    write();
  }
  return () => {
    try {
      if (fs.readFileSync(lockPath, "utf8").split("\n")[0]?.trim() === String(process.pid)) fs.rmSync(lockPath);
    } catch {
      // already gone
    }
  };
}

/** `pid`, then (on Linux) the boot id and the process's start time in clock ticks since boot. */
function processIdentity(pid: number): string {
  const boot = readOrNull("/proc/sys/kernel/random/boot_id")?.trim();
  const started = startTicks(pid);
  return boot && started ? `${pid}\n${boot}\n${started}` : String(pid);
}

function startTicks(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  // Field 22; the command name (field 2) may hold spaces, so count from its closing parenthesis.
  return stat ? (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null) : null;
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The lock's writer still runs: its pid is alive and, where the lock says so, it is the same boot and process start. */
function holderAlive(pid: number, lock: string): boolean {
  if (!isAlive(pid)) return false;
  const [, boot, started] = lock.split("\n");
  if (!boot || !started) return true; // an older lock (pid only): the pid is all we know
  return processIdentity(pid) === `${pid}\n${boot}\n${started}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const MIGRATION_LOCK_KEY = 727_001;

async function applyMigrations(handle: DbHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  // Several processes may start at once on PostgreSQL: one migrates, the others wait on the lock.
  const { db } = handle;
  const session = (db as unknown as { $client: pg.Pool }).$client;
  const client = await session.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    // Checked first, with reads alone: a shop whose role may only read and write the tables (docs/deploy.md,
    // ADR 046) starts on a migrated database; drizzle's migrator would ask to create its schema even then.
    const pending = await pendingMigrations(client);
    if (pending.length === 0) return;
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } catch (error) {
      // insufficient_privilege; drizzle wraps the driver's error in its own.
      const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (code !== "42501") throw error;
      const role = (await client.query<{ role: string }>("select current_user as role")).rows[0]?.role;
      throw new Error(
        `The database needs ${pending.length} migration(s) (${pending.join(", ")}) and role ${role} may not make them: ` +
          "run `npm run db:migrate` with the owner role's DATABASE_URL first (docs/deploy.md).",
        { cause: error },
      );
    }
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/** The migrations not yet applied, by name: those newer than the last one recorded (drizzle's migrator decides so too). */
async function pendingMigrations(client: pg.PoolClient): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  const table = await client.query<{ found: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as found");
  let lastMillis = -Infinity;
  if (table.rows[0]?.found) {
    const last = await client.query<{ created_at: string | null }>("select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1");
    if (last.rows[0]?.created_at != null) lastMillis = Number(last.rows[0].created_at);
  }
  return journal.entries.filter((entry) => entry.when > lastMillis).map((entry) => entry.tag);
}
