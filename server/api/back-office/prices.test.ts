// The back office's prices through the API, as a manager uses them: read, preview, save (a version and an
// audit entry each), the new price charged at once by calculatePrice, the catalogue JSON and checkout;
// concurrent saves; history and restore; the price list exported, edited, dry-run and applied.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PriceInputs } from "../../../domain/price-inputs";
import { makeStaff, signUp, type TestCustomer } from "../../../tests/factories/accounts";
import { bannerLine, expectedTotalPence, saveTestAddresses, startCheckout } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let manager: TestCustomer;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = await makeStaff(t.app, "manager");
  productId = (await t.app.services.catalogue.snapshot()).productBySlug.get("pvc-banner")!.id;
});
afterAll(async () => {
  await t?.close();
});

type Prices = { product: { id: number; name: string; slug: string; visible: boolean }; inputs: PriceInputs; version: number };

const as = (who: TestCustomer) => ({ headers: who.auth });
async function prices(id = productId): Promise<Prices> {
  const res = await t.app.inject({ method: "GET", url: `/api/manage/products/${id}/prices`, ...as(manager) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Prices;
}
const save = (inputs: PriceInputs, baseVersion: number, id = productId) =>
  t.app.inject({ method: "PUT", url: `/api/manage/products/${id}/prices`, ...as(manager), payload: { inputs, baseVersion } });
const quote = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/calculatePrice", payload });

describe("editing a product's prices", () => {
  it("previews old and new prices over sizes × quantities × turnaround, flagging moves over 20%", async () => {
    const { inputs } = await prices();
    const small = await t.app.inject({ method: "POST", url: `/api/manage/products/${productId}/prices/preview`, ...as(manager), payload: { inputs: { ...inputs, pricePence: Math.round(inputs.pricePence * 1.1) } } });
    expect(small.statusCode, small.body).toBe(200);
    const body = small.json() as { samples: { beforePence: number; afterPence: number; warn: boolean; turnaround: string | null }[]; warnings: number; changes: string[] };
    expect(body.samples.length).toBeGreaterThanOrEqual(6);
    expect(new Set(body.samples.map((s) => s.turnaround)).size).toBeGreaterThan(1);
    expect(body.warnings).toBe(0);
    expect(body.samples.every((s) => s.afterPence > s.beforePence)).toBe(true);
    expect(body.changes).toEqual([expect.stringMatching(/^Price per m²: £\d+\.\d\d → £\d+\.\d\d$/)]);

    const big = await t.app.inject({ method: "POST", url: `/api/manage/products/${productId}/prices/preview`, ...as(manager), payload: { inputs: { ...inputs, pricePence: inputs.pricePence * 2 } } });
    const bigBody = big.json() as { samples: { warn: boolean }[]; warnings: number };
    expect(bigBody.warnings).toBe(bigBody.samples.length);
  });

  it("saves a raise as a new version that calculatePrice, the catalogue JSON and checkout use at once", async () => {
    const before = await prices();
    const line = { productId, customWidth: 1000, customHeight: 1000, selectedQuantity: 1, attributes: [] };
    const oldQuote = (await quote(line)).json() as { total: number };
    const oldEtag = (await t.app.inject({ method: "GET", url: "/api/data" })).headers.etag;
    const customer = await signUp(t.app);
    await saveTestAddresses(t.app, customer);
    const basket = [await bannerLine(t.app, { quantity: 1 })];
    const oldTotal = await expectedTotalPence(t.app, basket);

    const raised = { ...before.inputs, pricePence: before.inputs.pricePence + 150 };
    const res = await save(raised, before.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ version: before.version + 1, changes: [expect.stringContaining("Price per m²")] });

    const newQuote = (await quote(line)).json() as { total: number };
    expect(Math.round(newQuote.total * 100)).toBe(Math.round(oldQuote.total * 100) + 150);
    const data = await t.app.inject({ method: "GET", url: "/api/data" });
    expect(data.headers.etag).not.toBe(oldEtag);
    const product = (data.json() as { categories: { subcategories: { products: { id: number; price: number }[] }[] }[] }).categories
      .flatMap((c) => c.subcategories.flatMap((s) => s.products))
      .find((p) => p.id === productId)!;
    expect(Math.round(product.price * 100)).toBe(raised.pricePence);
    // A basket priced before the change is refused at payment with both figures, never charged silently.
    const stale = await startCheckout(t.app, customer, basket, { totalPence: oldTotal });
    expect(stale.statusCode, stale.body).toBe(409);
    const fresh = await startCheckout(t.app, customer, basket);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await expectedTotalPence(t.app, basket)).toBeGreaterThan(oldTotal);
  });

  it("lets one of two saves from the same version win; the other is told to reload", async () => {
    const { inputs, version } = await prices();
    const [a, b] = await Promise.all([save({ ...inputs, pricePence: inputs.pricePence + 1 }, version), save({ ...inputs, pricePence: inputs.pricePence + 2 }, version)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toMatch(/changed by someone else/);
    const after = await prices();
    expect(after.version).toBe(version + 1);
    const winner = a.statusCode === 200 ? 1 : 2;
    expect(after.inputs.pricePence).toBe(inputs.pricePence + winner);
  });

  it("refuses inputs that do not fit together, naming what is wrong, and changes nothing", async () => {
    const { inputs, version } = await prices();
    const cases: [Partial<PriceInputs>, RegExp][] = [
      [{ minQty: 50, maxQty: 10 }, /maximum quantity must be at least the minimum/],
      [{ quantityTiers: [{ minQty: 10, percent: 10 }, { minQty: 5, percent: 15 }] }, /quantities must rise/],
      [{ sizeLimits: { minWidthMm: 500, minHeightMm: 100, maxWidthMm: 400, maxHeightMm: 1000 } }, /minimum width must not be more than the maximum width/],
      [{ options: inputs.options.slice(1) }, /is missing/],
      [{ pricePence: -5 }, /must not be negative/],
    ];
    for (const [change, message] of cases) {
      const res = await save({ ...inputs, ...change }, version);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const unchanged = await save(inputs, version);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().message).toBe("Nothing to save: these are the current prices.");
    expect((await prices()).version).toBe(version);
  });

  it("charges the minimum line charge for a tiny banner, and the product's own tiers and maximum quantity", async () => {
    const { inputs, version } = await prices();
    const tiny = { productId, customWidth: 304, customHeight: 304, selectedQuantity: 1, attributes: [] };
    expect((await quote(tiny)).json().total).toBeLessThan(5);
    const res = await save({ ...inputs, minLinePence: 1500, quantityTiers: [{ minQty: 3, percent: 7 }], maxQty: 200 }, version);
    expect(res.statusCode, res.body).toBe(200);
    const charged = (await quote(tiny)).json() as { total: number; breakdown: { minimumApplied: boolean } };
    expect(charged.total).toBe(15);
    expect(charged.breakdown.minimumApplied).toBe(true);
    const three = (await quote({ ...tiny, customWidth: 2000, customHeight: 1000, selectedQuantity: 3 })).json() as { breakdown: { tierPercent: number } };
    expect(three.breakdown.tierPercent).toBe(7);
    const tooMany = await quote({ ...tiny, selectedQuantity: 201 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("selectedQuantity must be at most 200");
  });

  it("keeps every version with who, when and what changed, and restores any of them", async () => {
    const history = (await t.app.inject({ method: "GET", url: `/api/manage/products/${productId}/prices/history`, ...as(manager) })).json() as {
      versions: { version: number; source: string; actorEmail: string | null; changes: string[]; inputs: PriceInputs }[];
    };
    const versions = history.versions.map((v) => v.version);
    expect(versions).toEqual([...versions].sort((a, b) => b - a));
    const first = history.versions.at(-1)!;
    expect(first).toMatchObject({ version: 1, source: "catalogue", actorEmail: null });
    expect(history.versions[0]).toMatchObject({ source: "editor", actorEmail: manager.email });
    expect(history.versions[0]!.changes.some((c) => c.startsWith("Minimum line charge: none → £15.00"))).toBe(true);

    const current = await prices();
    const restored = await t.app.inject({ method: "POST", url: `/api/manage/products/${productId}/prices/restore`, ...as(manager), payload: { version: 1, baseVersion: current.version } });
    expect(restored.statusCode, restored.body).toBe(200);
    const now = await prices();
    expect(now.inputs).toEqual(first.inputs);
    expect(now.version).toBe(current.version + 1);
    const latest = (await t.app.inject({ method: "GET", url: `/api/manage/products/${productId}/prices/history`, ...as(manager) })).json().versions[0];
    expect(latest.source).toBe("restore");
  });

  it("writes an audit entry for every save, with the inputs before and after", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/manage/audit?entityType=product-prices&entityId=${productId}`, ...as(manager) });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().entries as { actorEmail: string; action: string; summary: string; before: PriceInputs; after: PriceInputs }[];
    const history = (await t.app.inject({ method: "GET", url: `/api/manage/products/${productId}/prices/history`, ...as(manager) })).json().versions as unknown[];
    expect(entries).toHaveLength(history.length - 1);
    expect(entries[0]).toMatchObject({ actorEmail: manager.email, action: "prices.restore" });
    expect(entries.every((e) => e.before && e.after && e.summary.startsWith("PVC Banner"))).toBe(true);
  });
});

describe("the price list as CSV", () => {
  const exportCsv = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/manage/price-list.csv", ...as(manager) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="price-list-\d{4}-\d{2}-\d{2}\.csv"/);
    return res.body;
  };
  const importCsv = (csv: string, apply: boolean) => t.app.inject({ method: "POST", url: "/api/manage/price-list/import", ...as(manager), payload: { csv, apply } });

  it("round-trips: the exported file imports as no change", async () => {
    const csv = await exportCsv();
    expect(csv.split("\r\n")[0]).toMatch(/^product_slug,row_type,option_id,/);
    const res = await importCsv(csv, true);
    expect(res.json()).toEqual({ applied: false, changes: [], errors: [] });
  });

  it("shows a changed row as a diff on a dry run, then applies it in one go", async () => {
    const csv = await exportCsv();
    const lines = csv.split("\r\n");
    const header = lines[0]!.split(",");
    const at = (name: string) => header.indexOf(name);
    const rowIndex = lines.findIndex((l) => l.startsWith("pvc-banner,product,"));
    const cells = lines[rowIndex]!.split(",");
    const oldPrice = cells[at("price")]!;
    cells[at("price")] = "19.99";
    cells[at("minimum_line_charge")] = "12.50";
    lines[rowIndex] = cells.join(",");
    const edited = lines.join("\r\n");

    const dry = await importCsv(edited, false);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      applied: false,
      errors: [],
      changes: [{ row: rowIndex + 1, slug: "pvc-banner", name: "PVC Banners", changes: [`Price per m²: £${oldPrice} → £19.99`, "Minimum line charge: none → £12.50"] }],
    });
    expect((await prices()).inputs.pricePence).not.toBe(1999);

    const applied = await importCsv(edited, true);
    expect(applied.json()).toMatchObject({ applied: true, errors: [] });
    const now = await prices();
    expect(now.inputs).toMatchObject({ pricePence: 1999, minLinePence: 1250 });
    const history = (await t.app.inject({ method: "GET", url: `/api/manage/products/${productId}/prices/history`, ...as(manager) })).json().versions;
    expect(history[0]).toMatchObject({ source: "import", actorEmail: manager.email });
    expect((await quote({ productId, customWidth: 1000, customHeight: 1000, selectedQuantity: 1, attributes: [] })).json().total).toBe(19.99);
  });

  it("reports every wrong row by number and applies none of the file", async () => {
    const csv = await exportCsv();
    const lines = csv.split("\r\n");
    const header = lines[0]!.split(",");
    const productRow = lines.findIndex((l) => l.startsWith("pvc-banner,product,"));
    const optionRow = lines.findIndex((l, i) => i > productRow && l.startsWith("pvc-banner,option,"));
    const otherRow = lines.findIndex((l) => /^[^,]+,product,/.test(l) && !l.startsWith("pvc-banner,"));
    const edit = (index: number, column: string, value: string) => {
      const cells = lines[index]!.split(",");
      cells[header.indexOf(column)] = value;
      lines[index] = cells.join(",");
    };
    edit(productRow, "price", "12.345");
    edit(optionRow, "cost", "lots");
    edit(otherRow, "price", "1.00");
    lines.push("no-such-product,product,,,,,fixed,5.00");
    const res = await importCsv(lines.join("\r\n"), true);
    const body = res.json() as { applied: boolean; errors: { row: number; message: string }[]; changes: unknown[] };
    expect(body.applied).toBe(false);
    expect(body.errors).toEqual([
      { row: productRow + 1, message: 'price: "12.345" is not an amount in pounds, like 12.50' },
      { row: optionRow + 1, message: 'cost: "lots" is not an amount in pounds, like 2.50' },
      { row: lines.length - 1, message: 'No product with the slug "no-such-product"' },
    ].sort((a, b) => a.row - b.row));
    // The good row is shown as it would change, but nothing is written while any row is wrong.
    expect(body.changes).toHaveLength(1);
    expect((await prices()).inputs.pricePence).toBe(1999);
  });
});

describe("who may use the back office", () => {
  it("gives production staff and customers 404 and nobody signed in 401, on the API", async () => {
    const staff = await makeStaff(t.app);
    const customer = await signUp(t.app);
    for (const [who, status] of [[staff.auth, 404], [customer.auth, 404], [{}, 401]] as const) {
      const res = await t.app.inject({ method: "GET", url: "/api/manage/products", headers: who });
      expect(res.statusCode).toBe(status);
    }
  });

  it("lets a manager invite staff, who get a set-password email, and records it", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/manage/staff", ...as(manager), payload: { email: "new.printer@printwise.example.com", role: "staff" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Invited new\.printer@printwise\.example\.com as production staff\./);
    const list = (await t.app.inject({ method: "GET", url: "/api/manage/staff", ...as(manager) })).json().staff as { email: string; role: string; hasPassword: boolean }[];
    expect(list).toContainEqual(expect.objectContaining({ email: "new.printer@printwise.example.com", role: "staff", hasPassword: false }));
    const promoted = await t.app.inject({ method: "POST", url: "/api/manage/staff", ...as(manager), payload: { email: "new.printer@printwise.example.com", role: "manager" } });
    expect(promoted.json().message).toMatch(/is now a manager \(was staff\)/);
    const customer = await signUp(t.app);
    const refused = await t.app.inject({ method: "POST", url: "/api/manage/staff", ...as(manager), payload: { email: customer.email, role: "staff" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/belongs to a customer account/);
    const audit = (await t.app.inject({ method: "GET", url: "/api/manage/audit?entityType=staff", ...as(manager) })).json().entries as { summary: string }[];
    expect(audit.map((e) => e.summary)).toEqual(["new.printer@printwise.example.com is now a manager (was staff)", "Invited new.printer@printwise.example.com as production staff"]);
  });
});
