// Hostile uploads (issue 39, item 2; ADR 038): a PDF whose page has no /Contents, and file names with NUL
// and other control characters. Each answered 500 before, and the NUL name left the stored files on disk.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, testClientAddress, type TestCustomer } from "../../tests/factories/accounts";
import { cmykJpeg } from "../../tests/factories/artwork";
import { bannerLine, placeOrder, saveTestAddresses } from "../../tests/factories/checkout";
import { blankPagePdf, encryptedPdf, HOSTILE_FILE_NAMES, hugePageCountPdf, noPagesPdf, rawMultipart } from "../../tests/fuzz/hostile-files";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";

let t: TestApp;
let customer: TestCustomer;
let orderIds: number[];
let art: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  await saveTestAddresses(t.app, customer);
  const line = await bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 2, versions: 1 });
  const placed = await placeOrder(t.app, customer, Array.from({ length: 3 + HOSTILE_FILE_NAMES.length }, () => line));
  orderIds = placed.orders.map((o) => o.id);
  art = await cmykJpeg(1200, 1200, 100);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const send = (url: string, form: ReturnType<typeof rawMultipart>) =>
  t.app.inject({ method: "POST", url, headers: { ...customer.auth, ...form.headers }, payload: form.payload, remoteAddress: testClientAddress() });

/** Every file under a folder, recursively (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe("a PDF whose page has no /Contents (a blank page)", () => {
  it("is made print-ready as a blank page by /api/artwork/upload", async () => {
    const form = rawMultipart([{ name: "size", value: "custom" }, { name: "width", value: "304" }, { name: "height", value: "304" }, { name: "artwork", disposition: 'filename="blank.pdf"', contentType: "application/pdf", data: blankPagePdf() }]);
    const res = await send("/api/artwork/upload", form);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toContain("application/pdf");
  });

  it("is stored as an item's artwork", async () => {
    const form = rawMultipart([{ name: "version_number", value: "1" }, { name: "artwork", disposition: 'filename="blank.pdf"', contentType: "application/pdf", data: blankPagePdf() }]);
    const res = await send(`/api/orders/${orderIds[0]}/imgs`, form);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe("a PDF preflight refuses", () => {
  for (const [what, make] of [["with no pages", noPagesPdf], ["that needs a password", encryptedPdf], ["of 200,000 pages", hugePageCountPdf]] as const) {
    it(`is a 422 with a message, never a 500: a PDF ${what}`, async () => {
      const form = rawMultipart([{ name: "size", value: "custom" }, { name: "width", value: "304" }, { name: "height", value: "304" }, { name: "artwork", disposition: 'filename="x.pdf"', contentType: "application/pdf", data: await make() }]);
      const res = await send("/api/artwork/upload", form);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
      expect(res.json().message).toMatch(/\w/);
    });
  }
});

describe("a file name with NUL or other control characters", () => {
  HOSTILE_FILE_NAMES.forEach((disposition, i) => {
    it(`is cleaned before anything is stored: ${JSON.stringify(disposition.slice(0, 40))} on an item's artwork`, async () => {
      const form = rawMultipart([{ name: "version_number", value: "1" }, { name: "artwork", disposition, contentType: "image/jpeg", data: art }]);
      const res = await send(`/api/orders/${orderIds[3 + i]}/imgs`, form);
      expect(res.statusCode, res.body).toBe(201);
      const name = res.json().file.file_name as string;
      // eslint-disable-next-line no-control-regex -- control characters are what must be gone
      expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069/\\]/);
      expect(name.length).toBeGreaterThan(0);
      expect(name.length).toBeLessThanOrEqual(100);
    });
  });

  it("is cleaned on a Quick Quote request, and leaves no file behind when refused", async () => {
    const storageRoot = t.config.storage.kind === "disk" ? t.config.storage.root : null;
    const before = storageRoot ? filesUnder(storageRoot).length : 0;
    const fields = [{ name: "productKind", value: "Flags" }, { name: "size", value: "2 m" }, { name: "quantity", value: "3" }];
    const ok = await send("/api/quote-requests", rawMultipart([...fields, { name: "file1", disposition: 'filename="a\u0000b.jpg"', contentType: "image/jpeg", data: art }, { name: "file2", disposition: "filename*=UTF-8''x%00y.jpg", contentType: "image/jpeg", data: art }]));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(JSON.stringify(ok.json())).not.toContain("\\u0000");
    const afterOk = storageRoot ? filesUnder(storageRoot).length : 0;
    // Refused after the files were read (quantity 0): nothing more is kept.
    const refused = await send("/api/quote-requests", rawMultipart([{ name: "productKind", value: "Flags" }, { name: "size", value: "2 m" }, { name: "quantity", value: "0" }, { name: "file1", disposition: 'filename="a\u0000b.jpg"', contentType: "image/jpeg", data: art }]));
    expect(refused.statusCode, refused.body).toBe(400);
    if (storageRoot) {
      expect(afterOk).toBeGreaterThan(before);
      expect(filesUnder(storageRoot).length).toBe(afterOk);
    }
  });
});
