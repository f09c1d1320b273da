import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { QUANTITY_TIERS, tierPercentFor } from "./quantity-tiers";

describe("tierPercentFor", () => {
  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 5],
    [9, 5],
    [10, 10],
    [12, 10],
    [14, 10],
    [15, 15],
    [19, 15],
    [20, 20],
    [24, 20],
    [25, 25],
    [100, 25],
    [1000, 25],
  ])("quantity %i gets %i%%", (quantity, percent) => {
    expect(tierPercentFor(quantity)).toBe(percent);
  });

  it("rejects quantities that are not whole and non-negative", () => {
    expect(() => tierPercentFor(-1)).toThrow(RangeError);
    expect(() => tierPercentFor(2.5)).toThrow(RangeError);
    expect(() => tierPercentFor(Number.NaN)).toThrow(RangeError);
  });

  it("never falls as quantity grows and is always one of the tiers or 0", () => {
    const allowed = [0, ...QUANTITY_TIERS.map((tier) => tier.percent)];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100 }), (q, extra) => {
        expect(allowed).toContain(tierPercentFor(q));
        expect(tierPercentFor(q + extra)).toBeGreaterThanOrEqual(tierPercentFor(q));
      }),
    );
  });
});
