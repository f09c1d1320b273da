// `npm run bench`: load-tests the production build with wrk against a raw node:http baseline serving the
// same bytes. See bench/README.md for what is measured, how, and how to read the ratios.
//
//   node bench/run.mjs [--quick] [--only <text>]
//
// --quick measures 3 s per side (smoke runs); BENCH_SECONDS sets the measured seconds otherwise (10).
// --only runs the cases whose name contains <text> (the servers they need still start).
// DATABASE_URL names the PostgreSQL server for the order-list case (a throwaway database is made on it).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { cpuSecondsOfTree, exitedChildrenCpuSeconds, percentOfCore } from "./cpu.mjs";
import { connectIfReachable, createBenchDatabase, DEFAULT_DATABASE_URL, dropBenchDatabase, seedOrders } from "./orders-db.mjs";
import {
  cleanup,
  closeIdleConnections,
  HOST,
  isInterrupted,
  makeTempDir,
  onCleanup,
  request,
  startBaseline,
  startShop,
  stopChild,
  track,
} from "./processes.mjs";
import { badAnswers, printReport, ratios, writeReport } from "./report.mjs";
import { requireWrk, runWrk } from "./wrk.mjs";

const root = path.resolve(import.meta.dirname, "..");
const PRODUCT_SLUG = "pvc-banner";
const PAGES = [
  { label: "home", path: "/" },
  { label: "category /banners", path: "/banners" },
  { label: `product /product/${PRODUCT_SLUG}`, path: `/product/${PRODUCT_SLUG}` },
];
const ORDER_CUSTOMERS = 10_000;
const ORDER_GROUPS = 1_000_000;
const ORDER_PAGE = 5;
// What identifies the answer and its caching: the baseline sends these as the shop did, and nothing else.
const REPRESENTATION_HEADERS = ["content-type", "content-encoding", "etag", "vary", "cache-control"];
// A measured answer may differ from the captured one by a few header bytes (chunk framing, a header's length).
const SIZE_TOLERANCE = { bytes: 64, fraction: 0.02 };

function parseArgs(argv) {
  const quick = argv.includes("--quick");
  const onlyAt = argv.indexOf("--only");
  const only = onlyAt >= 0 ? argv[onlyAt + 1] : null;
  if (onlyAt >= 0 && !only) throw new Error("--only needs the text a case name contains");
  const fromEnv = process.env.BENCH_SECONDS === undefined ? 10 : Number(process.env.BENCH_SECONDS);
  if (!quick && !(Number.isInteger(fromEnv) && fromEnv >= 1)) throw new Error(`BENCH_SECONDS must be a whole number of seconds ≥ 1, not "${process.env.BENCH_SECONDS}"`);
  const durationSeconds = quick ? 3 : fromEnv;
  return { quick, only, settings: { threads: 1, connections: 32, warmupSeconds: quick ? 1 : 2, durationSeconds, timeoutSeconds: 10 } };
}

const { only, quick, settings: SETTINGS } = parseArgs(process.argv.slice(2));
const wanted = (name) => only === null || name.includes(only);
let wrkDir;

// ---------------------------------------------------------------- build

function newestSource() {
  let newest = { file: null, mtimeMs: 0 };
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|js|mjs|css|sql|json)$/.test(entry.name) && !entry.name.includes(".test.")) {
        const { mtimeMs } = fs.statSync(full);
        if (mtimeMs > newest.mtimeMs) newest = { file: path.relative(root, full), mtimeMs };
      }
    }
  };
  for (const dir of ["app", "server", "domain", "db"]) if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
  return newest;
}

/** Builds when there is no build; says so when the sources are newer than the build that is there. */
function requireBuild() {
  const serverMain = path.join(root, "build", "server-main.js");
  const serverBuild = path.join(root, "build", "server", "index.js");
  if (!fs.existsSync(serverMain) || !fs.existsSync(serverBuild)) {
    console.log("No build found: running `npm run build`…");
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`npm run build failed (${result.status ?? result.signal})`);
    return { builtAt: fs.statSync(serverMain).mtime.toISOString(), mtimeMs: fs.statSync(serverMain).mtimeMs, stale: false };
  }
  const { mtime: builtAt, mtimeMs } = fs.statSync(serverMain);
  const newest = newestSource();
  const stale = newest.mtimeMs > mtimeMs;
  console.log(`Using the existing build (build/server-main.js from ${builtAt.toISOString()}; delete build/ or run \`npm run build\` to rebuild).`);
  if (stale) console.warn(`  warning: ${newest.file} is newer than the build: the figures are for the build, not the current sources.`);
  return { builtAt: builtAt.toISOString(), mtimeMs, stale, newestSource: newest.file };
}

