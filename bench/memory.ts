// Memory of one shop process (issue 39 item 4): `npx tsx bench/memory.ts` (add `--no-build` to skip
// `npm run build`). Starts the built shop as `npm start` runs it (NODE_ENV=production, server/shop-node.mjs's
// heap budget and glibc settings, MALLOC_SETTINGS; HEAP_LIMIT_MB=default or MALLOC_…=default leaves V8's or glibc's
// own), on PGlite, with its own
// DATA_DIR in a temporary folder, PORT 3411 or PORT from the environment, plus --expose-gc and
// bench/memory-probe.mjs to read its heap) and samples its resident memory
// (VmRSS in /proc/<pid>/status, every 25 ms). The artwork worker threads are threads of that process, so
// their memory is in the figure; the bench also says whether the shop has any child processes.
//
// It reports, in MB (MiB):
//   - idle: the peak while starting, and 5 s after the shop answers /api/health (first start on a fresh
//     DATA_DIR, and at the end a restart on the same one), with what holds it (the shop's own process.memoryUsage
//     and V8 heap, read by bench/memory-probe.mjs on SIGUSR2, and /proc/<pid>/smaps by kind of mapping);
//     each probe also runs a full collection, so a phase's "settled" figure is after one;
//   - 12 ZIPs: a paid order whose approved print file is 20 MB, and 12 staff downloads of its ZIP at once
//     over HTTP (the bulk route and the per-order route, 6 each): peak, and settled 5 s after the last ends;
//   - fuzz-like load: LOAD_SECONDS (45) of requests made by the fuzz suite's generators
//     (tests/fuzz/openapi-requests.ts) for every operation in the shop's own OpenAPI document (GET /docs/json),
//     sent over HTTP with 4 in flight as the customer, staff or manager the path asks for, plus a real
//     artwork upload every 3 s: peak, and settled 5 s after.
// MEMORY_TIMELINE=1 also prints the load phase's resident memory in half-second buckets, and when each upload ran.
// MEMORY_PER_OP=1 replaces the mixed load with each operation alone, and lists the ones that raised the peak most.
// The order is made the way a customer and staff make it: sign-up, addresses, checkout, the built-in test
// card page, artwork upload and approval over HTTP; staff accounts through the control socket
// (`npm run staff`). Only then is the stored print PDF (DATA_DIR/files) replaced by a 20 MB PDF, which is
// what the ZIP routes read.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { shopNodeArgs, shopNodeEnv } from "../server/shop-node.mjs";
import { sendControlCommand } from "../server/control-socket";
import { cmykJpeg } from "../tests/factories/artwork";
import { blankPagePdf } from "../tests/fuzz/hostile-files";
import { operationsOf, requestsFor, type FuzzRequest, type Known, type Operation } from "../tests/fuzz/openapi-requests";

