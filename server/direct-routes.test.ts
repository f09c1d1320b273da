import { once } from "node:events";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorBody, errorSchema } from "./front-door/errors";
import { createDirectRoutes, DIRECT_BODY_LIMIT_BYTES } from "./direct-routes";
import { createRequestLog } from "./logging";
import { SECURITY_HEADERS } from "./plugins/security-headers";

const lines: Record<string, unknown>[] = [];
const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });

let server: Server;
let port: number;
let fallThrough = 0;
let direct: ReturnType<typeof createDirectRoutes>;
/** The memoised route's price per unit (stands for the catalogue) and how often its handler ran. */
let unitPence = 100;
let pricedRuns = 0;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function call(path: string, body: string | Buffer | null, headers: Record<string, string> = {}, method = "POST"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

const json = (payload: unknown) => {
  const body = JSON.stringify(payload);
  return { body, headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } };
};

beforeAll(async () => {
  let n = 0;
  direct = createDirectRoutes({ log, logRequest: createRequestLog(log), requestId: () => `test-${++n}`, checkWithZod: true });
  direct.add({
    url: "/api/double",
    body: z.object({ n: z.number({ error: "n must be a number" }).int("n must be a whole number"), words: z.number().int().optional() }),
    response: { 200: z.object({ doubled: z.number(), text: z.string().optional() }), 400: errorSchema },
    // Answers synchronously, except 7 (later, through a promise); 13 rejects, 14 throws.
    handle: ({ n, words }) => {
      if (n === 13) return Promise.reject(new Error("unlucky"));
      if (n === 14) throw new Error("very unlucky");
      if (n === 7) return new Promise((resolve) => setTimeout(() => resolve({ status: 200, payload: { doubled: 14 } }), 5));
      if (n < 0) return { status: 400, payload: errorBody("n must not be negative") };
      return { status: 200, payload: { doubled: n * 2, ...(words ? { text: "word ".repeat(words) } : {}) } };
    },
  });
  direct.add({
    url: "/api/priced",
    sameForSameCatalogue: true,
    body: z.object({ quantity: z.number().int() }),
    response: { 200: z.object({ pence: z.number() }), 400: errorSchema },
    handle: ({ quantity }) => {
      pricedRuns += 1;
      if (quantity < 1) return { status: 400, payload: errorBody("quantity must be at least 1") };
      return { status: 200, payload: { pence: quantity * unitPence } };
    },
  });
  server = createServer((req, res) => {
    if (direct.serve(req, res)) return;
    fallThrough += 1;
    req.resume();
    req.on("end", () => res.writeHead(418).end());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
});

beforeEach(() => {
  lines.length = 0;
  fallThrough = 0;
});

describe("direct routes: answered by the listener", () => {
  it("answers a plain JSON POST with the handler's payload, the security headers, a request id and one log line", async () => {
    const { body, headers } = json({ n: 21 });
    const res = await call("/api/double", body, headers);
    expect(fallThrough).toBe(0);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ doubled: 42 });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name]).toBe(value);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-length"]).toBe(String(res.body.length));
    expect(res.headers["x-request-id"]).toMatch(/^test-\d+$/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request", reqId: res.headers["x-request-id"], method: "POST", url: "/api/double", statusCode: 200 });
    expect(typeof lines[0]!.ms).toBe("number");
  });

  it("accepts the charset parameter", async () => {
    const { body } = json({ n: 1 });
    const res = await call("/api/double", body, { "content-type": "application/json; charset=UTF-8", "content-length": String(body.length) });
    expect(res.status).toBe(200);
    expect(fallThrough).toBe(0);
  });

  it("answers 400 with the shared validation body, naming the field", async () => {
    const { body, headers } = json({ n: "seven" });
    const res = await call("/api/double", body, headers);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toEqual({
      error: "n must be a number",
      message: "n must be a number",
      statusCode: 400,
      errors: { n: "n must be a number" },
    });
    expect(lines[0]).toMatchObject({ statusCode: 400 });
  });

  it("passes the handler's own 400 through", async () => {
    const { body, headers } = json({ n: -1 });
    const res = await call("/api/double", body, headers);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toMatchObject({ error: "n must not be negative", statusCode: 400 });
  });

  it.each([
    ["broken JSON", '{"n": 1'],
    ["an empty body", ""],
    ["a __proto__ key", '{"n": 1, "__proto__": {"admin": true}}'],
    ["a constructor.prototype key", '{"n": 1, "constructor": {"prototype": {"admin": true}}}'],
  ])("refuses %s as invalid JSON", async (_name, body) => {
    const res = await call("/api/double", body, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toEqual({
      error: "The request body is not valid JSON.",
      message: "The request body is not valid JSON.",
      statusCode: 400,
    });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("waits for a handler that answers later", async () => {
    const { body, headers } = json({ n: 7 });
    const res = await call("/api/double", body, headers);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ doubled: 14 });
    expect(lines).toHaveLength(1);
  });

  it.each([
    ["rejects", 13, "unlucky"],
    ["throws", 14, "very unlucky"],
  ])("answers 500 with the request id and logs the error when the handler %s", async (_how, n, message) => {
    const { body, headers } = json({ n });
    const res = await call("/api/double", body, headers);
    expect(res.status).toBe(500);
    const id = res.headers["x-request-id"];
    expect(JSON.parse(res.body.toString()).message).toBe(`Something went wrong on our side. Please try again (reference ${id}).`);
    expect(lines.find((l) => l.msg === "request failed")).toMatchObject({ reqId: id, err: { message } });
    expect(lines.find((l) => l.msg === "request")).toMatchObject({ reqId: id, statusCode: 500 });
  });

  it("compresses answers from 1 KiB as the client accepts, and leaves small ones alone", async () => {
    const big = json({ n: 1, words: 400 });
    const br = await call("/api/double", big.body, { ...big.headers, "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(JSON.parse(brotliDecompressSync(br.body).toString()).text).toHaveLength(2000);
    const gzip = await call("/api/double", big.body, { ...big.headers, "accept-encoding": "gzip, br;q=0" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.body).toString()).doubled).toBe(2);
    const plain = await call("/api/double", big.body, big.headers);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const small = json({ n: 1 });
    const smallRes = await call("/api/double", small.body, { ...small.headers, "accept-encoding": "br" });
    expect(smallRes.headers["content-encoding"]).toBeUndefined();
    expect(smallRes.headers.vary).toBeUndefined();
  });
});

describe("direct routes: everything else goes to the framework untouched", () => {
  const { body, headers } = json({ n: 2 });
  it.each([
    ["another path", "/api/other", body, headers, "POST"],
    ["a query string", "/api/double?x=1", body, headers, "POST"],
    ["a trailing slash", "/api/double/", body, headers, "POST"],
    ["GET", "/api/double", null, {}, "GET"],
    ["PUT", "/api/double", body, headers, "PUT"],
    ["another content type", "/api/double", body, { ...headers, "content-type": "text/plain" }, "POST"],
    ["JSON with another charset", "/api/double", body, { ...headers, "content-type": "application/json; charset=latin1" }, "POST"],
    ["no content type", "/api/double", body, { "content-length": headers["content-length"] }, "POST"],
    ["a chunked body", "/api/double", body, { "content-type": "application/json", "transfer-encoding": "chunked" }, "POST"],
    ["Expect: 100-continue", "/api/double", body, { ...headers, expect: "100-continue" }, "POST"],
  ])("%s", async (_name, path, sent, sentHeaders, method) => {
    const res = await call(path, sent, sentHeaders, method);
    expect(res.status).toBe(418);
    expect(fallThrough).toBe(1);
    expect(lines).toHaveLength(0);
  });

  it("a body over the direct limit", async () => {
    const large = JSON.stringify({ n: 1, pad: "x".repeat(DIRECT_BODY_LIMIT_BYTES) });
    const res = await call("/api/double", large, { "content-type": "application/json", "content-length": String(large.length) });
    expect(res.status).toBe(418);
    expect(fallThrough).toBe(1);
  });
});

describe("direct routes: declared on the route itself", () => {
  const declare = async (auth: "public" | "customer", method: "POST" | "GET", enabled = true) => {
    const { default: Fastify } = await import("fastify");
    const app = Fastify();
    const direct = createDirectRoutes({ log, logRequest: createRequestLog(log), requestId: () => "id", checkWithZod: true });
    direct.register(app, enabled);
    app.route({
      method,
      url: "/api/echo",
      config: { auth, direct: () => ({ status: 200, payload: {} }) },
      schema: method === "POST" ? { body: z.object({}), response: { 200: z.object({}) } } : { response: { 200: z.object({}) } },
      handler: async () => ({}),
    });
    return { app, direct };
  };

  it("takes a public POST that declares config.direct", async () => {
    const { app, direct } = await declare("public", "POST");
    expect(direct.urls()).toEqual(["/api/echo"]);
    await app.close();
  });

  it("leaves it to Fastify when direct routes are off (DIRECT_ROUTES=off)", async () => {
    const { app, direct } = await declare("public", "POST", false);
    expect(direct.urls()).toEqual([]);
    await app.close();
  });

  it("refuses a guarded route at start-up: the listener runs no access checks", async () => {
    await expect(declare("customer", "POST")).rejects.toThrow(/not public/);
  });

  it("refuses anything but POST", async () => {
    await expect(declare("public", "GET")).rejects.toThrow(/only POST/);
  });
});

describe("direct routes: answers kept until the catalogue changes", () => {
  it("answers the same body bytes again without running the handler, until forgetAnswers()", async () => {
    const { body, headers } = json({ quantity: 3 });
    const before = pricedRuns;
    const first = await call("/api/priced", body, headers);
    const second = await call("/api/priced", body, headers);
    expect(JSON.parse(second.body.toString())).toEqual({ pence: 300 });
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(pricedRuns - before).toBe(1);
    // Each answer still has its own log line.
    expect(lines.filter((line) => line.url === "/api/priced")).toHaveLength(2);

    unitPence = 120;
    direct.forgetAnswers();
    const after = await call("/api/priced", body, headers);
    expect(JSON.parse(after.body.toString())).toEqual({ pence: 360 });
    expect(pricedRuns - before).toBe(2);
  });

  it("keeps no refusal: a 400 runs the handler each time", async () => {
    const { body, headers } = json({ quantity: 0 });
    const before = pricedRuns;
    expect((await call("/api/priced", body, headers)).status).toBe(400);
    expect((await call("/api/priced", body, headers)).status).toBe(400);
    expect(pricedRuns - before).toBe(2);
  });
});
