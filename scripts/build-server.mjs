// Bundles the Fastify server (server/main.ts and what it imports) into build/server-main.js, and the
// artwork worker thread into build/artwork-worker.js beside it (server/artwork/processor.ts starts it
// from there). Packages stay external: they are installed in node_modules. The React Router build
// is loaded at run time.
import { build } from "esbuild";

const shared = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};

await build({ ...shared, entryPoints: ["server/main.ts"], outfile: "build/server-main.js" });
await build({ ...shared, entryPoints: ["server/artwork/artwork-worker.ts"], outfile: "build/artwork-worker.js" });
console.log("server bundled → build/server-main.js, build/artwork-worker.js");
