// `npm run lighthouse`: Lighthouse's default mobile audit (simulated throttling; performance and accessibility)
// of the home, a category and a product page, served by the production build on a fresh data folder, in Debian's Chromium.
//
// Lighthouse 12.8.2 (the last line that runs on Node 20) is installed on first use into
// node_modules/.cache/lighthouse-12.8.2 with a package.json of its own, never into the app's lockfile:
// it pulls third-party-web@latest and a large tree the shop does not ship. Results go to
// bench/results/lighthouse.json.
//
//   node scripts/lighthouse.mjs [--runs N]
//
// --runs (or LIGHTHOUSE_RUNS) audits each page N times (default 1) and prints every run and each page's
// worst: simulated blocking time moves from run to run with the machine's other work.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { cleanup, closeIdleConnections, HOST, request, startShop, stopChild } from "../bench/processes.mjs";

const LIGHTHOUSE_VERSION = "12.8.2";
const root = path.resolve(import.meta.dirname, "..");
const cacheDir = path.join(root, "node_modules", ".cache", `lighthouse-${LIGHTHOUSE_VERSION}`);
const PAGES = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(",") : ["/", "/banners", "/product/pvc-banner"];
const PRODUCT_PAGE = "/product/pvc-banner";
const RUNS = (() => {
  const at = process.argv.indexOf("--runs");
  const text = at >= 0 ? process.argv[at + 1] : (process.env.LIGHTHOUSE_RUNS ?? "1");
  const runs = Number(text);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error(`--runs must be a whole number from 1 to 20, not "${text}"`);
  return runs;
})();
// Lighthouse's trace recording fails now and then (NO_NAVSTART, "run Lighthouse again"): one more try.
const AUDIT_ATTEMPTS = 2;
// The browser tests' flags (scripts/chromium-flags.json), headless.
const CHROME_FLAGS = ["--headless=new", ...JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "chromium-flags.json"), "utf8"))];

function installedVersion(pkg) {
  try {
    return JSON.parse(fs.readFileSync(path.join(cacheDir, "node_modules", pkg, "package.json"), "utf8")).version;
  } catch {
    return null;
  }
}

