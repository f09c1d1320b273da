import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocatePence, paymentLineItems, PO_NUMBER_MAX, purchaseOrderSchema, totalMismatchMessage } from "./checkout";
import { orderTotals } from "./totals";

describe("allocatePence", () => {
  it("splits by largest remainder, earliest first on a tie", () => {
    expect(allocatePence(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocatePence(100, [8813, 2000])).toEqual([82, 18]);
    expect(allocatePence(0, [5, 5])).toEqual([0, 0]);
    expect(allocatePence(7, [0, 10])).toEqual([0, 7]);
  });

  it("always adds back to the whole, and no part is negative or off by more than a penny", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 20 }), (whole, weights) => {
        fc.pre(weights.some((w) => w > 0));
        const parts = allocatePence(whole, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(whole);
        parts.forEach((part, i) => {
          expect(part).toBeGreaterThanOrEqual(0);
          expect(Math.abs(part - (whole * weights[i]!) / sum)).toBeLessThan(1);
        });
      }),
    );
  });

  it("refuses what cannot be split", () => {
    expect(() => allocatePence(1, [0, 0])).toThrow(RangeError);
    expect(() => allocatePence(-1, [1])).toThrow(RangeError);
    expect(() => allocatePence(1.5, [1])).toThrow(RangeError);
  });
});

describe("paymentLineItems", () => {
  const line = (linePence: number, quantity = 1) => ({ productName: "PVC Banners", quantity, linePence, widthMm: 1200, heightMm: 800, fixedSize: null, orientation: null });

  it("lists each line less its promo share, then Delivery and VAT, adding up to the total exactly", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 10_000 }), (pences, basisPoints) => {
        const totals = orderTotals(pences, basisPoints);
        const items = paymentLineItems(pences.map((p) => line(p)), totals, basisPoints > 0 ? "CODE" : null);
        expect(items.reduce((sum, item) => sum + item.amountPence * item.quantity, 0)).toBe(totals.totalPence);
        expect(items.every((item) => item.amountPence >= 0)).toBe(true);
      }),
    );
  });

  it("names the lines so the customer recognises them on the payment page", () => {
    const totals = orderTotals([8813], 1000);
    const items = paymentLineItems([line(8813, 12)], totals, "Welcome");
    expect(items.map((i) => i.name)).toEqual(["PVC Banners × 12", "Delivery", "VAT at 20%"]);
    expect(items[0]!.description).toBe("1200 × 800 mm, 12 items, less £8.81 (Welcome)");
    expect(items[0]!.amountPence).toBe(8813 - 881);
  });
});

describe("paymentLineItems with the design service", () => {
  const designed = (printPence: number, designs: number) => ({ productName: "PVC Banners", quantity: 4, linePence: printPence + designs * 600, designs, designFeePence: designs * 600, widthMm: 1200, heightMm: 800, fixedSize: null, orientation: null });

  it("shows the design service beside its line, never reduced by the promo", () => {
    const line = designed(2000, 2);
    const totals = orderTotals([{ linePence: line.linePence, designFeePence: line.designFeePence }], 1000);
    const items = paymentLineItems([line], totals, "Welcome");
    expect(items.map((i) => [i.name, i.amountPence])).toEqual([
      ["PVC Banners × 4", 1800],
      ["Design service", 1200],
      ["Delivery", 995],
      ["VAT at 20%", totals.vatPence],
    ]);
    expect(items[1]!.description).toBe("For PVC Banners: 2 designs × £6.00");
  });

  it("still adds up to the total exactly, whatever the mix (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ print: fc.integer({ min: 0, max: 2_000_000 }), designs: fc.integer({ min: 0, max: 10 }) }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, basisPoints) => {
          fc.pre(lines.some((l) => l.print > 0));
          const checkoutLines = lines.map((l) => designed(l.print, l.designs));
          const totals = orderTotals(checkoutLines.map((l) => ({ linePence: l.linePence, designFeePence: l.designFeePence })), basisPoints);
          const items = paymentLineItems(checkoutLines, totals, "CODE");
          expect(items.reduce((sum, item) => sum + item.amountPence * item.quantity, 0)).toBe(totals.totalPence);
          expect(items.every((item) => item.amountPence >= 0)).toBe(true);
          expect(items.filter((item) => item.name === "Design service").reduce((sum, item) => sum + item.amountPence, 0)).toBe(lines.reduce((sum, l) => sum + l.designs * 600, 0));
        },
      ),
    );
  });
});

it("words a changed total with both figures", () => {
  expect(totalMismatchMessage(12345, 12346)).toBe("The total has changed from £123.45 to £123.46. Please check your basket before paying.");
});

describe("purchaseOrderSchema", () => {
  it("keeps a PO number as typed, trimmed and with single spaces; empty or absent is none", () => {
    expect(purchaseOrderSchema.parse("  PO-2026/0042  ")).toBe("PO-2026/0042");
    expect(purchaseOrderSchema.parse("ACME   PO #7")).toBe("ACME PO #7");
    expect(purchaseOrderSchema.parse("")).toBeNull();
    expect(purchaseOrderSchema.parse("   ")).toBeNull();
    expect(purchaseOrderSchema.parse(null)).toBeNull();
    expect(purchaseOrderSchema.parse(undefined)).toBeNull();
  });

  it("refuses what would not print the same everywhere, naming the rule", () => {
    expect(purchaseOrderSchema.safeParse("PO<script>").error?.issues[0]?.message).toBe("The purchase-order number may contain letters, digits, spaces and / - . _ # only");
    expect(purchaseOrderSchema.safeParse("P".repeat(PO_NUMBER_MAX + 1)).error?.issues[0]?.message).toBe(`The purchase-order number must be at most ${PO_NUMBER_MAX} characters`);
    expect(purchaseOrderSchema.safeParse(42).success).toBe(false);
  });
});