/** Notes (once) when someone rebuilt while this run was going: later phases then measure another build. */
function noteRebuild(report, phase) {
  const now = fs.statSync(path.join(root, "build", "server-main.js")).mtimeMs;
  if (now === report.environment.build.mtimeMs || report.environment.build.replacedBefore) return;
  report.environment.build.replacedBefore = phase;
  console.warn(`  warning: build/ was rebuilt during this run (${new Date(now).toISOString()}): from the ${phase} phase on, the figures are for the new build.`);
}

// ---------------------------------------------------------------- capture and baseline

/** The shop's answer to `target`, which must have the expected status and content-encoding. */
async function captureFromShop(port, c) {
  const res = await request(port, c.target.method, c.target.path, { body: c.target.body, headers: c.target.headers });
  if (res.status !== c.expectStatus) {
    throw new Error(`${c.name}: the shop answered ${res.status}, not ${c.expectStatus}: ${res.body.toString("utf8").slice(0, 300)}`);
  }
  const encoding = res.headers["content-encoding"] ?? null;
  if (encoding !== (c.expectEncoding ?? null)) throw new Error(`${c.name}: the shop answered content-encoding ${encoding}, not ${c.expectEncoding ?? "none"}`);
  return res;
}

function representation(headers, names = REPRESENTATION_HEADERS) {
  const out = {};
  for (const name of names) if (headers[name] !== undefined) out[name] = String(headers[name]);
  return out;
}

/** Routes for bench/baseline-server.mjs: one per method and URL, with a variant per Accept-Encoding and the 304. */
function baselineRoutes(cases) {
  const routes = {};
  for (const c of cases) {
    const key = `${c.target.method} ${c.target.path}`;
    const route = (routes[key] ??= { jsonBody: false, etag: null, notModifiedHeaders: {}, variants: {} });
    if (c.target.method === "POST") route.jsonBody = true;
    if (c.expectStatus === 304) {
      route.etag = c.target.headers["if-none-match"];
      route.notModifiedHeaders = representation(c.captured.headers, ["etag", "vary", "cache-control"]);
      continue;
    }
    route.variants[c.target.headers?.["accept-encoding"] ?? ""] = {
      status: c.captured.status,
      headers: representation(c.captured.headers),
      bodyBase64: c.captured.body.toString("base64"),
    };
  }
  return routes;
}

/** Starts a baseline for the captured cases and checks that it answers each with the same status, headers and bytes. */
async function baselineFor(cases) {
  const baseline = await startBaseline(baselineRoutes(cases));
  for (const c of cases) {
    const res = await request(baseline.port, c.target.method, c.target.path, { body: c.target.body, headers: c.target.headers });
    const expectHeaders = representation(c.captured.headers, c.expectStatus === 304 ? ["etag", "vary", "cache-control"] : REPRESENTATION_HEADERS);
    const sameHeaders = JSON.stringify(representation(res.headers, Object.keys(expectHeaders))) === JSON.stringify(expectHeaders);
    if (res.status !== c.captured.status || !sameHeaders || !res.body.equals(c.captured.body)) {
      throw new Error(`${c.name}: the baseline does not answer the bytes captured from the shop (status ${res.status}, ${res.body.length} B)`);
    }
    c.baselineWireBytes = res.wireBytes;
  }
  return baseline;
}

// ---------------------------------------------------------------- measuring

