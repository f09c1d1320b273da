// Resumable (tus) upload benchmark (part of `npm run bench`; `node bench/tus-upload.mjs` alone).
//
// curl (a C client, so the sender is never the limit) sends the same bytes as one PATCH to:
//   - a raw node:http server that pipes the request into a file (`req.pipe(file)`) and answers 204;
//   - the shop's PATCH /api/uploads/{id} (tus, signed in, an artwork upload created with POST): ownership
//     check, the advisory lock, the head sniff, @tus/server and its file store, the key-value rows.
// All but the last byte is sent, so the upload never completes: the figure is the transfer, not the artwork
// check that runs once the last byte arrives. Then 4 uploads of 200 MB run at once on each side, with the
// server's resident memory sampled every 20 ms. The machine's load average is printed before and after:
// on a shared machine the ratio (same load for both sides, straight after each other) is the figure to read.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { shopNodeArgs, shopNodeEnv } from "../server/shop-node.mjs";
import { performance } from "node:perf_hooks";
import { URLSearchParams } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB || 200);
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS || 3);
const PARALLEL = 4;

const children = new Set();
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-tus-"));
function cleanup() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  fs.rmSync(temp, { recursive: true, force: true });
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

async function freePort() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** CPU seconds the process has used (user + system), from /proc. */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

/** Runs the curl commands at once while sampling `pid`'s RSS: answers each one's status and seconds, the wall time and the peak RSS growth. */
async function timed(commands, pid) {
  const before = rssKb(pid);
  const cpuBefore = cpuSeconds(pid);
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid));
    } catch {
      // gone
    }
  }, 20);
  const started = performance.now();
  const results = await Promise.all(
    commands.map(async (args) => {
      const { stdout } = await run("curl", ["-sS", "-o", "/dev/null", "-w", "%{http_code} %{time_total} %{size_upload}", ...args], { maxBuffer: 1 << 20 });
      const [code, seconds, bytes] = stdout.trim().split(" ");
      return { status: Number(code), seconds: Number(seconds), bytes: Number(bytes) };
    }),
  );
  const wall = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const bytes = results.reduce((sum, r) => sum + r.bytes, 0);
  const cpu = cpuSeconds(pid) - cpuBefore;
  return { results, wall, mbPerSecond: bytes / 1048576 / wall, rssGrowthMb: (peak - before) / 1024, peakRssMb: peak / 1024, cpuSecondsPerGb: cpu / (bytes / 1024 ** 3) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function call(base, method, url, token, body) {
  const res = await fetch(`${base}${url}`, { method, headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : {} };
}

/** A customer with a paid order of one banner in PARALLEL versions, over HTTP (the test card page). */
async function paidItem(base) {
  const signup = await call(base, "POST", "/api/auth/signup", null, { firstname: "Bench", lastname: "Tus", email: `bench.tus.${Date.now()}@example.com`, telephone: "07700900123", password: "Bench-Tus-2026", role: "user", site: "bench" });
  const { token, userId } = signup.body;
  const address = { first_name: "Bench", last_name: "Tus", company: "", address1: "1 Test Street", address2: "", town: "Leeds", county: "", postcode: "LS1 4AP", country: "United Kingdom" };
  await call(base, "POST", "/api/checkout/address", token, { userId, billing: address, delivery: { ...address, instructions: "" } });
  const data = await call(base, "GET", "/api/data");
  const product = data.body.categories.flatMap((c) => c.subcategories.flatMap((s) => s.products)).find((p) => p.slug === "pvc-banner");
  const line = { productId: product.id, customWidth: 594, customHeight: 841, quantity: PARALLEL, versions: PARALLEL, attributes: [] };
  const price = await call(base, "POST", "/api/calculatePrice", null, { productId: product.id, customWidth: 594, customHeight: 841, selectedQuantity: PARALLEL, attributes: [] });
  const sub = Math.round(price.body.total * 100);
  const vat = Math.round((sub + 995) * 0.2);
  const started = await call(base, "POST", "/api/stripe/create-checkout-session", token, { userId, Total: (sub + 995 + vat) / 100, lines: [line] });
  if (started.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(started.body)}`);
  const paid = await fetch(`${base}${started.body.url}`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", nameOnCard: "Bench Tus" }).toString() });
  await paid.arrayBuffer();
  const order = await call(base, "POST", `/api/orders/${started.body.checkout_id}`, token, {});
  return { token, orderId: order.body.orders[0].id };
}

const b64 = (text) => Buffer.from(text).toString("base64");

async function createUpload(base, token, orderId, version, length) {
  const res = await fetch(`${base}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0", "upload-length": String(length), "upload-metadata": `purpose ${b64("artwork")},filename ${b64("bench.pdf")},orderId ${b64(String(orderId))},version ${b64(String(version))}` },
  });
  if (res.status !== 201) throw new Error(`creation failed: ${res.status} ${await res.text()}`);
  return res.headers.get("location");
}

