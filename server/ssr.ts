import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { canonicalPath, isCacheablePath } from "./front-door/canonical-path";
import { errorBody } from "./front-door/errors";
import type { Config } from "./config";
import { prepareAnswer, type ResponseCache } from "./response-cache";
import type { Services } from "./services";

export type SsrSource = {
  mode: "development" | "production";
  getBuild: () => Promise<ServerBuild>;
};

/** What every loader and action receives as `context` (declared for the app in app/load-context.ts). */
export type ShopLoadContext = {
  services: Services;
  nonce: string;
};

/** Form actions go through this bridge, not through Fastify's parsers, so they get their own limit. */
export const FORM_BODY_LIMIT_BYTES = 1024 * 1024;

/** A route opts its document into the page cache by answering with this header (see app/lib/cache.ts). */
export const PAGE_CACHE_HEADER = "x-page-cache";

/**
 * Reads a route's page-cache header: null when the document may not be kept, else until when it may be
 * (`catalogue; until=<epoch ms>` for a page whose dates change at the cut-off; `catalogue` alone: until the
 * catalogue changes). Anything else is not kept.
 */
export function readPageCacheHeader(value: string | null): { expiresAtMs: number | null } | null {
  if (value === null) return null;
  const [kind, ...parameters] = value.split(";").map((part) => part.trim());
  if (kind !== "catalogue") return null;
  let expiresAtMs: number | null = null;
  for (const parameter of parameters) {
    const until = /^until=(\d{1,15})$/.exec(parameter);
    if (!until) return null;
    expiresAtMs = Number(until[1]);
  }
  return { expiresAtMs };
}

export function pageCsp(nonce: string, mode: SsrSource["mode"]): string {
  const dev = mode === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-inline' 'unsafe-eval'" : ""}`,
    // React renders style attributes into server HTML; no user input reaches them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export async function registerSsr(
  app: FastifyInstance,
  options: { source: SsrSource; services: Services; config: Config; cache: ResponseCache },
): Promise<void> {
  const { source, services, config, cache } = options;
  // Catalogue pages share the response cache with the catalogue JSON; app.ts empties it when the catalogue changes.
  const useCache = config.pageCache && source.mode === "production";

  let handler: ((request: Request, context: ShopLoadContext) => Promise<Response>) | null = null;
  const getHandler = async () => {
    if (source.mode === "development") {
      const build = await source.getBuild();
      return createRequestHandler(build, "development") as (r: Request, c: ShopLoadContext) => Promise<Response>;
    }
    handler ??= createRequestHandler(await source.getBuild(), "production") as (
      r: Request,
      c: ShopLoadContext,
    ) => Promise<Response>;
    return handler;
  };

  await app.register(async (scope) => {
    // Leave bodies unread: the bridge hands the raw stream (bounded) to React Router.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));

    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema: { hide: true },
      handler: async (request, reply) => {
        if (request.url.startsWith("/api/")) {
          const message = `No such endpoint: ${request.method} ${request.url.split("?")[0]}`;
          return reply.status(404).send(errorBody(message, 404));
        }
        const reading = request.method === "GET" || request.method === "HEAD";
        // One spelling per page: an odd one ("/%70roduct/x", "//banners/") is sent to the canonical URL.
        const queryAt = request.url.indexOf("?");
        const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
        const canonical = canonicalPath(path);
        if (reading && canonical !== null && canonical !== path) {
          return reply.redirect(canonical + (queryAt === -1 ? "" : request.url.slice(queryAt)), 301);
        }
        // Only canonical, lower-case, query-less URLs are cached: the set of catalogue pages is bounded,
        // spellings and query strings are not.
        const cacheKey = reading && isCacheablePath(request.url) ? request.url : null;
        if (useCache && cacheKey) {
          const hit = cache.get(cacheKey);
          if (hit) return cache.send(request, reply, hit, "HIT");
        }

        let body: Buffer | undefined;
        if (request.method !== "GET" && request.method !== "HEAD") {
          const read = await readBounded(request, FORM_BODY_LIMIT_BYTES);
          if (read === "too-large") {
            const message = "The form is too large.";
            return reply.status(413).type("text/plain; charset=utf-8").send(message);
          }
          body = read;
        }

        const nonce = randomBytes(16).toString("base64");
        const controller = new AbortController();
        request.raw.once("close", () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        const fetchRequest = new Request(absoluteUrl(request), {
          method: request.method,
          headers: toHeaders(request),
          body: body && body.length > 0 ? new Uint8Array(body) : undefined,
          signal: controller.signal,
        });

        const handle = await getHandler();
        const generation = cache.generation;
        const response = await handle(fetchRequest, { services, nonce });
        const csp = pageCsp(nonce, source.mode);
        const keep = useCache && cacheKey !== null && response.status === 200 ? readPageCacheHeader(response.headers.get(PAGE_CACHE_HEADER)) : null;

        if (keep && cacheKey !== null && response.body) {
          const bytes = Buffer.from(await response.arrayBuffer());
          const page = prepareAnswer({ status: response.status, headers: cachedHeaders(response), body: bytes, csp, expiresAtMs: keep.expiresAtMs ?? undefined });
          cache.set(cacheKey, page, generation);
          return cache.send(request, reply, page, "MISS");
        }

        reply.status(response.status);
        copyHeaders(response, reply);
        reply.header("content-security-policy", csp);
        if (!response.body || request.method === "HEAD") return reply.send();
        return reply.send(Readable.fromWeb(response.body as WebReadableStream));
      },
    });
  });
}

function cachedHeaders(response: Response): [string, string][] {
  const headers: [string, string][] = [];
  response.headers.forEach((value, key) => {
    if (key !== PAGE_CACHE_HEADER && key !== "set-cookie") headers.push([key, value]);
  });
  return headers;
}

function copyHeaders(response: Response, reply: FastifyReply): void {
  response.headers.forEach((value, key) => {
    if (key === "set-cookie" || key === PAGE_CACHE_HEADER) return;
    reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}

function absoluteUrl(request: FastifyRequest): string {
  const host = request.host || "localhost";
  return `${request.protocol}://${host}${request.url}`;
}

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}

async function readBounded(request: FastifyRequest, limit: number): Promise<Buffer | "too-large"> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > limit) return "too-large";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > limit) return "too-large";
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
