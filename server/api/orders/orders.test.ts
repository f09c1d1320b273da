import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderFiles, orders } from "../../../db/schema";
import { ARTWORK_MESSAGES } from "../../../domain/artwork";
import { readPdfText } from "../../../tests/support/pdf-text";
import { signUp, type TestCustomer } from "../../../tests/factories/accounts";
import { cmykJpeg, multipart, rgbPng } from "../../../tests/factories/artwork";
import { bannerLine, customerWithAddresses, placeOrder, saveTestAddresses, TEST_ADDRESS } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = t.config.dataDir;
});
afterAll(async () => {
  await t?.close();
});

const customer = () => customerWithAddresses(t.app);

/** A 304 × 304 mm banner: small enough that test artwork at print resolution stays small. */
const smallBanner = (overrides = {}) => bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 4, ...overrides });
const PX_150PPI = Math.round((304 / 25.4) * 150); // 1795

function upload(c: TestCustomer, orderId: number, version: number, file: { data: Buffer; fileName: string; contentType: string }, extra: Record<string, string> = {}) {
  const form = multipart([
    { name: "version_number", value: String(version) },
    ...Object.entries(extra).map(([name, value]) => ({ name, value })),
    { name: "artwork", ...file },
  ]);
  return t.app.inject({ method: "POST", url: `/api/orders/${orderId}/imgs`, headers: { ...c.auth, ...form.headers }, payload: form.payload });
}

describe("GET /api/orders/{userId} and /api/orders/group/{id}", () => {
  it("pages a customer's orders newest first, 10 at a time, by cursor", async () => {
    const c = await customer();
    const placed: number[] = [];
    for (let i = 0; i < 12; i++) placed.push((await placeOrder(t.app, c, [await smallBanner()])).orderGroupId);
    const first = await t.app.inject({ method: "GET", url: `/api/orders/${c.userId}`, headers: c.auth });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const page1 = first.json() as { order_group_id: number; products: number; total_amount: number; status: string }[];
    expect(page1.map((o) => o.order_group_id)).toEqual(placed.slice().reverse().slice(0, 10));
    expect(page1[0]).toMatchObject({ products: 1, status: "Awaiting Artwork", total_amount: expect.any(Number) });
    const cursor = first.headers["x-next-cursor"] as string;
    expect(cursor).toBeTruthy();
    const second = await t.app.inject({ method: "GET", url: `/api/orders/${c.userId}?after=${cursor}`, headers: c.auth });
    expect(second.json().map((o: { order_group_id: number }) => o.order_group_id)).toEqual(placed.slice(0, 2).reverse());
    expect(second.headers["x-next-cursor"]).toBeUndefined();
    expect((await t.app.inject({ method: "GET", url: `/api/orders/${c.userId}?after=nonsense`, headers: c.auth })).statusCode).toBe(400);
  });

  it("answers the spec's order group fields, and 404 for anyone else's", async () => {
    const c = await customer();
    const { orderGroupId } = await placeOrder(t.app, c, [await smallBanner()]);
    const res = await t.app.inject({ method: "GET", url: `/api/orders/group/${orderGroupId}`, headers: c.auth });
    expect(res.statusCode).toBe(200);
    const group = res.json();
    expect(group).toMatchObject({
      order_group_id: orderGroupId,
      status: "Awaiting Artwork",
      payment_status: "paid",
      payment_method: "card",
      user_email: c.email,
      delivery_address: { address1: "Unit 4, Riverside Trade Park", town: "London", city: "London", postcode: "E15 2SU" },
      invoice_number: expect.stringMatching(/^INV-\d{6}$/),
    });
    expect(group.products[0]).toMatchObject({ product_name: "PVC Banners", qty: 4, size: "304 × 304 mm", files: [] });
    const other = await customer();
    expect((await t.app.inject({ method: "GET", url: `/api/orders/group/${orderGroupId}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/orders/group/999999`, headers: c.auth })).statusCode).toBe(404);
  });
});