async function main() {
  await run("curl", ["--version"]).catch(() => {
    console.error("bench/tus-upload.mjs needs curl (apt-get install curl).");
    process.exit(1);
  });
  if (!fs.existsSync(path.join(root, "build", "server-main.js"))) {
    console.error("No build: run `npm run build` first.");
    process.exit(1);
  }
  const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");
  const loadBefore = load();
  // A PDF header, then bytes that do not compress; all but the last byte are sent.
  const full = SIZE_MB * 1024 * 1024;
  const file = path.join(temp, "artwork.bin");
  const out = fs.openSync(file, "w");
  const chunk = Buffer.alloc(1 << 20);
  for (let i = 0; i < SIZE_MB; i++) {
    for (let j = 0; j < chunk.length; j += 4) chunk.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, j);
    if (i === 0) chunk.write("%PDF-1.7\n", 0, "latin1");
    fs.writeSync(out, chunk, 0, i === SIZE_MB - 1 ? chunk.length - 1 : chunk.length);
  }
  fs.closeSync(out);

  const rawPort = await freePort();
  const raw = spawn(process.execPath, ["-e", `
    const http = require("node:http"); const fs = require("node:fs"); let n = 0;
    http.createServer((req, res) => { const f = fs.createWriteStream(${JSON.stringify(path.join(temp, "raw-"))} + (n++)); req.pipe(f); f.on("finish", () => { res.statusCode = 204; res.end(); fs.rm(f.path, () => {}); }); }).listen(${rawPort}, "127.0.0.1");
  `], { stdio: "ignore" });
  children.add(raw);
  const shopPort = await freePort();
  const shopEnv = { ...process.env, NODE_ENV: "production", PORT: String(shopPort), HOST: "127.0.0.1", DATA_DIR: path.join(temp, "data"), LOG_LEVEL: "warn", DATABASE_URL: "" };
  const shop = spawn(process.execPath, [...shopNodeArgs(shopEnv), path.join(root, "build", "server-main.js")], {
    cwd: root,
    env: shopNodeEnv(shopEnv),
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(shop);
  const base = `http://127.0.0.1:${shopPort}`;
  await waitFor(`${base}/api/health`);
  await waitFor(`http://127.0.0.1:${rawPort}/`).catch(() => {});
  const { token, orderId } = await paidItem(base);

  const patch = (url, extra = []) => ["-X", "PATCH", "-T", file, "-H", "content-type: application/offset+octet-stream", "-H", "upload-offset: 0", "-H", "tus-resumable: 1.0.0", "-H", "expect:", ...extra, url];
  const one = { raw: [], shop: [] };
  for (let i = 0; i < RUNS; i++) {
    one.raw.push(await timed([patch(`http://127.0.0.1:${rawPort}/`)], raw.pid));
    const location = await createUpload(base, token, orderId, 1, full);
    one.shop.push(await timed([patch(`${base}${location}`, ["-H", `authorization: Bearer ${token}`])], shop.pid));
    await fetch(`${base}${location}`, { method: "DELETE", headers: { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0" } });
  }
  const bad = one.shop.flatMap((r) => r.results).filter((r) => r.status !== 204);
  if (bad.length > 0) throw new Error(`the shop did not take the bytes: ${JSON.stringify(bad)}`);

  const many = { raw: await timed(Array.from({ length: PARALLEL }, () => patch(`http://127.0.0.1:${rawPort}/`)), raw.pid), shop: null };
  const locations = [];
  for (let v = 1; v <= PARALLEL; v++) locations.push(await createUpload(base, token, orderId, v, full));
  many.shop = await timed(locations.map((location) => patch(`${base}${location}`, ["-H", `authorization: Bearer ${token}`])), shop.pid);
  if (many.shop.results.some((r) => r.status !== 204)) throw new Error(`parallel uploads failed: ${JSON.stringify(many.shop.results)}`);

  const summary = {
    sizeMb: SIZE_MB,
    runs: RUNS,
    machine: { cores: os.availableParallelism(), loadBefore, loadAfter: load() },
    single: {
      raw: { mbPerSecond: median(one.raw.map((r) => r.mbPerSecond)), peakRssGrowthMb: Math.max(...one.raw.map((r) => r.rssGrowthMb)), cpuSecondsPerGb: median(one.raw.map((r) => r.cpuSecondsPerGb)) },
      shop: { mbPerSecond: median(one.shop.map((r) => r.mbPerSecond)), peakRssGrowthMb: Math.max(...one.shop.map((r) => r.rssGrowthMb)), cpuSecondsPerGb: median(one.shop.map((r) => r.cpuSecondsPerGb)) },
    },
    parallel: {
      uploads: PARALLEL,
      raw: { mbPerSecond: many.raw.mbPerSecond, wallSeconds: many.raw.wall, peakRssGrowthMb: many.raw.rssGrowthMb, peakRssMb: many.raw.peakRssMb, cpuSecondsPerGb: many.raw.cpuSecondsPerGb },
      shop: { mbPerSecond: many.shop.mbPerSecond, wallSeconds: many.shop.wall, peakRssGrowthMb: many.shop.rssGrowthMb, peakRssMb: many.shop.peakRssMb, cpuSecondsPerGb: many.shop.cpuSecondsPerGb },
    },
  };
  summary.single.ratio = summary.single.shop.mbPerSecond / summary.single.raw.mbPerSecond;
  summary.parallel.ratio = summary.parallel.shop.mbPerSecond / summary.parallel.raw.mbPerSecond;
  const f = (n) => n.toFixed(0);
  console.log(`\n${SIZE_MB} MB resumable (tus) upload, one PATCH by curl on loopback (median of ${RUNS}); load average ${loadBefore} → ${summary.machine.loadAfter} on ${summary.machine.cores} cores`);
  const c = (n) => n.toFixed(2);
  console.log(`  raw req.pipe(file): ${f(summary.single.raw.mbPerSecond)} MB/s, peak RSS growth ${f(summary.single.raw.peakRssGrowthMb)} MB, ${c(summary.single.raw.cpuSecondsPerGb)} CPU s/GB`);
  console.log(`  shop (tus PATCH):   ${f(summary.single.shop.mbPerSecond)} MB/s, peak RSS growth ${f(summary.single.shop.peakRssGrowthMb)} MB, ${c(summary.single.shop.cpuSecondsPerGb)} CPU s/GB`);
  console.log(`  shop ÷ raw: ${summary.single.ratio.toFixed(2)}`);
  console.log(`  ${PARALLEL} × ${SIZE_MB} MB at once: raw ${f(summary.parallel.raw.mbPerSecond)} MB/s in all (peak RSS ${f(summary.parallel.raw.peakRssMb)} MB, +${f(summary.parallel.raw.peakRssGrowthMb)}; ${c(summary.parallel.raw.cpuSecondsPerGb)} CPU s/GB), shop ${f(summary.parallel.shop.mbPerSecond)} MB/s (peak RSS ${f(summary.parallel.shop.peakRssMb)} MB, +${f(summary.parallel.shop.peakRssGrowthMb)}; ${c(summary.parallel.shop.cpuSecondsPerGb)} CPU s/GB), ratio ${summary.parallel.ratio.toFixed(2)}`);
  fs.mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench", "results", "tus-upload.json"), `${JSON.stringify(summary, null, 2)}\n`);
  shop.kill("SIGTERM");
  raw.kill("SIGTERM");
  await new Promise((r) => shop.once("exit", r));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
