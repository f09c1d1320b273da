// The tus endpoint through the real app (inject), on PGlite and on PostgreSQL: creation, HEAD, PATCH in
// pieces, the purpose's completion (artwork checked and stored as the item's version), the gates at
// creation and completion, the head sniff, termination, expiry and the sweep, ownership (404), and two
// writers on one upload.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, uploads } from "../../../db/schema";
import { signUp, testClientAddress, type TestCustomer } from "../../../tests/factories/accounts";
import { noisyCmykJpeg } from "../../../tests/factories/artwork";
import { bannerLine, placeOrder, saveTestAddresses } from "../../../tests/factories/checkout";
import { createTestApp, createPeerApp, type TestApp } from "../../../tests/setup/test-app";
import { testDatabaseKind } from "../../../tests/setup/test-database";

let t: TestApp;
let owner: TestCustomer;
let other: TestCustomer;
let art: Buffer;

const TUS = { "tus-resumable": "1.0.0" };
const meta = (pairs: Record<string, string>) => Object.entries(pairs).map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`).join(",");

async function newItem(customer: TestCustomer, versions = 1): Promise<number> {
  const line = await bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 2, versions });
  const placed = await placeOrder(t.app, customer, [line]);
  return placed.orders[0]!.id;
}

async function create(customer: TestCustomer, length: number, fields: Record<string, string>, app = t.app) {
  return app.inject({ method: "POST", url: "/api/uploads", headers: { ...customer.auth, ...TUS, "upload-length": String(length), "upload-metadata": meta(fields) }, remoteAddress: testClientAddress() });
}

const idOf = (location: string | undefined) => /\/api\/uploads\/([0-9a-f]{32})$/.exec(location ?? "")![1]!;

function patch(customer: TestCustomer, id: string, offset: number, bytes: Buffer, app = t.app) {
  return app.inject({
    method: "PATCH",
    url: `/api/uploads/${id}`,
    headers: { ...customer.auth, ...TUS, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    payload: bytes,
    remoteAddress: testClientAddress(),
  });
}

const head = (customer: TestCustomer, id: string, app = t.app) => app.inject({ method: "HEAD", url: `/api/uploads/${id}`, headers: { ...customer.auth, ...TUS } });

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([signUp(t.app), signUp(t.app)]);
  await saveTestAddresses(t.app, owner);
  await saveTestAddresses(t.app, other);
  // 304 mm square at 150 ppi: passes the banner's preflight.
  art = await noisyCmykJpeg(1800, 1800, 150);
});

afterAll(async () => {
  await t?.close();
});

describe("a resumable artwork upload", () => {
  it("is created, sent in three pieces, checked and stored as the item's version", async () => {
    const orderId = await newItem(owner);
    const created = await create(owner, art.length, { purpose: "artwork", filename: "banner.jpg", filetype: "image/jpeg", orderId: String(orderId), version: "1" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers["upload-expires"]).toBeTruthy();
    const id = idOf(created.headers.location as string);

    const thirds = [0, Math.floor(art.length / 3), Math.floor((2 * art.length) / 3), art.length];
    for (let i = 0; i < 3; i++) {
      const before = await head(owner, id);
      expect(before.statusCode).toBe(200);
      expect(Number(before.headers["upload-offset"])).toBe(thirds[i]);
      expect(before.headers["upload-length"]).toBe(String(art.length));
      const sent = await patch(owner, id, thirds[i]!, art.subarray(thirds[i], thirds[i + 1]));
      expect(sent.statusCode, sent.body).toBe(204);
      expect(Number(sent.headers["upload-offset"])).toBe(thirds[i + 1]);
    }
    const outcome = await t.app.inject({ method: "GET", url: `/api/uploads/${id}?wait=10`, headers: owner.auth });
    expect(outcome.statusCode, outcome.body).toBe(200);
    const view = outcome.json();
    expect(view).toMatchObject({ id, purpose: "artwork", state: "done", fileName: "banner.jpg", sizeBytes: art.length, message: null });
    expect(view.result).toMatchObject({ orderId, versionNumber: 1 });
    // The stored original is byte-identical, and the item has its version.
    const original = await t.app.inject({ method: "GET", url: `/api/files/${view.result.fileId}/original`, headers: owner.auth });
    expect(createHash("sha256").update(original.rawPayload).digest("hex")).toBe(createHash("sha256").update(art).digest("hex"));
    // HEAD after completion still says every byte is held (a client that missed the last answer finishes too).
    const after = await head(owner, id);
    expect(after.headers["upload-offset"]).toBe(String(art.length));
    // The tus bytes are gone once stored.
    if (t.config.storage.kind === "disk") expect(fs.existsSync(path.join(t.config.storage.root, "tus", id))).toBe(false);
  });

  it("answers 404 to another customer's HEAD, PATCH, DELETE and GET, and 401 without a token", async () => {
    const orderId = await newItem(owner);
    const id = idOf((await create(owner, art.length, { purpose: "artwork", filename: "a.jpg", orderId: String(orderId), version: "1" })).headers.location as string);
    expect((await head(other, id)).statusCode).toBe(404);
    expect((await patch(other, id, 0, art.subarray(0, 1000))).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/api/uploads/${id}`, headers: { ...other.auth, ...TUS } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/uploads/${id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "HEAD", url: `/api/uploads/${id}`, headers: TUS })).statusCode).toBe(401);
    // Nothing the other customer sent was stored.
    expect((await head(owner, id)).headers["upload-offset"]).toBe("0");
  });

  it("refuses at creation: someone else's item (404), a version the item does not have (400), too large (413), no purpose (400), no Tus-Resumable (412)", async () => {
    const orderId = await newItem(owner);
    expect((await create(other, 1000, { purpose: "artwork", orderId: String(orderId), version: "1" })).statusCode).toBe(404);
    expect((await create(owner, 1000, { purpose: "artwork", orderId: String(orderId), version: "2" })).statusCode).toBe(400);
    const tooLarge = await create(owner, t.config.uploadMaxBytes + 1, { purpose: "artwork", orderId: String(orderId), version: "1" });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toMatch(/at most|most we accept/);
    expect((await create(owner, 1000, { filename: "a.jpg" })).statusCode).toBe(400);
    const noVersion = await t.app.inject({ method: "POST", url: "/api/uploads", headers: { ...owner.auth, "upload-length": "10", "upload-metadata": meta({ purpose: "quote-file" }) } });
    expect(noVersion.statusCode).toBe(412);
    expect(noVersion.json().message).toContain("Tus-Resumable");
    expect(await t.db.db.select().from(uploads).where(eq(uploads.userId, other.userId))).toEqual([]);
  });

  it("refuses a file whose first bytes are not a print file (415) and deletes what arrived", async () => {
    const orderId = await newItem(owner);
    const zip = Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(200_000, 7)]);
    const id = idOf((await create(owner, zip.length, { purpose: "artwork", filename: "a.zip", orderId: String(orderId), version: "1" })).headers.location as string);
    const sent = await patch(owner, id, 0, zip);
    expect(sent.statusCode, sent.body).toBe(415);
    expect(sent.json().message).toContain("not a PDF, JPEG, PNG, TIFF or WebP file");
    const outcome = (await t.app.inject({ method: "GET", url: `/api/uploads/${id}`, headers: owner.auth })).json();
    expect(outcome.state).toBe("failed");
    if (t.config.storage.kind === "disk") expect(fs.existsSync(path.join(t.config.storage.root, "tus", id))).toBe(false);
  });

  it("checks the head across a cut: 10 bytes, then the rest", async () => {
    const orderId = await newItem(owner);
    const id = idOf((await create(owner, art.length, { purpose: "artwork", filename: "a.jpg", orderId: String(orderId), version: "1" })).headers.location as string);
    expect((await patch(owner, id, 0, art.subarray(0, 10))).statusCode).toBe(204);
    const [row] = await t.db.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row!.headChecked).toBeNull();
    expect((await patch(owner, id, 10, art.subarray(10))).statusCode).toBe(204);
    const [after] = await t.db.db.select().from(uploads).where(eq(uploads.id, id));
    expect(after!.state).toBe("done");
  });

  it("checks the item again at completion: an item that went Print Ready meanwhile is refused, its bytes deleted", async () => {
    const orderId = await newItem(owner);
    const id = idOf((await create(owner, art.length, { purpose: "artwork", filename: "a.jpg", orderId: String(orderId), version: "1" })).headers.location as string);
    expect((await patch(owner, id, 0, art.subarray(0, 100_000))).statusCode).toBe(204);
    await t.db.db.update(orders).set({ status: "Print Ready" }).where(eq(orders.id, orderId));
    expect((await patch(owner, id, 100_000, art.subarray(100_000))).statusCode).toBe(204);
    const outcome = (await t.app.inject({ method: "GET", url: `/api/uploads/${id}?wait=5`, headers: owner.auth })).json();
    expect(outcome.state).toBe("failed");
    expect(outcome.message).toContain("Print Ready");
  });

  it("answers 409 to a PATCH at the wrong offset, and terminates on DELETE", async () => {
    const orderId = await newItem(owner);
    const id = idOf((await create(owner, art.length, { purpose: "artwork", filename: "a.jpg", orderId: String(orderId), version: "1" })).headers.location as string);
    expect((await patch(owner, id, 0, art.subarray(0, 70_000))).statusCode).toBe(204);
    const wrong = await patch(owner, id, 5, art.subarray(5, 100));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.headers["content-type"]).toContain("application/json");
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/uploads/${id}`, headers: { ...owner.auth, ...TUS } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await head(owner, id)).statusCode).toBe(404);
  });

  it("sweeps an expired unfinished upload with its bytes; HEAD on it before the sweep is 410", async () => {
    const orderId = await newItem(owner);
    const id = idOf((await create(owner, art.length, { purpose: "artwork", filename: "a.jpg", orderId: String(orderId), version: "1" })).headers.location as string);
    expect((await patch(owner, id, 0, art.subarray(0, 70_000))).statusCode).toBe(204);
    const swept = await t.app.services.uploads.sweep(new Date(Date.now() + t.app.services.uploads.expiryMs + 60_000));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect((await head(owner, id)).statusCode).toBe(404);
    if (t.config.storage.kind === "disk") expect(fs.existsSync(path.join(t.config.storage.root, "tus", id))).toBe(false);
  });
});

describe("a Quick Quote file", () => {
  it("is held once complete and claimed by the request that names it, once", async () => {
    const id = idOf((await create(owner, art.length, { purpose: "quote-file", filename: "drawing.jpg", filetype: "image/jpeg" })).headers.location as string);
    expect((await patch(owner, id, 0, art)).statusCode).toBe(204);
    const view = (await t.app.inject({ method: "GET", url: `/api/uploads/${id}?wait=5`, headers: owner.auth })).json();
    expect(view).toMatchObject({ state: "done", result: { fileName: "drawing.jpg", contentType: "image/jpeg", sizeBytes: art.length } });
    const claimedByOther = await t.app.services.uploads.claim(other.userId, "quote-file", [id]);
    expect(claimedByOther.ok).toBe(false);
    const claimed = await t.app.services.uploads.claim(owner.userId, "quote-file", [id]);
    expect(claimed.ok).toBe(true);
    const again = await t.app.services.uploads.claim(owner.userId, "quote-file", [id]);
    expect(again.ok).toBe(false);
    if (!claimed.ok) return;
    expect(fs.readFileSync(claimed.files[0]!.path).equals(art)).toBe(true);
    await claimed.settle(true);
    expect((await head(owner, id)).statusCode).toBe(404);
  });
});

describe.skipIf(testDatabaseKind() !== "postgres")("two processes on one PostgreSQL", () => {
  it("an upload begun on one is resumed on the other", async () => {
    const peer = await createPeerApp(t);
    try {
      const orderId = await newItem(owner);
      const id = idOf((await create(owner, art.length, { purpose: "artwork", filename: "a.jpg", orderId: String(orderId), version: "1" })).headers.location as string);
      expect((await patch(owner, id, 0, art.subarray(0, 100_000))).statusCode).toBe(204);
      expect((await head(owner, id, peer.app)).headers["upload-offset"]).toBe("100000");
      expect((await patch(owner, id, 100_000, art.subarray(100_000), peer.app)).statusCode).toBe(204);
      const view = (await t.app.inject({ method: "GET", url: `/api/uploads/${id}?wait=5`, headers: owner.auth })).json();
      expect(view.state).toBe("done");
    } finally {
      await peer.close();
    }
  });
});
