// The product page's server-rendered price and dates (app/routes/product.tsx, docs/decisions/043-pages-without-scripts.md):
// for every product of the seeded catalogue the loader's price is what POST /api/calculatePrice answers for the
// configuration the page opens with, and the page may be cached only until its dispatch day's cut-off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../../app/routes/product";
import { defaultConfiguration } from "../../../domain/configuration";
import { dispatchDay } from "../../../domain/delivery";
import { readPageCacheHeader } from "../../ssr";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Loaded = { data: { opening: { linePence: number | null; dispatchIsoDate: string; dispatchToday: boolean } }; init: { headers: Record<string, string> } };

async function load(slug: string): Promise<Loaded> {
  const args = { params: { slug }, context: { services: t.app.services, nonce: "" }, request: new Request(`http://shop.test/product/${slug}`) };
  return (await loader(args as unknown as Parameters<typeof loader>[0])) as unknown as Loaded;
}

describe("the product page's loader", () => {
  it("prices every product's opening configuration as calculatePrice does", async () => {
    const snapshot = await t.app.services.catalogue.snapshot();
    const products = [...snapshot.productById.values()];
    expect(products.length).toBeGreaterThan(5);
    for (const product of products) {
      const opening = defaultConfiguration(product);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/calculatePrice",
        payload: {
          productId: product.id,
          ...(product.priceType !== "fixed" ? { customWidth: opening.widthMm, customHeight: opening.heightMm } : {}),
          selectedQuantity: opening.quantity,
          attributes: opening.attributes,
        },
      });
      expect(res.statusCode, product.slug).toBe(200);
      const loaded = await load(product.slug);
      expect(loaded.data.opening.linePence, product.slug).toBe(res.json().breakdown.linePence);
    }
  });

  it("names the dispatch day and lets the page cache keep the page until that day's cut-off, no longer", async () => {
    const before = dispatchDay(new Date());
    const loaded = await load("pvc-banner");
    const after = dispatchDay(new Date());
    expect([before.isoDate, after.isoDate]).toContain(loaded.data.opening.dispatchIsoDate);
    const keep = readPageCacheHeader(loaded.init.headers["x-page-cache"] ?? null);
    expect(keep).not.toBeNull();
    expect([before.untilMs, after.untilMs]).toContain(keep!.expiresAtMs);
  });
});

describe("readPageCacheHeader", () => {
  it("keeps catalogue pages, until an instant when one is given, and nothing it cannot read", () => {
    expect(readPageCacheHeader("catalogue")).toEqual({ expiresAtMs: null });
    expect(readPageCacheHeader("catalogue; until=1764180000000")).toEqual({ expiresAtMs: 1764180000000 });
    expect(readPageCacheHeader(null)).toBeNull();
    expect(readPageCacheHeader("personal")).toBeNull();
    expect(readPageCacheHeader("catalogue; until=soon")).toBeNull();
    expect(readPageCacheHeader("catalogue; for=ever")).toBeNull();
  });
});