async function measureSide(port, pid, target, expectedBytes) {
  const url = `http://${HOST}:${port}${target.path}`;
  const run = (seconds) =>
    runWrk({ url, target, seconds, connections: SETTINGS.connections, threads: SETTINGS.threads, timeoutSeconds: SETTINGS.timeoutSeconds, scriptDir: wrkDir, track });
  await run(SETTINGS.warmupSeconds);
  const serverBefore = cpuSecondsOfTree(pid);
  const wrkBefore = exitedChildrenCpuSeconds();
  const began = process.hrtime.bigint();
  const result = await run(SETTINGS.durationSeconds);
  const wallSeconds = Number(process.hrtime.bigint() - began) / 1e9;
  const serverAfter = cpuSecondsOfTree(pid);
  const wrkAfter = exitedChildrenCpuSeconds();
  const delta = (a, b) => (a === null || b === null ? null : b - a);
  const tolerance = Math.max(SIZE_TOLERANCE.bytes, expectedBytes * SIZE_TOLERANCE.fraction);
  return {
    ...result,
    expectedBytesPerAnswer: expectedBytes,
    sizeMatches: result.totalRequests > 0 && Math.abs(result.bytesPerAnswer - expectedBytes) <= tolerance,
    serverCpuPercent: percentOfCore(delta(serverBefore, serverAfter), result.durationSeconds),
    wrkCpuPercent: percentOfCore(delta(wrkBefore, wrkAfter), wallSeconds),
  };
}

async function runCase(c, shop, baseline) {
  if (isInterrupted()) throw new Error("interrupted");
  const headers = Object.keys(c.target.headers ?? {}).join(", ") || "no extra headers";
  console.log(`\n${c.name}  (${c.target.method} ${c.target.path}; ${headers}; answers ${c.captured.status}, ${c.captured.body.length} B)`);
  process.stdout.write("  shop…     ");
  const shopSide = await measureSide(shop.port, shop.child.pid, c.target, c.captured.wireBytes);
  console.log(`${shopSide.requestsPerSecond.toFixed(0)} req/s, p50 ${shopSide.latencyMs.p50} ms, p99 ${shopSide.latencyMs.p99} ms`);
  process.stdout.write("  baseline… ");
  const rawSide = await measureSide(baseline.port, baseline.child.pid, c.target, c.baselineWireBytes);
  console.log(`${rawSide.requestsPerSecond.toFixed(0)} req/s, p50 ${rawSide.latencyMs.p50} ms, p99 ${rawSide.latencyMs.p99} ms`);

  const warnings = [];
  for (const [side, s] of [["shop", shopSide], ["baseline", rawSide]]) {
    if (badAnswers(s) > 0) warnings.push(`${side}: ${s.errorStatus} answers ≥ 400, ${s.socketErrors} socket errors, ${s.timeouts} timeouts`);
    if (!s.sizeMatches) {
      warnings.push(`${side}: ${s.bytesPerAnswer.toFixed(0)} B per answer under load, ${s.expectedBytesPerAnswer} B captured: some answers were not the captured one`);
    }
    if (s.wrkCpuPercent !== null && s.wrkCpuPercent > 90) warnings.push(`${side}: wrk used ${s.wrkCpuPercent.toFixed(0)}% of a core: the load generator may have been the limit`);
  }
  const redacted = { ...c.target.headers };
  if (redacted.authorization) redacted.authorization = "Bearer <token>";
  return {
    name: c.name,
    phase: c.phase,
    method: c.target.method,
    path: c.target.path,
    requestHeaders: redacted,
    requestBody: c.target.body ?? null,
    status: c.captured.status,
    contentType: c.captured.headers["content-type"] ?? null,
    contentEncoding: c.captured.headers["content-encoding"] ?? null,
    bodyBytes: c.captured.body.length,
    ...c.extra,
    shop: shopSide,
    baseline: rawSide,
    ratios: ratios(shopSide, rawSide),
    warnings,
  };
}

/**
 * Captures every case of the phase from the shop and starts one baseline for them all (a 304 route needs its
 * 200 answer too), then measures the wanted ones and stops the baseline.
 */
async function measurePhase(report, shop, cases) {
  const chosen = cases.filter((c) => wanted(c.name));
  if (chosen.length === 0) return;
  for (const c of cases) c.captured ??= await captureFromShop(shop.port, c);
  const baseline = await baselineFor(cases);
  try {
    for (const c of chosen) report.cases.push(await runCase(c, shop, baseline));
  } finally {
    closeIdleConnections();
    await stopChild(baseline.child);
  }
}

// ---------------------------------------------------------------- the shop's answers

