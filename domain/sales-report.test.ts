import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./price-list";
import { periodOf, quarterOf, salesReport, salesReportCsv, type CreditedSale, type InvoicedSale } from "./sales-report";
import { orderTotals } from "./totals";

/** An invoice as checkout makes one: lines, a promo, the one totals rule. */
const saleArb = fc
  .record({
    day: fc.integer({ min: 0, max: 400 }),
    lines: fc.array(fc.record({ productId: fc.integer({ min: 1, max: 6 }), quantity: fc.integer({ min: 1, max: 50 }), linePence: fc.integer({ min: 0, max: 500_000 }) }), { minLength: 1, maxLength: 5 }),
    promo: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 }), fc.record({ amountPence: fc.integer({ min: 1, max: 20_000 }) })),
    method: fc.constantFrom("card", "account"),
  })
  .map(({ day, lines, promo, method }): InvoicedSale => {
    const totals = orderTotals(lines.map((l) => l.linePence), promo);
    const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
    return {
      invoiceNumber: `INV-${day}`,
      invoiceDate: date,
      paymentMethod: method,
      ...totals,
      lines: lines.map((l) => ({ ...l, productName: `Product ${l.productId}` })),
    };
  });

describe("salesReport", () => {
  it("every period, method and the total is the sum of its invoices, to the penny, and the parts add up", () => {
    fc.assert(
      fc.property(fc.array(saleArb, { maxLength: 40 }), fc.constantFrom("day" as const, "month" as const, "quarter" as const), (sales, by) => {
        const report = salesReport(sales, by);
        const sum = (pick: (s: InvoicedSale) => number) => sales.reduce((a, s) => a + pick(s), 0);
        expect(report.totals).toEqual({
          invoices: sales.length,
          creditNotes: 0,
          goodsPence: sum((s) => s.subTotalPence),
          discountsPence: sum((s) => s.promoDiscountPence),
          deliveryPence: sum((s) => s.deliveryPence),
          netPence: sum((s) => s.subTotalPence - s.promoDiscountPence + s.deliveryPence),
          vatPence: sum((s) => s.vatPence),
          grossPence: sum((s) => s.totalPence),
        });
        expect(report.totals.netPence + report.totals.vatPence).toBe(report.totals.grossPence);
        for (const key of ["invoices", "goodsPence", "vatPence", "grossPence"] as const) {
          expect(report.periods.reduce((a, p) => a + p[key], 0)).toBe(report.totals[key]);
          expect(report.paymentMethods.reduce((a, p) => a + p[key], 0)).toBe(report.totals[key]);
        }
        for (const period of report.periods) {
          const own = sales.filter((s) => periodOf(s.invoiceDate, by) === period.period);
          expect(period.vatPence).toBe(own.reduce((a, s) => a + s.vatPence, 0));
        }
        // Products share each invoice's discount exactly: their net goods add up to goods less discounts.
        expect(report.products.reduce((a, p) => a + p.netGoodsPence, 0)).toBe(report.totals.goodsPence - report.totals.discountsPence);
      }),
    );
  });

  it("names periods by UK date: days, months and calendar quarters", () => {
    expect(periodOf("2026-11-25", "day")).toBe("2026-11-25");
    expect(periodOf("2026-11-25", "month")).toBe("2026-11");
    expect(periodOf("2026-03-31", "quarter")).toBe("2026 Q1");
    expect(periodOf("2026-04-01", "quarter")).toBe("2026 Q2");
    expect(quarterOf("2026-11-25")).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(quarterOf("2028-02-10")).toEqual({ from: "2028-01-01", to: "2028-03-31" });
  });

  it("takes each credit note off the period, the payment method and the product it belongs to", () => {
    const sale: InvoicedSale = {
      invoiceNumber: "INV-000001",
      invoiceDate: "2026-11-20",
      paymentMethod: "card",
      subTotalPence: 10_000,
      promoDiscountPence: 1_000,
      deliveryPence: 995,
      vatPence: 1_999,
      totalPence: 11_994,
      lines: [{ productId: 4, productName: "PVC Banners", quantity: 2, linePence: 10_000 }],
    };
    const credit: CreditedSale = { creditNoteNumber: "CN-000001", date: "2026-12-02", paymentMethod: "card", goodsPence: 4_500, deliveryPence: 995, vatPence: 1_099, totalPence: 6_594, lines: [{ productId: 4, productName: "PVC Banners", netPence: 4_500 }] };
    const report = salesReport([sale], "month", [credit]);
    expect(report.periods).toEqual([
      { period: "2026-11", invoices: 1, creditNotes: 0, goodsPence: 10_000, discountsPence: 1_000, deliveryPence: 995, netPence: 9_995, vatPence: 1_999, grossPence: 11_994 },
      { period: "2026-12", invoices: 0, creditNotes: 1, goodsPence: -4_500, discountsPence: 0, deliveryPence: -995, netPence: -5_495, vatPence: -1_099, grossPence: -6_594 },
    ]);
    expect(report.totals).toEqual({ invoices: 1, creditNotes: 1, goodsPence: 5_500, discountsPence: 1_000, deliveryPence: 0, netPence: 4_500, vatPence: 900, grossPence: 5_400 });
    expect(report.totals.netPence + report.totals.vatPence).toBe(report.totals.grossPence);
    expect(report.products).toEqual([{ productId: 4, productName: "PVC Banners", quantity: 2, goodsPence: 5_500, discountsPence: 1_000, netGoodsPence: 4_500 }]);
  });

  it("writes a CSV whose total row is the report's total, in pounds", () => {
    const sales = fc.sample(saleArb, { numRuns: 25, seed: 7 });
    const report = salesReport(sales, "quarter");
    const rows = parseCsv(salesReportCsv(report, { from: "2026-01-01", to: "2027-02-05" }));
    expect(rows[0]).toEqual(["Sales from VAT invoices", "2026-01-01 to 2027-02-05", "by quarter"]);
    const total = rows.find((r) => r[0] === "total")!;
    expect(total.slice(1)).toEqual([String(report.totals.invoices), String(report.totals.creditNotes), ...[report.totals.goodsPence, report.totals.discountsPence, report.totals.deliveryPence, report.totals.netPence, report.totals.vatPence, report.totals.grossPence].map((p) => (p / 100).toFixed(2))]);
  });
});

