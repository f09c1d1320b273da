import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import path from "node:path";
import { shopNodeArgs, shopNodeEnv } from "../../server/shop-node.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The shop as a real process: the built server, with the flags and environment `npm start` gives it (the "processes" project's global
 * setup builds it when stale). NODE_ENV=test children hash passwords at the cheap cost (ADR 035) unless
 * the caller's env says otherwise.
 */
export function spawnShop(env: NodeJS.ProcessEnv, options: Omit<SpawnOptions, "env" | "cwd"> = {}): ChildProcess {
  const fullEnv: NodeJS.ProcessEnv = { ...env };
  if (fullEnv.NODE_ENV === "test" && !fullEnv.PASSWORD_HASH_COST) fullEnv.PASSWORD_HASH_COST = "test";
  return spawn(process.execPath, [...shopNodeArgs(fullEnv), path.join(root, "build", "server-main.js")], { ...options, cwd: root, env: shopNodeEnv(fullEnv) });
}