describe("artwork for an ordered item", () => {
  it("stores a checked file, a print PDF at the ordered size, a thumbnail, served only to the owner", async () => {
    const c = await customer();
    const { orders: items } = await placeOrder(t.app, c, [await smallBanner()]);
    const orderId = items[0]!.id;
    const res = await upload(c, orderId, 1, { data: await cmykJpeg(PX_150PPI * 2, PX_150PPI * 2), fileName: "banner.jpg", contentType: "image/jpeg" }, { notes: "Please match our brand teal" });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().file;
    expect(file).toMatchObject({ version_number: 1, qty: 4, file_name: "banner.jpg", approved: false, preflight: { verdict: "pass", checks: [] } });

    const pdf = await t.app.inject({ method: "GET", url: file.pdf_url, headers: c.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const page = (await PDFDocument.load(pdf.rawPayload)).getPage(0);
    const mm = (pt: number) => (pt * 25.4) / 72;
    expect(Math.abs(mm(page.getMediaBox().width) - 304)).toBeLessThan(0.1);
    expect(Math.abs(mm(page.getTrimBox().height) - 304)).toBeLessThan(0.1);

    const thumb = await t.app.inject({ method: "GET", url: file.thumbnail_url, headers: c.auth });
    expect(thumb.headers["content-type"]).toBe("image/jpeg");
    expect(thumb.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const other = await customer();
    expect((await t.app.inject({ method: "GET", url: file.thumbnail_url, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: file.pdf_url })).statusCode).toBe(401);
    expect((await t.db.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.notes).toBe("Please match our brand teal");
  });

  it("shows warnings before approval, and refuses content that is not artwork without storing it", async () => {
    const c = await customer();
    const { orders: items } = await placeOrder(t.app, c, [await smallBanner()]);
    const orderId = items[0]!.id;
    const rgb = await upload(c, orderId, 1, { data: await rgbPng(PX_150PPI, PX_150PPI, 150), fileName: "logo.png", contentType: "image/png" });
    expect(rgb.statusCode).toBe(201);
    expect(rgb.json().file.preflight.verdict).toBe("warn");
    expect(rgb.json().file.preflight.checks.map((c: { code: string }) => c.code)).toContain("colour");

    const fake = await upload(c, orderId, 1, { data: Buffer.from("<html><body>not a picture</body></html>"), fileName: "photo.jpg", contentType: "image/jpeg" });
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toMatchObject({ verdict: "fail", checks: [expect.objectContaining({ code: "type", level: "fail" })] });
    // The earlier (warned) file is still the one on record.
    const stored = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId));
    expect(stored.map((f) => f.fileName)).toEqual(["logo.png"]);
  });

  it("refuses an over-size upload with 413 while streaming, leaving nothing behind", async () => {
    const small = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_MB: "1" });
    try {
      const c = await signUp(small.app);
      await saveTestAddresses(small.app, c);
      const { orders: items } = await placeOrder(small.app, c, [await bannerLine(small.app, { customWidth: 304, customHeight: 304, quantity: 1 })]);
      const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "huge.jpg", contentType: "image/jpeg", data: Buffer.alloc(1024 * 1024 + 10, 1) }]);
      const res = await small.app.inject({ method: "POST", url: `/api/orders/${items[0]!.id}/imgs`, headers: { ...c.auth, ...form.headers, "content-length": "100" }, payload: form.payload });
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe("The file is too large: the most we accept is 1 MB.");
      const leftovers = fs.existsSync(path.join(dataDir, "tmp", "uploads")) ? fs.readdirSync(path.join(dataDir, "tmp", "uploads")) : [];
      expect(leftovers).toEqual([]);
      expect(await small.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, items[0]!.id))).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it("moves to Print Ready only when every version is uploaded, approved and adds up", async () => {
    const c = await customer();
    const { orderGroupId, orders: items } = await placeOrder(t.app, c, [await smallBanner({ quantity: 10, versions: 2 })]);
    const orderId = items[0]!.id;
    const art = { data: await cmykJpeg(PX_150PPI, PX_150PPI, 150), fileName: "a.jpg", contentType: "image/jpeg" };
    const ready = () => t.app.inject({ method: "PATCH", url: `/api/orders/group/${orderGroupId}`, headers: c.auth, payload: { status: "Print Ready", products: [] } });

    expect((await upload(c, orderId, 1, art)).json().file.qty).toBe(5);
    expect((await ready()).json().error).toBe(ARTWORK_MESSAGES.incomplete);
    expect((await upload(c, orderId, 2, art)).statusCode).toBe(201);
    expect((await upload(c, orderId, 3, art)).statusCode).toBe(400);
    const patch = (version: number, body: object) => t.app.inject({ method: "PATCH", url: `/api/orders/${orderId}/imgs/${version}`, headers: c.auth, payload: body });
    expect((await patch(1, { approved: true, qty: 7 })).statusCode).toBe(200);
    expect((await patch(2, { approved: true })).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(409); // 7 + 5 ≠ 10
    expect((await patch(1, { qty: 11 })).json().error).toBe("Too many!");
    expect((await patch(2, { qty: 3 })).statusCode).toBe(200);

    const attrs = (ids: number[]) => t.app.inject({ method: "POST", url: `/api/orders/${orderId}/attributes`, headers: c.auth, payload: { attributes: ids } });
    expect((await attrs([1, 2, 3])).statusCode).toBe(409);
    const ordered = (await t.db.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.attributes.map((a) => a.subattribute_id);
    expect((await attrs(ordered)).json()).toMatchObject({ success: true, already_attached: false });
    expect((await attrs(ordered)).json()).toMatchObject({ success: true, already_attached: true });

    const done = await ready();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true, status: "Print Ready" });
    expect((await ready()).statusCode).toBe(200);
    const events = await t.db.db.select().from(orderEvents).where(eq(orderEvents.orderGroupId, orderGroupId));
    expect(events.filter((e) => e.toStatus === "Print Ready").map((e) => [e.actor, e.fromStatus])).toEqual([
      ["customer", "Awaiting Artwork"],
      ["customer", "Awaiting Artwork"],
    ]);
    // Artwork is fixed once the item is Print Ready.
    expect((await upload(c, orderId, 1, art)).statusCode).toBe(409);
    expect((await t.app.inject({ method: "PATCH", url: `/api/orders/group/${orderGroupId}`, headers: c.auth, payload: { status: "Dispatched" } })).statusCode).toBe(400);
  });
});