describe("salesReport: the design service", () => {
  const sale: InvoicedSale = (() => {
    const totals = orderTotals([{ linePence: 2600, designFeePence: 600 }, 1000], 1000);
    return {
      invoiceNumber: "INV-000001",
      invoiceDate: "2026-11-03",
      paymentMethod: "card",
      ...totals,
      lines: [
        { productId: 1, productName: "PVC Banner", quantity: 2, linePence: 2600, designFeePence: 600, designs: 1 },
        { productId: 2, productName: "Poster", quantity: 1, linePence: 1000 },
      ],
    };
  })();

  it("is its own row, undiscounted, and the product rows hold the print only", () => {
    const report = salesReport([sale], "day");
    expect(report.products.map((p) => [p.productName, p.quantity, p.goodsPence, p.discountsPence, p.netGoodsPence])).toEqual([
      ["PVC Banner", 2, 2000, 200, 1800],
      ["Poster", 1, 1000, 100, 900],
      ["Design service", 1, 600, 0, 600],
    ]);
    expect(report.products.reduce((sum, p) => sum + p.goodsPence, 0)).toBe(sale.subTotalPence);
    expect(report.products.reduce((sum, p) => sum + p.discountsPence, 0)).toBe(sale.promoDiscountPence);
    expect(salesReportCsv(report, { from: "2026-11-03", to: "2026-11-03" })).toContain("Design service,1,6.00,0.00,6.00");
  });

  it("takes a credited design service off its own row", () => {
    const credit: CreditedSale = { creditNoteNumber: "CN-000001", date: "2026-11-04", paymentMethod: "card", goodsPence: 600, deliveryPence: 0, vatPence: 120, totalPence: 720, lines: [{ productId: 1, productName: "Design service (PVC Banner)", netPence: 600, design: true }] };
    const report = salesReport([sale], "day", [credit]);
    expect(report.products.find((p) => p.productName === "Design service")?.netGoodsPence).toBe(0);
    expect(report.products.find((p) => p.productName === "PVC Banner")?.netGoodsPence).toBe(1800);
  });
});
