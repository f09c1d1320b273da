// Categories and subcategories as a manager changes them: names and slugs (a category's old slug
// redirects; reserved and taken slugs are refused), and the menu every page shows follows at once.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryDetails, SubcategoryDetails } from "../../../domain/category-details";
import { makeStaff, type TestCustomer } from "../../../tests/factories/accounts";
import { multipart } from "../../../tests/factories/artwork";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let manager: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  manager = await makeStaff(t.app, "manager");
});
afterAll(async () => {
  await t?.close();
});

type Tree = (CategoryDetails & { id: number; image: string | null; subcategories: (SubcategoryDetails & { id: number })[] })[];
const tree = async () => ((await t.app.inject({ method: "GET", url: "/api/manage/categories", headers: manager.auth })).json() as { categories: Tree }).categories;
const saveCategory = async (slug: string, change: Partial<CategoryDetails>) => {
  const { id, image: _image, subcategories: _subs, ...details } = (await tree()).find((c) => c.slug === slug)!;
  return t.app.inject({ method: "PUT", url: `/api/manage/categories/${id}`, headers: manager.auth, payload: { ...details, ...change } });
};

describe("categories in the back office", () => {
  it("lists categories with their subcategories in menu order", async () => {
    const categories = await tree();
    expect(categories.map((c) => c.slug)).toEqual(["banners", "posters", "boards", "flags", "stickers"]);
    expect(categories[0]!.subcategories[0]).toMatchObject({ name: "PVC Banners", slug: "pvc-banners" });
  });

  it("renames a category and moves it to a new slug; the old slug redirects and the menu follows", async () => {
    const res = await saveCategory("flags", { name: "Flags & Bunting", slug: "flags-and-bunting" });
    expect(res.statusCode, res.body).toBe(200);
    const snapshot = await t.app.services.catalogue.snapshot();
    expect(snapshot.categoryBySlug.get("flags-and-bunting")?.name).toBe("Flags & Bunting");
    expect(snapshot.categoryRedirects.get("flags")).toBe("flags-and-bunting");
    expect(snapshot.nav.map((c) => c.name)).toContain("Flags & Bunting");
    expect((await saveCategory("flags-and-bunting", { name: "Flags", slug: "flags" })).statusCode).toBe(200);
    expect((await t.app.services.catalogue.snapshot()).categoryRedirects.get("flags-and-bunting")).toBe("flags");
  });

  it("refuses a slug that is one of the shop's own pages or another category's", async () => {
    const reserved = await saveCategory("flags", { slug: "basket" });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toContain("That slug is the address of one of the shop's own pages");
    const taken = await saveCategory("flags", { slug: "posters" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('The slug "posters" is already the address of Posters.');
  });

  it("changes a subcategory and records who did it", async () => {
    const sub = (await tree())[0]!.subcategories[1]!;
    const { id, ...details } = sub;
    const res = await t.app.inject({ method: "PUT", url: `/api/manage/subcategories/${id}`, headers: manager.auth, payload: { ...details, name: `${details.name} (new)` } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.services.catalogue.snapshot()).subcategoryById.get(id)?.name).toBe(`${details.name} (new)`);
    const audit = (await t.app.inject({ method: "GET", url: `/api/manage/audit?entityType=subcategory&entityId=${id}`, headers: manager.auth })).json().entries;
    expect(audit[0]).toMatchObject({ actorEmail: manager.email, summary: `Subcategory ${details.name} (new): name changed` });
  });

  it("takes a category picture, resizes it and shows it in the menu; a file that is not a picture is refused", async () => {
    const category = (await tree()).find((c) => c.slug === "boards")!;
    const send = (data: Buffer) => {
      const form = multipart([{ name: "image", fileName: "boards.jpg", contentType: "image/jpeg", data }]);
      return t.app.inject({ method: "POST", url: `/api/manage/categories/${category.id}/image`, headers: { ...manager.auth, ...form.headers }, payload: form.payload });
    };
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#357" } }).jpeg().toBuffer();
    const res = await send(jpeg);
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().image as string;
    expect(image).toMatch(new RegExp(`^/api/catalogue/images/c${category.id}/[0-9a-f]{20}\\.webp$`));
    const served = await t.app.inject({ method: "GET", url: image });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "webp", width: 1200, height: 800 });
    expect((await t.app.services.catalogue.snapshot()).nav.find((c) => c.id === category.id)?.image).toBe(image);
    expect((await tree()).find((c) => c.id === category.id)?.image).toBe(image);

    const refused = await send(await sharp({ create: { width: 40, height: 40, channels: 3, background: "#357" } }).gif().toBuffer());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("The picture must be a JPEG, PNG or WebP image.");
    expect((await tree()).find((c) => c.id === category.id)?.image).toBe(image);
  });

  // The pages follow the snapshot (a category or product it lacks is "not found"): tests/e2e/back-office.spec.ts.
  it("hides a subcategory or a whole category from customers, and shows it again", async () => {
    const stickers = (await tree()).find((c) => c.slug === "stickers")!;
    const sub = stickers.subcategories[0]!;
    const before = await t.app.services.catalogue.snapshot();
    const product = before.subcategoryById.get(sub.id)!.products[0]!;
    const { id: subId, ...subDetails } = sub;
    const hideSub = await t.app.inject({ method: "PUT", url: `/api/manage/subcategories/${subId}`, headers: manager.auth, payload: { ...subDetails, visible: false } });
    expect(hideSub.statusCode, hideSub.body).toBe(200);
    let snapshot = await t.app.services.catalogue.snapshot();
    expect(snapshot.subcategoryById.has(subId)).toBe(false);
    expect(snapshot.productById.has(product.id)).toBe(false);
    expect(snapshot.productBySlug.has(product.slug)).toBe(false);
    const quote = await t.app.inject({ method: "POST", url: "/api/calculatePrice", payload: { productId: product.id, selectedQuantity: 1, attributes: [] } });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().message).toContain(`productId: no product with id ${product.id}`);
    const listed = ((await t.app.inject({ method: "GET", url: "/api/manage/products", headers: manager.auth })).json().products as { id: number; visible: boolean; hiddenWith: string | null }[]).find((p) => p.id === product.id);
    expect(listed).toMatchObject({ visible: true, hiddenWith: "subcategory" });
    await t.app.inject({ method: "PUT", url: `/api/manage/subcategories/${subId}`, headers: manager.auth, payload: { ...subDetails, visible: true } });

    expect((await saveCategory("stickers", { visible: false })).statusCode).toBe(200);
    snapshot = await t.app.services.catalogue.snapshot();
    expect(snapshot.nav.map((c) => c.slug)).not.toContain("stickers");
    expect(snapshot.productById.has(product.id)).toBe(false);
    expect(snapshot.categoryBySlug.has("stickers")).toBe(false);
    expect((await saveCategory("stickers", { visible: true })).statusCode).toBe(200);
    snapshot = await t.app.services.catalogue.snapshot();
    expect(snapshot.productById.has(product.id)).toBe(true);
    expect(snapshot.categoryBySlug.get("stickers")?.subcategories.map((s) => s.id)).toContain(subId);
  });
});
