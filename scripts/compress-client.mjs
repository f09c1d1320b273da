// Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the client build
// that is worth compressing. The server's static files are registered with `preCompressed: true`
// (server/static.ts), so browsers get these instead of the on-the-fly compression (Brotli quality 4), which
// costs CPU on every request and sends ~15% more bytes.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const clientDir = path.resolve(import.meta.dirname, "..", "build", "client");
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest|ttf)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(clientDir)) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  // A copy that is no smaller than the file is not written; the server then sends the file as it is.
  if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
  count += 1;
  raw += bytes.length;
  brotli += Math.min(br.length, bytes.length);
}
console.log(`client files pre-compressed: ${count} files, ${(raw / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB Brotli`);