function findProductId(catalogue, slug) {
  const stack = [catalogue];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === "object") {
      if (value.slug === slug && Number.isInteger(value.id) && ("basePrice" in value || "attributes" in value || "price" in value)) return value.id;
      stack.push(...Object.values(value));
    }
  }
  throw new Error(`no product with slug "${slug}" in GET /api/data`);
}

/** Signs a new customer up through the API; answers its id, email and bearer token. */
async function signUp(port) {
  const email = `bench-${randomBytes(6).toString("hex")}@example.com`;
  const body = JSON.stringify({
    title: "Ms",
    firstname: "Bench",
    lastname: "Mark",
    email,
    telephone: "07700 900123",
    password: "Bench-Mark-Banner-9",
    role: "user",
    site: "printwise",
  });
  const res = await request(port, "POST", "/api/auth/signup", { body, headers: { "content-type": "application/json" } });
  if (res.status !== 201) throw new Error(`POST /api/auth/signup answered ${res.status}: ${res.body.toString("utf8").slice(0, 300)}`);
  const { userId, token } = JSON.parse(res.body.toString("utf8"));
  if (!Number.isInteger(userId) || typeof token !== "string") throw new Error("POST /api/auth/signup answered no userId and token");
  return { userId, email, token };
}

async function pageCases(port, phase, cached) {
  const cases = [];
  for (const page of PAGES) {
    const target = { method: "GET", path: page.path, headers: {} };
    if (cached) {
      await request(port, "GET", page.path); // the first request renders the page into the cache
      const c = { name: `${page.label}, cached`, phase, target, expectStatus: 200 };
      c.captured = await captureFromShop(port, c);
      if (c.captured.headers["x-cache"] !== "HIT") throw new Error(`${c.name}: not served from the page cache (x-cache: ${c.captured.headers["x-cache"]})`);
      cases.push(c);
      for (const [encoding, decompress] of [["gzip", gunzipSync], ["br", brotliDecompressSync]]) {
        const compressed = { name: `${page.label}, cached, ${encoding}`, phase, target: { ...target, headers: { "accept-encoding": encoding } }, expectStatus: 200, expectEncoding: encoding };
        compressed.captured = await captureFromShop(port, compressed);
        if (!decompress(compressed.captured.body).equals(c.captured.body)) throw new Error(`${compressed.name}: does not decompress to the identity page`);
        cases.push(compressed);
      }
    } else {
      const c = { name: `${page.label}, uncached`, phase, target, expectStatus: 200 };
      c.captured = await captureFromShop(port, c);
      if (c.captured.headers["x-cache"]) throw new Error(`PAGE_CACHE=off still answered x-cache: ${c.captured.headers["x-cache"]}`);
      cases.push(c);
    }
  }
  return cases;
}

// ---------------------------------------------------------------- phases

const DATA = "GET /api/data";
const REVALIDATE = "GET /api/data → 304";
const PRICE = "POST /api/calculatePrice";
const PRICE_FASTIFY = "POST /api/calculatePrice, through Fastify (DIRECT_ROUTES=off)";
const ME = "GET /api/auth/me (signed in)";

async function phaseCached(report) {
  const pageNames = PAGES.flatMap((p) => [`${p.label}, cached`, `${p.label}, cached, gzip`, `${p.label}, cached, br`]);
  if (![DATA, REVALIDATE, PRICE, ME, ...pageNames].some(wanted)) return;
  console.log("\nStarting the shop (PAGE_CACHE=on, PGlite)…");
  const shop = await startShop(root, { pageCache: "on", label: "cache-on" });
  noteRebuild(report, "cache on");
  console.log(`  healthy on ${HOST}:${shop.port} after ${shop.startupMs} ms`);

  const data = { name: DATA, phase: "cache on", target: { method: "GET", path: "/api/data", headers: {} }, expectStatus: 200 };
  data.captured = await captureFromShop(shop.port, data);
  const etag = data.captured.headers.etag;
  if (!etag) throw new Error("GET /api/data answered no ETag");
  const revalidate = { name: REVALIDATE, phase: "cache on", target: { method: "GET", path: "/api/data", headers: { "if-none-match": etag } }, expectStatus: 304 };

  const productId = findProductId(JSON.parse(data.captured.body.toString("utf8")), PRODUCT_SLUG);
  const price = await priceCase(shop.port, PRICE, "cache on", productId);

  const customer = await signUp(shop.port);
  const me = {
    name: ME,
    phase: "cache on",
    target: { method: "GET", path: "/api/auth/me", headers: { authorization: `Bearer ${customer.token}` } },
    expectStatus: 200,
  };

  const pages = await pageCases(shop.port, "cache on", true);
  try {
    await measurePhase(report, shop, [data, revalidate, price, ...pages, me]);
  } finally {
    closeIdleConnections();
    await stopChild(shop.child);
  }
}

