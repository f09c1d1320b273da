// Designs from the online editor through the real app: drafts on the account (the owner's alone, saved by
// revision), pictures checked by content, and a design becoming an item's artwork before or after payment.
import * as mupdf from "mupdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESIGN_TEMPLATES } from "../../../domain/design/templates";
import type { Design } from "../../../domain/design/schema";
import { pointsToMm } from "../../../domain/preflight";
import { signUp, testClientAddress, type TestCustomer } from "../../../tests/factories/accounts";
import { cmykJpeg, multipart } from "../../../tests/factories/artwork";
import { bannerLine, placeOrder, saveTestAddresses, startCheckout } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let owner: TestCustomer;
let other: TestCustomer;

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([signUp(t.app), signUp(t.app)]);
  await Promise.all([saveTestAddresses(t.app, owner), saveTestAddresses(t.app, other)]);
});
afterAll(async () => {
  await t?.close();
});

const call = (who: TestCustomer, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}), remoteAddress: testClientAddress() });

async function uploadImage(who: TestCustomer, data: Buffer, fileName = "logo.jpg") {
  const form = multipart([{ name: "image", fileName, contentType: "image/jpeg", data }]);
  return t.app.inject({ method: "POST", url: "/api/design-images", headers: { ...who.auth, ...form.headers }, payload: form.payload, remoteAddress: testClientAddress() });
}

function withLogo(design: Design, image: { id: string; widthPx: number; heightPx: number }, sizeMm: number): Design {
  return {
    ...design,
    elements: [...design.elements, { id: "logo", kind: "image", imageId: image.id, widthPx: image.widthPx, heightPx: image.heightPx, widthMm: sizeMm, heightMm: sizeMm, fit: "contain", x: { anchor: "start", offsetMm: 40 }, y: { anchor: "start", offsetMm: 40 }, locked: false }],
  };
}

async function saveDesign(who: TestCustomer, document: Design, name = "Shop banner") {
  const res = await call(who, "POST", "/api/designs", { name, productSlug: "pvc-banner", document });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().design as { id: number; revision: number };
}

const banner = (size = { widthMm: 1200, heightMm: 800 }) => DESIGN_TEMPLATES.find((x) => x.id === "summer-sale")!.build(size);

