// WORKERS=N: N shop processes on one machine and one port (node:cluster; the primary hands out the
// connections). The primary migrates and seeds the database once, starts the workers, starts another
// when one stops unexpectedly, and on SIGTERM or SIGINT passes the signal on and waits for every worker
// to drain (each stops accepting, finishes its requests and releases what it holds) before it exits.
// Several processes are one shop only on PostgreSQL and shared files: the configuration refuses anything else.
import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config";

/** More unexpected stops than this within a minute means something is wrong with every worker: give up. */
const MAX_RESTARTS_PER_MINUTE = 5;
const RESTART_DELAY_MS = 1_000;
/** A worker drains in at most ~5 s (server/main.ts); this is the primary's last resort. */
const STOP_TIMEOUT_MS = 10_000;

type Log = { info: (message: string, fields?: Record<string, unknown>) => void; error: (message: string) => void };

const consoleLog: Log = {
  info: (message, fields) => console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, ...fields, msg: message })),
  error: (message) => console.error(JSON.stringify({ level: 50, time: Date.now(), pid: process.pid, msg: message })),
};

/** `prepare` migrates and seeds once, before any worker starts; it answers whether it seeded (the start line says so). */
export async function runWorkers(config: Config, prepare: () => Promise<boolean>, log: Log = consoleLog): Promise<void> {
  const seeded = await prepare();
  const live = new Set<Worker>();
  const recentStops: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const start = () => {
    const worker = cluster.fork();
    live.add(worker);
  };

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    recentStops.push(now);
    while (recentStops.length > 0 && recentStops[0]! < now - 60_000) recentStops.shift();
    if (recentStops.length > MAX_RESTARTS_PER_MINUTE) {
      log.error(`Workers stopped ${recentStops.length} times within a minute; stopping the shop (see the errors above)`);
      stop(1);
      return;
    }
    log.error(`Worker ${worker.process.pid ?? "?"} stopped (${signal ?? `exit code ${code}`}); starting another`);
    setTimeout(() => {
      if (!stopping) start();
    }, RESTART_DELAY_MS).unref();
  });

  function stop(code: number): void {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (live.size === 0) process.exit(code);
    for (const worker of live) worker.process.kill("SIGTERM");
    setTimeout(() => {
      log.error(`Workers still running after ${STOP_TIMEOUT_MS / 1000} s; ending them`);
      for (const worker of live) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  }

  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
  for (let i = 0; i < config.workers; i++) start();
  log.info(`Starting ${config.workers} workers on port ${config.port} (PostgreSQL); the shop's address is ${config.publicUrl}`, { seeded });
}
