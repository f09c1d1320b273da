// The editor's pictures once nothing needs them (ADR 041): deleted with their draft unless another design
// or a live checkout still names them; pictures never used are swept after a week; stored files no row
// names (artwork, design-service files, pictures) are swept by the orphan sweep.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { designImages } from "../../db/schema";
import { DESIGN_TEMPLATES } from "../../domain/design/templates";
import type { Design } from "../../domain/design/schema";
import { signUp, testClientAddress, type TestCustomer } from "../../tests/factories/accounts";
import { cmykJpeg, multipart } from "../../tests/factories/artwork";
import { bannerLine, saveTestAddresses, startCheckout } from "../../tests/factories/checkout";
import { designedOrder } from "../../tests/factories/design-jobs";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";
import { sweepOrphanObjects } from "./debris-sweep";
import { sweepUnusedPictures } from "./design-pictures";

let t: TestApp;
let owner: TestCustomer;
let logo: Buffer;
const WEEK_AND_A_DAY = 8 * 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  await saveTestAddresses(t.app, owner);
  logo = await cmykJpeg(600, 600);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) => t.app.inject({ method, url, headers: owner.auth, ...(payload ? { payload } : {}), remoteAddress: testClientAddress() });

async function picture(): Promise<{ id: string; widthPx: number; heightPx: number }> {
  const form = multipart([{ name: "image", fileName: "logo.jpg", contentType: "image/jpeg", data: logo }]);
  const res = await t.app.inject({ method: "POST", url: "/api/design-images", headers: { ...owner.auth, ...form.headers }, payload: form.payload, remoteAddress: testClientAddress() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().image;
}

function withLogo(image: { id: string; widthPx: number; heightPx: number }): Design {
  const design = DESIGN_TEMPLATES.find((x) => x.id === "summer-sale")!.build({ widthMm: 1200, heightMm: 800 });
  return { ...design, elements: [...design.elements, { id: "logo", kind: "image", imageId: image.id, widthPx: image.widthPx, heightPx: image.heightPx, widthMm: 100, heightMm: 100, fit: "contain", x: { anchor: "start", offsetMm: 40 }, y: { anchor: "start", offsetMm: 40 }, locked: false }] };
}

async function saveDesign(document: Design): Promise<number> {
  const res = await call("POST", "/api/designs", { name: "Shop banner", productSlug: "pvc-banner", document });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().design.id;
}

const keyPrefixOf = async (id: string) => (await t.db.db.select().from(designImages).where(eq(designImages.id, id)))[0]?.keyPrefix ?? null;

describe("a draft's pictures", () => {
  it("go with the draft, unless another draft still uses them", async () => {
    const image = await picture();
    const prefix = (await keyPrefixOf(image.id))!;
    const first = await saveDesign(withLogo(image));
    const second = await saveDesign(withLogo(image));
    expect((await call("DELETE", `/api/designs/${first}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/design-images/${image.id}`)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/designs/${second}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/design-images/${image.id}`)).statusCode).toBe(404);
    expect(await keyPrefixOf(image.id)).toBeNull();
    expect(await t.app.services.storage.exists(`${prefix}/original`)).toBe(false);
  });

  it("stay while a checkout awaiting payment names them", async () => {
    const image = await picture();
    const designId = await saveDesign(withLogo(image));
    const started = await startCheckout(t.app, owner, [{ ...(await bannerLine(t.app)), designId }]);
    expect(started.statusCode, started.body).toBe(200);
    expect((await call("DELETE", `/api/designs/${designId}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/design-images/${image.id}`)).statusCode).toBe(200);
  });

  it("are swept when never used for a week; a used or younger picture stays", async () => {
    const unused = await picture();
    const used = await picture();
    await saveDesign(withLogo(used));
    const storage = t.app.services.storage;
    expect(await sweepUnusedPictures(t.db.db, storage)).toBe(0);
    const later = new Date(Date.now() + WEEK_AND_A_DAY);
    expect(await sweepUnusedPictures(t.db.db, storage, { now: later })).toBeGreaterThanOrEqual(1);
    expect(await keyPrefixOf(unused.id)).toBeNull();
    expect(await keyPrefixOf(used.id)).not.toBeNull();
  });
});

describe("stored design files no row names", () => {
  it("are swept once older than an hour: brief files, proofs and pictures; named ones stay", async () => {
    const storage = t.app.services.storage;
    const customer = await signUp(t.app);
    await saveTestAddresses(t.app, customer);
    const { orderId, orderGroupId } = await designedOrder(t.app, customer);
    const form = multipart([{ name: "file", fileName: "logo.jpg", contentType: "image/jpeg", data: logo }]);
    const added = await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/design/files`, headers: { ...customer.auth, ...form.headers }, payload: form.payload, remoteAddress: testClientAddress() });
    expect(added.statusCode, added.body).toBe(201);
    const image = await picture();
    const namedPicture = (await keyPrefixOf(image.id))!;
    const orphans = [
      `design/${orderGroupId}/${orderId}/files/00000000-dead-beef-0000-000000000000/logo.jpg`,
      `design/${orderGroupId}/${orderId}/proof-00000000-dead-beef-0000-000000000000/d1/print.pdf`,
      `design-images/${owner.userId}/img_deaddeaddeaddeaddead/original`,
    ];
    for (const key of orphans) await storage.putBuffer(key, Buffer.from("x"), "application/octet-stream");

    const before = await sweepOrphanObjects(storage, t.db.db);
    expect(before).toBe(0);
    expect(await sweepOrphanObjects(storage, t.db.db, { now: new Date(Date.now() + 2 * 60 * 60_000) })).toBe(3);
    for (const key of orphans) expect(await storage.exists(key)).toBe(false);
    // The brief file and the picture rows name their folders: they stay.
    const job = (await t.app.inject({ method: "GET", url: `/api/orders/${orderId}/design`, headers: customer.auth })).json();
    expect((await t.app.inject({ method: "GET", url: job.brief_files[0].url, headers: customer.auth })).statusCode).toBe(200);
    expect(await storage.exists(`${namedPicture}/original`)).toBe(true);
  });
});
