// Bundles the Fastify server (server/main.ts and what it imports) into build/server-main.js.
// Packages stay external: they are installed in node_modules. The React Router build is loaded at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server-main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("server bundled → build/server-main.js");
