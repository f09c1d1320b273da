// The quantity discount shown as what the customer can move to (issue 36 point 4), never as a struck-through
// price nobody pays.
import { describe, expect, it } from "vitest";
import { discountToShow, nextTierOffer, type PricedProduct } from "./pricing";

const poster = (tiers?: PricedProduct["quantityTiers"], minLinePence?: number): PricedProduct => ({
  priceType: "fixed",
  pricePence: 85,
  attributes: [],
  ...(tiers ? { quantityTiers: tiers } : {}),
  ...(minLinePence ? { minLinePence } : {}),
});
const tiers = [
  { minQty: 25, percent: 25 },
  { minQty: 50, percent: 30 },
  { minQty: 100, percent: 40 },
];

describe("nextTierOffer", () => {
  it("offers the next tier's quantity at its price each: 85p × 50 less 30% = 2975p, 59.5p → 60p each", () => {
    expect(nextTierOffer({ product: poster(tiers), quantity: 25, selectedAttributeIds: [] })).toEqual({
      quantity: 50,
      percent: 30,
      unitPence: 60,
      linePence: 2975,
    });
  });

  it("offers the nearest higher tier, not a later one", () => {
    expect(nextTierOffer({ product: poster(tiers), quantity: 60, selectedAttributeIds: [] })?.quantity).toBe(100);
  });

  it("offers nothing at or past the top tier", () => {
    expect(nextTierOffer({ product: poster(tiers), quantity: 100, selectedAttributeIds: [] })).toBeNull();
    expect(nextTierOffer({ product: poster(), quantity: 25, selectedAttributeIds: [] })).toBeNull();
  });

  it("reads the shop's standard tiers when the product has none: 4 units → buy 5 at 5% off", () => {
    // 85p × 5 = 425p less 5% = 403.75p → 404p; 80.8p → 81p each.
    expect(nextTierOffer({ product: poster(), quantity: 4, selectedAttributeIds: [] })).toEqual({ quantity: 5, percent: 5, unitPence: 81, linePence: 404 });
  });

  it("offers no tier past the product's largest order", () => {
    expect(nextTierOffer({ product: poster(tiers), quantity: 25, selectedAttributeIds: [] }, 49)).toBeNull();
    expect(nextTierOffer({ product: poster(tiers), quantity: 25, selectedAttributeIds: [] }, 50)?.quantity).toBe(50);
  });

  it("prices the offer by the line actually charged when the minimum line charge applies", () => {
    // 85p × 50 less 30% = 2975p is under a 5000p minimum: the 50 cost 5000p, 100p each.
    expect(nextTierOffer({ product: poster(tiers, 5000), quantity: 25, selectedAttributeIds: [] })?.unitPence).toBe(100);
    // 1 unit at a 5000p minimum costs 5000p; 5 units cost 5000p too, 1000p each.
    expect(nextTierOffer({ product: poster(undefined, 5000), quantity: 1, selectedAttributeIds: [] })?.unitPence).toBe(1000);
  });

  it("leaves the design service out of the offer", () => {
    expect(nextTierOffer({ product: poster(tiers), quantity: 25, selectedAttributeIds: [], designs: 3 })?.linePence).toBe(2975);
  });
});

describe("discountToShow", () => {
  it("names no discount at the minimum quantity, where every order gets it", () => {
    expect(discountToShow(25, 25, tiers)).toBe(0);
    expect(discountToShow(30, 25, tiers)).toBe(0);
  });

  it("names a tier above the one the smallest order gets", () => {
    expect(discountToShow(50, 25, tiers)).toBe(30);
    expect(discountToShow(12, 1)).toBe(10);
  });

  it("names nothing below the first tier", () => {
    expect(discountToShow(4, 1)).toBe(0);
  });
});
