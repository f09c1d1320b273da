// Parity of the three front paths. A request can be answered by a prepared answer or a direct route in the
// listener, ahead of Fastify, or by Fastify itself (which `inject` always reaches). For every prepared URL
// and every direct route, each request here is sent both ways and must get the same status, headers and body.
// Pages are rendered from the app's source by Vite's module loader, as the production build renders them, so
// the catalogue pages are prepared answers here too without a build.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SsrSource } from "../ssr";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";
import { productsBySlug } from "../../tests/factories/catalogue";

let t: TestApp;
let port: number;

let vite: ViteDevServer;

beforeAll(async () => {
  vite = await createViteServer({ root: process.cwd(), server: { middlewareMode: true, hmr: false, watch: null }, appType: "custom", logLevel: "silent" });
  const ssr: SsrSource = { mode: "production", getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild> };
  t = await createTestApp({}, { ssr });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  await vite?.close();
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

/** Bodies sent to each direct route: good ones and every kind of bad one. A new direct route needs its own. */
async function directCorpus(): Promise<Record<string, string[]>> {
  const banner = (await productsBySlug(t.app)).get("pvc-banner")!;
  const prices = [
    { productId: banner.id, customWidth: 304, customHeight: 304, selectedQuantity: 2, attributes: [] },
    { productId: banner.id, customWidth: 3000, customHeight: 1000, selectedQuantity: 250, attributes: [] },
    { productId: banner.id, customWidth: "wide", customHeight: 304, selectedQuantity: 2, attributes: [] },
    { productId: banner.id, customWidth: 304, customHeight: 304, selectedQuantity: 0, attributes: [] },
    { productId: 2_147_483_647, customWidth: 304, customHeight: 304, selectedQuantity: 2, attributes: [] },
    { productId: banner.id, customWidth: 304, customHeight: 304, selectedQuantity: 2, attributes: [{ group: "x", subattribute_id: -1 }] },
    {},
  ];
  return { "/api/calculatePrice": [...prices.map((body) => JSON.stringify(body)), "{not json", ""] };
}

/** Every catalogue page a visitor can reach from the menu: home, each category and subcategory, each product. */
async function cataloguePages(): Promise<string[]> {
  const data = (await t.app.inject({ method: "GET", url: "/api/data" })).json() as {
    categories: { slug: string; subcategories: { id: number; slug: string; products: { slug: string }[] }[] }[];
  };
  const pages = ["/"];
  for (const category of data.categories) {
    pages.push(`/${category.slug}`);
    for (const sub of category.subcategories) {
      pages.push(`/category/${sub.id}/${sub.slug}`);
      for (const product of sub.products) pages.push(`/product/${product.slug}`);
    }
  }
  return [...new Set(pages)];
}

describe("the prepared answers and direct routes answer as Fastify does", () => {
  it("every prepared answer: the catalogue JSON (fresh and revalidated) and every catalogue page", { timeout: 240_000 }, async () => {
    // The first request prepares an answer; from then on the listener answers it.
    for (const url of ["/api/data", ...(await cataloguePages())]) await overTheWire("GET", url, {});
    const prepared = t.app.responseCache.urls();
    expect(prepared).toContain("/api/data");
    expect(prepared).toContain("/product/pvc-banner");
    expect(prepared.length).toBeGreaterThan(20);
    for (const url of prepared) {
      await expectParity("GET", url);
      // Pages are sent without an ETag; the catalogue JSON has one, so its 304 is compared too.
      const etag = (await overTheWire("GET", url, {})).headers.etag;
      if (url === "/api/data") expect(etag).toBeTruthy();
      if (etag) await expectParity("GET", url, { "if-none-match": etag });
    }
  });

  it("every direct route, for good and bad bodies", async () => {
    const corpus = await directCorpus();
    const routes = t.app.directRoutes.urls();
    expect(routes).toContain("/api/calculatePrice");
    for (const url of routes) {
      expect(corpus[url], `no corpus for the direct route ${url}`).toBeDefined();
      for (const body of corpus[url]!) await expectParity("POST", url, { "content-type": "application/json" }, body);
    }
  });
});
