// Starts the production server for the browser tests (playwright.config.ts `webServer`): a fresh,
// throw-away data folder per run, so every run starts from the seeded catalogue and nothing else.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { shopNodeArgs, shopNodeEnv } from "../server/shop-node.mjs";

const root = path.resolve(import.meta.dirname, "..");
const serverMain = path.join(root, "build", "server-main.js");

if (!fs.existsSync(serverMain)) {
  console.error(`e2e-server: ${path.relative(root, serverMain)} is missing: run npm run build first.`);
  process.exit(1);
}

// playwright.config.ts names the folder (E2E_DATA_DIR) so the tests can read the server's mail; run by
// hand, the script makes its own. Either way it is new: mkdir fails if the folder already exists.
function makeDataDir() {
  const named = process.env.E2E_DATA_DIR;
  if (!named) return fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-e2e-"));
  try {
    fs.mkdirSync(named, { mode: 0o700 });
  } catch (error) {
    console.error(`e2e-server: cannot create a fresh data folder at ${named}: ${error.message}`);
    process.exit(1);
  }
  return named;
}
const dataDir = makeDataDir();
let removed = false;
const removeDataDir = () => {
  if (removed) return;
  removed = true;
  fs.rmSync(dataDir, { recursive: true, force: true });
};

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: process.env.E2E_PORT || "3210",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  // The tests make many customers through the API; each names its own client address (X-Forwarded-For)
  // so the per-address sign-up limit applies to each as it would to separate visitors.
  TRUST_PROXY_HOPS: "1",
};
// The tests run on the embedded database in the temp folder, never on a configured PostgreSQL.
delete env.DATABASE_URL;

const child = spawn(process.execPath, [...shopNodeArgs(env), serverMain], { cwd: root, env: shopNodeEnv(env), stdio: "inherit" });

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on("error", (error) => {
  console.error(`e2e-server: could not start the server: ${error.message}`);
  removeDataDir();
  process.exit(1);
});
child.on("exit", (code, signal) => {
  removeDataDir();
  process.exit(signal ? 0 : (code ?? 0));
});
