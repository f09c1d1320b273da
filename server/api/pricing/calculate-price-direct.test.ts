// POST /api/calculatePrice is answered by the listener ahead of the router (server/direct-routes.ts) and,
// for anything unusual and for inject, by the Fastify route. Both must give the same answer: this sends
// the same corpus both ways and compares status, headers and body.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products as productsTable } from "../../../db/schema";
import { productsBySlug, type ApiAttribute as Attr, type ApiProduct } from "../../../tests/factories/catalogue";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let port: number;
let servedDirectly = 0;
let products = new Map<string, ApiProduct>();

beforeAll(async () => {
  t = await createTestApp();
  products = await productsBySlug(t.app);
  // Count what the listener answers itself (app.ts's front calls the same object's method).
  const direct = t.app.directRoutes;
  const serve = direct.serve.bind(direct);
  direct.serve = (req: IncomingMessage, res: ServerResponse) => {
    const served = serve(req, res);
    if (served) servedDirectly += 1;
    return served;
  };
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function overHttp(body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/api/calculatePrice", method: "POST", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Headers that differ per answer by nature (time, connection handling, id) are left out. */
function comparable(headers: IncomingHttpHeaders | Record<string, unknown>) {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, "x-request-id": id, ...rest } = headers as Record<string, unknown>;
  expect(typeof id).toBe("string");
  return rest;
}

function decoded(answer: { headers: Record<string, unknown>; body: Buffer }): unknown {
  const body = answer.headers["content-encoding"] === "br" ? brotliDecompressSync(answer.body) : answer.body;
  return JSON.parse(body.toString("utf8"));
}

function id(slug: string): number {
  const p = products.get(slug);
  if (!p) throw new Error(`seeded product ${slug} is missing`);
  return p.id;
}

function attr(slug: string, index: number): Attr {
  return products.get(slug)!.attributes[index]!;
}

const cases: [string, () => unknown][] = [
  ["a banner by size", () => ({ productId: id("pvc-banner"), customWidth: 1200, customHeight: 800, selectedQuantity: 12, attributes: [] })],
  ["sizes with two decimals", () => ({ productId: id("pvc-banner"), customWidth: 1000.55, customHeight: 500.05, selectedQuantity: 1, attributes: [] })],
  ["numbers sent as strings", () => ({ productId: String(id("pvc-banner")), customWidth: "1200", customHeight: " 800 ", selectedQuantity: "3" })],
  ["a chosen option", () => ({ productId: id("pvc-banner"), customWidth: 2000, customHeight: 1000, selectedQuantity: 3, attributes: [attr("pvc-banner", 1)] })],
  ["a fixed-price product", () => {
    const fixed = [...products.values()].find((p) => p.price_type === "fixed")!;
    return { productId: fixed.id, selectedQuantity: 50, attributes: [] };
  }],
  ["no quantity", () => ({ productId: id("pvc-banner"), customWidth: 1200, customHeight: 800 })],
  ["an empty quantity", () => ({ productId: id("pvc-banner"), customWidth: 1200, customHeight: 800, selectedQuantity: "" })],
  ["a fractional quantity", () => ({ productId: id("pvc-banner"), customWidth: 1200, customHeight: 800, selectedQuantity: 1.5 })],
  ["an unknown product", () => ({ productId: 999999, selectedQuantity: 1 })],
  ["a product id that is not a number", () => ({ productId: "abc", selectedQuantity: 1 })],
  ["no size for a size-priced product", () => ({ productId: id("pvc-banner"), selectedQuantity: 1 })],
  ["three decimals", () => ({ productId: id("pvc-banner"), customWidth: 1000.555, customHeight: 500, selectedQuantity: 1 })],
  ["a size over the limit", () => ({ productId: id("pvc-banner"), customWidth: 999999, customHeight: 500, selectedQuantity: 1 })],
  ["an option of another product", () => ({ productId: id("pvc-banner"), customWidth: 1000, customHeight: 500, selectedQuantity: 1, attributes: [{ subattribute_id: 999999 }] })],
  ["an option id that is not a number", () => ({ productId: id("pvc-banner"), customWidth: 1000, customHeight: 500, selectedQuantity: 1, attributes: [{ subattribute_id: "x" }] })],
  ["51 options", () => ({ productId: id("pvc-banner"), selectedQuantity: 1, attributes: Array.from({ length: 51 }, () => ({ subattribute_id: 1 })) })],
  ["an array", () => []],
  ["null", () => null],
  ["a number", () => 42],
];

const rawCases: [string, string][] = [
  ["broken JSON", '{"productId": 1'],
  ["an empty body", ""],
  ["a __proto__ key", '{"productId": 1, "selectedQuantity": 1, "__proto__": {"x": 1}}'],
  ["a constructor.prototype key", '{"productId": 1, "selectedQuantity": 1, "constructor": {"prototype": {"x": 1}}}'],
];

async function bothWays(body: string, headers: Record<string, string> = {}) {
  const sent = { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers };
  const before = servedDirectly;
  const direct = await overHttp(body, sent);
  expect(servedDirectly, "the listener answered it itself").toBe(before + 1);
  const routed = await t.app.inject({ method: "POST", url: "/api/calculatePrice", headers: sent, payload: body });
  return { direct, routed: { status: routed.statusCode, headers: routed.headers as Record<string, unknown>, body: routed.rawPayload } };
}

describe("POST /api/calculatePrice answers the same directly and through the router", () => {
  it.each(cases)("%s", async (_name, make) => {
    const { direct, routed } = await bothWays(JSON.stringify(make()));
    expect(direct.status).toBe(routed.status);
    expect(comparable(direct.headers)).toEqual(comparable(routed.headers));
    expect(direct.body.toString()).toBe(routed.body.toString());
  });

  it.each(rawCases)("%s", async (_name, body) => {
    const { direct, routed } = await bothWays(body);
    expect(direct.status).toBe(400);
    expect(direct.status).toBe(routed.status);
    expect(comparable(direct.headers)).toEqual(comparable(routed.headers));
    expect(direct.body.toString()).toBe(routed.body.toString());
  });

  it("a refusal of over 1 KiB is compressed the same way for a browser", async () => {
    const attributes = Array.from({ length: 40 }, (_, i) => ({ subattribute_id: `x${i}` }));
    const body = JSON.stringify({ productId: id("pvc-banner"), customWidth: 1000, customHeight: 500, selectedQuantity: 1, attributes });
    const { direct, routed } = await bothWays(body, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(direct.status).toBe(400);
    expect(direct.headers["content-encoding"]).toBe("br");
    expect(comparable(direct.headers)).toEqual({ ...comparable(routed.headers), "content-length": String(direct.body.length) });
    expect(decoded(direct)).toEqual(decoded(routed));
  });

  it("a body sent in chunks, or as another type, still gets the route's answer through the router", async () => {
    const body = JSON.stringify({ productId: id("pvc-banner"), customWidth: 1200, customHeight: 800, selectedQuantity: 12 });
    const before = servedDirectly;
    const chunked = await overHttp(body, { "content-type": "application/json", "transfer-encoding": "chunked" });
    const charset = await overHttp(body, { "content-type": "application/json; charset=iso-8859-1", "content-length": String(body.length) });
    expect(servedDirectly).toBe(before);
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body.toString()).total).toBe(88.13);
    expect(charset.status).toBe(200);
  });
});

describe("POST /api/calculatePrice after a catalogue change", () => {
  it("prices from the new catalogue straight away, directly and through the router", async () => {
    const body = JSON.stringify({ productId: id("pvc-banner"), customWidth: 1000, customHeight: 1000, selectedQuantity: 1, attributes: [] });
    const before = JSON.parse((await bothWays(body)).direct.body.toString()) as { breakdown: { basePence: number } };
    expect(t.app.services.catalogue.loaded()).not.toBeNull();

    await t.db.db.update(productsTable).set({ pricePence: 2000 }).where(eq(productsTable.id, id("pvc-banner")));
    t.app.services.catalogue.invalidate();
    expect(t.app.services.catalogue.loaded()).toBeNull();

    const { direct, routed } = await bothWays(body);
    const after = JSON.parse(direct.body.toString()) as { breakdown: { basePence: number } };
    expect(before.breakdown.basePence).not.toBe(2000);
    expect(after.breakdown.basePence).toBe(2000); // £20.00/m² × 1 m²
    expect(direct.body.toString()).toBe(routed.body.toString());
  });
});
