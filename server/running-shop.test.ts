import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { checkSameDatabase, databaseIdentity, readRunningShop, removeRunningShop, runningShopPath, writeRunningShop } from "./running-shop";

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "running-shop-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the running shop's note for npm run staff", () => {
  it("names a database without its password", () => {
    expect(databaseIdentity({ databaseUrl: "postgres://shop:s3cret@db.internal:6543/printwise", dataDir: "./data" })).toBe("postgres://db.internal:6543/printwise");
    expect(databaseIdentity({ databaseUrl: "postgres://postgres@127.0.0.1/test", dataDir: "./data" })).toBe("postgres://127.0.0.1:5432/test");
    expect(databaseIdentity({ databaseUrl: undefined, dataDir: "./data" })).toBe(`PGlite in ${path.resolve("./data")}`);
  });

  it("refuses another database than the running shop's, and allows the same one or no running shop", () => {
    const shop = { pid: process.pid, database: "postgres://db.internal:5432/printwise", publicUrl: "https://print.example" };
    expect(checkSameDatabase("postgres://db.internal:5432/printwise", shop)).toEqual({ ok: true });
    expect(checkSameDatabase("PGlite in /srv/data", null)).toEqual({ ok: true });
    const refused = checkSameDatabase("PGlite in /srv/data", shop);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toContain("uses postgres://db.internal:5432/printwise, but this command would write to PGlite in /srv/data");
  });

  it("ignores a note left by a process that has gone, and removes only its own", async () => {
    const dir = tempDir();
    writeRunningShop(dir, { pid: process.pid, database: "PGlite in /x", publicUrl: "http://localhost:3000" });
    expect(readRunningShop(dir)?.pid).toBe(process.pid);
    removeRunningShop(dir, process.pid + 1);
    expect(fs.existsSync(runningShopPath(dir))).toBe(true);
    removeRunningShop(dir, process.pid);
    expect(fs.existsSync(runningShopPath(dir))).toBe(false);

    const gone = await run(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeRunningShop(dir, { pid: Number(gone.stdout), database: "PGlite in /x", publicUrl: "http://localhost:3000" });
    expect(readRunningShop(dir)).toBeNull();
  });

  it("npm run staff says why it refuses, and writes nothing, when the running shop uses another database", async () => {
    const dir = tempDir();
    // This test process stands in for the shop: it is alive, and its note says it uses PostgreSQL.
    writeRunningShop(dir, { pid: process.pid, database: "postgres://db.internal:5432/printwise", publicUrl: "https://print.example" });
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: "", NODE_ENV: "test" };
    const failed = await run(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "cli", "staff.ts"), "add", "new.printer@example.com"], { env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`uses postgres://db.internal:5432/printwise, but this command would write to PGlite in ${path.resolve(dir)}. Nothing was changed.`);
    expect(fs.readdirSync(dir)).toEqual(["running-shop.json"]);
  });
});
