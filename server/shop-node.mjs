// How a shop process is started, in one place: `npm start` (scripts/start.mjs), the browser tests' server
// (scripts/e2e-server.mjs), the process tests (tests/support/shop-process.ts) and bench/memory.ts all use it,
// and the systemd unit in docs/deploy.md writes the same flags out.
//
// A budget of 512 MB resident per process (issue 39; bench/README "Memory"; ADR 048). Without a limit, V8 let
// the main heap grow to 250–300 MB between full collections under the fuzz-like load although only 90 MB of
// it was live after one; with PGlite's 140 MB of WebAssembly memory, the node binary and an artwork worker,
// the process peaked at 539–694 MB. Capped at 200 MB of old generation and 8 MB semi-spaces, the same load
// peaked at 510–536 MB (settled 470–487) with as many requests served: at the budget, not yet under it; with
// glibc's thresholds fixed as well (MALLOC_SETTINGS below), 477–494 MB.
// 200 MB is twice the live heap seen under that load; HEAP_LIMIT_MB raises it for a shop whose own
// measurements call for more. Cluster workers inherit the flags (cluster.fork passes process.execArgv). The
// artwork workers are threads with their own limits (server/artwork/processor.ts).

export const DEFAULT_HEAP_LIMIT_MB = 200;
export const SEMI_SPACE_MB = 8;

/**
 * Node's flags for the shop's process: source maps and the heap budget (`HEAP_LIMIT_MB=default`: V8's own).
 * A value that is not a size is refused, not replaced: an operator who set it meant something.
 */
export function shopNodeArgs(env = process.env) {
  const asked = env.HEAP_LIMIT_MB?.trim() || undefined;
  if (asked === "default") return ["--enable-source-maps"];
  if (asked !== undefined && !(/^\d{1,6}$/.test(asked) && Number(asked) >= 64)) {
    throw new RangeError(`HEAP_LIMIT_MB must be a whole number of megabytes, 64 or more, or "default"; it is "${asked}"`);
  }
  const limit = asked === undefined ? DEFAULT_HEAP_LIMIT_MB : Number(asked);
  return ["--enable-source-maps", `--max-old-space-size=${limit}`, `--max-semi-space-size=${SEMI_SPACE_MB}`];
}

/**
 * glibc's malloc settings for the shop's process, each left as the operator set it, and `NAME=default` leaves
 * glibc's own (bench/README "Memory"; ADR 048):
 * - `MALLOC_ARENA_MAX=2`: two arenas instead of up to 8 per core, or the artwork workers' and libvips' threads
 *   each keep an arena of freed memory (about 50–100 MB);
 * - `MALLOC_MMAP_THRESHOLD_` and `MALLOC_TRIM_THRESHOLD_` at 128 KiB, fixed: by default glibc raises both each
 *   time a large block is freed (up to 32 MB), after which the shop's large buffers (ZIP and upload chunks,
 *   PDF pages, images) are carved from an arena and kept there when freed. Fixed, a block of 128 KiB or more
 *   is mapped on its own and given back when freed: 30–50 MB less at the fuzz-like load's peak and after the
 *   12 ZIPs, with as many requests served.
 */
export const MALLOC_SETTINGS = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };

export function shopNodeEnv(env = process.env) {
  const out = { ...env };
  for (const [name, value] of Object.entries(MALLOC_SETTINGS)) {
    if (out[name] === "default") delete out[name];
    else out[name] ||= value;
  }
  return out;
}
