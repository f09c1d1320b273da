// CPU time of the server under test and of wrk during a measured run, read from /proc (Linux). It shows
// which side was the limit: a server near 100% of a core with wrk well below it is a fair measurement;
// wrk near 100% means the load generator, not the server, set the figure.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const TICKS_PER_SECOND = (() => {
  const probe = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  const value = Number(probe.stdout?.trim());
  return Number.isFinite(value) && value > 0 ? value : 100;
})();

/** Fields of /proc/<pid>/stat after the command name (which may contain spaces), or null off Linux. */
function statFields(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** User + system CPU seconds of process `pid` (all its threads), or null when it cannot be read. */
export function cpuSecondsOf(pid) {
  const f = statFields(pid);
  // After the name: state is field 3 of the man page, so utime (14) and stime (15) sit at 11 and 12 here.
  return f ? (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND : null;
}

/** CPU seconds of `pid` and of its live child processes, recursively (WORKERS: the primary and its workers). */
export function cpuSecondsOfTree(pid) {
  const own = cpuSecondsOf(pid);
  if (own === null) return null;
  let total = own;
  for (const child of childPids(pid)) total += cpuSecondsOfTree(child) ?? 0;
  return total;
}

function childPids(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** CPU seconds of this process's children that have exited and been waited for (cutime + cstime). */
export function exitedChildrenCpuSeconds() {
  const f = statFields("self");
  return f ? (Number(f[13]) + Number(f[14])) / TICKS_PER_SECOND : null;
}

/** Percent of one core: `cpuSeconds` used over `wallSeconds`, or null. */
export function percentOfCore(cpuSeconds, wallSeconds) {
  return cpuSeconds === null || !(wallSeconds > 0) ? null : (100 * cpuSeconds) / wallSeconds;
}
