import http from "node:http";
import net from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spawnShop } from "../tests/support/shop-process";
import { makeSignup } from "../tests/factories/accounts";
import { copyTemplateInto } from "../tests/setup/pglite-template";
import { testDatabaseKind } from "../tests/setup/test-database";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The shop as a real process on PGlite in a new folder, answering on a free port. The folder starts as a copy
 * of the run's seeded template (copyTemplateInto): what these tests stop is the running shop,
 * and creating, migrating and seeding a database first cost each start about 4 s of CPU. The first test
 * here is the one about a fresh folder.
 */
async function startShop() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-main-"));
  dirs.push(dataDir);
  await copyTemplateInto(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test", LOG_LEVEL: "info" };
  delete env.DATABASE_URL;
  const child = spawnShop(env, { stdio: ["ignore", "pipe", "ignore"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let out = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => (out += chunk));
  const listening = (async () => {
    await waitFor(() => /listening at http:\/\/127\.0\.0\.1:\d+/.test(out), "the shop to listen", 60_000);
    return Number(/listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1]);
  })();
  return { dataDir, child, exited, listening };
}

// The lock file is PGlite's; on PostgreSQL there is nothing to free.
describe.skipIf(testDatabaseKind() === "postgres")("server/main.ts start-up", () => {
  it("a SIGTERM while the database is opening closes it and frees the data folder's lock", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-main-"));
    dirs.push(dataDir);
    const lockPath = path.join(dataDir, "pglite.lock");
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "0", NODE_ENV: "production", LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    const child = spawnShop(env, { stdio: "ignore" });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      // The lock is taken before PGlite starts opening its folder, which takes seconds on a fresh one.
      await waitFor(() => fs.existsSync(lockPath), "the lock file");
      child.kill("SIGTERM");
      expect(await exited).toBe(1);
      expect(fs.existsSync(lockPath)).toBe(false);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });

  it("a SIGTERM during a slow upload answers it 503, closes the database and exits 0", async () => {
    const { dataDir, child, exited, listening } = await startShop();
    try {
      const port = await listening;
      // A body that announces 8 KB and sends 1 KB of it, then stalls.
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/auth/signup", headers: { "content-type": "application/json", "content-length": String(8000) } }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode!, body }));
        });
        req.on("error", reject);
        req.write(Buffer.alloc(1000, 32), () => setTimeout(() => child.kill("SIGTERM"), 200));
      });
      const { status, body } = await answer;
      expect(status).toBe(503);
      expect(JSON.parse(body)).toHaveProperty("message");
      expect(await exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }, 180_000);

  it("a SIGTERM during a multipart upload answers it 503 and deletes its temporary file before exiting 0", async () => {
    const { dataDir, child, exited, listening } = await startShop();
    try {
      const port = await listening;
      const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(makeSignup()) });
      expect(signup.status).toBe(201);
      const { token } = (await signup.json()) as { token: string };
      // A form announcing a 16 MB artwork file; 4 MB of it are sent, then the client stalls.
      const boundary = "----i39shutdown";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="width"\r\n\r\n100\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="height"\r\n\r\n100\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="orientation"\r\n\r\nCustom\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="artwork"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      const uploads = path.join(dataDir, "tmp", "uploads");
      const tempBytes = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).reduce((sum, name) => sum + fs.statSync(path.join(uploads, name)).size, 0) : 0);
      const answer = new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: "127.0.0.1", port, method: "POST", path: "/api/artwork/preflight", headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + 16 * 1024 * 1024) } },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode!));
          },
        );
        req.on("error", reject);
        req.write(head);
        req.write(Buffer.alloc(4 * 1024 * 1024, 7));
      });
      // The shop is writing the temporary file: end it there.
      await waitFor(() => tempBytes() > 1024 * 1024, "the temporary file to fill");
      child.kill("SIGTERM");
      expect(await answer).toBe(503);
      expect(await exited).toBe(0);
      expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual([]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }, 180_000);

  it("a SIGTERM with a client stuck half-way through its request still closes the database and exits 0", async () => {
    const { dataDir, child, exited, listening } = await startShop();
    const socket = new net.Socket();
    try {
      const port = await listening;
      // Half a request line and no more: not idle, so a plain close would wait for the headers timeout.
      await new Promise<void>((resolve) => socket.connect(port, "127.0.0.1", resolve));
      socket.on("error", () => {});
      socket.write("GET /api/data HTTP/1.1\r\nHost: shop\r\n");
      const sent = Date.now();
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      console.log(`SIGTERM to exit with a stuck client: ${Date.now() - sent} ms`);
      expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    } finally {
      socket.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }, 180_000);
});
