// The orders desk's "Print files (ZIP)": one archive of the selected orders' approved print files, named
// so a printer can match them, with MISSING.txt for what could not go in.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderFiles } from "../../../db/schema";
import { orderRef } from "../../../domain/order-ref";
import { makeStaff, signUp, type TestCustomer } from "../../../tests/factories/accounts";
import { cmykJpeg, multipart } from "../../../tests/factories/artwork";
import { bannerLine, placeOrder, saveTestAddresses } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { zipEntries } from "../../../tests/support/zip-entries";
import { BULK_MAX_ORDERS } from "../../services/orders-bulk";

let t: TestApp;
let staff: TestCustomer;
let art: Buffer;

/** An order of 3 PVC banners; its artwork uploaded (and approved) when asked. */
async function order(artwork: "approved" | "uploaded" | "none") {
  const c = await signUp(t.app);
  await saveTestAddresses(t.app, c);
  const placed = await placeOrder(t.app, c, [await bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 3 })]);
  const orderId = placed.orders[0]!.id;
  if (artwork !== "none") {
    const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "job.jpg", contentType: "image/jpeg", data: art }]);
    expect((await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/imgs`, headers: { ...c.auth, ...form.headers }, payload: form.payload })).statusCode).toBe(201);
  }
  if (artwork === "approved") {
    expect((await t.app.inject({ method: "PATCH", url: `/api/orders/${orderId}/imgs/1`, headers: c.auth, payload: { approved: true } })).statusCode).toBe(200);
  }
  return { orderGroupId: placed.orderGroupId, orderId };
}

const zipOf = (ids: number[] | string) => t.app.inject({ method: "GET", url: `/api/staff/bulk/print-files.zip?ids=${Array.isArray(ids) ? ids.join(",") : ids}`, headers: staff.auth });

beforeAll(async () => {
  t = await createTestApp();
  staff = await makeStaff(t.app);
  art = await cmykJpeg(1800, 1800, 150);
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/staff/bulk/print-files.zip", () => {
  it("holds each selected item's approved print file, named by reference, item, product, version and quantity, and lists the rest in MISSING.txt", async () => {
    const a = await order("approved");
    const b = await order("approved");
    const notApproved = await order("uploaded");
    const noArtwork = await order("none");
    const res = await zipOf([a.orderGroupId, b.orderGroupId, notApproved.orderGroupId, noArtwork.orderGroupId]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toContain("print-files.zip");
    const entries = zipEntries(res.rawPayload);
    const name = (o: { orderGroupId: number; orderId: number }) => `${orderRef(o.orderGroupId)}/${orderRef(o.orderGroupId)}_item-${o.orderId}_PVC-Banners_v1-of-1_qty-3.pdf`;
    expect(entries.map((e) => e.name)).toEqual([name(a), name(b), "MISSING.txt"]);
    for (const pdf of entries.slice(0, 2)) expect(pdf.data.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const [stored] = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, a.orderId));
    expect(entries[0]!.data.equals((await t.app.services.storage.read(stored!.pdfKey))!)).toBe(true);
    const missing = entries[2]!.data.toString("utf8");
    expect(missing).toContain(`${orderRef(notApproved.orderGroupId)} item ${notApproved.orderId} (PVC Banners, qty 3) version 1: no approved print file`);
    expect(missing).toContain(`${orderRef(noArtwork.orderGroupId)} item ${noArtwork.orderId} (PVC Banners, qty 3) version 1: no approved print file`);
    expect(missing).not.toContain(orderRef(a.orderGroupId));
  });

  it("lists an approved file gone from storage in MISSING.txt instead of failing the download", async () => {
    const kept = await order("approved");
    const lost = await order("approved");
    const [file] = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, lost.orderId));
    await t.app.services.storage.delete(file!.pdfKey);
    const res = await zipOf([lost.orderGroupId, kept.orderGroupId]);
    expect(res.statusCode).toBe(200);
    const entries = zipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([expect.stringMatching(new RegExp(`^${orderRef(kept.orderGroupId)}/.*_item-${kept.orderId}_`)), "MISSING.txt"]);
    expect(entries[1]!.data.toString("utf8")).toContain(`${orderRef(lost.orderGroupId)} item ${lost.orderId} (PVC Banners, qty 3) version 1: the approved print file is missing from storage`);
  });

  it("refuses more orders than the cap, and an unknown order", async () => {
    const tooMany = Array.from({ length: BULK_MAX_ORDERS + 1 }, (_, i) => i + 1);
    const over = await zipOf(tooMany);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain(`up to ${BULK_MAX_ORDERS} order numbers`);
    expect((await zipOf([2147483647])).statusCode).toBe(404);
    expect((await zipOf("1,x")).statusCode).toBe(400);
  });
});
