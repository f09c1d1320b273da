// The processes and folders one bench run owns: every child (shops, baselines, wrk) is tracked by its PID
// and stopped by that PID, also on error and on Ctrl-C; temporary folders and other leftovers (the bench
// database) are removed by cleanup hooks. Nothing outside this run is ever signalled.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { shopNodeArgs, shopNodeEnv } from "../server/shop-node.mjs";

export const HOST = "127.0.0.1";
const STARTUP_TIMEOUT_MS = 120_000;

/** @type {Set<import("node:child_process").ChildProcess>} */
const children = new Set();
/** @type {string[]} */
const tempDirs = [];
/** @type {(() => Promise<void>)[]} */
const cleanupHooks = [];
let interrupted = false;

export function isInterrupted() {
  return interrupted;
}

export function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export function makeTempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Runs `hook` during cleanup (after the children are stopped), at most once. */
export function onCleanup(hook) {
  let ran = false;
  cleanupHooks.push(async () => {
    if (ran) return;
    ran = true;
    await hook();
  });
}

function alive(child) {
  return child.exitCode === null && child.signalCode === null;
}

function signal(child, name) {
  try {
    process.kill(child.pid, name);
  } catch {
    // already gone
  }
}

/** SIGTERM the child (by its PID), wait for it to exit, SIGKILL it after `graceMs`. */
export async function stopChild(child, graceMs = 12_000) {
  if (alive(child)) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    signal(child, "SIGTERM");
    const timer = setTimeout(() => alive(child) && signal(child, "SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  }
  children.delete(child);
}

export async function cleanup() {
  await Promise.all([...children].map((child) => stopChild(child)));
  // Last registered, first run: a hook may need what an earlier one closes (the database drop needs its client).
  for (const hook of cleanupHooks.splice(0).reverse()) {
    try {
      await hook();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : error}`);
    }
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

// Last resort if the process exits some other way: kill what is left (by PID), delete the folders.
process.on("exit", () => {
  for (const child of children) if (alive(child)) signal(child, "SIGKILL");
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

for (const name of ["SIGINT", "SIGTERM"]) {
  process.on(name, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${name}: stopping the processes this run started…`);
    cleanup().finally(() => process.exit(130));
  });
}

export function tail(file, bytes = 4000) {
  try {
    return fs.readFileSync(file, "utf8").slice(-bytes);
  } catch {
    return "(no log)";
  }
}

/** A free ephemeral port on 127.0.0.1 (the OS picks it; it is released just before the server binds it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// Kept-alive like wrk's connections, so the captured answers carry the same connection headers.
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * One request with node:http: only Host, Connection and the given headers are sent. Answers the status,
 * headers, body and `wireBytes`, the size of the answer as sent (status line, headers, body; chunk framing
 * of a streamed body is not counted).
 */
export function request(port, method, urlPath, { body, headers = {}, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const sendHeaders = { ...headers };
    if (body !== undefined) sendHeaders["content-length"] = String(Buffer.byteLength(body));
    const req = http.request({ host: HOST, port, method, path: urlPath, headers: sendHeaders, agent: keepAlive }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const bodyBytes = Buffer.concat(chunks);
        let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`;
        for (let i = 0; i < res.rawHeaders.length; i += 2) head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`;
        const wireBytes = Buffer.byteLength(`${head}\r\n`) + bodyBytes.length;
        resolve({ status: res.statusCode, headers: res.headers, body: bodyBytes, wireBytes });
      });
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${urlPath}: no answer in ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

export function closeIdleConnections() {
  keepAlive.destroy();
}

/**
 * Starts the production build as `npm start` does (server/shop-node.mjs) on a free port with a fresh temporary DATA_DIR
 * and waits for `GET /api/health` → 200. Without `databaseUrl` the shop runs on PGlite: a DATABASE_URL in
 * this process's environment is not passed on.
 */
export async function startShop(root, { pageCache, directRoutes = "on", databaseUrl, label, workers = 1 }) {
  const dataDir = makeTempDir(`bench-shop-${label}-`);
  const logFile = path.join(dataDir, "server.log");
  const logFd = fs.openSync(logFile, "w");
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    DATA_DIR: path.join(dataDir, "data"),
    PAGE_CACHE: pageCache,
    DIRECT_ROUTES: directRoutes,
    PUBLIC_URL: `http://${HOST}:${port}`,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // Several workers (node:cluster) need PostgreSQL and files they all see: one temporary folder here.
  env.WORKERS = String(workers);
  if (workers > 1) env.FILES_SHARED = "yes";
  const child = track(
    spawn(process.execPath, [...shopNodeArgs(env), path.join(root, "build", "server-main.js")], { cwd: root, env: shopNodeEnv(env), stdio: ["ignore", logFd, logFd] }),
  );
  fs.closeSync(logFd);
  const started = Date.now();
  while (Date.now() - started < STARTUP_TIMEOUT_MS) {
    if (!alive(child)) throw new Error(`the shop (${label}) exited during startup (${child.exitCode ?? child.signalCode}):\n${tail(logFile)}`);
    try {
      const res = await request(port, "GET", "/api/health", { timeoutMs: 2_000 });
      // With workers, the first to listen answers first: wait until every one says it is open.
      const open = (fs.readFileSync(logFile, "utf8").match(/ is open at /g) ?? []).length;
      if (res.status === 200 && open >= workers) return { child, port, logFile, startupMs: Date.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the shop (${label}) was not healthy within ${STARTUP_TIMEOUT_MS} ms:\n${tail(logFile)}`);
}

/** Starts bench/baseline-server.mjs with a routes file (see there) and waits for its `listening <port>` line. */
export async function startBaseline(routes) {
  const dir = makeTempDir("bench-baseline-");
  const routesFile = path.join(dir, "routes.json");
  fs.writeFileSync(routesFile, JSON.stringify({ routes }));
  const child = track(
    spawn(process.execPath, [path.join(import.meta.dirname, "baseline-server.mjs"), routesFile], {
      env: { ...process.env, NODE_ENV: "production", PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const port = await new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("the baseline server did not start in 10 s")), 10_000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the baseline server exited (${code}):\n${stderr}`));
    });
  });
  child.stdout.resume();
  return { child, port };
}
