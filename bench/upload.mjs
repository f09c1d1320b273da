// The 200 MB artwork upload benchmark (part of `npm run bench`; `node bench/upload.mjs` alone).
//
// Sends the same 200 MB multipart body with curl (a C client, so the sender is never the limit) to:
//   - a raw node:http server that pipes the request into a file (`req.pipe(file)`) and answers 200;
//   - the shop's POST /api/artwork/preflight, signed in, which streams the upload to a temporary file
//     through @fastify/multipart with a byte counter and a size limit, sniffs it, and answers the verdict.
// The file is random bytes, so the shop's preflight stops at the content sniff (a `type` fail) and the
// figure is the upload path itself, not image processing. The shop's resident memory is sampled from
// /proc every 20 ms during each upload; its peak growth shows whether the upload is held in memory.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB || 200);
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS || 3);

const children = new Set();
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-upload-"));
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

function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Runs curl while sampling `pid`'s RSS; answers seconds, MB/s and the peak RSS growth in MB. */
async function timedUpload(args, pid) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid));
    } catch {
      // process gone
    }
  }, 20);
  const { stdout } = await run("curl", ["-sS", "-o", path.join(temp, "answer"), "-w", "%{http_code} %{time_total} %{size_upload}", ...args], { maxBuffer: 1 << 20 });
  clearInterval(sampler);
  const [code, seconds, bytes] = stdout.trim().split(" ");
  return { status: Number(code), seconds: Number(seconds), mbPerSecond: Number(bytes) / 1048576 / Number(seconds), rssGrowthMb: (peak - before) / 1024 };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function main() {
  try {
    await run("curl", ["--version"]);
  } catch {
    console.error("bench/upload.mjs needs curl (apt-get install curl).");
    process.exit(1);
  }
  if (!fs.existsSync(path.join(root, "build", "server-main.js"))) {
    console.error("No build: run `npm run build` first.");
    process.exit(1);
  }
  const file = path.join(temp, "artwork.bin");
  const out = fs.openSync(file, "w");
  const chunk = Buffer.alloc(1 << 20);
  for (let i = 0; i < SIZE_MB; i++) fs.writeSync(out, (chunk.fill(i % 251), chunk));
  fs.closeSync(out);

  // The raw baseline: pipe the body to a file, answer 200.
  const rawPort = await freePort();
  const raw = spawn(process.execPath, ["-e", `
    const http = require("node:http"); const fs = require("node:fs");
    http.createServer((req, res) => { const f = fs.createWriteStream(${JSON.stringify(path.join(temp, "raw-"))} + Date.now()); req.pipe(f); f.on("finish", () => { res.end("ok"); fs.rm(f.path, () => {}); }); }).listen(${rawPort}, "127.0.0.1");
  `], { stdio: "ignore" });
  children.add(raw);

  const shopPort = await freePort();
  const dataDir = path.join(temp, "data");
  const shop = spawn(process.execPath, [path.join(root, "build", "server-main.js")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(shopPort), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(shop);
  const base = `http://127.0.0.1:${shopPort}`;
  await waitFor(`${base}/api/health`);
  await waitFor(`http://127.0.0.1:${rawPort}/`).catch(() => {});

  const signup = await fetch(`${base}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstname: "Bench", lastname: "Upload", email: `bench.${Date.now()}@example.com`, telephone: "07700900123", password: "Bench-Upload-2026", role: "user", site: "bench" }),
  });
  const { token } = await signup.json();

  const form = ["-F", "width=594", "-F", "height=841", "-F", "orientation=Portrait", "-F", "versions=1", "-F", `artwork=@${file};type=image/tiff`];
  const rawRuns = [];
  const shopRuns = [];
  for (let i = 0; i < RUNS; i++) {
    rawRuns.push(await timedUpload([...form, `http://127.0.0.1:${rawPort}/`], raw.pid));
    shopRuns.push(await timedUpload(["-H", `authorization: Bearer ${token}`, ...form, `${base}/api/artwork/preflight`], shop.pid));
  }
  const answer = JSON.parse(fs.readFileSync(path.join(temp, "answer"), "utf8"));
  if (shopRuns.some((r) => r.status !== 200) || answer.verdict !== "fail") throw new Error(`unexpected shop answer: ${JSON.stringify(shopRuns)} ${JSON.stringify(answer)}`);
  const leftovers = fs.existsSync(path.join(dataDir, "tmp", "uploads")) ? fs.readdirSync(path.join(dataDir, "tmp", "uploads")) : [];

  const summary = {
    sizeMb: SIZE_MB,
    runs: RUNS,
    raw: { seconds: median(rawRuns.map((r) => r.seconds)), mbPerSecond: median(rawRuns.map((r) => r.mbPerSecond)), peakRssGrowthMb: Math.max(...rawRuns.map((r) => r.rssGrowthMb)) },
    shop: { seconds: median(shopRuns.map((r) => r.seconds)), mbPerSecond: median(shopRuns.map((r) => r.mbPerSecond)), peakRssGrowthMb: Math.max(...shopRuns.map((r) => r.rssGrowthMb)) },
    temporaryFilesLeft: leftovers.length,
  };
  summary.ratio = summary.shop.mbPerSecond / summary.raw.mbPerSecond;
  console.log(`\n${SIZE_MB} MB artwork upload (curl, multipart, loopback; median of ${RUNS})`);
  console.log(`  raw req.pipe(file): ${summary.raw.mbPerSecond.toFixed(0)} MB/s, ${summary.raw.seconds.toFixed(2)} s, peak RSS growth ${summary.raw.peakRssGrowthMb.toFixed(0)} MB`);
  console.log(`  shop (preflight):   ${summary.shop.mbPerSecond.toFixed(0)} MB/s, ${summary.shop.seconds.toFixed(2)} s, peak RSS growth ${summary.shop.peakRssGrowthMb.toFixed(0)} MB`);
  console.log(`  shop ÷ raw throughput: ${summary.ratio.toFixed(2)}; temporary files left: ${summary.temporaryFilesLeft}`);
  fs.mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench", "results", "upload.json"), `${JSON.stringify(summary, null, 2)}\n`);
  shop.kill("SIGTERM");
  raw.kill("SIGTERM");
  await new Promise((r) => shop.once("exit", r));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
