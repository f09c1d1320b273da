// Drives load with wrk (C, one thread) instead of a JavaScript generator: on 2 cores a JS generator
// saturates before the server does and every ratio it reports drifts towards 1.0. The request (method,
// headers, body) is set by a generated Lua script, and wrk's own figures come back through its Lua
// `done()` callback as one JSON line, so nothing depends on the layout of wrk's human-readable summary.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const RESULT_MARK = "BENCH_JSON ";

/** wrk's version line, installing Debian's package first when wrk is missing and we are root. Throws otherwise. */
export function requireWrk() {
  const found = wrkVersion();
  if (found) return found;
  if (typeof process.getuid !== "function" || process.getuid() !== 0) {
    throw new Error("wrk is not installed and this is not root: install Debian's package (`apt-get install -y wrk`) and run the bench again.");
  }
  console.log("wrk is not installed: running `apt-get update && apt-get install -y wrk`…");
  const install = spawnSync("sh", ["-c", "apt-get update && apt-get install -y wrk"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const installed = install.status === 0 ? wrkVersion() : null;
  if (!installed) throw new Error(`installing wrk failed (apt-get exited ${install.status ?? install.signal}): install it by hand and run the bench again.`);
  return installed;
}

function wrkVersion() {
  const probe = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  if (probe.error) return null;
  // `wrk -v` prints its version and then the usage text, and exits 1.
  const line = `${probe.stdout}${probe.stderr}`.split("\n").find((l) => l.startsWith("wrk "));
  return line ? line.replace(/\s*Copyright.*$/, "").trim() : null;
}

/** A Lua string literal holding exactly the bytes of `text` (UTF-8). */
export function luaString(text) {
  let out = '"';
  for (const byte of Buffer.from(text, "utf8")) {
    if (byte === 0x5c) out += "\\\\";
    else if (byte === 0x22) out += '\\"';
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${String(byte).padStart(3, "0")}`;
  }
  return `${out}"`;
}

/**
 * The Lua script for one target: its method, headers and body, and a `done()` that prints wrk's totals and
 * latency percentiles (microseconds) as one JSON line. `%.0f` rather than `%d`: byte totals pass 2^31.
 */
export function wrkScript({ method, headers = {}, body }) {
  const lines = [`wrk.method = ${luaString(method)}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`wrk.headers[${luaString(name)}] = ${luaString(value)}`);
  if (body !== undefined) lines.push(`wrk.body = ${luaString(body)}`);
  lines.push(
    "",
    "done = function(summary, latency, requests)",
    "  local e = summary.errors",
    "  io.write(string.format(",
    `    '${RESULT_MARK}{"requests":%.0f,"durationUs":%.0f,"bytes":%.0f,"connectErrors":%.0f,"readErrors":%.0f,"writeErrors":%.0f,"statusErrors":%.0f,"timeouts":%.0f,"p50Us":%.0f,"p90Us":%.0f,"p99Us":%.0f,"meanUs":%.1f,"maxUs":%.0f}\\n',`,
    "    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,",
    "    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean, latency.max))",
    "end",
    "",
  );
  return lines.join("\n");
}

/** The figures of one wrk run from its stdout. Throws when the `done()` line is missing or malformed. */
export function parseWrkOutput(stdout) {
  const line = stdout.split("\n").find((l) => l.startsWith(RESULT_MARK));
  if (!line) throw new Error(`wrk printed no result line:\n${stdout.slice(-2000)}`);
  const raw = JSON.parse(line.slice(RESULT_MARK.length));
  const seconds = raw.durationUs / 1e6;
  const ms = (us) => Math.round(us) / 1000;
  return {
    requestsPerSecond: seconds > 0 ? raw.requests / seconds : 0,
    latencyMs: { p50: ms(raw.p50Us), p90: ms(raw.p90Us), p99: ms(raw.p99Us), mean: ms(raw.meanUs), max: ms(raw.maxUs) },
    totalRequests: raw.requests,
    durationSeconds: seconds,
    bytesPerAnswer: raw.requests > 0 ? raw.bytes / raw.requests : 0,
    bytesPerSecond: seconds > 0 ? raw.bytes / seconds : 0,
    // wrk counts answers with a status above 399; 3xx answers are checked by their size instead (run.mjs).
    errorStatus: raw.statusErrors,
    socketErrors: raw.connectErrors + raw.readErrors + raw.writeErrors,
    timeouts: raw.timeouts,
  };
}

/**
 * One wrk run against `url` (`-t1 -c<connections> -d<seconds>s --latency --timeout <timeoutSeconds>s`).
 * The Lua script is written into `scriptDir`; `track` receives the child process (to kill it on Ctrl-C).
 * Rejects when wrk fails or prints no result.
 */
export function runWrk({ url, target, seconds, connections, threads = 1, timeoutSeconds = 10, scriptDir, track = () => {} }) {
  const scriptFile = path.join(scriptDir, `wrk-${process.pid}-${Date.now()}.lua`);
  fs.writeFileSync(scriptFile, wrkScript(target));
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, `--timeout`, `${timeoutSeconds}s`, "--latency", "-s", scriptFile, url];
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    track(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      fs.rmSync(scriptFile, { force: true });
      if (code !== 0) {
        reject(new Error(`wrk ${args.join(" ")} exited ${code ?? signal}:\n${stderr}${stdout}`));
        return;
      }
      try {
        resolve({ ...parseWrkOutput(stdout), wrkOutput: stdout.split("\n").filter((l) => !l.startsWith(RESULT_MARK)).join("\n").trim() });
      } catch (error) {
        reject(error);
      }
    });
  });
}
