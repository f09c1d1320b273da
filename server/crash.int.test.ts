import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { users } from "../db/schema";
import { makeSignup } from "../tests/factories/accounts";
import { testDatabaseKind } from "../tests/setup/test-database";

// A kill -9 harness: the shop runs as a real process, sign-ups are sent over HTTP, and the process is
// killed at a random moment while they are in flight. Every sign-up that was answered 201 must be in
// the database after the restarts. (PGlite only for now: PostgreSQL keeps its own durability.)
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function startShop(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test", LOG_LEVEL: "info" };
  delete env.DATABASE_URL;
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

describe.skipIf(testDatabaseKind() === "postgres")("kill -9 while writing", () => {
  it("loses no acknowledged sign-up over rounds of kills at random moments", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-crash-"));
    dirs.push(dataDir);
    const acknowledged: string[] = [];
    let sent = 0;
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      const { child, base } = await startShop(dataDir);
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
    const handle = await createDb({ dataDir });
    try {
      const found = await handle.db.select({ email: users.email }).from(users).where(inArray(users.email, acknowledged));
      console.log(`crash harness: ${rounds} kills, ${sent} sign-ups sent, ${acknowledged.length} acknowledged, ${found.length} found after restart`);
      expect(acknowledged.length).toBeGreaterThanOrEqual(rounds);
      expect(new Set(found.map((u) => u.email.toLowerCase()))).toEqual(new Set(acknowledged));
    } finally {
      await handle.close();
    }
  }, 120_000);
});