const root = path.resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const PORT = Number(process.env.PORT ?? 3411);
const BASE = `http://${HOST}:${PORT}`;
const ZIPS = Number(process.env.ZIPS ?? 12);
const PRINT_FILE_MB = Number(process.env.PRINT_FILE_MB ?? 20);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 45);
const SAMPLE_MS = 25;
const MB = (bytes: number) => Math.round(bytes / 1_048_576);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!process.argv.includes("--no-build")) {
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("npm run build failed");
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
const dataDir = path.join(tmp, "data");
const logFile = path.join(tmp, "server.log");
const probeFile = path.join(tmp, "probe.json");
let child: ChildProcess | null = null;

function stop(): void {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
}
process.on("exit", () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(tmp, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

// ---- the process, seen from outside -------------------------------------------------------------

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Threads by name (comm), and child processes of every thread. */
function threadsAndChildren(pid: number): { threads: Record<string, number>; children: number[] } {
  const threads: Record<string, number> = {};
  const children: number[] = [];
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
    threads[name] = (threads[name] ?? 0) + 1;
    const kids = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
    if (kids) children.push(...kids.split(/\s+/).map(Number));
  }
  return { threads, children };
}

/** Resident memory by kind of mapping, from /proc/<pid>/smaps, in MB. */
function smapsBreakdown(pid: number): Record<string, number> {
  const text = fs.readFileSync(`/proc/${pid}/smaps`, "utf8");
  const kinds: Record<string, number> = {};
  let kind = "";
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = parseInt(head[2]!, 16) - parseInt(head[1]!, 16);
      const name = head[4]!;
      const executable = head[3]!.includes("x");
      if (name === "[heap]") kind = "malloc main arena ([heap])";
      else if (name.startsWith("[stack")) kind = "stacks";
      else if (name.startsWith("[")) kind = `other ${name}`;
      else if (name.endsWith("/node") || /\/bin\/node$/.test(name)) kind = "node binary (code, data)";
      else if (/sharp|vips/.test(name)) kind = "sharp/libvips libraries";
      else if (name.startsWith("/")) kind = name.includes(".so") ? "other shared libraries" : "other mapped files";
      else if (executable) kind = "anonymous executable (JIT code: V8, WebAssembly)";
      else if (size >= 4 * 1024 ** 3) kind = "anonymous regions of ≥ 4 GiB reserved (WebAssembly)";
      else kind = "other anonymous (V8 heap, malloc arenas, thread stacks, buffers)";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] = (kinds[kind] ?? 0) + Number(rss[1]) * 1024;
  }
  return Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, MB(v)]).sort((a, b) => (b[1] as number) - (a[1] as number)));
}

/** The shop's own view (bench/memory-probe.mjs), in MB. */
async function probe(pid: number): Promise<Record<string, unknown>> {
  fs.rmSync(probeFile, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100 && !fs.existsSync(probeFile); i++) await sleep(20);
  await sleep(20);
  const p = JSON.parse(fs.readFileSync(probeFile, "utf8")) as {
    usage: NodeJS.MemoryUsage;
    heap: { total_heap_size: number; used_heap_size: number; malloced_memory: number; external_memory: number };
    spaces: Record<string, number>;
    heapUsedAfterGc: number;
    rssAfterGc: number;
  };
  return {
    rss: MB(p.usage.rss),
    heapTotal: MB(p.usage.heapTotal),
    heapUsed: MB(p.usage.heapUsed),
    external: MB(p.usage.external),
    arrayBuffers: MB(p.usage.arrayBuffers),
    v8Malloced: MB(p.heap.malloced_memory),
    heapUsedAfterFullGc: MB(p.heapUsedAfterGc),
    rssAfterFullGc: MB(p.rssAfterGc),
    heapSpacesUsed: Object.fromEntries(Object.entries(p.spaces).map(([k, v]) => [k, MB(v)])),
  };
}

