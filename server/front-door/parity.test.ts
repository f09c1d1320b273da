// Parity of the three front paths. A request can be answered by a prepared answer or a direct route in the
// listener, ahead of Fastify, or by Fastify itself (which `inject` always reaches). For every prepared URL
// and every direct route, each request here is sent both ways and must get the same status, headers and body.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";
import { productsBySlug } from "../../tests/factories/catalogue";

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/** Headers that name the exchange rather than the answer: a fresh request id, the clock, the connection. */
const PER_EXCHANGE = new Set(["x-request-id", "date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

function normalise(status: number, headers: IncomingHttpHeaders | Record<string, string | string[] | number | undefined>, raw: Buffer): Answer {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || PER_EXCHANGE.has(key)) continue;
    kept[key] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  const coding = kept["content-encoding"];
  const body = coding === "br" ? brotliDecompressSync(raw) : coding === "gzip" ? gunzipSync(raw) : raw;
  return { status, headers: kept, body: body.toString("utf8") };
}

function overTheWire(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve(normalise(res.statusCode!, res.headers, Buffer.concat(chunks))));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function throughFastify(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const res = await t.app.inject({ method: method as "GET" | "POST", url, headers, ...(body === undefined ? {} : { payload: body }) });
  return normalise(res.statusCode, res.headers, res.rawPayload);
}

const ENCODINGS: Record<string, string>[] = [{}, { "accept-encoding": "gzip" }, { "accept-encoding": "br, gzip" }, { "accept-encoding": "gzip, br;q=0" }, { "accept-encoding": "*" }, { "accept-encoding": "identity" }];

async function expectParity(method: string, url: string, headers: Record<string, string> = {}, body?: string) {
  for (const encoding of ENCODINGS) {
    const sent = { ...headers, ...encoding };
    const wire = await overTheWire(method, url, sent, body);
    const framework = await throughFastify(method, url, sent, body);
    expect(wire, `${method} ${url} ${JSON.stringify(encoding)} ${body ?? ""}`).toEqual(framework);
    if (encoding["accept-encoding"]?.includes("br;q=0")) expect(wire.headers["content-encoding"]).not.toBe("br");
  }
}

describe("the prepared answers and direct routes answer as Fastify does", () => {
  it("the catalogue (/api/data), a prepared answer", async () => {
    // The first request prepares it; from then on the listener answers it.
    await overTheWire("GET", "/api/data", {});
    await expectParity("GET", "/api/data");
    const etag = (await overTheWire("GET", "/api/data", {})).headers.etag!;
    expect(etag).toBeTruthy();
    await expectParity("GET", "/api/data", { "if-none-match": etag });
  });

  it("calculatePrice (a direct route), for good and bad bodies", async () => {
    const banner = (await productsBySlug(t.app)).get("pvc-banner")!;
    const bodies = [
      { productId: banner.id, customWidth: 304, customHeight: 304, selectedQuantity: 2, attributes: [] },
      { productId: banner.id, customWidth: 3000, customHeight: 1000, selectedQuantity: 250, attributes: [] },
      { productId: banner.id, customWidth: "wide", customHeight: 304, selectedQuantity: 2, attributes: [] },
      { productId: banner.id, customWidth: 304, customHeight: 304, selectedQuantity: 0, attributes: [] },
      { productId: 2_147_483_647, customWidth: 304, customHeight: 304, selectedQuantity: 2, attributes: [] },
      { productId: banner.id, customWidth: 304, customHeight: 304, selectedQuantity: 2, attributes: [{ group: "x", subattribute_id: -1 }] },
      {},
    ];
    for (const body of bodies) {
      await expectParity("POST", "/api/calculatePrice", { "content-type": "application/json" }, JSON.stringify(body));
    }
    await expectParity("POST", "/api/calculatePrice", { "content-type": "application/json" }, "{not json");
  });
});
