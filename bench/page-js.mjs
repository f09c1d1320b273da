// The JavaScript a page's first load fetches, from a client build's React Router manifest: the entry,
// the root route and the page's route module with every module they import statically. Prints bytes
// raw and Brotli-compressed (issue 40: the product page must not grow when the editor is added).
//   node bench/page-js.mjs [buildDir] [routeId ...]   e.g. node bench/page-js.mjs build routes/product routes/design
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";

const [buildDir = "build", ...routeIds] = process.argv.slice(2);
const assets = path.join(buildDir, "client", "assets");
const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
const source = readFileSync(path.join(assets, manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

function files(routeId) {
  const set = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of ["root", routeId]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id}`);
    set.add(route.module);
    for (const file of route.imports ?? []) set.add(file);
  }
  return [...set];
}

for (const routeId of routeIds.length ? routeIds : ["routes/product"]) {
  let raw = 0;
  let brotli = 0;
  for (const url of files(routeId)) {
    const bytes = readFileSync(path.join(buildDir, "client", url));
    raw += bytes.length;
    brotli += brotliCompressSync(bytes).length;
  }
  console.log(`${routeId}: ${files(routeId).length} files, ${raw} bytes, ${brotli} bytes brotli`);
}