describe("pictures for the editor", () => {
  it("are checked by their content: a picture is kept with its pixel size, anything else is refused", async () => {
    const ok = await uploadImage(owner, await cmykJpeg(1200, 600));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().image).toMatchObject({ widthPx: 1200, heightPx: 600, hasAlpha: false });
    const preview = await call(owner, "GET", `/api/design-images/${ok.json().image.id}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/jpeg");
    expect((await call(other, "GET", `/api/design-images/${ok.json().image.id}`)).statusCode).toBe(404);

    const fake = await uploadImage(owner, Buffer.from("%PDF-1.4 not really a picture"), "logo.jpg");
    expect(fake.statusCode).toBe(422);
    expect(fake.json().message).toContain("PDF");
    const text = await uploadImage(owner, Buffer.from("hello, I am text"), "logo.png");
    expect(text.statusCode).toBe(422);
  });
});

describe("drafts on the account", () => {
  it("are saved, listed, reopened, copied and deleted by their owner only", async () => {
    const saved = await saveDesign(owner, banner());
    const list = await call(owner, "GET", "/api/designs");
    expect(list.json().designs.map((d: { id: number }) => d.id)).toContain(saved.id);
    expect((await call(other, "GET", "/api/designs")).json().designs).toEqual([]);
    expect((await call(other, "GET", `/api/designs/${saved.id}`)).statusCode).toBe(404);
    const reopened = await call(owner, "GET", `/api/designs/${saved.id}`);
    expect(reopened.json().design.document).toEqual(banner());

    const copy = await call(owner, "POST", `/api/designs/${saved.id}/copy`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().design.name).toBe("Copy of Shop banner");
    expect((await call(other, "DELETE", `/api/designs/${saved.id}`)).statusCode).toBe(404);
    expect((await call(owner, "DELETE", `/api/designs/${copy.json().design.id}`)).statusCode).toBe(200);
    expect((await call(owner, "GET", `/api/designs/${copy.json().design.id}`)).statusCode).toBe(404);
  });

  it("of two saves from the same revision, keeps one and tells the other", async () => {
    const saved = await saveDesign(owner, banner());
    const changed = (text: string) => ({ ...banner(), elements: banner().elements.map((e) => (e.kind === "text" && e.text === "SUMMER SALE" ? { ...e, text } : e)) });
    const [a, b] = await Promise.all([
      call(owner, "PUT", `/api/designs/${saved.id}`, { document: changed("WINTER SALE"), revision: 1 }),
      call(owner, "PUT", `/api/designs/${saved.id}`, { document: changed("SPRING SALE"), revision: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? "WINTER SALE" : "SPRING SALE";
    const now = (await call(owner, "GET", `/api/designs/${saved.id}`)).json().design;
    expect(now.revision).toBe(2);
    expect(JSON.stringify(now.document)).toContain(winner);
  });

  it("refuse pictures that are not the owner's, and designs the schema does not allow", async () => {
    const theirs = (await uploadImage(other, await cmykJpeg(800, 800))).json().image;
    const refused = await call(owner, "POST", "/api/designs", { name: "x", productSlug: "pvc-banner", document: withLogo(banner(), theirs, 100) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("This design uses a picture that is not in your account.");
    const badText = { ...banner(), elements: [{ ...banner().elements[1]!, text: "Sale ☕" }] };
    expect((await call(owner, "POST", "/api/designs", { name: "x", productSlug: "pvc-banner", document: badText })).statusCode).toBe(400);
  });
});

describe("a design as an item's artwork", () => {
  it("before payment: the paid item gets the design's print PDF at exactly the ordered size, approved like an upload, and a reorder reuses it", async () => {
    const image = (await uploadImage(owner, await cmykJpeg(1500, 1500))).json().image;
    const design = await saveDesign(owner, withLogo(banner(), image, 120));
    const proof = await call(owner, "POST", `/api/designs/${design.id}/proof`);
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().preflight).toEqual({ verdict: "pass", checks: [] });

    const line = { ...(await bannerLine(t.app)), designId: design.id };
    const placed = await placeOrder(t.app, owner, [line]);
    const group = (await call(owner, "GET", `/api/orders/group/${placed.orderGroupId}`)).json();
    const file = group.products[0].files[0];
    expect(file).toMatchObject({ version_number: 1, approved: false, file_name: "Shop banner.pdf" });
    expect(file.preflight).toEqual({ verdict: "pass", checks: [] });
    const pdf = await call(owner, "GET", `/api/files/${file.id}/pdf`);
    const page = mupdf.Document.openDocument(pdf.rawPayload, "application/pdf").loadPage(0);
    const [x0, y0, x1, y1] = page.getBounds();
    expect(Math.abs(pointsToMm(x1 - x0) - 1200)).toBeLessThan(0.1);
    expect(Math.abs(pointsToMm(y1 - y0) - 800)).toBeLessThan(0.1);

    const orderId = placed.orders[0]!.id;
    expect((await call(owner, "PATCH", `/api/orders/${orderId}/imgs/1`, { approved: true })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: "PATCH", url: `/api/orders/group/${placed.orderGroupId}`, headers: owner.auth, payload: { status: "Print Ready" } });
    expect(ready.statusCode, ready.body).toBe(200);

    const again = await placeOrder(t.app, owner, [{ ...(await bannerLine(t.app)), reuseArtworkFrom: orderId }]);
    const reordered = (await call(owner, "GET", `/api/orders/group/${again.orderGroupId}`)).json().products[0].files[0];
    expect(reordered).toMatchObject({ approved: true, file_name: "Shop banner.pdf" });
  });

  it("before payment: a design of another size, or another customer's, stops the checkout with a clear message", async () => {
    const small = await saveDesign(owner, banner({ widthMm: 600, heightMm: 400 }));
    const res = await startCheckout(t.app, owner, [{ ...(await bannerLine(t.app)), designId: small.id }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("is 600 × 400 mm but the item is 1200 × 800 mm");
    const theirs = await saveDesign(other, banner());
    const stolen = await startCheckout(t.app, owner, [{ ...(await bannerLine(t.app)), designId: theirs.id }]);
    expect(stolen.statusCode).toBe(400);
  });

  it("after payment: the customer picks a design for a version from the artwork page; a design of another size is refused", async () => {
    const placed = await placeOrder(t.app, owner);
    const orderId = placed.orders[0]!.id;
    const design = await saveDesign(owner, banner());
    const used = await call(owner, "POST", `/api/orders/${orderId}/design`, { designId: design.id, version_number: 1 });
    expect(used.statusCode, used.body).toBe(201);
    expect(used.json().file).toMatchObject({ version_number: 1, approved: false });
    const wrong = await saveDesign(owner, banner({ widthMm: 800, heightMm: 1200 }));
    const refused = await call(owner, "POST", `/api/orders/${orderId}/design`, { designId: wrong.id, version_number: 1 });
    expect(refused.statusCode).toBe(409);
    expect((await call(other, "POST", `/api/orders/${orderId}/design`, { designId: design.id, version_number: 1 })).statusCode).toBe(404);
  });
});