/** The price of one configured line: the same body on both shops, so the direct route's A/B compares like with like. */
async function priceCase(port, name, phase, productId) {
  const body = JSON.stringify({ productId, customWidth: 1200, customHeight: 800, selectedQuantity: 12, attributes: [] });
  const c = { name, phase, target: { method: "POST", path: "/api/calculatePrice", headers: { "content-type": "application/json" }, body }, expectStatus: 200, extra: { productId } };
  c.captured = await captureFromShop(port, c);
  const json = JSON.parse(c.captured.body.toString("utf8"));
  if (typeof json.total !== "number" || !json.breakdown) throw new Error(`${name} answered an unexpected body: ${c.captured.body.toString("utf8").slice(0, 300)}`);
  return c;
}

async function phaseUncached(report) {
  const wantsPrice = wanted(PRICE_FASTIFY);
  if (!PAGES.some((p) => wanted(`${p.label}, uncached`)) && !wantsPrice) return;
  // The second shop also leaves calculatePrice to Fastify: the direct route's A/B in the same run.
  console.log("\nStarting the shop (PAGE_CACHE=off, DIRECT_ROUTES=off, PGlite)…");
  const shop = await startShop(root, { pageCache: "off", directRoutes: "off", label: "cache-off" });
  noteRebuild(report, "cache off");
  console.log(`  healthy on ${HOST}:${shop.port} after ${shop.startupMs} ms`);
  try {
    const data = await captureFromShop(shop.port, { name: "catalogue", phase: "cache off", target: { method: "GET", path: "/api/data", headers: {} }, expectStatus: 200 });
    const price = await priceCase(shop.port, PRICE_FASTIFY, "cache off", findProductId(JSON.parse(data.body.toString("utf8")), PRODUCT_SLUG));
    await measurePhase(report, shop, [price, ...(await pageCases(shop.port, "cache off", false))]);
  } finally {
    closeIdleConnections();
    await stopChild(shop.child);
  }
}

/**
 * A database made for this run on the PostgreSQL server at DATABASE_URL and dropped when the bench ends;
 * or, when none answers, why the phase is skipped.
 */
async function throwawayDatabase() {
  const adminUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const { client: admin, reason } = await connectIfReachable(adminUrl);
  if (!admin) return { database: null, skipped: `skipped: no PostgreSQL reachable at DATABASE_URL (${redactUrl(adminUrl)}): ${reason}` };
  onCleanup(() => admin.end());
  const database = await createBenchDatabase(admin, adminUrl);
  onCleanup(async () => {
    await dropBenchDatabase(admin, database.name);
    console.log(`Dropped the bench database ${database.name}.`);
  });
  return { database, skipped: null };
}

