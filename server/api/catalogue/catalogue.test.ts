import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { products } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { catalogueAnswer } from "./routes";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type ApiProduct = Record<string, unknown> & {
  id: number;
  price: number;
  price_type: string;
  attributes: Array<Record<string, unknown>>;
  qty_limits: { min_qty: number; orientation: string; fixed_size: string | null };
  size_limits: { min_width: number; min_height: number } | null;
};

describe("GET /api/data", () => {
  it("answers exactly the shape its schema declares: every field, of its type, and nothing else", async () => {
    const body = (await t.app.inject({ method: "GET", url: "/api/data" })).json();
    // The schema drops fields it does not name and throws on a missing or mistyped one.
    expect(catalogueAnswer.parse(body)).toEqual(body);
    expect(body.categories.length).toBeGreaterThan(0);
  });

  it("answers the whole catalogue with the spec's field names", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/data" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    const body = res.json() as { categories: Array<Record<string, unknown> & { subcategories: Array<Record<string, unknown> & { products: ApiProduct[] }> }> };
    expect(body.categories.map((c) => c.name)).toEqual(["Banners", "Posters", "Boards", "Flags", "Stickers"]);
    const category = body.categories[0]!;
    expect(Object.keys(category).sort()).toEqual(
      ["description", "id", "image", "name", "order", "page_description", "page_keywords", "page_title", "slug", "subcategories"].sort(),
    );
    const sub = category.subcategories[0]!;
    expect(Object.keys(sub).sort()).toEqual(
      ["id", "name", "order", "page_description", "page_keywords", "page_title", "products", "slug"].sort(),
    );
    const product = sub.products[0]!;
    for (const key of [
      "id", "slug", "product_name", "product_short_desc", "description", "product_description", "image_url", "img",
      "price", "order", "price_type", "size_limits", "qty_limits", "attributes", "productSpecifications",
      "product_specifications", "variants", "page_title", "page_description", "page_keywords",
      // Ours, beside the spec's: the product's quantity discounts and minimum line charge.
      "quantity_tiers", "min_line_charge",
    ]) {
      expect(product, key).toHaveProperty(key);
    }
    expect(product.description).toBe(product.product_description);
    expect(product.image_url).toBe(product.img);
    expect(product.productSpecifications).toBe(product.product_specifications);
    const attribute = product.attributes[0]!;
    expect(Object.keys(attribute).sort()).toEqual(
      // working_days is ours, beside the spec's fields: the turnaround's working days set by a manager.
      ["cost", "cost_unit", "display_type", "group", "is_default", "subattribute_id", "subattribute_name", "working_days"].sort(),
    );
    const all = body.categories.flatMap((c) => c.subcategories.flatMap((s) => s.products));
    expect(all.length).toBeGreaterThanOrEqual(60);
  });

  it("gives prices in pounds, matching the pence held in the database", async () => {
    const body = (await t.app.inject({ method: "GET", url: "/api/data" })).json() as {
      categories: Array<{ subcategories: Array<{ products: ApiProduct[] }> }>;
    };
    const product = body.categories[0]!.subcategories[0]!.products[0]!;
    const [row] = await t.db.db.select().from(products).where(eq(products.id, product.id));
    expect(product.price).toBe(row!.pricePence / 100);
  });

  it("revalidates with an ETag and a 304", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/data" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: "GET", url: "/api/data", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("rebuilds after the catalogue changes", async () => {
    const before = (await t.app.inject({ method: "GET", url: "/api/data" })).headers.etag;
    const body = (await t.app.inject({ method: "GET", url: "/api/data" })).json() as {
      categories: Array<{ subcategories: Array<{ products: ApiProduct[] }> }>;
    };
    const product = body.categories[0]!.subcategories[0]!.products[0]!;
    await t.db.db.update(products).set({ pricePence: 123_45 }).where(eq(products.id, product.id));
    t.app.services.catalogue.invalidate();
    const after = await t.app.inject({ method: "GET", url: "/api/data" });
    expect(after.headers.etag).not.toBe(before);
    const changed = (after.json() as typeof body).categories[0]!.subcategories[0]!.products[0]!;
    expect(changed.price).toBe(123.45);
  });
});

describe("the server's edges", () => {
  it("reports health with the database kind", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: t.db.kind });
  });

  it("sends security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toContain("max-age=");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toContain("No such endpoint");
  });

  it("refuses a JSON body over 1 MB with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calculatePrice",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ filler: "x".repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe("The request is too large.");
  });

  it("serves the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain("/api/data");
  });
});
