// `npm start`: builds when the build is missing or older than the sources, then runs the production server.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import { buildIsStale, root, serverBundle, stamp } from "./build-freshness.mjs";
import { shopNodeArgs, shopNodeEnv } from "../server/shop-node.mjs";

// The node flags first: a mistaken HEAP_LIMIT_MB is said in one line, before a build is started for nothing.
let nodeArgs;
try {
  nodeArgs = shopNodeArgs();
} catch (error) {
  console.error(error instanceof RangeError ? error.message : error);
  process.exit(1);
}

if (buildIsStale()) {
  console.log("Building the shop (first start, or the sources changed)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

const child = spawn(process.execPath, [...nodeArgs, serverBundle], {
  cwd: root,
  stdio: "inherit",
  env: shopNodeEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV || "production" }),
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