async function phaseOrders(report) {
  const firstName = "GET /api/orders/:userId, 1M orders, page 1";
  const laterName = `GET /api/orders/:userId, 1M orders, page ${ORDER_PAGE}`;
  if (![firstName, laterName].some(wanted)) return;
  const { database, skipped } = await throwawayDatabase();
  if (!database) {
    console.log(`\nOrder list at a million orders ${skipped}`);
    report.orderSeed = { skipped: true, summary: skipped };
    return;
  }
  console.log(`\nCreated the bench database ${database.name}; starting the shop on it (PAGE_CACHE=on, PostgreSQL) to migrate and seed it…`);
  const shop = await startShop(root, { pageCache: "on", databaseUrl: database.url, label: "postgres" });
  noteRebuild(report, "postgres");
  try {
    console.log(`  healthy on ${HOST}:${shop.port} after ${shop.startupMs} ms`);
    const owner = await signUp(shop.port);
    console.log(`  seeding ${ORDER_CUSTOMERS.toLocaleString("en-GB")} customers and ${ORDER_GROUPS.toLocaleString("en-GB")} order groups…`);
    const seed = await seedOrders(database.url, { customers: ORDER_CUSTOMERS, orderGroups: ORDER_GROUPS, owner });
    const summary =
      `${seed.counts.order_groups.toLocaleString("en-GB")} order groups, ${seed.counts.orders.toLocaleString("en-GB")} orders, ` +
      `${seed.counts.checkouts.toLocaleString("en-GB")} checkouts, ${seed.counts.users.toLocaleString("en-GB")} users; ` +
      `inserted in ${seed.insertSeconds.toFixed(1)} s, VACUUM ANALYZE ${seed.vacuumSeconds.toFixed(1)} s; ` +
      `the signed-in customer owns ${seed.counts.owner_order_groups}`;
    console.log(`  ${summary}`);
    report.orderSeed = { skipped: false, database: "PostgreSQL", ...seed, summary };

    const auth = { authorization: `Bearer ${owner.token}` };
    const listPath = `/api/orders/${owner.userId}`;
    const first = { name: firstName, phase: "postgres", target: { method: "GET", path: listPath, headers: auth }, expectStatus: 200 };
    first.captured = await captureFromShop(shop.port, first);
    let later = first;
    for (let page = 2; page <= ORDER_PAGE; page += 1) {
      const cursor = later.captured.headers["x-next-cursor"];
      if (!cursor) throw new Error(`the order list has no page ${page} (no x-next-cursor on page ${page - 1})`);
      later = { name: laterName, phase: "postgres", target: { method: "GET", path: `${listPath}?after=${cursor}`, headers: auth }, expectStatus: 200 };
      later.captured = await captureFromShop(shop.port, later);
    }
    for (const c of [first, later]) {
      const entries = JSON.parse(c.captured.body.toString("utf8"));
      if (!Array.isArray(entries) || entries.length !== 10) throw new Error(`${c.name}: expected 10 order groups, got ${Array.isArray(entries) ? entries.length : typeof entries}`);
    }
    await measurePhase(report, shop, [first, later]);
  } finally {
    closeIdleConnections();
    await stopChild(shop.child);
  }
}

/** The cases measured with WORKERS=1 and WORKERS=2 on PostgreSQL: cached pages and the price. */
const WORKER_CASES = [
  { label: "home, cached", path: "/", encoding: null },
  { label: `product /product/${PRODUCT_SLUG}, cached`, path: `/product/${PRODUCT_SLUG}`, encoding: null },
  { label: `product /product/${PRODUCT_SLUG}, cached, br`, path: `/product/${PRODUCT_SLUG}`, encoding: "br" },
];
const workersName = (label, workers) => `${label}, WORKERS=${workers}`;

/**
 * The same cases on one shop process and on two (node:cluster, one port) over one PostgreSQL database,
 * each beside its raw baseline. Each worker keeps its own page cache, so every page is requested on fresh
 * connections until both have it; wrk's 32 connections are then shared out between the workers.
 */
async function phaseWorkers(report) {
  const names = [1, 2].flatMap((w) => [...WORKER_CASES.map((c) => workersName(c.label, w)), workersName(PRICE, w)]);
  if (!names.some(wanted)) return;
  const { database, skipped } = await throwawayDatabase();
  if (!database) {
    console.log(`\nWORKERS=1 against WORKERS=2 ${skipped}`);
    return;
  }
  for (const workers of [1, 2]) {
    console.log(`\nStarting the shop with WORKERS=${workers} (PAGE_CACHE=on, PostgreSQL ${database.name})…`);
    const shop = await startShop(root, { pageCache: "on", databaseUrl: database.url, label: `workers-${workers}`, workers });
    noteRebuild(report, `workers ${workers}`);
    console.log(`  healthy on ${HOST}:${shop.port} after ${shop.startupMs} ms`);
    try {
      const phase = `WORKERS=${workers}, postgres`;
      const cases = [];
      for (const page of WORKER_CASES) {
        const headers = page.encoding ? { "accept-encoding": page.encoding } : {};
        for (let i = 0; i < 4 * workers; i += 1) await request(shop.port, "GET", page.path, { headers: { ...headers, connection: "close" } });
        const c = { name: workersName(page.label, workers), phase, target: { method: "GET", path: page.path, headers }, expectStatus: 200, expectEncoding: page.encoding };
        c.captured = await captureFromShop(shop.port, c);
        if (c.captured.headers["x-cache"] !== "HIT") throw new Error(`${c.name}: not served from the page cache (x-cache: ${c.captured.headers["x-cache"]})`);
        cases.push(c);
      }
      const data = await captureFromShop(shop.port, { name: "catalogue", phase, target: { method: "GET", path: "/api/data", headers: {} }, expectStatus: 200 });
      cases.push(await priceCase(shop.port, workersName(PRICE, workers), phase, findProductId(JSON.parse(data.body.toString("utf8")), PRODUCT_SLUG)));
      await measurePhase(report, shop, cases);
    } finally {
      closeIdleConnections();
      await stopChild(shop.child);
    }
  }
}

