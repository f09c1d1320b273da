// `npm run bench`: load-tests the production build against a raw node:http baseline serving the same bytes.
// See bench/README.md for what is measured and how to read the ratios.
//
// Starts (in child processes, on 127.0.0.1 only): the shop with the page cache on, then the shop with it off,
// each with a fresh temporary DATA_DIR, and for each a baseline server answering the bytes captured from it.
// The load generator (autocannon) runs in this process. Every child is killed by its PID when done, on error
// and on SIGINT/SIGTERM; the temporary folders are deleted.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const SETTINGS = { connections: 32, pipelining: 1, warmupSeconds: 2, durationSeconds: 10 };
const STARTUP_TIMEOUT_MS = 60_000;
const PRODUCT_SLUG = "pvc-banner";
const SHARED_CORES_NOTE =
  "The load generator (autocannon, in this process) shares the machine's cores with the server under test, " +
  "so absolute figures understate what the server alone could do; compare the ratios, not the raw numbers.";

/** @type {Set<import("node:child_process").ChildProcess>} */
const children = new Set();
/** @type {string[]} */
const tempDirs = [];

// ---------------------------------------------------------------- processes and cleanup

function makeTempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

function alive(child) {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGTERM the child (by its PID), wait for it to exit, SIGKILL it after `graceMs`. */
async function stopChild(child, graceMs = 12_000) {
  if (alive(child)) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    const timer = setTimeout(() => {
      if (alive(child)) {
        try {
          process.kill(child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }, graceMs);
    await exited;
    clearTimeout(timer);
  }
  children.delete(child);
}

async function cleanup() {
  await Promise.all([...children].map((child) => stopChild(child)));
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

// Last resort if the process exits some other way: kill what is left (by PID), delete the folders.
process.on("exit", () => {
  for (const child of children) {
    if (alive(child)) {
      try {
        process.kill(child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the servers this run started…`);
    cleanup().finally(() => process.exit(130));
  });
}

function tail(file, bytes = 4000) {
  try {
    const text = fs.readFileSync(file, "utf8");
    return text.slice(-bytes);
  } catch {
    return "(no log)";
  }
}

/** A free ephemeral port on 127.0.0.1 (the OS picks it; it is released just before the server binds it). */
function freePort() {
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

// ---------------------------------------------------------------- plain HTTP (no Accept-Encoding, no extra headers)

/** One request with node:http: only Host, Connection and what is given here are sent. */
function request(port, method, urlPath, { body, headers = {}, timeoutMs = 10_000 } = {}) {
  return new Promise((resolve, reject) => {
    const sendHeaders = { ...headers };
    if (body !== undefined) sendHeaders["content-length"] = String(Buffer.byteLength(body));
    const req = http.request({ host: HOST, port, method, path: urlPath, headers: sendHeaders, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${urlPath}: no answer in ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

// ---------------------------------------------------------------- servers

async function startShop({ pageCache }) {
  const dataDir = makeTempDir(`bench-shop-cache-${pageCache}-`);
  const logDir = makeTempDir("bench-shop-log-");
  const logFile = path.join(logDir, "server.log");
  const logFd = fs.openSync(logFile, "w");
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "build", "server-main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST,
      PORT: String(port),
      DATA_DIR: dataDir,
      PAGE_CACHE: pageCache,
      PUBLIC_URL: `http://${HOST}:${port}`,
    },
    stdio: ["ignore", logFd, logFd],
  });
  fs.closeSync(logFd);
  children.add(child);
  const started = Date.now();
  while (Date.now() - started < STARTUP_TIMEOUT_MS) {
    if (!alive(child)) {
      throw new Error(`the shop (PAGE_CACHE=${pageCache}) exited during startup (${child.exitCode ?? child.signalCode}):\n${tail(logFile)}`);
    }
    try {
      const res = await request(port, "GET", "/api/health", { timeoutMs: 2_000 });
      if (res.status === 200) {
        return { child, port, logFile, startupMs: Date.now() - started };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the shop (PAGE_CACHE=${pageCache}) was not healthy within ${STARTUP_TIMEOUT_MS} ms:\n${tail(logFile)}`);
}

async function startBaseline(routes) {
  const dir = makeTempDir("bench-baseline-");
  const routesFile = path.join(dir, "routes.json");
  fs.writeFileSync(routesFile, JSON.stringify({ routes }));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "baseline-server.mjs"), routesFile], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
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

// ---------------------------------------------------------------- cases

/** Fetch the bytes a case answers from the shop (identity-encoded), ready for the baseline. */
async function capture(port, target) {
  const res = await request(port, target.method, target.path, { body: target.body, headers: target.headers });
  if (res.status !== 200) {
    throw new Error(`${target.method} ${target.path} answered ${res.status}: ${res.body.toString("utf8").slice(0, 500)}`);
  }
  if (res.headers["content-encoding"]) {
    throw new Error(`${target.method} ${target.path} came back ${res.headers["content-encoding"]}-encoded without Accept-Encoding`);
  }
  return {
    status: res.status,
    headers: { "content-type": res.headers["content-type"] },
    bodyBase64: res.body.toString("base64"),
    bodyBytes: res.body.length,
    responseHeaders: res.headers,
    body: res.body,
  };
}

function findProductId(catalogue, slug) {
  const stack = [catalogue];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === "object") {
      if (value.slug === slug && Number.isInteger(value.id) && ("basePrice" in value || "attributes" in value || "price" in value)) {
        return value.id;
      }
      stack.push(...Object.values(value));
    }
  }
  // Fall back to any object with that slug and an id.
  const again = [catalogue];
  while (again.length > 0) {
    const value = again.pop();
    if (Array.isArray(value)) again.push(...value);
    else if (value && typeof value === "object") {
      if (value.slug === slug && Number.isInteger(value.id)) return value.id;
      again.push(...Object.values(value));
    }
  }
  throw new Error(`no product with slug "${slug}" in GET /api/data`);
}

function runAutocannon(port, target, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://${HOST}:${port}${target.path}`,
        method: target.method,
        headers: target.headers ?? {},
        body: target.body,
        connections: SETTINGS.connections,
        pipelining: SETTINGS.pipelining,
        duration,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function summarise(result) {
  return {
    requestsPerSecond: result.requests.mean,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.average, max: result.latency.max },
    throughputBytesPerSecond: result.throughput.mean,
    totalRequests: result.requests.total,
    durationSeconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
  };
}

async function measure(port, target, label) {
  process.stdout.write(`  ${label.padEnd(9)} warm-up ${SETTINGS.warmupSeconds} s… `);
  await runAutocannon(port, target, SETTINGS.warmupSeconds);
  process.stdout.write(`measuring ${SETTINGS.durationSeconds} s… `);
  const summary = summarise(await runAutocannon(port, target, SETTINGS.durationSeconds));
  console.log(`${Math.round(summary.requestsPerSecond)} req/s`);
  return summary;
}

async function runCase(name, target, shopPort, baselinePort, captured, extra = {}) {
  if (interrupted) throw new Error("interrupted");
  console.log(`\n${name}  (${target.method} ${target.path}, ${captured.bodyBytes} B body, ${captured.headers["content-type"]})`);
  const shop = await measure(shopPort, target, "shop");
  const baseline = await measure(baselinePort, target, "baseline");
  return {
    name,
    method: target.method,
    path: target.path,
    requestBody: target.body ?? null,
    contentType: captured.headers["content-type"],
    bodyBytes: captured.bodyBytes,
    ...extra,
    shop,
    baseline,
    ratios: {
      rps: baseline.requestsPerSecond > 0 ? shop.requestsPerSecond / baseline.requestsPerSecond : null,
      p99: shop.latencyMs.p99 > 0 ? baseline.latencyMs.p99 / shop.latencyMs.p99 : null,
    },
  };
}

/** Starts a baseline for the captured routes and checks it answers exactly the captured bytes. */
async function baselineFor(captures) {
  const routes = {};
  for (const [key, c] of Object.entries(captures)) {
    routes[key] = { status: c.status, headers: c.headers, bodyBase64: c.bodyBase64 };
  }
  const baseline = await startBaseline(routes);
  for (const [key, c] of Object.entries(captures)) {
    const [method, urlPath] = key.split(" ");
    const res = await request(baseline.port, method, urlPath, { body: c.requestBody, headers: c.requestHeaders });
    if (res.status !== c.status || res.headers["content-type"] !== c.headers["content-type"] || !res.body.equals(c.body)) {
      throw new Error(`the baseline does not answer ${key} with the captured bytes`);
    }
  }
  return baseline;
}

// ---------------------------------------------------------------- report

function cpuModel() {
  const cpus = os.cpus();
  return { model: cpus[0]?.model?.trim() ?? "unknown", cores: os.availableParallelism?.() ?? cpus.length };
}

function gitRevision() {
  const rev = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" });
  const dirty = spawnSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" });
  if (rev.status !== 0) return null;
  return `${rev.stdout.trim()}${dirty.stdout.trim() ? " (uncommitted changes)" : ""}`;
}

const fmt = {
  n: (v, digits = 0) => (v === null || v === undefined || Number.isNaN(v) ? "–" : v.toFixed(digits)),
  mb: (bytes) => (bytes / 1e6).toFixed(2),
  ratio: (v) => (v === null ? "–" : `${v.toFixed(2)}×`),
};

function table(headers, rows, alignLeft = 1) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i < alignLeft ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function printReport(report) {
  console.log("\n================ Benchmark results ================");
  console.log(`Node ${report.environment.node} · ${report.environment.cpu} · ${report.environment.cores} cores · ${report.environment.platform}`);
  console.log(`Commit ${report.environment.commit ?? "unknown"} · NODE_ENV=production · ${report.settings.connections} connections, pipelining ${report.settings.pipelining}, ${report.settings.warmupSeconds} s warm-up + ${report.settings.durationSeconds} s per side`);
  console.log(`Note: ${report.note}\n`);

  const rows = [];
  for (const c of report.cases) {
    for (const [side, s] of [["shop", c.shop], ["baseline", c.baseline]]) {
      rows.push([
        side === "shop" ? c.name : "",
        side,
        fmt.n(s.requestsPerSecond),
        fmt.n(s.latencyMs.p50),
        fmt.n(s.latencyMs.p99),
        fmt.mb(s.throughputBytesPerSecond),
        s.totalRequests,
        s.non2xx + s.errors + s.timeouts,
      ]);
    }
  }
  console.log(table(["case", "side", "req/s", "p50 ms", "p99 ms", "MB/s", "requests", "non-2xx/err"], rows, 2));

  console.log("");
  console.log(
    table(
      ["case", "body B", "rps shop/baseline", "p99 baseline/shop"],
      report.cases.map((c) => [c.name, c.bodyBytes, fmt.ratio(c.ratios.rps), fmt.ratio(c.ratios.p99)]),
    ),
  );
  console.log("\nRatios: 1.00× = as fast as raw node:http serving the same bytes; lower = the shop's overhead.");
  console.log("Latencies are autocannon's whole-millisecond histogram values; MB/s counts headers and bodies (10^6 bytes).");
}

// ---------------------------------------------------------------- main

async function main() {
  const began = Date.now();
  const serverMain = path.join(root, "build", "server-main.js");
  const serverBuild = path.join(root, "build", "server", "index.js");
  if (!fs.existsSync(serverMain) || !fs.existsSync(serverBuild)) {
    console.log("No build found: running `npm run build`…");
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`npm run build failed (${result.status ?? result.signal})`);
  } else {
    console.log(`Using the existing build (build/server-main.js from ${fs.statSync(serverMain).mtime.toISOString()}; delete build/ to rebuild).`);
  }

  const { model, cores } = cpuModel();
  const report = {
    generatedAt: new Date().toISOString(),
    environment: {
      node: process.version,
      cpu: model,
      cores,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      commit: gitRevision(),
    },
    settings: { ...SETTINGS, loadGenerator: "autocannon (in the bench process)", host: HOST },
    note: SHARED_CORES_NOTE,
    cases: [],
  };
  console.log(`Node ${process.version} · ${model} · ${cores} cores`);
  console.log(`Note: ${SHARED_CORES_NOTE}`);

  // Phase 1: the shop as it runs in production (page cache on).
  console.log("\nStarting the shop (PAGE_CACHE=on)…");
  let shop = await startShop({ pageCache: "on" });
  console.log(`  healthy on ${HOST}:${shop.port} after ${shop.startupMs} ms`);

  const dataTarget = { method: "GET", path: "/api/data" };
  const productTarget = { method: "GET", path: `/product/${PRODUCT_SLUG}` };
  const data = await capture(shop.port, dataTarget);
  const productId = findProductId(JSON.parse(data.body.toString("utf8")), PRODUCT_SLUG);
  const priceTarget = {
    method: "POST",
    path: "/api/calculatePrice",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ productId, customWidth: 1200, customHeight: 800, selectedQuantity: 12, attributes: [] }),
  };
  const price = await capture(shop.port, priceTarget);
  const priceJson = JSON.parse(price.body.toString("utf8"));
  if (typeof priceJson.total !== "number" || !priceJson.breakdown) {
    throw new Error(`POST /api/calculatePrice answered an unexpected body: ${price.body.toString("utf8").slice(0, 300)}`);
  }
  await capture(shop.port, productTarget); // fills the page cache
  const productCached = await capture(shop.port, productTarget);
  const cacheState = productCached.responseHeaders["x-cache"] ?? null;
  if (cacheState !== "HIT") console.warn(`  warning: /product/${PRODUCT_SLUG} was not served from the page cache (x-cache: ${cacheState})`);

  let baseline = await baselineFor({
    "GET /api/data": data,
    [`GET /product/${PRODUCT_SLUG}`]: productCached,
    "POST /api/calculatePrice": { ...price, requestBody: priceTarget.body, requestHeaders: priceTarget.headers },
  });

  report.cases.push(await runCase("GET /api/data", dataTarget, shop.port, baseline.port, data));
  report.cases.push(
    await runCase(`product page, cache on`, productTarget, shop.port, baseline.port, productCached, { pageCache: "on", xCache: cacheState }),
  );
  report.cases.push(
    await runCase("POST /api/calculatePrice", priceTarget, shop.port, baseline.port, price, { productId, answer: priceJson }),
  );
  await stopChild(baseline.child);
  await stopChild(shop.child);

  // Phase 2: every page rendered by React Router (page cache off).
  console.log("\nStarting the shop (PAGE_CACHE=off)…");
  shop = await startShop({ pageCache: "off" });
  console.log(`  healthy on ${HOST}:${shop.port} after ${shop.startupMs} ms`);
  const productRendered = await capture(shop.port, productTarget);
  if (productRendered.responseHeaders["x-cache"]) {
    throw new Error(`PAGE_CACHE=off still answered x-cache: ${productRendered.responseHeaders["x-cache"]}`);
  }
  baseline = await baselineFor({ [`GET /product/${PRODUCT_SLUG}`]: productRendered });
  report.cases.push(
    await runCase(`product page, cache off`, productTarget, shop.port, baseline.port, productRendered, { pageCache: "off" }),
  );
  await stopChild(baseline.child);
  await stopChild(shop.child);

  report.wallClockSeconds = Math.round((Date.now() - began) / 1000);
  printReport(report);

  const resultsDir = path.join(import.meta.dirname, "results");
  fs.mkdirSync(resultsDir, { recursive: true });
  const out = path.join(resultsDir, "latest.json");
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(root, out)} (run took ${report.wallClockSeconds} s).`);

  const failing = report.cases.filter((c) => [c.shop, c.baseline].some((s) => s.non2xx + s.errors + s.timeouts > 0));
  if (failing.length > 0) {
    console.warn(`\nWarning: non-2xx answers, errors or timeouts in: ${failing.map((c) => c.name).join(", ")} (see latest.json).`);
  }
}

try {
  await main();
  await cleanup();
} catch (error) {
  if (!interrupted) {
    console.error(`\nbench failed: ${error instanceof Error ? error.message : error}`);
    await cleanup();
    process.exit(1);
  }
}