describe("the stateless artwork calls", () => {
  it("preflight answers {verdict, checks} for any file, and a fail for garbage", async () => {
    const c = await customer();
    const call = (data: Buffer, fileName: string) => {
      const form = multipart([
        { name: "width", value: "210" },
        { name: "height", value: "297" },
        { name: "orientation", value: "Portrait" },
        { name: "versions", value: "1" },
        { name: "artwork", fileName, contentType: "application/octet-stream", data },
      ]);
      return t.app.inject({ method: "POST", url: "/api/artwork/preflight", headers: { ...c.auth, ...form.headers }, payload: form.payload });
    };
    const square = await call(await cmykJpeg(2480, 2480), "square.jpg");
    expect(square.statusCode).toBe(200);
    expect(square.json().verdict).toBe("warn");
    expect(square.json().checks.map((x: { code: string }) => x.code)).toContain("proportions");
    const text = await call(Buffer.from("hello, I am a text file"), "art.pdf");
    expect(text.json()).toMatchObject({ verdict: "fail", checks: [{ code: "type", level: "fail" }] });
    const anonymous = await t.app.inject({ method: "POST", url: "/api/artwork/preflight", ...multipart([{ name: "width", value: "1" }]) });
    expect(anonymous.statusCode).toBe(401);
  });

  it("upload answers the print PDF at the size asked; thumbnail answers base64 JPEG", async () => {
    const c = await customer();
    const form = () =>
      multipart([
        { name: "size", value: "custom" },
        { name: "width", value: "500" },
        { name: "height", value: "250" },
        { name: "artwork", fileName: "wide.jpg", contentType: "image/jpeg", data: Buffer.alloc(0) },
      ]);
    const art = await cmykJpeg(2953, 1476);
    const body = multipart([
      { name: "size", value: "custom" },
      { name: "width", value: "500" },
      { name: "height", value: "250" },
      { name: "artwork", fileName: "wide.jpg", contentType: "image/jpeg", data: art },
    ]);
    const pdf = await t.app.inject({ method: "POST", url: "/api/artwork/upload", headers: { ...c.auth, ...body.headers }, payload: body.payload });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const box = (await PDFDocument.load(pdf.rawPayload)).getPage(0).getMediaBox();
    expect(Math.abs((box.width * 25.4) / 72 - 500)).toBeLessThan(0.1);
    expect(Math.abs((box.height * 25.4) / 72 - 250)).toBeLessThan(0.1);

    const thumb = await t.app.inject({ method: "POST", url: "/api/artwork/thumbnail", headers: { ...c.auth, ...body.headers }, payload: body.payload });
    expect(thumb.statusCode).toBe(200);
    expect(Buffer.from(thumb.json().thumbnail, "base64").subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(form().headers["content-type"]).toContain("multipart/form-data");
  });
});

describe("VAT invoice", () => {
  it("reads back every figure of the stored order, with the same number and bytes each time", async () => {
    const c = await customer();
    const { orderGroupId } = await placeOrder(t.app, c, [await smallBanner(), await bannerLine(t.app, { quantity: 2 })]);
    const group = (await t.app.inject({ method: "GET", url: `/api/orders/group/${orderGroupId}`, headers: c.auth })).json();
    const first = await t.app.inject({ method: "GET", url: `/api/orders/group/${orderGroupId}/invoice`, headers: c.auth });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-disposition"]).toContain(`${group.invoice_number}.pdf`);
    const again = await t.app.inject({ method: "GET", url: `/api/orders/group/${orderGroupId}/invoice`, headers: c.auth });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const text = await readPdfText(new Uint8Array(first.rawPayload));
    const money = (pence: number) => `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
    for (const expected of [
      "VAT Invoice",
      group.invoice_number,
      "GB 000 1234 56",
      "Printwise Trade Print Ltd",
      String(orderGroupId),
      money(group.sub_total_pence),
      money(group.delivery_pence),
      money(group.vat_pence),
      money(group.total_pence),
      money(group.sub_total_pence + group.delivery_pence),
      ...group.products.map((p: { price_pence: number }) => money(p.price_pence)),
      "Unit 4, Riverside Trade Park",
      "E15 2SU",
    ]) {
      expect(text, expected).toContain(expected);
    }
    const other = await customer();
    expect((await t.app.inject({ method: "GET", url: `/api/orders/group/${orderGroupId}/invoice`, headers: other.auth })).statusCode).toBe(404);
  });
  it("names the delivery's recipient when the billing address has no names (a looked-up address)", async () => {
    const c = await signUp(t.app);
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/checkout/address",
      headers: c.auth,
      payload: {
        userId: c.userId,
        billing: { ...TEST_ADDRESS, first_name: "", last_name: "" },
        delivery: { ...TEST_ADDRESS, first_name: "Priya", last_name: "Shah" },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { orderGroupId } = await placeOrder(t.app, c, [await smallBanner()]);
    const invoice = await t.app.inject({ method: "GET", url: `/api/orders/group/${orderGroupId}/invoice`, headers: c.auth });
    const text = await readPdfText(new Uint8Array(invoice.rawPayload));
    expect(text).toMatch(/Bill to\s+Priya Shah/);
  });
});


describe("reorder", () => {
  /** A paid order whose artwork (a JPEG named `fileName`) the customer has approved: Print Ready. */
  async function printReadyOrder(fileName: string) {
    const c = await customer();
    const { orderGroupId, orders: items } = await placeOrder(t.app, c, [await smallBanner()]);
    const orderId = items[0]!.id;
    await upload(c, orderId, 1, { data: await cmykJpeg(PX_150PPI, PX_150PPI, 150), fileName, contentType: "image/jpeg" });
    await t.app.inject({ method: "PATCH", url: `/api/orders/${orderId}/imgs/1`, headers: c.auth, payload: { approved: true } });
    await t.app.inject({ method: "PATCH", url: `/api/orders/group/${orderGroupId}`, headers: c.auth, payload: { status: "Print Ready" } });
    return { c, orderId };
  }

  it("reuses the approved artwork on the new order without a second upload", async () => {
    const { c, orderId } = await printReadyOrder("again.jpg");

    const again = await placeOrder(t.app, c, [await smallBanner({ reuseArtworkFrom: orderId })]);
    const group = (await t.app.inject({ method: "GET", url: `/api/orders/group/${again.orderGroupId}`, headers: c.auth })).json();
    expect(group.products[0].files).toHaveLength(1);
    expect(group.products[0].files[0]).toMatchObject({ file_name: "again.jpg", approved: true, qty: 4 });
    const copied = await t.app.inject({ method: "GET", url: group.products[0].files[0].pdf_url, headers: c.auth });
    expect(copied.statusCode).toBe(200);

    // Someone else's item id is not reused.
    const other = await customer();
    const theirs = await placeOrder(t.app, other, [await smallBanner({ reuseArtworkFrom: orderId })]);
    const theirGroup = (await t.app.inject({ method: "GET", url: `/api/orders/group/${theirs.orderGroupId}`, headers: other.auth })).json();
    expect(theirGroup.products[0].files).toEqual([]);
  });

  it("still places the order when the earlier artwork cannot be copied: the step after the order fails alone, and the customer uploads", async () => {
    const { c, orderId } = await printReadyOrder("lost.jpg");
    // The copy's working folder cannot be made (a file stands where it goes): copying the artwork throws.
    const work = path.join(dataDir, "tmp", "uploads");
    fs.renameSync(work, `${work}.away`);
    fs.writeFileSync(work, "");
    let again: Awaited<ReturnType<typeof placeOrder>>;
    try {
      again = await placeOrder(t.app, c, [await smallBanner({ reuseArtworkFrom: orderId })]);
    } finally {
      fs.rmSync(work);
      fs.renameSync(`${work}.away`, work);
    }
    const group = (await t.app.inject({ method: "GET", url: `/api/orders/group/${again.orderGroupId}`, headers: c.auth })).json();
    expect(group.payment_status).toBe("paid");
    expect(group.products[0]).toMatchObject({ status: "Awaiting Artwork", files: [] });
    const fresh = await upload(c, again.orders[0]!.id, 1, { data: await cmykJpeg(PX_150PPI, PX_150PPI, 150), fileName: "fresh.jpg", contentType: "image/jpeg" });
    expect(fresh.statusCode, fresh.body).toBe(201);
  });
});
