// `npm start`: builds when the build is missing or older than the sources, then runs the production server.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build", ".built-at");
const sources = ["app", "server", "domain", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

// A build made by `npm run build` counts as well as one made here: its server bundle is written last.
const serverBundle = path.join(root, "build", "server-main.js");
const builtAt = Math.max(fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0, fs.existsSync(serverBundle) ? fs.statSync(serverBundle).mtimeMs : 0);
const changed = Math.max(...sources.map(newestMtime));
if (!builtAt || changed > builtAt || !fs.existsSync(serverBundle)) {
  console.log("Building the shop (first start, or the sources changed)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

const child = spawn(process.execPath, ["--enable-source-maps", path.join(root, "build", "server-main.js")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
