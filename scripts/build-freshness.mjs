// Whether build/ is older than the sources it was made from: `npm start` (scripts/start.mjs) and the
// process tests (tests/setup/built-server.ts) build again only then.
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const stamp = path.join(root, "build", ".built-at");
export const serverBundle = path.join(root, "build", "server-main.js");
const sources = ["app", "server", "domain", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".") || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when there is no build, or a source (tests aside) changed after it. A build by `npm run build` counts: its server bundle is written last. */
export function buildIsStale() {
  if (!fs.existsSync(serverBundle) || !fs.existsSync(path.join(root, "build", "server", "index.js"))) return true;
  const builtAt = Math.max(fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0, fs.statSync(serverBundle).mtimeMs);
  return Math.max(...sources.map(newestMtime)) > builtAt;
}