function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(not a URL)";
  }
}

// ---------------------------------------------------------------- main

function gitRevision() {
  const rev = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" });
  const dirty = spawnSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" });
  if (rev.status !== 0) return null;
  return `${rev.stdout.trim()}${dirty.stdout.trim() ? " (uncommitted changes)" : ""}`;
}

async function main() {
  const began = Date.now();
  const wrk = requireWrk();
  const build = requireBuild();
  wrkDir = makeTempDir("bench-wrk-");
  const cpus = os.cpus();
  const report = {
    generatedAt: new Date().toISOString(),
    environment: {
      node: process.version,
      cpu: cpus[0]?.model?.trim() ?? "unknown",
      cores: os.availableParallelism?.() ?? cpus.length,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      commit: gitRevision(),
      build,
      wrk,
      loadAverageAtStart: os.loadavg(),
      loadAverageAtEnd: null,
    },
    settings: { ...SETTINGS, host: HOST, quick, only, loadGenerator: "wrk (one thread, separate process)" },
    cases: [],
    orderSeed: null,
  };
  console.log(`Node ${process.version} · ${report.environment.cpu} · ${report.environment.cores} cores · ${wrk}`);
  console.log(`Load average ${report.environment.loadAverageAtStart.map((l) => l.toFixed(2)).join(" ")} (other work on the machine moves the figures).`);

  await phaseCached(report);
  await phaseUncached(report);
  await phaseOrders(report);
  await phaseWorkers(report);

  report.environment.loadAverageAtEnd = os.loadavg();
  report.wallClockSeconds = Math.round((Date.now() - began) / 1000);
  printReport(report);
  const out = path.join(import.meta.dirname, "results", "latest.json");
  writeReport(out, report);
  console.log(`\nWrote ${path.relative(root, out)} (run took ${report.wallClockSeconds} s).`);

  // The upload benchmark starts and stops its own servers (bench/upload.mjs); it writes results/upload.json.
  if (wanted("200 MB artwork upload")) {
    const env = quick ? { ...process.env, BENCH_UPLOAD_RUNS: process.env.BENCH_UPLOAD_RUNS ?? "1" } : process.env;
    const upload = spawnSync(process.execPath, [path.join(import.meta.dirname, "upload.mjs")], { cwd: root, stdio: "inherit", env });
    if (upload.status !== 0) throw new Error(`the upload benchmark failed (${upload.status ?? upload.signal})`);
  }
  // The resumable (tus) upload against req.pipe(file), one and 4 at once (bench/tus-upload.mjs → results/tus-upload.json).
  if (wanted("200 MB resumable upload")) {
    const env = quick ? { ...process.env, BENCH_UPLOAD_RUNS: process.env.BENCH_UPLOAD_RUNS ?? "1" } : process.env;
    const tus = spawnSync(process.execPath, [path.join(import.meta.dirname, "tus-upload.mjs")], { cwd: root, stdio: "inherit", env });
    if (tus.status !== 0) throw new Error(`the resumable upload benchmark failed (${tus.status ?? tus.signal})`);
  }
}

try {
  await main();
  await cleanup();
} catch (error) {
  if (!isInterrupted()) {
    console.error(`\nbench failed: ${error instanceof Error ? error.message : error}`);
    await cleanup();
    process.exit(1);
  }
}
