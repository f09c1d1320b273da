import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { buildIsStale, root, stamp } from "../../scripts/build-freshness.mjs";

/**
 * The process tests start the built server (build/server-main.js), as `npm start` does: no TypeScript
 * transform per child, and the built pages instead of a Vite dev server. It is built here only when
 * missing or older than the sources; .ci/run builds before it tests, so there this only checks.
 */
export default function setup() {
  if (!buildIsStale()) return;
  console.log("Building the shop for the process tests (no build, or the sources changed)…");
  // A production build, as .ci/run and `npm start` make: Vitest sets NODE_ENV=test, and a build inheriting it
  // bundles React's development build (the product page's scripts at 161 KB instead of 115 KB Brotli, and
  // effects run twice), which the browser tests would then serve.
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status})`);
  fs.writeFileSync(stamp, new Date().toISOString());
}
