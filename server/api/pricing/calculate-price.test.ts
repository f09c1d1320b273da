import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productsBySlug, type ApiAttribute as Attr, type ApiProduct as Product } from "../../../tests/factories/catalogue";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let bySlug = new Map<string, Product>();

beforeAll(async () => {
  t = await createTestApp();
  bySlug = await productsBySlug(t.app);
});
afterAll(async () => {
  await t?.close();
});

function product(slug: string): Product {
  const p = bySlug.get(slug);
  if (!p) throw new Error(`seeded product ${slug} is missing`);
  return p;
}

function option(slug: string, group: string, name: string): Attr {
  const a = product(slug).attributes.find((x) => x.group === group && x.subattribute_name === name);
  if (!a) throw new Error(`${slug} has no ${group}/${name}`);
  return { group: a.group, subattribute_id: a.subattribute_id, subattribute_name: a.subattribute_name };
}

async function price(body: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/calculatePrice", payload: body });
}

describe("POST /api/calculatePrice prices every branch of the rule", () => {
  it("size-based: £8.50/m² at 1000 × 500 mm is £4.25", async () => {
    const res = await price({ productId: product("pvc-banner").id, customWidth: 1000, customHeight: 500, selectedQuantity: 1, attributes: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(4.25);
    expect(res.json().breakdown).toMatchObject({ basePence: 425, unitPence: 425, linePence: 425, tierPercent: 0 });
  });

  it("takes sizes to 0.01 mm exactly: 1000.5 × 500 mm is 425.2125p, so £4.25", async () => {
    const res = await price({ productId: product("pvc-banner").id, customWidth: 1000.5, customHeight: 500, selectedQuantity: 1, attributes: [] });
    expect(res.json().total).toBe(4.25);
  });

  it("applies percentages on the running price, fixed costs, and Express on the base price, in product order", async () => {
    // 425 base; 510gsm +20% of running (85) = 510; every 25cm +150 = 660; Express +25% of base (106.25) = 766.25 → 766
    const slug = "pvc-banner";
    const res = await price({
      productId: product(slug).id,
      customWidth: "1000",
      customHeight: "500",
      selectedQuantity: "1",
      attributes: [
        option(slug, "Turnaround", "Express (2 working days)"),
        option(slug, "Eyelet spacing", "Every 25cm"),
        option(slug, "Material", "510gsm PVC"),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(7.66);
  });

  it("prices a fixed product with a fixed-cost option: A-board £79 + silver frame £10 = £89", async () => {
    const res = await price({
      productId: product("a-board").id,
      selectedQuantity: 1,
      attributes: [option("a-board", "Frame colour", "Silver")],
    });
    expect(res.json().total).toBe(89);
  });

  it("accepts a size within the limits either way round: a portrait 1220 × 2440 mm correx board", async () => {
    // £18.00/m² × 1.22 × 2.44 = 5358.24p → £53.58
    const res = await price({ productId: product("correx-board").id, customWidth: 1220, customHeight: 2440, selectedQuantity: 1, attributes: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(53.58);
  });

  it("ignores sizes sent for a fixed-price product", async () => {
    const res = await price({ productId: product("a-board").id, customWidth: 5, customHeight: 5, selectedQuantity: 1, attributes: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(79);
  });

  it("applies the quantity tier: 12 A3 posters at £1.60 → 10% off £19.20 = £17.28", async () => {
    const res = await price({ productId: product("a3-posters").id, selectedQuantity: 12, attributes: [] });
    expect(res.json().total).toBe(17.28);
    expect(res.json().breakdown).toMatchObject({ undiscountedLinePence: 1920, tierPercent: 10, linePence: 1728 });
  });

  it("rounds the discounted line half-up: 25 A4 posters at 85p → 2125 × 75% = 1593.75 → £15.94", async () => {
    const res = await price({ productId: product("a4-posters").id, selectedQuantity: 25, attributes: [] });
    expect(res.json().total).toBe(15.94);
  });

  it("fills missing groups with their defaults and reports the options it priced", async () => {
    const p = product("pvc-banner");
    const res = await price({ productId: p.id, customWidth: 1000, customHeight: 1000, selectedQuantity: 1, attributes: [] });
    const defaults = res.json().breakdown.attributeIds as number[];
    expect(defaults).toHaveLength(new Set(p.attributes.map((a) => a.group)).size);
  });
});

describe("POST /api/calculatePrice refuses bad input with a 400 naming the field", () => {
  const cases: [string, () => Record<string, unknown>, string][] = [
    ["an unknown product", () => ({ productId: 999999, selectedQuantity: 1, attributes: [] }), "productId: no product with id 999999"],
    ["a non-numeric product id", () => ({ productId: "abc", selectedQuantity: 1 }), "productId"],
    ["no quantity", () => ({ productId: product("a-board").id, attributes: [] }), "selectedQuantity is required"],
    ["a fractional quantity", () => ({ productId: product("a-board").id, selectedQuantity: 1.5 }), "selectedQuantity must be a whole number"],
    ["a non-numeric quantity", () => ({ productId: product("a-board").id, selectedQuantity: "lots" }), "selectedQuantity must be a number"],
    ["a quantity below the minimum", () => ({ productId: product("a4-posters").id, selectedQuantity: 10 }), "selectedQuantity must be at least 25 for this product"],
    ["a zero quantity", () => ({ productId: product("a-board").id, selectedQuantity: 0 }), "selectedQuantity must be at least 1 for this product"],
    ["a width below the minimum", () => ({ productId: product("pvc-banner").id, customWidth: 300, customHeight: 500, selectedQuantity: 1 }), "customWidth must be at least 304 mm"],
    ["a size that fits neither way round", () => ({ productId: product("pvc-banner").id, customWidth: 3300, customHeight: 3300, selectedQuantity: 1 }), "customWidth × customHeight must fit within 3200 × 50000 mm (either way round)"],
    ["a height above 50 m", () => ({ productId: product("pvc-banner").id, customWidth: 1000, customHeight: 50001, selectedQuantity: 1 }), "customHeight must be at most 50000 mm"],
    ["a board taller than the sheet either way", () => ({ productId: product("correx-board").id, customWidth: 1300, customHeight: 2441, selectedQuantity: 1 }), "customHeight"],
    ["a missing height", () => ({ productId: product("pvc-banner").id, customWidth: 1000, selectedQuantity: 1 }), "customHeight is required (mm)"],
    ["a non-numeric width", () => ({ productId: product("pvc-banner").id, customWidth: "wide", customHeight: 500, selectedQuantity: 1 }), "customWidth must be a number"],
    ["sizes finer than 0.01 mm", () => ({ productId: product("pvc-banner").id, customWidth: 1000.001, customHeight: 500, selectedQuantity: 1 }), "customWidth may have at most 2 decimal places"],
    [
      "another product's option",
      () => ({ productId: product("a-board").id, selectedQuantity: 1, attributes: [option("pvc-banner", "Material", "510gsm PVC")] }),
      "is not an option of this product",
    ],
    [
      "two options of one group",
      () => ({
        productId: product("a-board").id,
        selectedQuantity: 1,
        attributes: [option("a-board", "Frame colour", "Black"), option("a-board", "Frame colour", "Silver")],
      }),
      'only one option may be chosen for "Frame colour"',
    ],
    [
      "an option under the wrong group",
      () => ({ productId: product("a-board").id, selectedQuantity: 1, attributes: [{ ...option("a-board", "Frame colour", "Silver"), group: "Panels" }] }),
      'does not match option',
    ],
    ["attributes that are not a list", () => ({ productId: product("a-board").id, selectedQuantity: 1, attributes: "Silver" }), "attributes"],
  ];

  for (const [name, body, message] of cases) {
    it(`refuses ${name}`, async () => {
      const res = await price(body());
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    });
  }

  it("refuses a body that is not JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calculatePrice",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("The request body is not valid JSON.");
  });
});
