// WORKERS=N as a real process: refused where several processes cannot be one shop (PGlite, no public
// address, files on one machine's disk), and on PostgreSQL N workers answering on one port, each request
// served by one of them, all draining and exiting 0 on SIGTERM.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnShop } from "../tests/support/shop-process";
import { createTestDb } from "../tests/setup/test-app";
import { testDatabaseKind } from "../tests/setup/test-database";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function startShop(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-workers-"));
  dirs.push(dataDir);
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test", LOG_LEVEL: "info", ...env };
  if (!env.DATABASE_URL) delete fullEnv.DATABASE_URL;
  const child = spawnShop(fullEnv, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, out: () => out, err: () => err };
}

describe("WORKERS refused where several processes cannot be one shop", () => {
  it("on PGlite, without a public address, and with files on this machine's disk: each named", async () => {
    const shop = startShop({ WORKERS: "2" });
    expect(await shop.exited).toBe(1);
    expect(shop.err()).toContain("WORKERS: 2 processes need PostgreSQL (set DATABASE_URL); the embedded PGlite database serves one process only");
    expect(shop.err()).toContain("PUBLIC_URL: required when several processes serve the shop");
    expect(shop.err()).toContain("S3_BUCKET: several processes need shared file storage");
  });
});

describe.skipIf(testDatabaseKind() !== "postgres")("WORKERS=2 on PostgreSQL", () => {
  it("two workers answer on one port, and a SIGTERM drains both and exits 0", async () => {
    const db = await createTestDb();
    const shop = startShop({ WORKERS: "2", DATABASE_URL: db.url!, PUBLIC_URL: "https://shop.example.com", FILES_SHARED: "yes" });
    try {
      const deadline = Date.now() + 90_000;
      const listening = () => [...shop.out().matchAll(/listening at http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]));
      while (listening().length < 2) {
        if (Date.now() > deadline || shop.child.exitCode !== null) throw new Error(`workers did not start:\n${shop.out()}\n${shop.err()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const ports = new Set(listening());
      expect(ports.size).toBe(1);
      const [port] = ports;
      // Fresh connections: the primary hands them to the workers in turn.
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/api/health/live`, { headers: { connection: "close" } });
        expect(res.status).toBe(200);
      }
      shop.child.kill("SIGTERM");
      expect(await shop.exited).toBe(0);
      expect(shop.out().match(/shutting down/g)?.length).toBe(2);
      // Read after the exit: each worker's log is flushed by then.
      const servedBy = new Set(
        shop
          .out()
          .split("\n")
          .filter((line) => line.includes('"url":"/api/health/live"'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );
      expect(servedBy.size).toBe(2);
      // `seeded` is told once, by the primary that seeds (this copy was seeded before); a worker never seeds, so never claims either way.
      const lines = shop.out().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as { msg: string; seeded?: boolean });
      expect(lines.filter((line) => line.msg.startsWith("Starting 2 workers")).map((line) => line.seeded)).toEqual([false]);
      const opened = lines.filter((line) => line.msg.includes(" is open at "));
      expect(opened).toHaveLength(2);
      for (const line of opened) expect(line).not.toHaveProperty("seeded");
    } finally {
      if (shop.child.exitCode === null) shop.child.kill("SIGKILL");
      await db.close();
    }
  }, 120_000);
});
