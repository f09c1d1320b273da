// The books against the VAT invoices: orders placed through checkout (with and without promo codes, one
// to three lines), then the report for the period. Every figure must equal the sum of the same figure on
// the invoices dated in it, to the penny; the CSV says the same; bad ranges are refused by name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../../domain/price-list";
import { ukDateParts } from "../../../domain/delivery";
import { makeStaff, type TestCustomer } from "../../../tests/factories/accounts";
import { bannerLine, customerWithAddresses, expectedTotalPence, payWithTestCard } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import type { InvoiceData } from "../../documents/invoice-pdf";
import { invoiceData } from "../../services/invoice-service";

let t: TestApp;
let manager: TestCustomer;
const groupIds: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  manager = await makeStaff(t.app, "manager");
  await t.app.inject({ method: "POST", url: "/api/manage/promotions", headers: manager.auth, payload: { code: "BOOKS15", description: "", percent: 15, startsOn: null, endsOn: null, usageLimit: null, perCustomerLimit: null, minSpendPence: 0, newCustomersOnly: false, paused: false } });
  await t.app.inject({ method: "POST", url: "/api/manage/promotions", headers: manager.auth, payload: { code: "BOOKS7", description: "", kind: "amount", percent: null, amountPence: 700, startsOn: null, endsOn: null, usageLimit: null, perCustomerLimit: null, minSpendPence: 0, newCustomersOnly: false, paused: false } });
  // Seven orders of different shapes: sizes, quantities, products, a percentage and a fixed-amount code.
  const shapes = [
    { lines: [{ quantity: 1 }], promo: null },
    { lines: [{ quantity: 7, customWidth: 1333, customHeight: 777 }], promo: "BOOKS15" },
    { lines: [{ quantity: 3 }, { slug: "mesh-banner", quantity: 2, customWidth: 2000, customHeight: 1000 }], promo: null },
    { lines: [{ quantity: 12 }], promo: "BOOKS7" },
    { lines: [{ quantity: 1, customWidth: 333, customHeight: 451 }, { quantity: 25 }, { slug: "mesh-banner", quantity: 1 }], promo: "BOOKS15" },
    { lines: [{ quantity: 5 }], promo: "BOOKS7" },
    { lines: [{ slug: "mesh-banner", quantity: 9, customWidth: 999, customHeight: 1001 }], promo: null },
  ];
  for (const shape of shapes) {
    const customer = await customerWithAddresses(t.app);
    const lines = await Promise.all(shape.lines.map((l) => bannerLine(t.app, l)));
    const basis = shape.promo === "BOOKS15" ? 1500 : shape.promo === "BOOKS7" ? { amountPence: 700 } : 0;
    const { checkoutId } = await payWithTestCard(t.app, customer, lines, shape.promo ? { promoCode: shape.promo, promoBasisPoints: basis } : {});
    const made = await t.app.inject({ method: "POST", url: `/api/orders/${checkoutId}`, headers: customer.auth, payload: { status: "Awaiting Artwork", payment_status: "paid" } });
    expect(made.statusCode, made.body).toBe(200);
    groupIds.push(made.json().order_group_id as number);
  }
  // Two more on a trade account, without a card: a basket, and a Quick Quote a manager priced as free lines.
  const trade = await customerWithAddresses(t.app);
  await t.app.inject({ method: "POST", url: "/api/manage/trade-accounts", headers: manager.auth, payload: { email: trade.email, creditLimitPence: 10_000_000 } });
  const onAccount = async (body: Record<string, unknown>, totalPence: number) => {
    const res = await t.app.inject({ method: "POST", url: "/api/checkout/on-account", headers: trade.auth, payload: { userId: trade.userId, Total: totalPence / 100, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    groupIds.push(res.json().order_group_id as number);
  };
  const basket = [await bannerLine(t.app, { quantity: 4, customWidth: 1717, customHeight: 613 })];
  await onAccount({ lines: basket }, await expectedTotalPence(t.app, basket));
  const asked = await t.app.services.quotes.request(trade.userId, { productKind: "Hoardings", size: "2440 × 1220 mm", quantity: 6, material: "", deadline: "", notes: "" }, []);
  if (!asked.ok) throw new Error(asked.message);
  const priced = await t.app.services.quotes.price(asked.quote.id, { lines: [{ description: "Hoarding panels", widthMm: 2440, heightMm: 1220, quantity: 6, amountPence: 33_333 }, { description: "Fixings", widthMm: 100, heightMm: 100, quantity: 1, amountPence: 1_001 }], turnaroundDays: 5, note: "" }, { userId: manager.userId, email: manager.email });
  if (!priced.ok) throw new Error(priced.message);
  await onAccount({ lines: [], quoteId: asked.quote.id }, priced.quote.totalPence);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const today = () => ukDateParts(new Date()).isoDate;
const report = (query: string) => t.app.inject({ method: "GET", url: `/api/manage/reports/sales?${query}`, headers: manager.auth });

describe("the sales report", () => {
  it("equals the sum of the VAT invoices of the period, figure by figure, to the penny", async () => {
    const invoices: InvoiceData[] = [];
    for (const id of groupIds) invoices.push(invoiceData((await t.app.services.orders.group(id))!, t.config.shop));
    const figures = (of: InvoiceData[]) => {
      const sum = (pick: (i: InvoiceData) => number) => of.reduce((a, i) => a + pick(i), 0);
      return {
        invoices: of.length,
        creditNotes: 0,
        goodsPence: sum((i) => i.lines.reduce((a, l) => a + l.netPence, 0)),
        discountsPence: sum((i) => i.promoDiscountPence),
        deliveryPence: sum((i) => i.deliveryPence),
        netPence: sum((i) => i.netTotalPence),
        vatPence: sum((i) => i.vatPence),
        grossPence: sum((i) => i.grossTotalPence),
      };
    };
    const res = await report(`from=${today()}&to=${today()}&by=day`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({ ...figures(invoices), invoices: 9 });
    expect(body.totals.discountsPence).toBeGreaterThan(0);
    expect(body.periods).toEqual([{ period: today(), ...body.totals }]);
    // Card and account, each the sum of its own invoices (the on-account ones say "On account").
    expect(body.paymentMethods).toEqual([
      { paymentMethod: "account", ...figures(invoices.filter((i) => i.paymentMethod === "On account")) },
      { paymentMethod: "card", ...figures(invoices.filter((i) => i.paymentMethod !== "On account")) },
    ]);
    expect(body.products.map((p: { productName: string }) => p.productName).sort()).toEqual(["Fixings", "Hoarding panels", "Mesh Banners", "PVC Banners"]);
    expect(body.products.reduce((a: number, p: { netGoodsPence: number }) => a + p.netGoodsPence, 0)).toBe(body.totals.goodsPence - body.totals.discountsPence);
  });

  it("counts only the days asked for, and a quarter holds them", async () => {
    expect((await report("from=2020-01-01&to=2020-03-31&by=quarter")).json().totals.invoices).toBe(0);
    const year = today().slice(0, 4);
    const quarter = (await report(`from=${year}-01-01&to=${year}-12-31&by=quarter`)).json();
    expect(quarter.periods).toHaveLength(1);
    expect(quarter.periods[0].period).toMatch(new RegExp(`^${year} Q[1-4]$`));
    expect(quarter.totals.invoices).toBe(9);
  });

  it("exports the same figures as CSV for the accountant", async () => {
    const json = (await report(`from=${today()}&to=${today()}&by=month`)).json();
    const res = await t.app.inject({ method: "GET", url: `/api/manage/reports/sales.csv?from=${today()}&to=${today()}&by=month`, headers: manager.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain(`sales-${today()}-to-${today()}-by-month.csv`);
    const total = parseCsv(res.body).find((row) => row[0] === "total")!;
    expect(total.slice(1)).toEqual([String(json.totals.invoices), String(json.totals.creditNotes), ...["goodsPence", "discountsPence", "deliveryPence", "netPence", "vatPence", "grossPence"].map((k) => (json.totals[k] / 100).toFixed(2))]);
  });

  it("refuses a range it cannot answer, naming what is wrong", async () => {
    for (const [query, message] of [
      ["from=2026-02-30&to=2026-03-01", "from is not a real date"],
      ["from=2026-03-01&to=2026-02-01", "to must not be before from"],
      ["from=2025-01-01&to=2026-06-30", "A report covers at most 366 days"],
      ["from=2026-01-01&to=2026-01-31&by=week", "by must be day, month or quarter"],
      ["from=2026-01-01", "to is required (YYYY-MM-DD)"],
    ] as const) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});
