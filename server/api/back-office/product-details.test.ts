// A product's details as a manager changes them: a new slug (the old one redirects, and a slug taken by
// another product is refused), hiding it from customers (gone from the catalogue and quotes, still on
// every order that has it), and the audit entry.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../tests/factories/artwork";
import type { ProductDetails } from "../../../domain/product-details";
import { makeStaff, type TestCustomer } from "../../../tests/factories/accounts";
import { bannerLine, customerWithAddresses, placeOrder } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let manager: TestCustomer;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  manager = await makeStaff(t.app, "manager");
  productId = (await t.app.services.catalogue.snapshot()).productBySlug.get("mesh-banner")!.id;
});
afterAll(async () => {
  await t?.close();
});

const details = async (id = productId) => (await t.app.inject({ method: "GET", url: `/api/manage/products/${id}/details`, headers: manager.auth })).json() as { details: ProductDetails; redirects: string[] };
const save = (change: Partial<ProductDetails>, id = productId) =>
  details(id).then((current) => t.app.inject({ method: "PUT", url: `/api/manage/products/${id}/details`, headers: manager.auth, payload: { ...current.details, ...change } }));
const catalogueSlugs = async () =>
  ((await t.app.inject({ method: "GET", url: "/api/data" })).json() as { categories: { subcategories: { products: { slug: string }[] }[] }[] }).categories.flatMap((c) => c.subcategories.flatMap((s) => s.products.map((p) => p.slug)));

describe("product pictures", () => {
  const upload = (data: Buffer, fileName = "photo.png", contentType = "image/png") => {
    const form = multipart([{ name: "image", fileName, contentType, data }]);
    return t.app.inject({ method: "POST", url: `/api/manage/products/${productId}/image`, headers: { ...manager.auth, ...form.headers }, payload: form.payload });
  };

  it("stores an upload resized to 1200 px as WebP, named by its content, and shows it in the catalogue", async () => {
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#0a7" } }).png().toBuffer();
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().image as string;
    expect(image).toMatch(new RegExp(`^/api/catalogue/images/${productId}/[0-9a-f]{20}\\.webp$`));
    const served = await t.app.inject({ method: "GET", url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 1200, 600]);
    const snapshot = await t.app.services.catalogue.snapshot();
    expect(snapshot.productById.get(productId)?.image).toBe(image);
  });

  it("refuses a file that is not a picture, whatever it is called, and one over 10 MB", async () => {
    const notPicture = await upload(Buffer.from("%PDF-1.7 not a picture"), "photo.png", "image/png");
    expect(notPicture.statusCode).toBe(422);
    expect(notPicture.json().message).toMatch(/JPEG, PNG or WebP/);
    const huge = await upload(Buffer.alloc(11 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    // Only catalogue pictures are public: no other stored file answers at that address.
    expect((await t.app.inject({ method: "GET", url: `/api/catalogue/images/${productId}/${"0".repeat(20)}.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/catalogue/images/${productId}/..%2F..%2Fsecret.webp` })).statusCode).toBe(400);
  });
});

describe("product details", () => {
  it("moves a product to a new slug and keeps the old one as a redirect", async () => {
    const res = await save({ slug: "wind-mesh-banner", name: "Wind Mesh Banners" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await catalogueSlugs()).toContain("wind-mesh-banner");
    expect(await catalogueSlugs()).not.toContain("mesh-banner");
    const snapshot = await t.app.services.catalogue.snapshot();
    expect(snapshot.productRedirects.get("mesh-banner")).toBe("wind-mesh-banner");
    expect(snapshot.productBySlug.get("wind-mesh-banner")?.name).toBe("Wind Mesh Banners");
    expect((await details()).redirects).toEqual(["mesh-banner"]);

    // Moving back takes the old address back: no redirect from a product's own address, one from the other.
    expect((await save({ slug: "mesh-banner" })).statusCode).toBe(200);
    const after = await t.app.services.catalogue.snapshot();
    expect(after.productRedirects.has("mesh-banner")).toBe(false);
    expect(after.productRedirects.get("wind-mesh-banner")).toBe("mesh-banner");
  });

  it("refuses a slug another product has, and a malformed one, naming the problem", async () => {
    const taken = await save({ slug: "pvc-banner" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('The slug "pvc-banner" is already the address of PVC Banners.');
    const malformed = await save({ slug: "Mesh Banner!" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("The slug must be lower-case letters, digits and single hyphens");
    const long = await save({ pageTitle: "x".repeat(121) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("The search title must be at most 120 characters");
  });

  it("hides a product from customers while every order that has it still shows it", async () => {
    const customer = await customerWithAddresses(t.app);
    const order = await placeOrder(t.app, customer, [await bannerLine(t.app, { slug: "mesh-banner", quantity: 1 })]);
    expect((await save({ visible: false })).statusCode).toBe(200);

    expect(await catalogueSlugs()).not.toContain("mesh-banner");
    const quote = await t.app.inject({ method: "POST", url: "/api/calculatePrice", payload: { productId, customWidth: 1000, customHeight: 1000, selectedQuantity: 1, attributes: [] } });
    expect(quote.statusCode).toBe(400);
    const group = (await t.app.inject({ method: "GET", url: `/api/orders/group/${order.orderGroupId}`, headers: customer.auth })).json() as { products: { product_name: string }[] };
    expect(group.products.map((p) => p.product_name)).toEqual(["Wind Mesh Banners"]);
    // Still in the back office, marked hidden, and can be shown again.
    const listed = (await t.app.inject({ method: "GET", url: "/api/manage/products", headers: manager.auth })).json().products as { id: number; visible: boolean }[];
    expect(listed.find((p) => p.id === productId)?.visible).toBe(false);
    expect((await save({ visible: true })).statusCode).toBe(200);
    expect(await catalogueSlugs()).toContain("mesh-banner");
  });

  it("records each change with the details before and after", async () => {
    const entries = (await t.app.inject({ method: "GET", url: `/api/manage/audit?entityType=product&entityId=${productId}`, headers: manager.auth })).json().entries as { summary: string; before: ProductDetails; after: ProductDetails }[];
    expect(entries.map((e) => e.summary)).toEqual([
      "Wind Mesh Banners: visible changed (shown to customers)",
      "Wind Mesh Banners: visible changed (hidden from customers)",
      "Wind Mesh Banners: slug changed",
      "Wind Mesh Banners: name, slug changed",
      "Mesh Banners: new picture",
    ]);
    expect(entries.at(-2)!.before.slug).toBe("mesh-banner");
    expect(entries.at(-2)!.after.slug).toBe("wind-mesh-banner");
  });
});
