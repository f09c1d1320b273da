// The one compression configuration. Three paths compress: the compress plugin (answers made by Fastify's
// routes), the direct routes (server/direct-routes.ts) and the prepared answers (server/response-cache.ts).
// All three take their threshold, codings and levels from here; which coding a request gets is
// chooseEncoding's (./encoding.ts).
import { brotliCompressSync, constants as zlibConstants, gzipSync, type BrotliOptions, type ZlibOptions } from "node:zlib";

/** Small answers are not worth compressing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The codings the shop offers, in its order of preference (a tie in the client's weights goes to the first). */
export const COMPRESSED_CODINGS = ["br", "gzip"] as const;
export type CompressedCoding = (typeof COMPRESSED_CODINGS)[number];

type Levels = { br: BrotliOptions; gzip: ZlibOptions };

/**
 * An answer compressed while it is sent, once per request: brotli quality 4, gzip level 6 (zlib's default).
 * Measured on the 131 KB home page (27 Nov 2026): quality 4 gives 25,931 bytes in 1.6 ms; 11 gives 21,526 in
 * 147 ms, a whole request's worth of one core many times over.
 */
export const ON_THE_FLY: Levels = {
  br: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  gzip: { level: 6 },
};

/**
 * An answer prepared once and sent many times (a cached page, the catalogue JSON): brotli quality 5, 6% smaller
 * than 4 for half a millisecond more (home page: 24,398 bytes in 2.1 ms). Preparing is synchronous, on the
 * request that missed, so quality 11's 140 ms would stall every other request for as long.
 */
export const PREPARED: Levels = {
  br: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  gzip: { level: 6 },
};

/** The body in a coding, at the given levels. */
export function compressBody(body: Buffer | string, coding: CompressedCoding, levels: Levels): Buffer {
  return coding === "br" ? brotliCompressSync(body, levels.br) : gzipSync(body, levels.gzip);
}

/** The compress plugin's options, from the same figures as the other two paths. */
export const compressPluginOptions = {
  threshold: COMPRESS_THRESHOLD_BYTES,
  encodings: [...COMPRESSED_CODINGS],
  brotliOptions: ON_THE_FLY.br,
  zlibOptions: ON_THE_FLY.gzip,
};
