// The design service's and the design editor's resumable uploads (ADR 041) through the real app: a brief
// file and an editor picture sent over tus at /api/uploads, with the one-request routes' gates: the
// owner (404), the job's state at creation and again at completion (409 / failed), the size (413), the
// kind of file from its first bytes (415), and the completion attaching the file to the brief or account.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestCustomer } from "../../../tests/factories/accounts";
import { cmykJpeg, rgbPng } from "../../../tests/factories/artwork";
import { bannerLine, customerWithAddresses, placeOrder } from "../../../tests/factories/checkout";
import { designedOrder, sendBrief } from "../../../tests/factories/design-jobs";
import { tusCreate, tusIdOf, tusOutcome, tusPatch } from "../../../tests/factories/tus";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let owner: TestCustomer;
let other: TestCustomer;
let logo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([customerWithAddresses(t.app), signUp(t.app)]);
  logo = await cmykJpeg(900, 600);
});
afterAll(async () => {
  await t?.close();
});

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const briefFile = (orderId: number, fileName = "logo.jpg") => ({ purpose: "design-file", filename: fileName, filetype: "image/jpeg", orderId: String(orderId) });

/** Sends `data` in two PATCHes and answers the upload's outcome. */
async function sendInTwo(who: TestCustomer, id: string, data: Buffer) {
  const half = Math.floor(data.length / 2);
  expect((await tusPatch(t.app, who, id, 0, data.subarray(0, half))).statusCode).toBe(204);
  expect((await tusPatch(t.app, who, id, half, data.subarray(half))).statusCode).toBe(204);
  return tusOutcome(t.app, who, id);
}

describe("a brief file over tus (purpose design-file)", () => {
  it("is attached to the brief once complete, byte-identical", async () => {
    const { orderId } = await designedOrder(t.app, owner);
    const created = await tusCreate(t.app, owner, logo.length, briefFile(orderId));
    expect(created.statusCode, created.body).toBe(201);
    const { view } = await sendInTwo(owner, tusIdOf(created.headers.location), logo);
    expect(view).toMatchObject({ purpose: "design-file", state: "done", message: null, result: { orderId, fileName: "logo.jpg" } });
    const job = (await t.app.inject({ method: "GET", url: `/api/orders/${orderId}/design`, headers: owner.auth })).json();
    expect(job.brief_files).toEqual([expect.objectContaining({ id: view.result.fileId, file_name: "logo.jpg", content_type: "image/jpeg", size_bytes: logo.length })]);
    const original = await t.app.inject({ method: "GET", url: job.brief_files[0].url, headers: owner.auth });
    expect(sha(original.rawPayload)).toBe(sha(logo));
  });

  it("is refused at creation for someone else's item or an item without the design service (404), and once the brief is sent (409)", async () => {
    const { orderId } = await designedOrder(t.app, owner);
    expect((await tusCreate(t.app, other, logo.length, briefFile(orderId))).statusCode).toBe(404);
    const plain = await placeOrder(t.app, owner, [await bannerLine(t.app, { customWidth: 600, customHeight: 400, quantity: 2 })]);
    expect((await tusCreate(t.app, owner, logo.length, briefFile(plain.orders[0]!.id))).statusCode).toBe(404);
    expect((await tusCreate(t.app, owner, logo.length, { purpose: "design-file", filename: "a.jpg" })).statusCode).toBe(400);
    expect((await tusCreate(t.app, owner, t.config.uploadMaxBytes + 1, briefFile(orderId))).statusCode).toBe(413);
    await sendBrief(t.app, owner, orderId);
    const late = await tusCreate(t.app, owner, logo.length, briefFile(orderId));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain("Files can be sent with your brief");
  });

  it("checks the job again at completion: a brief sent meanwhile refuses the file, and nothing is attached", async () => {
    const { orderId } = await designedOrder(t.app, owner);
    const id = tusIdOf((await tusCreate(t.app, owner, logo.length, briefFile(orderId))).headers.location);
    expect((await tusPatch(t.app, owner, id, 0, logo.subarray(0, 1000))).statusCode).toBe(204);
    await sendBrief(t.app, owner, orderId);
    expect((await tusPatch(t.app, owner, id, 1000, logo.subarray(1000))).statusCode).toBe(204);
    const { view } = await tusOutcome(t.app, owner, id);
    expect(view.state).toBe("failed");
    expect(view.message).toContain("Files can be sent with your brief");
    const job = (await t.app.inject({ method: "GET", url: `/api/orders/${orderId}/design`, headers: owner.auth })).json();
    expect(job.brief_files).toEqual([]);
  });

  it("refuses a file whose first bytes are not a picture or PDF (415)", async () => {
    const { orderId } = await designedOrder(t.app, owner);
    const zip = Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(100_000, 7)]);
    const id = tusIdOf((await tusCreate(t.app, owner, zip.length, briefFile(orderId, "logo.jpg"))).headers.location);
    const sent = await tusPatch(t.app, owner, id, 0, zip);
    expect(sent.statusCode).toBe(415);
    expect(sent.json().message).toContain("please send a JPG, PNG, TIFF, WebP or PDF");
    expect((await tusOutcome(t.app, owner, id, 0)).view.state).toBe("failed");
  });
});

describe("an editor picture over tus (purpose design-image)", () => {
  it("is kept on the account once complete, with its pixel size, for its owner only", async () => {
    const png = await rgbPng(400, 300);
    const created = await tusCreate(t.app, owner, png.length, { purpose: "design-image", filename: "photo.png", filetype: "image/png" });
    expect(created.statusCode, created.body).toBe(201);
    const { view } = await sendInTwo(owner, tusIdOf(created.headers.location), png);
    expect(view).toMatchObject({ purpose: "design-image", state: "done", result: { image: { widthPx: 400, heightPx: 300, fileName: "photo.png" } } });
    const imageId = view.result.image.id as string;
    expect((await t.app.inject({ method: "GET", url: `/api/design-images/${imageId}`, headers: owner.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/design-images/${imageId}`, headers: other.auth })).statusCode).toBe(404);
    // Another customer cannot read the upload either.
    expect((await t.app.inject({ method: "GET", url: `/api/uploads/${view.id}`, headers: other.auth })).statusCode).toBe(404);
  });

  it("refuses a PDF by its first bytes (415), whatever its name, and anything too large at creation (413)", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(80_000, 32)]);
    const id = tusIdOf((await tusCreate(t.app, owner, pdf.length, { purpose: "design-image", filename: "logo.jpg", filetype: "image/jpeg" })).headers.location);
    const sent = await tusPatch(t.app, owner, id, 0, pdf);
    expect(sent.statusCode).toBe(415);
    expect(sent.json().message).toContain("a PDF can be uploaded as artwork instead");
    expect((await tusCreate(t.app, owner, t.config.uploadMaxBytes + 1, { purpose: "design-image", filename: "huge.jpg" })).statusCode).toBe(413);
  });
});
