import { describe, expect, it } from "vitest";
import type { ProductView } from "./catalogue";
import { describePriceChanges, priceInputsOf, priceInputsProblem, priceSamples, withPriceInputs } from "./price-inputs";
import { promotionState, promotionWindow } from "./promotion";
import { QUANTITY_TIERS } from "./quantity-tiers";

const banner: ProductView = {
  id: 1,
  slug: "pvc-banner",
  name: "PVC Banners",
  shortDesc: "",
  description: "",
  image: null,
  pricePence: 1000,
  priceType: "sqm",
  sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3200, maxHeightMm: 50000 },
  minQty: 1,
  maxQty: 100000,
  quantityTiers: [...QUANTITY_TIERS],
  minLinePence: 0,
  orientation: "both",
  fixedSize: null,
  attributes: [
    { id: 1, group: "Turnaround", name: "Standard", displayType: "Turnaround", isDefault: true, cost: { unit: "fixed", pence: 0 }, workingDays: null },
    { id: 2, group: "Turnaround", name: "Express", displayType: "Turnaround", isDefault: false, cost: { unit: "percentage", basisPoints: 2500 }, workingDays: null },
  ],
  variants: [],
  specifications: "",
  order: 1,
  subcategoryId: 1,
  categoryId: 1,
  pageTitle: "",
  pageDescription: "",
  pageKeywords: "",
};

describe("price samples", () => {
  it("prices sizes × quantities × each turnaround option before and after, and flags moves over 20%", () => {
    const inputs = priceInputsOf(banner);
    const samples = priceSamples(banner, { ...inputs, pricePence: 1150 });
    // 3 sizes (smallest, about 1 m², large) × 4 quantities (1, 10, 25, 100) × 2 turnarounds.
    expect(samples).toHaveLength(24);
    expect(samples[0]).toMatchObject({ label: "304 × 304 mm, 1 off, Standard (3 working days)", beforePence: 92, afterPence: 106, changePercent: 15.2, warn: false });
    expect(samples.filter((s) => s.turnaround === "Express")).toHaveLength(12);
    const doubled = priceSamples(banner, { ...inputs, pricePence: 2000 });
    // Each line is rounded to the penny on its own, so doubling the price moves a small line by about 100%.
    expect(doubled.every((s) => s.warn && Math.abs(s.changePercent! - 100) < 2)).toBe(true);
  });

  it("shows a configuration the new limits no longer allow as not offered, without a percentage", () => {
    const inputs = priceInputsOf(banner);
    const samples = priceSamples(banner, { ...inputs, minQty: 10 });
    const ten = samples.find((s) => s.quantity === 10 && s.turnaround === "Standard")!;
    expect(ten.beforePence).toBe(ten.afterPence);
    const tighter = priceSamples(banner, { ...inputs, sizeLimits: { ...inputs.sizeLimits!, minWidthMm: 200, minHeightMm: 200 } });
    expect(tighter[0]).toMatchObject({ widthMm: 200, beforePence: null, changePercent: null, warn: false });
  });
});

describe("what changed, in words", () => {
  it("names each changed input with its old and new value", () => {
    const before = priceInputsOf(banner);
    const after = {
      ...before,
      pricePence: 1200,
      minLinePence: 1500,
      quantityTiers: [{ minQty: 10, percent: 8 }],
      options: before.options.map((o) => (o.id === 2 ? { ...o, cost: { unit: "percentage" as const, basisPoints: 3000 }, workingDays: 1 } : o)),
    };
    expect(describePriceChanges(before, after)).toEqual([
      "Price per m²: £10.00 → £12.00",
      "Quantity tiers: 5+ 5%, 10+ 10%, 15+ 15%, 20+ 20%, 25+ 25% → 10+ 8%",
      "Minimum line charge: none → £15.00",
      "Turnaround / Express: +25% → +30%",
      "Turnaround / Express working days: standard → 1",
    ]);
    expect(describePriceChanges(before, before)).toEqual([]);
  });

  it("refuses inputs that contradict each other", () => {
    const inputs = priceInputsOf(banner);
    expect(priceInputsProblem({ ...inputs, priceType: "fixed", options: [{ ...inputs.options[0]!, cost: { unit: "sqm", pence: 100 } }, inputs.options[1]!] })).toBe(
      "Turnaround / Standard: only a product priced per m² can have options priced per m²",
    );
    expect(priceInputsProblem({ ...inputs, options: inputs.options.map((o) => ({ ...o, isDefault: true })) })).toBe("Turnaround: only one option can be the default");
    expect(priceInputsProblem({ ...inputs, sizeLimits: null })).toBe("A product priced per m² needs size limits");
    expect(withPriceInputs(banner, { ...inputs, pricePence: 1 }).pricePence).toBe(1);
  });
});

describe("promotion dates", () => {
  it("runs from 00:00 UK on the first day to the end of the last, in summer and winter time", () => {
    const summer = promotionWindow({ startsOn: "2026-07-01", endsOn: "2026-07-31", kind: "percent", percent: 12.5, amountPence: null });
    expect(summer.activeFrom?.toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(summer.activeTo?.toISOString()).toBe("2026-07-31T22:59:59.999Z");
    expect(summer).toMatchObject({ basisPoints: 1250, amountOffPence: null });
    const winter = promotionWindow({ startsOn: "2026-12-01", endsOn: null, kind: "amount", percent: null, amountPence: 500 });
    expect(winter.activeFrom?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(winter.activeTo).toBeNull();
    expect(winter).toMatchObject({ basisPoints: 0, amountOffPence: 500 });
  });

  it("states where a code stands", () => {
    const base = { paused: false, activeFrom: null, activeTo: null, usageLimit: 3, uses: 0 };
    const now = new Date("2026-11-25T12:00:00Z");
    expect(promotionState(base, now)).toBe("active");
    expect(promotionState({ ...base, uses: 3 }, now)).toBe("used up");
    expect(promotionState({ ...base, paused: true, uses: 3 }, now)).toBe("paused");
    expect(promotionState({ ...base, activeFrom: new Date("2026-12-01T00:00:00Z") }, now)).toBe("scheduled");
    expect(promotionState({ ...base, activeTo: new Date("2026-11-01T00:00:00Z") }, now)).toBe("ended");
  });
});