class Sampler {
  peak = 0;
  private timer: NodeJS.Timeout;
  constructor(private pid: number) {
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.sample();
  }
  series: [number, number][] = [];
  sample(): number {
    try {
      const rss = rssBytes(this.pid);
      if (process.env.MEMORY_TIMELINE) this.series.push([Date.now(), rss]);
      this.peak = Math.max(this.peak, rss);
      return rss;
    } catch {
      return 0;
    }
  }
  reset(): void {
    this.peak = this.sample();
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

// ---- HTTP ----------------------------------------------------------------------------------------

let addressCounter = 0;
/** The shop runs with TRUST_PROXY_HOPS=1: each call comes "from" its own address, clear of per-address limits. */
function fromAddress(): Record<string, string> {
  addressCounter += 1;
  return { "x-forwarded-for": `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}` };
}

async function call(method: string, url: string, options: { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(`${BASE}${url}`, {
    method,
    headers: {
      ...fromAddress(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    redirect: "manual",
  });
}

async function json<T>(res: Response, what: string, ok = [200, 201]): Promise<T> {
  const text = await res.text();
  if (!ok.includes(res.status)) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function staffToken(role: "staff" | "manager"): Promise<string> {
  const email = `${role}.${randomBytes(4).toString("hex")}@printwise.example.com`;
  const answer = await sendControlCommand(dataDir, { command: "staff-add", email, role });
  if (!answer?.ok || !answer.link) throw new Error(`staff-add: ${answer?.message ?? "no control socket"}`);
  const password = `Staff-Press-${randomBytes(3).toString("hex")}`;
  const done = await json<{ token: string }>(await call("POST", "/api/auth/password-reset/confirm", { json: { token: answer.link.split("#token=")[1], password } }), "password reset");
  return done.token;
}

/** Finds the first object with `slug === slug` anywhere in a JSON answer. */
function findBySlug(value: unknown, slug: string): { id: number } | null {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = findBySlug(v, slug);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (o.slug === slug && typeof o.id === "number") return o as { id: number };
    for (const v of Object.values(o)) {
      const found = findBySlug(v, slug);
      if (found) return found;
    }
  }
  return null;
}

const ADDRESS = { first_name: "Jane", last_name: "Printer", company: "Signs Ltd", address1: "Unit 4, Riverside Trade Park", address2: "12 Wharf Road", town: "London", county: "", postcode: "E15 2SU", country: "United Kingdom" };

/** A customer's paid order of one PVC banner with its artwork uploaded and approved, over HTTP. */
async function paidOrderWithArtwork(productId: number, art: Buffer) {
  const id = randomBytes(4).toString("hex");
  const signup = { title: "Ms", firstname: "Jane", lastname: "Printer", email: `jane.${id}@example.com`, telephone: "07700 900123", password: `Banner-${id}-Sign`, role: "user", site: "printwise" };
  const customer = await json<{ userId: number; token: string }>(await call("POST", "/api/auth/signup", { json: signup }), "signup");
  const token = customer.token;
  await json(await call("POST", "/api/checkout/address", { token, json: { userId: customer.userId, billing: ADDRESS, delivery: { ...ADDRESS, instructions: "Goods in at the rear" } } }), "address");
  const lines = [{ productId, customWidth: 304, customHeight: 304, quantity: 3, versions: 1, orientation: null, attributes: [], designService: false }];
  const session = (total: number) => call("POST", "/api/stripe/create-checkout-session", { token, json: { email: signup.email, userId: customer.userId, Total: total, lines, promoCode: null } });
  // The server's own total comes back with a 409 when ours differs.
  const asked = await json<{ amount_total: number }>(await session(0.01), "checkout total", [409]);
  const started = await json<{ url: string; checkout_id: string }>(await session(asked.amount_total / 100), "checkout");
  const sessionId = /cs_test_[A-Za-z0-9]+/.exec(started.url)![0];
  const card = new URLSearchParams({ cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", nameOnCard: "Jane Printer" });
  const paid = await call("POST", `/checkout/test-payment/${sessionId}`, { body: card, headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE } });
  if (paid.status >= 400) throw new Error(`test payment: ${paid.status} ${(await paid.text()).slice(0, 300)}`);
  const order = await json<{ order_group_id: number; orders: { id: number }[] }>(
    await call("POST", `/api/orders/${started.checkout_id}`, { token, json: { status: "Awaiting Artwork", payment_status: "paid" } }),
    "order",
  );
  const orderId = order.orders[0]!.id;
  const form = new FormData();
  form.append("version_number", "1");
  form.append("artwork", new Blob([new Uint8Array(art)], { type: "image/jpeg" }), "job.jpg");
  await json(await call("POST", `/api/orders/${orderId}/imgs`, { token, body: form }), "artwork upload");
  await json(await call("PATCH", `/api/orders/${orderId}/imgs/1`, { token, json: { approved: true } }), "approval");
  return { token, userId: customer.userId, email: signup.email, orderGroupId: order.order_group_id, orderId, checkoutId: started.checkout_id, sessionId };
}

function pdfFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".pdf")) found.push(path.join(entry.parentPath, entry.name));
  }
  return found;
}

/** A PDF of `mb` MB: a valid header and trailer around a stream of random bytes (it does not compress). */
function bigPdf(mb: number): Buffer {
  const body = randomBytes(mb * 1_048_576 - 200);
  return Buffer.concat([Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Length ${body.length} >>\nstream\n`), body, Buffer.from("\nendstream\nendobj\ntrailer\n<< >>\n%%EOF\n")]);
}

async function download(url: string, token: string): Promise<{ status: number; bytes: number; firstByteMs: number; ms: number }> {
  const started = performance.now();
  const res = await call("GET", url, { token });
  const firstByteMs = performance.now() - started;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return { status: res.status, bytes, firstByteMs: Math.round(firstByteMs), ms: Math.round(performance.now() - started) };
}

// ---- the run -------------------------------------------------------------------------------------

async function main(): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    PUBLIC_URL: BASE,
    TRUST_PROXY_HOPS: "1",
    LOG_LEVEL: "warn",
    MEMORY_PROBE_FILE: probeFile,
  };
  delete env.DATABASE_URL;
  const start = async (label: string) => {
    const log = fs.openSync(logFile, "a");
    // As `npm start` starts it (server/shop-node.mjs); MALLOC_ARENA_MAX=default and HEAP_LIMIT_MB=default
    // measure glibc's and V8's own defaults.
    const args = [...shopNodeArgs(env), "--expose-gc", "--import", path.join(root, "bench", "memory-probe.mjs")];
    child = spawn(process.execPath, [...args, path.join(root, "build", "server-main.js")], {
      cwd: root,
      env: shopNodeEnv(env),
      stdio: ["ignore", log, log],
    });
    fs.closeSync(log);
    const pid = child.pid!;
    // Sampled from the spawn, so the peak of starting (migrations, first catalogue load) is seen too.
    const sampler = new Sampler(pid);
    const began = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the shop exited during startup:\n${fs.readFileSync(logFile, "utf8").slice(-3000)}`);
      if (Date.now() - began > 120_000) throw new Error("the shop was not healthy within 120 s");
      try {
        if ((await fetch(`${BASE}/api/health`)).status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    const startupMs = Date.now() - began;
    await sleep(5_000);
    const idle = {
      label,
      rss: MB(rssBytes(pid)),
      startPeak: MB(sampler.peak),
      startupMs,
      ...threadsAndChildren(pid),
      smaps: smapsBreakdown(pid),
      self: await probe(pid),
    };
    return { pid, sampler, idle };
  };
  // A first start makes the database (initdb, migrations, seed); the bench restarts on it at the end.
  const { pid, sampler, idle } = await start("first start (fresh DATA_DIR)");
  console.log(JSON.stringify({ idle }, null, 1));

  // The order, its print file made 20 MB.
  const manager = await staffToken("manager");
  const staff = await staffToken("staff");
  const products = await json<unknown>(await call("GET", "/api/manage/products", { token: manager }), "products");
  const banner = findBySlug(products, "pvc-banner");
  if (!banner) throw new Error("no pvc-banner in /api/manage/products");
  const art = await cmykJpeg(1800, 1800, 150);
  const order = await paidOrderWithArtwork(banner.id, art);
  const pdfs = pdfFiles(path.join(dataDir, "files"));
  if (pdfs.length === 0) throw new Error("no print PDF in DATA_DIR/files");
  const big = bigPdf(PRINT_FILE_MB);
  for (const file of pdfs) fs.writeFileSync(file, big);
  await sleep(5_000);
  const beforeZips = MB(rssBytes(pid));

  // (a) 12 ZIPs at once.
  sampler.reset();
  const urls = Array.from({ length: ZIPS }, (_, i) => (i % 2 === 0 ? `/api/staff/bulk/print-files.zip?ids=${order.orderGroupId}` : `/api/staff/orders/${order.orderGroupId}/files.zip`));
  const zipStarted = performance.now();
  const results = await Promise.all(urls.map((url) => download(url, staff)));
  const zipSeconds = (performance.now() - zipStarted) / 1000;
  const zipPeak = MB(sampler.peak);
  const zipSelf = await probe(pid);
  await sleep(5_000);
  const zips = {
    pdfsReplaced: pdfs.length,
    printFileMB: PRINT_FILE_MB,
    before: beforeZips,
    peak: zipPeak,
    settled5s: MB(rssBytes(pid)),
    seconds: +zipSeconds.toFixed(1),
    statuses: [...new Set(results.map((r) => r.status))],
    bytesEach: [...new Set(results.map((r) => r.bytes))],
    firstByteMs: results.map((r) => r.firstByteMs),
    selfJustAfter: zipSelf,
    ...threadsAndChildren(pid),
  };
  console.log(JSON.stringify({ zips }, null, 1));

  // (b) fuzz-like load.
  const doc = await json<unknown>(await call("GET", "/docs/json"), "openapi document");
  // Calls that end the caller's own session or account are left out, so the load keeps its callers.
  const operations: Operation[] = operationsOf(doc).filter((op) => !/logout|password|sessions|delete-account/.test(op.path) && !(op.method === "DELETE" && /\/account/.test(op.path)));
  const known: Known = {
    userId: [order.userId],
    orderGroupId: [order.orderGroupId],
    orderId: [order.orderId],
    order_id: [order.orderId],
    clientReference: [order.checkoutId],
    sessionId: [order.sessionId],
    versionNumber: [1],
    version_number: [1],
    productId: [banner.id],
    email: [order.email],
  };
  const files = { picture: { contentType: "image/jpeg", data: art }, "blank-page PDF": { contentType: "application/pdf", data: blankPagePdf() } };
  const tokenFor = (op: Operation) => (/^\/api\/(manage|back-office|admin)/.test(op.path) ? manager : /^\/api\/staff/.test(op.path) ? staff : order.token);
  let seed = 20_261_127;
  const queue: FuzzRequest[] = [];
  const statuses: Record<string, number> = {};
  const refill = () => {
    for (const op of operations) {
      const token = tokenFor(op);
      for (const request of fc.sample(requestsFor(op, known, files), { numRuns: 3, seed: seed++ })) queue.push({ ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } });
    }
  };
  sampler.reset();
  const loadStart = MB(rssBytes(pid));
  const deadline = Date.now() + LOAD_SECONDS * 1000;
  let sent = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      if (queue.length === 0) refill();
      const request = queue.shift()!;
      try {
        const res = await call(request.method, request.url, { headers: request.headers, body: request.payload === undefined ? undefined : typeof request.payload === "string" ? request.payload : new Uint8Array(request.payload) });
        await res.arrayBuffer();
        const key = `${Math.floor(res.status / 100)}xx`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      } catch {
        statuses.error = (statuses.error ?? 0) + 1;
      }
      sent += 1;
    }
  };
  // A real artwork upload every 3 s (new versions of the order), through the artwork workers.
  let uploads = 0;
  const uploadTimes: [number, number][] = [];
  const uploader = async () => {
    while (Date.now() < deadline) {
      const form = new FormData();
      form.append("version_number", "1");
      form.append("artwork", new Blob([new Uint8Array(art)], { type: "image/jpeg" }), "job.jpg");
      const began = Date.now();
      const res = await call("POST", `/api/orders/${order.orderId}/imgs`, { token: order.token, body: form });
      await res.arrayBuffer();
      if (process.env.MEMORY_TIMELINE) uploadTimes.push([began, Date.now()]);
      uploads += 1;
      await sleep(3_000);
    }
  };
  if (process.env.MEMORY_PER_OP) {
    // Each operation alone: 24 of its fuzz requests, 4 at a time, and how far the resident peak rose above
    // where it stood just before. Finds the one call that moves the peak (it found POST /api/auth/login).
    const rows: [number, string][] = [];
    for (const op of operations) {
      const token = tokenFor(op);
      const requests = fc.sample(requestsFor(op, known, files), { numRuns: 24, seed: seed++ });
      await sleep(300);
      const before = MB(rssBytes(pid));
      sampler.reset();
      const lane = async (first: number) => {
        for (let i = first; i < requests.length; i += 4) {
          const request = requests[i]!;
          const body = request.payload === undefined ? undefined : typeof request.payload === "string" ? request.payload : new Uint8Array(request.payload);
          await call(request.method, request.url, { headers: { ...request.headers, authorization: `Bearer ${token}` }, body }).then((res) => res.arrayBuffer(), () => null);
        }
      };
      await Promise.all([0, 1, 2, 3].map(lane));
      await sleep(100);
      rows.push([MB(sampler.peak) - before, `${op.method} ${op.path}`]);
    }
    rows.sort((a, b) => b[0] - a[0]);
    console.log(`each operation alone, the resident peak's rise in MB:\n${rows.slice(0, 15).map(([mb, op]) => `  ${mb} ${op}`).join("\n")}`);
  } else await Promise.all([worker(), worker(), worker(), worker(), uploader()]);
  const loadPeak = MB(sampler.peak);
  if (process.env.MEMORY_TIMELINE) {
    const t0 = uploadTimes[0]?.[0] ?? Date.now();
    const buckets = new Map<number, number>();
    for (const [t, rss] of sampler.series) if (t >= t0 - 2000) buckets.set(Math.floor((t - t0) / 500), Math.max(buckets.get(Math.floor((t - t0) / 500)) ?? 0, MB(rss)));
    console.log("timeline (0.5 s buckets):", [...buckets].map(([k, v]) => `${k / 2}:${v}`).join(" "));
    console.log("uploads:", uploadTimes.map(([a, b]) => `${((a - t0) / 1000).toFixed(1)}-${((b - t0) / 1000).toFixed(1)}`).join(" "));
  }
  const loadSelf = await probe(pid);
  await sleep(5_000);
  const load = {
    seconds: LOAD_SECONDS,
    operations: operations.length,
    requests: sent,
    statuses,
    artworkUploads: uploads,
    start: loadStart,
    peak: loadPeak,
    settled5s: MB(rssBytes(pid)),
    selfJustAfter: loadSelf,
    ...threadsAndChildren(pid),
  };
  console.log(JSON.stringify({ load }, null, 1));
  sampler.stop();
  const exited = new Promise((r) => child!.once("exit", r));
  child!.kill("SIGTERM");
  await exited;
  const restarted = await start("restart (the same DATA_DIR)");
  restarted.sampler.stop();
  console.log(JSON.stringify({ restart: restarted.idle }, null, 1));
  console.log(
    JSON.stringify({
      summaryMB: {
        firstStartPeak: idle.startPeak,
        idle: idle.rss,
        restartPeak: restarted.idle.startPeak,
        restartIdle: restarted.idle.rss,
        zipsPeak: zips.peak,
        zipsSettled: zips.settled5s,
        loadPeak: load.peak,
        loadSettled: load.settled5s,
      },
      cores: os.cpus().length,
      node: process.version,
    }),
  );
}

try {
  await main();
} catch (error) {
  console.error(error);
  console.error(`--- shop log (tail) ---\n${fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-3000) : ""}`);
  process.exitCode = 1;
} finally {
  const last = child as ChildProcess | null;
  stop();
  if (last && last.exitCode === null && last.signalCode === null) await new Promise((r) => last.once("exit", r));
}
