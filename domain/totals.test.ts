import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { basisPointsToPercent, DELIVERY_PENCE, MAX_PROMO_AMOUNT_PENCE, orderTotals, percentToBasisPoints, VAT_RATE_PERCENT } from "./totals";

describe("orderTotals: hand-worked", () => {
  it("lines 1000 + 2350 with a 10% promo", () => {
    // sub 3350; promo 335; delivery 995; VAT round(0.2 × 4010) = 802; total 3350 − 335 + 995 + 802
    expect(orderTotals([1000, 2350], 1000)).toEqual({
      subTotalPence: 3350,
      promoDiscountPence: 335,
      deliveryPence: 995,
      vatPence: 802,
      totalPence: 4812,
    });
  });

  it("no promo", () => {
    // VAT round(0.2 × (1000 + 995)) = round(399) = 399
    expect(orderTotals([1000], 0)).toEqual({ subTotalPence: 1000, promoDiscountPence: 0, deliveryPence: 995, vatPence: 399, totalPence: 2394 });
  });

  it("an empty basket is all zeros, delivery included", () => {
    expect(orderTotals([], 0)).toEqual({ subTotalPence: 0, promoDiscountPence: 0, deliveryPence: 0, vatPence: 0, totalPence: 0 });
    expect(orderTotals([], 1000)).toEqual({ subTotalPence: 0, promoDiscountPence: 0, deliveryPence: 0, vatPence: 0, totalPence: 0 });
  });

  it("a basket of free items still pays delivery", () => {
    expect(orderTotals([0], 1000)).toEqual({ subTotalPence: 0, promoDiscountPence: 0, deliveryPence: 995, vatPence: 199, totalPence: 1194 });
  });

  it("rounds VAT to the nearest penny", () => {
    // 20% of whole pence is n/5, so its fraction is .0/.2/.4/.6/.8 and an exact half cannot occur;
    // the half-up tie rule is exercised on the promo and in money.test.ts.
    expect(orderTotals([1], 0).vatPence).toBe(199); // 996 / 5 = 199.2
    expect(orderTotals([2], 0).vatPence).toBe(199); // 997 / 5 = 199.4
    expect(orderTotals([3], 0).vatPence).toBe(200); // 998 / 5 = 199.6
    expect(orderTotals([4], 0).vatPence).toBe(200); // 999 / 5 = 199.8
    expect(orderTotals([1000], 1250)).toEqual({ subTotalPence: 1000, promoDiscountPence: 125, deliveryPence: 995, vatPence: 374, totalPence: 2244 });
  });

  it("rounds the promo half-up and takes fractional percents exactly", () => {
    // 10% of 1005 = 100.5 → 101
    expect(orderTotals([1005], 1000).promoDiscountPence).toBe(101);
    // 12.5% of 1004 = 125.5 → 126
    expect(orderTotals([1004], 1250).promoDiscountPence).toBe(126);
    // 33.3% of 1000 = 333 exactly
    expect(orderTotals([1000], 3330).promoDiscountPence).toBe(333);
    // 100% off the sub total leaves delivery and its VAT
    expect(orderTotals([1234], 10000)).toEqual({ subTotalPence: 1234, promoDiscountPence: 1234, deliveryPence: 995, vatPence: 199, totalPence: 1194 });
  });

  it("a fixed amount comes off Sub Total before VAT, never more than Sub Total and never off delivery", () => {
    // sub 3350; £5 off; VAT round(0.2 × (3350 − 500 + 995)) = 769
    expect(orderTotals([1000, 2350], { amountPence: 500 })).toEqual({ subTotalPence: 3350, promoDiscountPence: 500, deliveryPence: 995, vatPence: 769, totalPence: 4614 });
    // £50 off a £12.34 basket takes £12.34: delivery and its VAT are still paid
    expect(orderTotals([1234], { amountPence: 5000 })).toEqual({ subTotalPence: 1234, promoDiscountPence: 1234, deliveryPence: 995, vatPence: 199, totalPence: 1194 });
    expect(orderTotals([], { amountPence: 500 }).totalPence).toBe(0);
    // the same percentage written either way
    expect(orderTotals([1004], { basisPoints: 1250 })).toEqual(orderTotals([1004], 1250));
    expect(() => orderTotals([1000], { amountPence: -1 })).toThrow(RangeError);
    expect(() => orderTotals([1000], { amountPence: 2.5 })).toThrow(RangeError);
    expect(() => orderTotals([1000], { amountPence: MAX_PROMO_AMOUNT_PENCE + 1 })).toThrow(RangeError);
  });

  it("rejects bad input instead of clamping", () => {
    expect(() => orderTotals([1000], -1)).toThrow(RangeError);
    expect(() => orderTotals([1000], 10001)).toThrow(RangeError);
    expect(() => orderTotals([1000], Number.NaN)).toThrow(RangeError);
    expect(() => orderTotals([1000], 12.5)).toThrow(RangeError); // a percentage is not basis points
    expect(() => orderTotals([-1], 0)).toThrow(RangeError);
    expect(() => orderTotals([10.5], 0)).toThrow(RangeError);
    expect(() => orderTotals([], 10100)).toThrow(RangeError);
  });

  it("exports the constants the rule uses", () => {
    expect(DELIVERY_PENCE).toBe(995);
    expect(VAT_RATE_PERCENT).toBe(20);
  });
});

