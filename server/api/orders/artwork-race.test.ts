// Artwork writes have one winner (issue: hardening, races): a file row is written only while its item is
// still awaiting artwork, decided with the item's row locked, so a late upload never replaces or
// un-approves what went Print Ready.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderFiles, orders } from "../../../db/schema";
import { signUp, type TestCustomer } from "../../../tests/factories/accounts";
import { cmykJpeg, multipart } from "../../../tests/factories/artwork";
import { bannerLine, placeOrder, saveTestAddresses } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import type { ArtworkProcessor } from "../../services/artwork-service";
import { createArtworkService } from "../../services/artwork-service";

let t: TestApp;
let dataDir: string;
let art: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = t.config.dataDir;
  art = await cmykJpeg(1800, 1800, 150);
});
afterAll(async () => {
  await t?.close();
});

async function orderWithApprovedArtwork(): Promise<{ customer: TestCustomer; orderGroupId: number; orderId: number }> {
  const customer = await signUp(t.app);
  await saveTestAddresses(t.app, customer);
  const placed = await placeOrder(t.app, customer, [await bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 3 })]);
  const orderId = placed.orders[0]!.id;
  expect((await upload(customer, orderId, "first.jpg")).statusCode).toBe(201);
  expect((await t.app.inject({ method: "PATCH", url: `/api/orders/${orderId}/imgs/1`, headers: customer.auth, payload: { approved: true } })).statusCode).toBe(200);
  return { customer, orderGroupId: placed.orderGroupId, orderId };
}

function upload(customer: TestCustomer, orderId: number, fileName: string) {
  const form = multipart([
    { name: "version_number", value: "1" },
    { name: "notes", value: `notes for ${fileName}` },
    { name: "artwork", fileName, contentType: "image/jpeg", data: art },
  ]);
  return t.app.inject({ method: "POST", url: `/api/orders/${orderId}/imgs`, headers: { ...customer.auth, ...form.headers }, payload: form.payload });
}

const markPrintReady = (customer: TestCustomer, orderGroupId: number) =>
  t.app.inject({ method: "PATCH", url: `/api/orders/group/${orderGroupId}`, headers: customer.auth, payload: { status: "Print Ready" } });

describe("artwork writes and Print Ready", () => {
  it("an upload that finishes after the item went Print Ready is refused, and the approved file stays as it was", async () => {
    const { customer, orderGroupId, orderId } = await orderWithApprovedArtwork();
    const [before] = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId));
    // The customer's other tab completes the order while this upload is still being processed.
    const real: ArtworkProcessor = t.app.services.artworkProcessor;
    const slow: ArtworkProcessor = {
      ...real,
      processUpload: async (file: string, ordered: Parameters<ArtworkProcessor["processUpload"]>[1], outPdfPath: string) => {
        expect((await markPrintReady(customer, orderGroupId)).statusCode).toBe(200);
        return real.processUpload(file, ordered, outPdfPath);
      },
    };
    const service = createArtworkService({ db: t.db.db, storage: t.app.services.storage, processor: slow, orders: t.app.services.orders, tmpDir: path.join(dataDir, "tmp") });
    const staged = path.join(dataDir, "late.jpg");
    fs.writeFileSync(staged, art);
    const late = await service.storeVersion({ userId: customer.userId, orderId, versionNumber: 1, upload: { path: staged, fileName: "late.jpg", size: art.length, declaredType: "image/jpeg" }, notes: "late notes" });
    expect(late).toEqual({ ok: false, reason: "conflict", message: "Artwork can no longer be changed: this item is Print Ready." });

    const [after] = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId));
    expect(after).toMatchObject({ approved: true, fileName: "first.jpg", pdfKey: before!.pdfKey });
    const [item] = await t.db.db.select().from(orders).where(eq(orders.id, orderId));
    expect(item).toMatchObject({ status: "Print Ready", notes: "notes for first.jpg" });
    // The refused upload's stored objects are gone; the approved file's are still there.
    expect(await t.app.services.storage.exists(before!.pdfKey)).toBe(true);
  });

  it("an upload and Print Ready sent at once: never Print Ready with an unapproved file", async () => {
    for (let round = 0; round < 3; round++) {
      const { customer, orderGroupId, orderId } = await orderWithApprovedArtwork();
      const [up, ready] = await Promise.all([upload(customer, orderId, `again-${round}.jpg`), markPrintReady(customer, orderGroupId)]);
      expect([201, 409]).toContain(up.statusCode);
      expect([200, 409]).toContain(ready.statusCode);
      const [item] = await t.db.db.select().from(orders).where(eq(orders.id, orderId));
      const [file] = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId));
      if (item!.status === "Print Ready") expect(file!.approved).toBe(true);
      // Exactly one of them changed something.
      expect(up.statusCode === 201 && ready.statusCode === 200).toBe(false);
    }
  });

  it("approving or removing a file after Print Ready is refused too", async () => {
    const { customer, orderGroupId, orderId } = await orderWithApprovedArtwork();
    expect((await markPrintReady(customer, orderGroupId)).statusCode).toBe(200);
    const unapprove = await t.app.inject({ method: "PATCH", url: `/api/orders/${orderId}/imgs/1`, headers: customer.auth, payload: { approved: false } });
    expect(unapprove.statusCode).toBe(409);
    const remove = await t.app.inject({ method: "DELETE", url: `/api/orders/${orderId}/imgs/1`, headers: customer.auth });
    expect(remove.statusCode).toBe(409);
    const [file] = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId));
    expect(file!.approved).toBe(true);
  });
});
