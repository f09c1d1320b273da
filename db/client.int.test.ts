import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "./client";
import { seedIfFresh } from "./seed/seed";
import { copyTemplateInto } from "../tests/setup/pglite-template";
import { postgresAdminUrl, testDatabaseKind, withDatabase } from "../tests/setup/test-database";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-db-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new folder holding a copy of the run's seeded template, closed again. */
async function seededDir(): Promise<string> {
  const dataDir = tempDir();
  await copyTemplateInto(dataDir);
  return dataDir;
}

// These tests are about the embedded database's folder; the PostgreSQL pass has nothing to add. Only the first
// is about a fresh folder: the others open a copy of the seeded template without migrating it, which is all a
// lock or a setting needs, and saves each PGlite's initdb and every migration.
describe.skipIf(testDatabaseKind() === "postgres")("createDb with PGlite in a data folder", () => {
  it("migrates and seeds a fresh folder once, and reopens it with the data kept", async () => {
    const dataDir = tempDir();
    const first = await createDb({ dataDir });
    expect(await seedIfFresh(first.db)).toBe(true);
    expect(await seedIfFresh(first.db)).toBe(false);
    const count = async (db: typeof first.db) =>
      Number(((await db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const products = await count(first.db);
    expect(products).toBeGreaterThanOrEqual(60);
    await first.close();

    const again = await createDb({ dataDir });
    expect(await seedIfFresh(again.db)).toBe(false);
    expect(await count(again.db)).toBe(products);
    await again.close();
  });

  it("runs PostgreSQL with 16 MB of shared buffers, not its default 128 MB held in the process's memory (issue 39)", async () => {
    const handle = await createDb({ dataDir: await seededDir(), migrate: false });
    const shown = (await handle.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
    expect(shown.rows[0]!.shared_buffers).toBe("16MB");
    await handle.close();
  });

  it("refuses a second process on the same folder while the first holds it", async () => {
    const dataDir = await seededDir();
    const handle = await createDb({ dataDir, migrate: false });
    // Another live process (this test's parent) appears to own the lock.
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.ppid));
    await expect(createDb({ dataDir, migrate: false })).rejects.toThrow(`The data folder is in use by process ${process.ppid}`);
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.pid));
    await handle.close();
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  });

  it("takes over a lock whose pid now belongs to another process (after a reboot or pid reuse), and says what to do when it must refuse", async () => {
    const dataDir = await seededDir();
    const lockPath = path.join(dataDir, "pglite.lock");
    const bootId = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const parentStart = fs.readFileSync(`/proc/${process.ppid}/stat`, "utf8").split(") ")[1]!.split(" ")[19]!;
    // The parent is alive, so its pid alone would block; a lock from another boot or process start is stale.
    for (const stale of [`${process.ppid}\nanother-boot\n${parentStart}`, `${process.ppid}\n${bootId}\n${Number(parentStart) + 1}`]) {
      fs.writeFileSync(lockPath, stale);
      const handle = await createDb({ dataDir, migrate: false });
      expect(fs.readFileSync(lockPath, "utf8").split("\n")[0]).toBe(String(process.pid));
      await handle.close();
    }
    fs.writeFileSync(lockPath, `${process.ppid}\n${bootId}\n${parentStart}`);
    await expect(createDb({ dataDir, migrate: false })).rejects.toThrow(`If no shop or \`npm run staff\` command is running on this folder, delete ${lockPath} and start again.`);
  });

  it("takes over a lock left by a process that has gone", async () => {
    const dataDir = await seededDir();
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), "999999");
    const handle = await createDb({ dataDir, migrate: false });
    expect(fs.readFileSync(path.join(dataDir, "pglite.lock"), "utf8").split("\n")[0]).toBe(String(process.pid));
    await handle.close();
  });
});

describe.skipIf(testDatabaseKind() !== "postgres")("createDb on PostgreSQL", () => {
  it("survives the server ending an idle pooled connection, and the next query gets a new one", async () => {
    const lost: Error[] = [];
    const handle = await createDb({ dataDir: "", databaseUrl: postgresAdminUrl(), migrate: false, onConnectionLost: (e) => lost.push(e) });
    try {
      const pid = async () =>
        Number(((await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid);
      const first = await pid();
      const admin = new pg.Client({ connectionString: postgresAdminUrl() });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [first]);
      await admin.end();
      for (let i = 0; i < 200 && lost.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(lost.map((e) => (e as Error & { code?: string }).code)).toEqual(["57P01"]);
      expect(await pid()).not.toBe(first);
    } finally {
      await handle.close();
    }
  });

  it("three processes starting at once on an empty database: one migrates, each migration runs once, all start", async () => {
    const name = `print_shop_migrate_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = withDatabase(postgresAdminUrl(), name);
    try {
      const handles = await Promise.all([1, 2, 3].map(() => createDb({ dataDir: "", databaseUrl: url, onConnectionLost: () => {} })));
      try {
        const journal = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "migrations", "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
        const applied = (await handles[0]!.db.execute(sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`)) as unknown as { rows: { n: number }[] };
        expect(applied.rows).toHaveLength(journal.entries.length);
        expect(applied.rows.every((row) => row.n === 1)).toBe(true);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