/** Installs Lighthouse into the cache folder unless that version is there already. Throws if npm cannot. */
function requireLighthouse() {
  if (installedVersion("lighthouse") === LIGHTHOUSE_VERSION) return;
  console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${path.relative(root, cacheDir)} (outside the app's lockfile)…`);
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(
    path.join(cacheDir, "package.json"),
    `${JSON.stringify({ name: "lighthouse-cache", private: true, description: "Written by scripts/lighthouse.mjs; not part of the app." }, null, 2)}\n`,
  );
  const npm = spawnSync(
    "npm",
    ["install", "--prefix", cacheDir, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `lighthouse@${LIGHTHOUSE_VERSION}`],
    { cwd: cacheDir, stdio: "inherit" },
  );
  if (npm.status !== 0 || installedVersion("lighthouse") !== LIGHTHOUSE_VERSION) {
    throw new Error(`lighthouse@${LIGHTHOUSE_VERSION} could not be installed from the package registry (npm exited ${npm.status ?? npm.signal}).`);
  }
}

/** The ESM entry point of a package installed in the cache folder. */
async function importFromCache(pkg) {
  const manifest = JSON.parse(fs.readFileSync(path.join(cacheDir, "node_modules", pkg, "package.json"), "utf8"));
  const exported = manifest.exports?.["."];
  const entry =
    (typeof exported === "string" ? exported : (exported?.import?.default ?? exported?.import ?? exported?.default)) ?? manifest.main ?? "index.js";
  return import(pathToFileURL(path.join(cacheDir, "node_modules", pkg, entry)).href);
}

/** The figures we track from one Lighthouse result (lhr). */
function summarise(lhr) {
  const audit = (id) => lhr.audits[id];
  const requests = audit("network-requests")?.details?.items ?? [];
  const scripts = requests
    .filter((r) => r.resourceType === "Script")
    .map((r) => ({ url: new URL(r.url).pathname, transferBytes: r.transferSize ?? 0, resourceBytes: r.resourceSize ?? 0 }));
  const score = lhr.categories.performance?.score;
  const a11yScore = lhr.categories.accessibility?.score;
  // The accessibility audits that failed (Lighthouse runs axe-core), each with the elements it names.
  const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => audit(ref.id))
    .filter((a) => a && a.scoreDisplayMode === "binary" && a.score === 0)
    .map((a) => ({ id: a.id, title: a.title, nodes: (a.details?.items ?? []).map((item) => item.node?.selector ?? "").filter(Boolean).slice(0, 5) }));
  return {
    url: lhr.finalDisplayedUrl ?? lhr.requestedUrl,
    performanceScore: typeof score === "number" ? Math.round(score * 100) : null,
    accessibilityScore: typeof a11yScore === "number" ? Math.round(a11yScore * 100) : null,
    a11yFailures,
    lcpMs: audit("largest-contentful-paint")?.numericValue ?? null,
    cls: audit("cumulative-layout-shift")?.numericValue ?? null,
    tbtMs: audit("total-blocking-time")?.numericValue ?? null,
    fcpMs: audit("first-contentful-paint")?.numericValue ?? null,
    jsTransferKiB: scripts.reduce((sum, s) => sum + s.transferBytes, 0) / 1024,
    jsResourceKiB: scripts.reduce((sum, s) => sum + s.resourceBytes, 0) / 1024,
    scripts,
    // Where the blocking time goes: the main thread's long tasks (simulated, ms) and each script's cost.
    longTasks: (audit("long-tasks")?.details?.items ?? []).map((t) => ({ url: t.url, startMs: Math.round(t.startTime), durationMs: Math.round(t.duration) })),
    bootup: (audit("bootup-time")?.details?.items ?? []).map((b) => ({ url: b.url, totalMs: Math.round(b.total), scriptMs: Math.round(b.scripting), parseMs: Math.round(b.scriptParseCompile) })),
    formFactor: lhr.configSettings?.formFactor ?? null,
    throttlingMethod: lhr.configSettings?.throttlingMethod ?? null,
    runWarnings: lhr.runWarnings ?? [],
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}

/** Each figure at its worst over a page's runs. */
function worstOf(pagePath, runs) {
  const pick = (key, better) => {
    const values = runs.map((r) => r[key]).filter((v) => typeof v === "number");
    return values.length === 0 ? null : better === "low" ? Math.max(...values) : Math.min(...values);
  };
  return {
    path: pagePath,
    runs: runs.length,
    performanceScore: pick("performanceScore", "high"),
    accessibilityScore: pick("accessibilityScore", "high"),
    lcpMs: pick("lcpMs", "low"),
    cls: pick("cls", "low"),
    tbtMs: pick("tbtMs", "low"),
    jsTransferKiB: pick("jsTransferKiB", "low"),
  };
}

function fixed(value, digits) {
  return value === null || value === undefined ? "–" : value.toFixed(digits);
}

async function main() {
  requireLighthouse();
  const { default: lighthouse } = await importFromCache("lighthouse");
  const chromeLauncher = await importFromCache("chrome-launcher");
  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";

  const shop = await startShop(root, { pageCache: "on", label: "lighthouse" });
  console.log(`The shop is up on ${HOST}:${shop.port} (production build, fresh data folder) after ${shop.startupMs} ms.`);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "error" });
  const pages = [];
  try {
    // Pages in turn, then again for each run, so a busy moment on the machine falls on different pages.
    for (let run = 1; run <= RUNS; run += 1) {
      for (const pagePath of PAGES) {
        const url = `http://${HOST}:${shop.port}${pagePath}`;
        // Rendered once first, so the audit sees the page as a visitor after the first one would (from the page cache).
        if (run === 1) await request(shop.port, "GET", pagePath);
        let summary = null;
        for (let attempt = 1; attempt <= AUDIT_ATTEMPTS && (summary === null || summary.runtimeError); attempt += 1) {
          if (summary) console.log(`  ${summary.runtimeError} — auditing again`);
          console.log(`Auditing ${pagePath}${RUNS > 1 ? ` (run ${run} of ${RUNS})` : ""}…`);
          const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
          if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${pagePath}`);
          summary = summarise(result.lhr);
        }
        pages.push({ path: pagePath, run, ...summary });
      }
    }
  } finally {
    await chrome.kill();
    closeIdleConnections();
    await stopChild(shop.child);
  }

  const row = (label, p) =>
    `${label.padEnd(25)} ${String(p.performanceScore ?? "–").padStart(6)} ${String(p.accessibilityScore ?? "–").padStart(5)} ${fixed(p.lcpMs, 0).padStart(8)} ${fixed(p.cls, 3).padStart(6)} ${fixed(p.tbtMs, 0).padStart(8)} ${fixed(p.jsTransferKiB, 1).padStart(20)}`;
  console.log("\npage                        perf  a11y   LCP ms    CLS   TBT ms   JS KiB transferred");
  for (const p of pages) {
    console.log(row(RUNS > 1 ? `${p.path} #${p.run}` : p.path, p));
    for (const failure of p.a11yFailures ?? []) console.log(`  accessibility: ${failure.id} (${failure.title}): ${failure.nodes.join(", ")}`);
    for (const warning of p.runWarnings) console.log(`  warning: ${warning}`);
    if (p.runtimeError) console.log(`  error: ${p.runtimeError}`);
  }
  const worst = PAGES.map((pagePath) => worstOf(pagePath, pages.filter((p) => p.path === pagePath && !p.runtimeError)));
  if (RUNS > 1) {
    console.log(`\nWorst of ${RUNS} runs (lowest score, highest LCP, CLS, TBT and JavaScript):`);
    for (const p of worst) console.log(row(p.path, p));
  }
  const product = pages.find((p) => p.path === PRODUCT_PAGE);
  if (product) {
    console.log(`\nScripts of ${PRODUCT_PAGE} (transferred / uncompressed bytes):`);
    for (const s of product.scripts) console.log(`  ${String(s.transferBytes).padStart(8)} / ${String(s.resourceBytes).padStart(8)}  ${s.url}`);
    console.log(`  ${String(product.scripts.reduce((n, s) => n + s.transferBytes, 0)).padStart(8)} / ${String(product.scripts.reduce((n, s) => n + s.resourceBytes, 0)).padStart(8)}  total`);
  }

  const out = path.join(root, "bench", "results", "lighthouse.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    lighthouse: LIGHTHOUSE_VERSION,
    chrome: chromePath,
    chromeFlags: CHROME_FLAGS,
    settings: "Lighthouse's default config: mobile form factor, simulated throttling, performance and accessibility categories",
    runs: RUNS,
    worst,
    pages,
  };
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(root, out)}.`);
  const failed = pages.filter((p) => p.runtimeError).map((p) => p.path);
  if (failed.length > 0) throw new Error(`Lighthouse could not audit ${failed.join(", ")} (see above)`);
}

try {
  await main();
  await cleanup();
} catch (error) {
  console.error(`\nlighthouse failed: ${error instanceof Error ? error.message : error}`);
  await cleanup();
  process.exit(1);
}
