// Answers that are the same for every visitor (anonymous catalogue pages, the catalogue JSON) are prepared
// once: the body in identity, gzip and brotli, and each variant's whole header list (security headers, CSP,
// caching, length) flattened into the array `writeHead` takes. The node:http listener sends a prepared
// answer before the framework's router, hooks and serialiser run, so a cache hit costs about what a raw
// `res.end(buffer)` costs; it still gets the security headers, a request id and the one request log line.
// Everything else, HEAD included, goes to Fastify, which serves the same prepared answers through `send`.
import { performance } from "node:perf_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { COMPRESS_THRESHOLD_BYTES, compressBody, PREPARED } from "./front-door/compression";
import { chooseEncoding } from "./front-door/encoding";
import type { RequestLog } from "./logging";
import { SECURITY_HEADERS } from "./plugins/security-headers";

export type AnswerSource = {
  status: number;
  /** The answer's own headers (content-type, cache-control, …); security headers are added here. */
  headers: [string, string][];
  body: Buffer;
  /** Replaces the strict API CSP (pages carry their nonce-based one). */
  csp?: string;
  /** Answered 304 without a body when If-None-Match equals it. */
  etag?: string;
  /** The instant (epoch ms) the answer stops being true, such as a page's dates at the cut-off; kept for ever when absent. */
  expiresAtMs?: number;
};

type Variant = { body: Buffer; headers: string[] };

export type PreparedAnswer = {
  status: number;
  etag: string | null;
  expiresAtMs: number | null;
  identity: Variant;
  gzip: Variant;
  br: Variant;
  notModified: Variant;
};

export type CacheState = "HIT" | "MISS";

/** Where a variant's request id goes: the last value of its header list (filled per request). */
const REQUEST_ID = "x-request-id";

export function prepareAnswer(source: AnswerSource): PreparedAnswer {
  const common: [string, string][] = [];
  for (const [key, value] of Object.entries(SECURITY_HEADERS)) {
    common.push([key, key === "content-security-policy" && source.csp ? source.csp : value]);
  }
  const own = source.headers.filter(([key]) => !["content-length", "content-encoding", "vary", "etag", "x-cache"].includes(key));
  common.push(...own, ["vary", "accept-encoding"]);
  if (source.etag) common.push(["etag", source.etag]);

  const compressible = source.body.length >= COMPRESS_THRESHOLD_BYTES;
  const variant = (body: Buffer, encoding: string | null): Variant => {
    const headers = common.flat();
    if (encoding) headers.push("content-encoding", encoding);
    headers.push("content-length", String(body.length), "x-cache", "HIT", REQUEST_ID, "");
    return { body, headers };
  };
  const identity = variant(source.body, null);
  const notModified = (() => {
    const headers = common.filter(([key]) => key !== "content-type").flat();
    headers.push("x-cache", "HIT", REQUEST_ID, "");
    return { body: Buffer.alloc(0), headers };
  })();
  return {
    status: source.status,
    etag: source.etag ?? null,
    expiresAtMs: source.expiresAtMs ?? null,
    identity,
    gzip: compressible ? variant(compressBody(source.body, "gzip", PREPARED), "gzip") : identity,
    br: compressible ? variant(compressBody(source.body, "br", PREPARED), "br") : identity,
    notModified,
  };
}

/** The variant a request gets: 304 on a matching ETag, else the coding chooseEncoding picks (RFC 9110). */
function pick(answer: PreparedAnswer, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): { status: number; variant: Variant } {
  if (answer.etag !== null && ifNoneMatch === answer.etag) return { status: 304, variant: answer.notModified };
  if (!acceptEncoding) return { status: answer.status, variant: answer.identity };
  return { status: answer.status, variant: answer[chooseEncoding(acceptEncoding)] };
}

export type ResponseCache = {
  get(key: string): PreparedAnswer | undefined;
  /**
   * Keeps an answer. With `since` (the generation read before the answer was made), an answer made while
   * a drop happened is not kept: it may show what was just changed.
   */
  set(key: string, answer: PreparedAnswer, since?: number): void;
  clear(): void;
  /** Drops the answers of these paths (any query string), and their React Router data (`/x.data`, `/_root.data` for `/`). */
  drop(paths: string[]): void;
  /** Goes up with every clear or drop. */
  readonly generation: number;
  readonly size: number;
  /** The URLs prepared now (the parity test sends each both ways). */
  urls(): string[];
  /** The node:http front: answers a GET for a prepared URL and returns true, or returns false untouched. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** The same answer through Fastify (inject, HEAD, or the request that prepared it). */
  send(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer, state: CacheState): FastifyReply;
};

/**
 * The page a key shows: its path, or for a React Router data request the page whose loaders it ran. A page's
 * `.data` answer carries the same catalogue figures as its document and must go when the document goes.
 */
function pageOf(key: string): string {
  const path = key.split("?")[0]!;
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

export function createResponseCache(options: {
  maxEntries: number;
  logRequest: RequestLog;
  requestId: (req: IncomingMessage) => string;
}): ResponseCache {
  const { maxEntries, requestId, logRequest } = options;
  const answers = new Map<string, PreparedAnswer>();
  let generation = 0;

  /** The answer kept for a key while it is still true; an expired one is dropped. */
  const live = (key: string): PreparedAnswer | undefined => {
    const answer = answers.get(key);
    if (answer && answer.expiresAtMs !== null && Date.now() >= answer.expiresAtMs) {
      answers.delete(key);
      return undefined;
    }
    return answer;
  };

  return {
    get: live,
    set(key, answer, since) {
      if (since !== undefined && since !== generation) return;
      if (answer.expiresAtMs !== null && Date.now() >= answer.expiresAtMs) return;
      if (!answers.has(key) && answers.size >= maxEntries) answers.delete(answers.keys().next().value!);
      answers.set(key, answer);
    },
    clear() {
      generation += 1;
      answers.clear();
    },
    drop(paths) {
      generation += 1;
      const dropped = new Set(paths);
      for (const key of [...answers.keys()]) {
        if (dropped.has(pageOf(key))) answers.delete(key);
      }
    },
    get generation() {
      return generation;
    },
    urls: () => [...answers.keys()],
    get size() {
      return answers.size;
    },

    serve(req, res) {
      if (req.method !== "GET" || answers.size === 0) return false;
      const url = req.url ?? "";
      const answer = live(url);
      if (!answer) return false;
      const started = performance.now();
      const id = requestId(req);
      const { status, variant } = pick(answer, req.headers["if-none-match"], req.headers["accept-encoding"]);
      // writeHead reads the list before it returns, so the request id is written into the shared one.
      const { headers } = variant;
      headers[headers.length - 1] = id;
      res.writeHead(status, headers);
      res.end(status === 304 ? undefined : variant.body);
      // The same line, with the same fields, as a request that went through the framework.
      logRequest(id, "GET", url, status, performance.now() - started);
      return true;
    },

    send(request, reply, answer, state) {
      const { status, variant } = pick(answer, request.headers["if-none-match"], request.headers["accept-encoding"] as string | undefined);
      const { headers } = variant;
      reply.status(status);
      for (let i = 0; i < headers.length - 2; i += 2) reply.header(headers[i]!, headers[i + 1]!);
      reply.header("x-cache", state);
      return reply.send(status === 304 || request.method === "HEAD" ? undefined : variant.body);
    },
  };
}
