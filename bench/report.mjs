// Turns measured cases into the printed table and bench/results/latest.json. Pure formatting: no I/O but
// the one file write.
import fs from "node:fs";
import path from "node:path";

/** Milliseconds to three significant figures (whole ones from 1000 up): 0.123, 4.56, 78.9, 1234. */
export function formatMs(ms) {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return "–";
  return ms < 1000 ? String(Number(ms.toPrecision(3))) : ms.toFixed(0);
}

export function formatRate(rps) {
  return rps === null || rps === undefined || Number.isNaN(rps) ? "–" : rps.toFixed(0);
}

export function formatRatio(ratio) {
  if (ratio === null || ratio === undefined || Number.isNaN(ratio)) return "–";
  return `${ratio.toFixed(ratio < 0.1 ? 3 : 2)}×`;
}

/** Answers that went wrong on one side: HTTP ≥ 400 (as wrk counts them), socket errors and timeouts. */
export function badAnswers(side) {
  return side.errorStatus + side.socketErrors + side.timeouts;
}

/** shop ÷ baseline for req/s, p50 and p99 (null when the baseline figure is 0). */
export function ratios(shop, baseline) {
  const over = (a, b) => (b > 0 ? a / b : null);
  return {
    rps: over(shop.requestsPerSecond, baseline.requestsPerSecond),
    p50: over(shop.latencyMs.p50, baseline.latencyMs.p50),
    p99: over(shop.latencyMs.p99, baseline.latencyMs.p99),
  };
}

export function table(headers, rows, alignLeft = 1) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i < alignLeft ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export const RESULT_HEADERS = ["case", "shop req/s", "raw req/s", "ratio", "p50 ms shop / raw", "p99 ms shop / raw", "non-2xx shop / raw"];

export function resultRows(cases) {
  return cases.map((c) => [
    c.name,
    formatRate(c.shop.requestsPerSecond),
    formatRate(c.baseline.requestsPerSecond),
    formatRatio(c.ratios.rps),
    `${formatMs(c.shop.latencyMs.p50)} / ${formatMs(c.baseline.latencyMs.p50)}`,
    `${formatMs(c.shop.latencyMs.p99)} / ${formatMs(c.baseline.latencyMs.p99)}`,
    `${badAnswers(c.shop)} / ${badAnswers(c.baseline)}`,
  ]);
}

/** The same table as Markdown, for bench/README.md. */
export function markdownTable(cases) {
  const rows = resultRows(cases).map((r) => [`\`${r[0]}\``, ...r.slice(1)]);
  return [`| ${RESULT_HEADERS.join(" | ")} |`, `| ${RESULT_HEADERS.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

export function printReport(report) {
  const env = report.environment;
  const s = report.settings;
  console.log("\n================ Benchmark results ================");
  console.log(`Node ${env.node} · ${env.cpu} · ${env.cores} cores · ${env.platform} · ${env.wrk}`);
  console.log(
    `Commit ${env.commit ?? "unknown"} · NODE_ENV=production · wrk -t${s.threads} -c${s.connections}, ${s.warmupSeconds} s warm-up (discarded) + ${s.durationSeconds} s measured per side`,
  );
  if (env.build?.stale) console.log(`The build is older than ${env.build.newestSource}: these are the build's figures, not the current sources'.`);
  if (env.build?.replacedBefore) console.log(`build/ was rebuilt during the run: the "${env.build.replacedBefore}" phase and those after it measured the new build.`);
  console.log(`Load average at start ${env.loadAverageAtStart.map((l) => l.toFixed(2)).join(" ")}, at end ${env.loadAverageAtEnd.map((l) => l.toFixed(2)).join(" ")}\n`);
  console.log(table(RESULT_HEADERS, resultRows(report.cases)));
  console.log("\nratio = shop req/s ÷ raw node:http req/s for the same answer bytes (1.00× = the shop costs nothing extra).");
  console.log("non-2xx = answers with status ≥ 400 (as wrk counts them) + socket errors + timeouts; 304 answers are checked by size.");

  const cpuRows = report.cases.map((c) => [
    c.name,
    formatPercent(c.shop.serverCpuPercent),
    formatPercent(c.shop.wrkCpuPercent),
    formatPercent(c.baseline.serverCpuPercent),
    formatPercent(c.baseline.wrkCpuPercent),
    c.bodyBytes,
  ]);
  console.log(`\n${table(["case", "shop CPU", "wrk CPU (shop)", "raw CPU", "wrk CPU (raw)", "body B"], cpuRows)}`);
  console.log("CPU = % of one core during the measured run (server process incl. its threads; PostgreSQL's own processes not counted).");

  if (report.orderSeed) console.log(`\nOrder list database: ${report.orderSeed.summary}`);
  const warnings = report.cases.flatMap((c) => c.warnings.map((w) => `${c.name}: ${w}`));
  if (warnings.length > 0) console.log(`\nWarnings:\n${warnings.map((w) => `  - ${w}`).join("\n")}`);
}

function formatPercent(value) {
  return value === null || value === undefined ? "–" : `${value.toFixed(0)}%`;
}

export function writeReport(file, report) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
