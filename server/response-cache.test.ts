import { once } from "node:events";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SECURITY_HEADERS } from "./plugins/security-headers";
import { createRequestLog } from "./logging";
import { createResponseCache, prepareAnswer, type ResponseCache } from "./response-cache";

const page = Buffer.from(`<!doctype html><title>Banners</title>${"<p>PVC banners printed in the UK.</p>".repeat(100)}`);
const lines: Record<string, unknown>[] = [];
const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });

let server: Server;
let cache: ResponseCache;
let port: number;
let fallThrough = 0;

function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  let n = 0;
  cache = createResponseCache({ maxEntries: 2, logRequest: createRequestLog(log), requestId: () => `test-${++n}` });
  server = createServer((req, res) => {
    if (cache.serve(req, res)) return;
    fallThrough += 1;
    res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
  cache.set(
    "/banners",
    prepareAnswer({ status: 200, headers: [["content-type", "text/html; charset=utf-8"]], body: page, csp: "default-src 'self'" }),
  );
  cache.set(
    "/api/data",
    prepareAnswer({ status: 200, headers: [["content-type", "application/json"]], body: Buffer.from('{"categories":[]}'), etag: '"v1"' }),
  );
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the response cache's listener front", () => {
  it("sends a prepared page with the security headers, its own CSP, a request id and a log line", async () => {
    const res = await get("/banners");
    expect(res.status).toBe(200);
    expect(res.body.equals(page)).toBe(true);
    expect(res.headers["content-length"]).toBe(String(page.length));
    expect(res.headers["content-security-policy"]).toBe("default-src 'self'");
    for (const [key, value] of Object.entries(SECURITY_HEADERS)) {
      if (key !== "content-security-policy") expect(res.headers[key], key).toBe(value);
    }
    expect(res.headers["x-cache"]).toBe("HIT");
    expect(res.headers.vary).toBe("accept-encoding");
    const id = res.headers["x-request-id"];
    expect(id).toMatch(/^test-\d+$/);
    expect(lines.at(-1)).toMatchObject({ msg: "request", reqId: id, method: "GET", url: "/banners", statusCode: 200 });
  });

  it("sends brotli or gzip as the client accepts, decompressing to the same page", async () => {
    const br = await get("/banners", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    const gz = await get("/banners", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(page)).toBe(true);
  });

  it("never sends brotli to a client that refuses it with q=0 (RFC 9110), nor any coding refused", async () => {
    const gz = await get("/banners", { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(page)).toBe(true);
    const none = await get("/banners", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body.equals(page)).toBe(true);
  });

  it("answers 304 without a body when If-None-Match holds the ETag, and the answer when it does not", async () => {
    const fresh = await get("/api/data", { "if-none-match": '"v1"' });
    expect(fresh.status).toBe(304);
    expect(fresh.body.length).toBe(0);
    expect(fresh.headers.etag).toBe('"v1"');
    const stale = await get("/api/data", { "if-none-match": '"v0"' });
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toBe('{"categories":[]}');
    // Below the compression threshold the identity body is sent whatever the client accepts.
    expect((await get("/api/data", { "accept-encoding": "br" })).headers["content-encoding"]).toBeUndefined();
  });

  it("leaves other URLs, query strings and other methods to the framework", async () => {
    const before = fallThrough;
    expect((await get("/banners?page=2")).status).toBe(404);
    expect((await get("/posters")).status).toBe(404);
    expect((await get("/banners", {}, "HEAD")).status).toBe(404);
    expect((await get("/banners", {}, "POST")).status).toBe(404);
    expect(fallThrough - before).toBe(4);
  });

  it("keeps at most its limit of answers, dropping the oldest, and empties on clear", () => {
    cache.set("/posters", prepareAnswer({ status: 200, headers: [], body: Buffer.from("posters") }));
    expect(cache.size).toBe(2);
    expect(cache.get("/banners")).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("drops only the answers of the paths given, and keeps nothing made while a drop happened", () => {
    const page = (text: string) => prepareAnswer({ status: 200, headers: [], body: Buffer.from(text) });
    cache.set("/posters", page("posters"));
    cache.set("/flags", page("flags"));
    cache.drop(["/posters", "/stickers"]);
    expect(cache.get("/posters")).toBeUndefined();
    expect(cache.get("/flags")).toBeDefined();
    // A page rendered from before a change must not be kept after it.
    const since = cache.generation;
    cache.drop(["/flags"]);
    cache.set("/flags", page("stale flags"), since);
    expect(cache.get("/flags")).toBeUndefined();
    cache.set("/flags", page("fresh flags"), cache.generation);
    expect(cache.get("/flags")).toBeDefined();
    // A page's React Router data carries the same figures: it goes with the page.
    cache.set("/flags.data", page("flags data"));
    cache.drop(["/flags"]);
    expect(cache.get("/flags.data")).toBeUndefined();
    cache.set("/_root.data", page("home data"));
    cache.drop(["/"]);
    expect(cache.get("/_root.data")).toBeUndefined();
  });

  it("keeps an answer only until it expires: past that instant neither front sends it", async () => {
    cache.clear();
    const expiresAtMs = Date.now() + 60_000;
    cache.set("/product/dated", prepareAnswer({ status: 200, headers: [], body: Buffer.from("dispatch today"), expiresAtMs }));
    expect((await get("/product/dated")).body.toString()).toBe("dispatch today");
    vi.useFakeTimers({ toFake: ["Date"], now: expiresAtMs });
    try {
      const before = fallThrough;
      expect((await get("/product/dated")).status).toBe(404);
      expect(fallThrough - before).toBe(1);
      expect(cache.size, "the listener front dropped it").toBe(0);
      cache.set("/product/dated", prepareAnswer({ status: 200, headers: [], body: Buffer.from("dispatch today"), expiresAtMs }));
      expect(cache.size, "an answer already out of date is not kept").toBe(0);
      expect(cache.get("/product/dated")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
