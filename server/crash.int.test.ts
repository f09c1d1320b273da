import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { users } from "../db/schema";
import { makeSignup } from "../tests/factories/accounts";
import { postgresAdminUrl, testDatabaseKind, withDatabase } from "../tests/setup/test-database";

// A kill -9 harness: the shop runs as a real process, sign-ups are sent over HTTP, and the process is
// killed at a random moment while they are in flight. Every sign-up that was answered 201 must be in
// the database after the restarts. It runs on PGlite (npm test) and on a fresh PostgreSQL database
// (npm run test:pg), where the shop migrates and seeds it on its first start.
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const databases: string[] = [];
afterEach(async () => {
  for (const name of databases.splice(0)) {
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

/** PGlite in the data folder, or a new empty PostgreSQL database for this run. */
async function databaseUrlFor(): Promise<string | null> {
  if (testDatabaseKind() !== "postgres") return null;
  const name = `print_shop_crash_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  return withDatabase(postgresAdminUrl(), name);
}

function startShop(dataDir: string, databaseUrl: string | null): Promise<{ child: ChildProcess; base: string }> {
  // One proxy hop is trusted so each sign-up can come from its own address: the per-address limits
  // would otherwise stop the writes long before the kills.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test", LOG_LEVEL: "info", TRUST_PROXY_HOPS: "1" };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      out += chunk;
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve({ child, base: match[1]! });
    });
    child.once("exit", (code) => reject(new Error(`the shop exited (${code}) before listening`)));
  });
}

describe(`kill -9 while writing (${testDatabaseKind()})`, () => {
  it("loses no acknowledged sign-up over rounds of kills at random moments", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-crash-"));
    dirs.push(dataDir);
    const databaseUrl = await databaseUrlFor();
    const acknowledged: string[] = [];
    let sent = 0;
    const rounds = 5;
    for (let round = 0; round < rounds; round++) {
      const { child, base } = await startShop(dataDir, databaseUrl);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      let killed = false;
      const writer = (async () => {
        while (!killed) {
          const signup = makeSignup();
          sent += 1;
          try {
            const res = await fetch(`${base}/api/auth/signup`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${round}.${sent % 250}` },
              body: JSON.stringify(signup),
            });
            if (res.status === 201 || res.status === 200) acknowledged.push(signup.email.toLowerCase());
            await res.arrayBuffer();
          } catch {
            // the connection died with the process: not acknowledged
          }
        }
      })();
      // Kill after a random number of acknowledged writes, mid-stream.
      const target = acknowledged.length + 1 + Math.floor(Math.random() * 5);
      while (acknowledged.length < target && child.exitCode === null) await new Promise((r) => setImmediate(r));
      child.kill("SIGKILL");
      killed = true;
      await exited;
      await writer;
    }
    const handle = await createDb(databaseUrl ? { dataDir: "", databaseUrl, migrate: false } : { dataDir });
    try {
      const found = await handle.db.select({ email: users.email }).from(users).where(inArray(users.email, acknowledged));
      console.log(`crash harness: ${rounds} kills, ${sent} sign-ups sent, ${acknowledged.length} acknowledged, ${found.length} found after restart`);
      expect(acknowledged.length).toBeGreaterThanOrEqual(rounds);
      expect(new Set(found.map((u) => u.email.toLowerCase()))).toEqual(new Set(acknowledged));
    } finally {
      await handle.close();
    }
  }, 240_000);
});