describe("orderTotals: properties", () => {
  const linesArb = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 30 });
  const promoBasisPointsArb = fc.integer({ min: 0, max: 10_000 }); // promo% = bp / 100, e.g. 12.5% = 1250

  it("the parts add back to the total and nothing is negative", () => {
    fc.assert(
      fc.property(linesArb, promoBasisPointsArb, (lines, promoBp) => {
        const t = orderTotals(lines, promoBp);
        expect(t.subTotalPence).toBe(lines.reduce((sum, line) => sum + line, 0));
        expect(t.totalPence).toBe(t.subTotalPence - t.promoDiscountPence + t.deliveryPence + t.vatPence);
        for (const value of Object.values(t)) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(t.deliveryPence).toBe(lines.length > 0 ? DELIVERY_PENCE : 0);
      }),
    );
  });

  it("the promo never exceeds the sub total and each rounding is within half a penny", () => {
    fc.assert(
      fc.property(linesArb, promoBasisPointsArb, (lines, promoBp) => {
        const t = orderTotals(lines, promoBp);
        expect(t.promoDiscountPence).toBeLessThanOrEqual(t.subTotalPence);
        // |promo − sub × bp / 10000| ≤ ½
        expect(Math.abs(t.promoDiscountPence * 10_000 - t.subTotalPence * promoBp)).toBeLessThanOrEqual(5_000);
        // |vat − (sub − promo + delivery) / 5| ≤ ½
        const vatable = t.subTotalPence - t.promoDiscountPence + t.deliveryPence;
        expect(Math.abs(t.vatPence * 5 - vatable)).toBeLessThanOrEqual(2);
      }),
    );
  });

  it("a bigger promo never raises the total", () => {
    fc.assert(
      fc.property(linesArb, promoBasisPointsArb, promoBasisPointsArb, (lines, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(orderTotals(lines, high).totalPence).toBeLessThanOrEqual(orderTotals(lines, low).totalPence);
      }),
    );
  });

  it("a fixed amount takes exactly min(amount, Sub Total), and the parts still add up", () => {
    fc.assert(
      fc.property(linesArb, fc.integer({ min: 0, max: MAX_PROMO_AMOUNT_PENCE }), (lines, amountPence) => {
        const t = orderTotals(lines, { amountPence });
        expect(t.promoDiscountPence).toBe(lines.length > 0 ? Math.min(amountPence, t.subTotalPence) : 0);
        expect(t.totalPence).toBe(t.subTotalPence - t.promoDiscountPence + t.deliveryPence + t.vatPence);
        expect(Math.abs(t.vatPence * 5 - (t.subTotalPence - t.promoDiscountPence + t.deliveryPence))).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe("promo percent at the edges", () => {
  it("turns the spec's percentage into whole basis points exactly, and back", () => {
    expect(percentToBasisPoints(10)).toBe(1000);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(0.07)).toBe(7); // 0.07 × 100 is 7.000000000000001 in floats
    expect(percentToBasisPoints(33.33)).toBe(3333);
    expect(basisPointsToPercent(1250)).toBe(12.5);
    expect(() => percentToBasisPoints(100.5)).toThrow(RangeError);
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        expect(percentToBasisPoints(basisPointsToPercent(bp))).toBe(bp);
      }),
    );
  });
});

describe("orderTotals: the design service is never discounted (docs/decisions/027-design-service-money-and-dates.md)", () => {
  it("a 10% code takes 10% of the print only", () => {
    // print £20.00 + design £6.00: Sub Total £26.00, promo 10% of £20.00 = £2.00, VAT 20% of (2600 − 200 + 995) = 679
    expect(orderTotals([{ linePence: 2600, designFeePence: 600 }], 1000)).toEqual({ subTotalPence: 2600, promoDiscountPence: 200, deliveryPence: 995, vatPence: 679, totalPence: 4074 });
  });

  it("a fixed-amount code takes at most the print, never the design service", () => {
    expect(orderTotals([{ linePence: 2600, designFeePence: 600 }], { amountPence: 5000 }).promoDiscountPence).toBe(2000);
    expect(orderTotals([{ linePence: 600, designFeePence: 600 }], { amountPence: 500 }).promoDiscountPence).toBe(0);
  });

  it("VAT is charged on the design service like everything else", () => {
    const without = orderTotals([2000], 0);
    const withDesign = orderTotals([{ linePence: 2600, designFeePence: 600 }], 0);
    expect(withDesign.vatPence - without.vatPence).toBe(120);
    expect(withDesign.totalPence - without.totalPence).toBe(720);
  });

  it("refuses a design service larger than its line", () => {
    expect(() => orderTotals([{ linePence: 500, designFeePence: 600 }], 0)).toThrow(RangeError);
  });

  it("promo comes off the print alone, whatever the mix (property: the parts add back to the whole)", () => {
    const mixed = fc.array(
      fc.record({ printPence: fc.integer({ min: 0, max: 1_000_000 }), designs: fc.integer({ min: 0, max: 20 }) }),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(
      fc.property(mixed, fc.integer({ min: 0, max: 10_000 }), (lines, basisPoints) => {
        const totals = orderTotals(lines.map((l) => ({ linePence: l.printPence + l.designs * 600, designFeePence: l.designs * 600 })), basisPoints);
        const printOnly = orderTotals(lines.map((l) => l.printPence), basisPoints);
        expect(totals.promoDiscountPence).toBe(printOnly.promoDiscountPence);
        expect(totals.subTotalPence).toBe(printOnly.subTotalPence + lines.reduce((sum, l) => sum + l.designs * 600, 0));
        expect(totals.totalPence).toBe(totals.subTotalPence - totals.promoDiscountPence + totals.deliveryPence + totals.vatPence);
      }),
    );
  });
});
