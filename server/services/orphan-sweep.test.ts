// Stored artwork that no file row names (an upload killed between storing and saving) is swept once it
// is older than an hour; what a row names, and anything younger, stays.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderFiles } from "../../db/schema";
import { signUp } from "../../tests/factories/accounts";
import { cmykJpeg, multipart } from "../../tests/factories/artwork";
import { bannerLine, placeOrder, saveTestAddresses } from "../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";
import { sweepOrphanObjects } from "./debris-sweep";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("orphaned artwork objects", () => {
  it("removes an old folder no row names, keeps the named ones and anything younger than an hour", async () => {
    const c = await signUp(t.app);
    await saveTestAddresses(t.app, c);
    const order = await placeOrder(t.app, c, [await bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 2 })]);
    const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "a.jpg", contentType: "image/jpeg", data: await cmykJpeg(1795, 1795, 150) }]);
    expect((await t.app.inject({ method: "POST", url: `/api/orders/${order.orders[0]!.id}/imgs`, headers: { ...c.auth, ...form.headers }, payload: form.payload })).statusCode).toBe(201);
    const [named] = await t.db.db.select().from(orderFiles);
    const storage = t.app.services.storage;
    const orphan = `orders/${order.orderGroupId}/${order.orders[0]!.id}/v1-00000000-dead-beef-0000-000000000000`;
    await storage.putBuffer(`${orphan}/print.pdf`, Buffer.from("%PDF-"), "application/pdf");
    await storage.putBuffer(`${orphan}/thumb.jpg`, Buffer.from("jpg"), "image/jpeg");

    // Now: everything is younger than an hour, so nothing goes.
    expect(await sweepOrphanObjects(storage, t.db.db)).toBe(0);
    expect(await storage.exists(`${orphan}/print.pdf`)).toBe(true);

    // Two hours on: the orphan folder goes, the named file stays.
    expect(await sweepOrphanObjects(storage, t.db.db, { now: new Date(Date.now() + 2 * 60 * 60_000) })).toBe(1);
    expect(await storage.exists(`${orphan}/print.pdf`)).toBe(false);
    expect(await storage.exists(`${orphan}/thumb.jpg`)).toBe(false);
    expect(await storage.exists(named!.pdfKey)).toBe(true);
    expect(await storage.exists(named!.thumbnailKey!)).toBe(true);
  });
});
