import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { DESIGN_FEE_PENCE, designFeePence, lineWithDesignPence, priceLine, type AttributeCost, type PricedAttribute, type PricedProduct } from "./pricing";

const fixedCost = (pence: number): AttributeCost => ({ unit: "fixed", pence });
const percentCost = (percent: number): AttributeCost => ({ unit: "percentage", basisPoints: percent * 100 });

const lamination: PricedAttribute = { id: 1, group: "Finish", name: "Gloss lamination", cost: fixedCost(200) };
const premiumPaper: PricedAttribute = { id: 2, group: "Paper", name: "Premium 400gsm", cost: percentCost(10) };
const expressByName: PricedAttribute = { id: 3, group: "Turnaround", name: "Express (2 days)", cost: percentCost(50) };
const expressByGroup: PricedAttribute = { id: 4, group: "EXPRESS options", name: "Next day", cost: percentCost(50) };
const rushNotExpress: PricedAttribute = { id: 5, group: "Turnaround", name: "Rush", cost: percentCost(50) };

const fixedProduct = (pricePence: number, attributes: PricedAttribute[] = []): PricedProduct => ({
  priceType: "fixed",
  pricePence,
  attributes,
});
const sqmProduct = (pricePence: number, attributes: PricedAttribute[] = []): PricedProduct => ({
  priceType: "sqm",
  pricePence,
  attributes,
});

describe("priceLine: hand-worked examples", () => {
  it("fixed product, no attributes, one unit", () => {
    expect(priceLine({ product: fixedProduct(1250), quantity: 1, selectedAttributeIds: [] })).toEqual({
      basePence: 1250,
      unitPence: 1250,
      quantity: 1,
      undiscountedLinePence: 1250,
      tierPercent: 0,
      printPence: 1250,
      minimumApplied: false,
      designFeePence: 0,
      linePence: 1250,
    });
  });

  it("fixed product ignores any width and height", () => {
    const line = priceLine({ product: fixedProduct(1250), widthMm: 3000, heightMm: 2000, quantity: 2, selectedAttributeIds: [] });
    expect(line.unitPence).toBe(1250);
    expect(line.linePence).toBe(2500);
  });

  it("per-m² product: £12.00/m² at 1000.5 × 500 mm is 600.3p, rounded to 600p", () => {
    const line = priceLine({ product: sqmProduct(1200), widthMm: 1000.5, heightMm: 500, quantity: 1, selectedAttributeIds: [] });
    expect(line.basePence).toBe(600);
    expect(line.unitPence).toBe(600);
    expect(line.linePence).toBe(600);
  });

  it("per-m² product is exact where floating point is not: 400p/m² at 1003.75 × 1000 mm is 401.5p → 402p", () => {
    expect(400 * (1003.75 / 1000) * (1000 / 1000)).toBeLessThan(401.5); // what floats would round down
    const line = priceLine({ product: sqmProduct(400), widthMm: 1003.75, heightMm: 1000, quantity: 1, selectedAttributeIds: [] });
    expect(line.unitPence).toBe(402);
  });

  it("a fixed cost adds its pence to the unit price", () => {
    const line = priceLine({ product: fixedProduct(1000, [lamination]), quantity: 1, selectedAttributeIds: [1] });
    expect(line.basePence).toBe(1000);
    expect(line.unitPence).toBe(1200);
  });

  it("an unselected attribute costs nothing", () => {
    const line = priceLine({ product: fixedProduct(1000, [lamination, premiumPaper]), quantity: 1, selectedAttributeIds: [] });
    expect(line.unitPence).toBe(1000);
  });

  it("a non-express percentage applies to the running unit price", () => {
    // 1000 + 200 (lamination) = 1200, then +10% of 1200 = 1320
    const line = priceLine({ product: fixedProduct(1000, [lamination, premiumPaper]), quantity: 1, selectedAttributeIds: [1, 2] });
    expect(line.unitPence).toBe(1320);
  });

  it("an express percentage applies to the base price, not the running total", () => {
    // Express: 1000 + 200 = 1200, then +50% of the base 1000 = 1700
    const express = priceLine({ product: fixedProduct(1000, [lamination, expressByName]), quantity: 1, selectedAttributeIds: [1, 3] });
    expect(express.unitPence).toBe(1700);
    // The same 50% on a non-express attribute goes on the running 1200: 1800
    const rush = priceLine({ product: fixedProduct(1000, [lamination, rushNotExpress]), quantity: 1, selectedAttributeIds: [1, 5] });
    expect(rush.unitPence).toBe(1800);
  });

  it("matches express in the group name as well as the option name, in any case", () => {
    const line = priceLine({ product: fixedProduct(1000, [lamination, expressByGroup]), quantity: 1, selectedAttributeIds: [1, 4] });
    expect(line.unitPence).toBe(1700);
  });

  it("express on a per-m² product uses the unrounded base", () => {
    // base 600.3p; +£1 fixed = 700.3; express 50% of 600.3 = 300.15 → 1000.45 → 1000
    const line = priceLine({
      product: sqmProduct(1200, [{ ...lamination, cost: fixedCost(100) }, expressByName]),
      widthMm: 1000.5,
      heightMm: 500,
      quantity: 1,
      selectedAttributeIds: [3, 1],
    });
    expect(line.basePence).toBe(600);
    expect(line.unitPence).toBe(1000);
  });

  it("applies attributes in the product's order, not the order they were selected", () => {
    // Product order: +10% (running) then +500 fixed: 1000 → 1100 → 1600.
    // Selected order would give 1000 → 1500 → 1650.
    const percentFirst: PricedAttribute = { id: 10, group: "Paper", name: "Silk", cost: percentCost(10) };
    const fixedSecond: PricedAttribute = { id: 11, group: "Finish", name: "Eyelets", cost: fixedCost(500) };
    const product = fixedProduct(1000, [percentFirst, fixedSecond]);
    expect(priceLine({ product, quantity: 1, selectedAttributeIds: [11, 10] }).unitPence).toBe(1600);
    expect(priceLine({ product, quantity: 1, selectedAttributeIds: [10, 11] }).unitPence).toBe(1600);
  });

  it("rounds the unit price half-up at exactly half a penny", () => {
    // 1001 + 50% = 1501.5 → 1502
    expect(priceLine({ product: fixedProduct(1001, [rushNotExpress]), quantity: 1, selectedAttributeIds: [5] }).unitPence).toBe(1502);
    // 1p/m² at 500 × 1000 mm = 0.5p → 1p; at 499.99 × 1000 mm = 0.49999p → 0p
    expect(priceLine({ product: sqmProduct(1), widthMm: 500, heightMm: 1000, quantity: 1, selectedAttributeIds: [] }).unitPence).toBe(1);
    expect(priceLine({ product: sqmProduct(1), widthMm: 499.99, heightMm: 1000, quantity: 1, selectedAttributeIds: [] }).unitPence).toBe(0);
  });

  it("rounds only the final unit price, not each attribute step", () => {
    // 1001 +50% = 1501.5, +50% again = 2252.25 → 2252 (rounding the step first would give 1502 × 1.5 = 2253)
    const second: PricedAttribute = { ...rushNotExpress, id: 6, group: "Extra" };
    const line = priceLine({ product: fixedProduct(1001, [rushNotExpress, second]), quantity: 1, selectedAttributeIds: [5, 6] });
    expect(line.unitPence).toBe(2252);
  });

  it("rounds the discounted line half-up at exactly half a penny", () => {
    // 1002 × 5 = 5010, less 5% = 4759.5 → 4760
    const line = priceLine({ product: fixedProduct(1002), quantity: 5, selectedAttributeIds: [] });
    expect(line.undiscountedLinePence).toBe(5010);
    expect(line.tierPercent).toBe(5);
    expect(line.linePence).toBe(4760);
  });

  it.each([
    [4, 0, 4000, 4000],
    [5, 5, 5000, 4750],
    [9, 5, 9000, 8550],
    [10, 10, 10000, 9000],
    [12, 10, 12000, 10800],
    [24, 20, 24000, 19200],
    [25, 25, 25000, 18750],
    [1000, 25, 1000000, 750000],
  ])("quantity %i of a £10 item: %i%% off %ip = %ip", (quantity, tierPercent, undiscounted, line) => {
    const result = priceLine({ product: fixedProduct(1000), quantity, selectedAttributeIds: [] });
    expect(result.unitPence).toBe(1000);
    expect(result.tierPercent).toBe(tierPercent);
    expect(result.undiscountedLinePence).toBe(undiscounted);
    expect(result.linePence).toBe(line);
  });
});

describe("priceLine: a product's own price inputs", () => {
  it("a per-m² option adds its price × the item's area, before percentages that follow it", () => {
    const eyelets: PricedAttribute = { id: 7, group: "Finish", name: "Hemmed", cost: { unit: "sqm", pence: 250 } };
    // 1500 × 500 mm = 0.75 m²: base 1000p × 0.75 = 750p; hem 250p × 0.75 = 187.5p; +10% of 937.5p = 1031.25p → 1031p.
    const line = priceLine({ product: sqmProduct(1000, [eyelets, premiumPaper]), widthMm: 1500, heightMm: 500, quantity: 1, selectedAttributeIds: [7, 2] });
    expect(line.unitPence).toBe(1031);
  });

  it("refuses a per-m² option on a product that has no size", () => {
    const perSqm: PricedAttribute = { id: 7, group: "Finish", name: "Hemmed", cost: { unit: "sqm", pence: 250 } };
    expect(() => priceLine({ product: fixedProduct(1000, [perSqm]), quantity: 1, selectedAttributeIds: [7] })).toThrow(RangeError);
  });

  it("uses the product's quantity tiers when it has them, and none when the list is empty", () => {
    const tiered = { ...fixedProduct(1000), quantityTiers: [{ minQty: 3, percent: 8 }, { minQty: 50, percent: 30 }] };
    expect(priceLine({ product: tiered, quantity: 4, selectedAttributeIds: [] })).toMatchObject({ tierPercent: 8, linePence: 3680 });
    expect(priceLine({ product: tiered, quantity: 50, selectedAttributeIds: [] })).toMatchObject({ tierPercent: 30, linePence: 35000 });
    expect(priceLine({ product: { ...fixedProduct(1000), quantityTiers: [] }, quantity: 25, selectedAttributeIds: [] }).tierPercent).toBe(0);
  });

  it("raises a line below the minimum line charge to it, after the quantity discount", () => {
    // 304 × 304 mm at 850p/m² is 78.55p → 79p; the minimum line charge makes it £15.00.
    const banner = { ...sqmProduct(850), minLinePence: 1500 };
    const small = priceLine({ product: banner, widthMm: 304, heightMm: 304, quantity: 1, selectedAttributeIds: [] });
    expect(small).toMatchObject({ unitPence: 79, linePence: 1500, minimumApplied: true });
    const large = priceLine({ product: banner, widthMm: 2000, heightMm: 1000, quantity: 1, selectedAttributeIds: [] });
    expect(large).toMatchObject({ linePence: 1700, minimumApplied: false });
  });

  it("never charges less than the minimum line charge, whatever the configuration (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 1, max: 500 }), (price, minimum, quantity) => {
        const line = priceLine({ product: { ...fixedProduct(price), minLinePence: minimum }, quantity, selectedAttributeIds: [] });
        expect(line.linePence).toBeGreaterThanOrEqual(minimum);
        if (line.minimumApplied) expect(line.linePence).toBe(minimum);
      }),
    );
  });
});

describe("priceLine: broken invariants throw", () => {
  const product = fixedProduct(1000, [lamination]);
  it.each([0, -1, 1.5, Number.NaN])("quantity %s", (quantity) => {
    expect(() => priceLine({ product, quantity, selectedAttributeIds: [] })).toThrow(RangeError);
  });
  it("unknown or repeated attribute ids", () => {
    expect(() => priceLine({ product, quantity: 1, selectedAttributeIds: [99] })).toThrow(RangeError);
    expect(() => priceLine({ product, quantity: 1, selectedAttributeIds: [1, 1] })).toThrow(RangeError);
  });
  it("missing or non-positive sizes on a per-m² product", () => {
    const sqm = sqmProduct(1200);
    expect(() => priceLine({ product: sqm, heightMm: 500, quantity: 1, selectedAttributeIds: [] })).toThrow(RangeError);
    expect(() => priceLine({ product: sqm, widthMm: 500, quantity: 1, selectedAttributeIds: [] })).toThrow(RangeError);
    expect(() => priceLine({ product: sqm, widthMm: 0, heightMm: 500, quantity: 1, selectedAttributeIds: [] })).toThrow(RangeError);
    expect(() => priceLine({ product: sqm, widthMm: -5, heightMm: 500, quantity: 1, selectedAttributeIds: [] })).toThrow(RangeError);
    expect(() => priceLine({ product: sqm, widthMm: Number.NaN, heightMm: 500, quantity: 1, selectedAttributeIds: [] })).toThrow(RangeError);
  });
  it("a price that is not whole non-negative pence, or a negative unit price", () => {
    expect(() => priceLine({ product: fixedProduct(10.5), quantity: 1, selectedAttributeIds: [] })).toThrow(RangeError);
    expect(() => priceLine({ product: fixedProduct(-1), quantity: 1, selectedAttributeIds: [] })).toThrow(RangeError);
    const discount: PricedAttribute = { id: 7, group: "Offer", name: "Voucher", cost: fixedCost(-2000) };
    expect(() => priceLine({ product: fixedProduct(1000, [discount]), quantity: 1, selectedAttributeIds: [7] })).toThrow(RangeError);
  });
});

// Random products: fixed or per-m² price, up to 6 attributes with non-negative costs, some of them
// marked express by name or group, plus a random selection of them in a random order.
const attributeArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    group: fc.constantFrom("Paper", "Finish", "Turnaround", "Express service"),
    name: fc.constantFrom("Silk", "Gloss", "Express", "next day EXPRESS", "Standard"),
    cost: fc.oneof(
      fc.record({ unit: fc.constant("fixed" as const), pence: fc.integer({ min: 0, max: 50_000 }) }),
      fc.record({ unit: fc.constant("percentage" as const), basisPoints: fc.integer({ min: 0, max: 20_000 }) }),
    ),
  });
const productAndSelectionArb = fc
  .record({
    priceType: fc.constantFrom("fixed" as const, "sqm" as const),
    pricePence: fc.integer({ min: 0, max: 100_000 }),
    attributeCount: fc.integer({ min: 0, max: 6 }),
    widthHundredths: fc.integer({ min: 1, max: 500_000 }),
    heightMm: fc.integer({ min: 1, max: 50_000 }),
  })
  .chain(({ attributeCount, ...rest }) =>
    fc.record({
      product: fc
        .tuple(...Array.from({ length: attributeCount }, (_, i) => attributeArb(i + 1)))
        .map((attributes): PricedProduct => ({ priceType: rest.priceType, pricePence: rest.pricePence, attributes })),
      selected: fc.shuffledSubarray(Array.from({ length: attributeCount }, (_, i) => i + 1)),
      widthMm: fc.constant(rest.widthHundredths / 100),
      heightMm: fc.constant(rest.heightMm),
    }),
  );

describe("priceLine: properties", () => {
  it("the unit price is never below the base price when every cost is non-negative", () => {
    fc.assert(
      fc.property(productAndSelectionArb, fc.integer({ min: 1, max: 1000 }), ({ product, selected, widthMm, heightMm }, quantity) => {
        const line = priceLine({ product, widthMm, heightMm, quantity, selectedAttributeIds: selected });
        expect(line.unitPence).toBeGreaterThanOrEqual(line.basePence);
        expect(line.undiscountedLinePence).toBe(line.unitPence * quantity);
        expect(line.linePence).toBeLessThanOrEqual(line.undiscountedLinePence);
      }),
    );
  });

  it("the order of the selected ids does not matter", () => {
    fc.assert(
      fc.property(productAndSelectionArb, ({ product, selected, widthMm, heightMm }) => {
        const input = { product, widthMm, heightMm, quantity: 3 };
        expect(priceLine({ ...input, selectedAttributeIds: selected })).toEqual(
          priceLine({ ...input, selectedAttributeIds: [...selected].reverse() }),
        );
      }),
    );
  });

  // The exact discounted price per unit, unit × (1 − tier%), never rises with quantity because
  // tiers never fall. Each line is rounded by at most ½p, so per unit it may rise by at most
  // ½/q₁ + ½/q₂ ≤ 1/q₁ pence: line(q₂)/q₂ ≤ line(q₁)/q₁ + 1/q₁ for q₁ < q₂.
  it("buying more never raises the price per unit beyond rounding", () => {
    fc.assert(
      fc.property(
        productAndSelectionArb,
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        ({ product, selected, widthMm, heightMm }, q1, extra) => {
          const q2 = q1 + extra;
          const price = (quantity: number) => priceLine({ product, widthMm, heightMm, quantity, selectedAttributeIds: selected });
          const small = price(q1);
          const large = price(q2);
          expect(large.unitPence).toBe(small.unitPence);
          expect(large.linePence * q1).toBeLessThanOrEqual(small.linePence * q2 + q2);
        },
      ),
    );
  });

  it("with only fixed costs the unit price is the price plus the selected costs, exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 8 }), (price, costs) => {
        const attributes = costs.map((pence, i): PricedAttribute => ({ id: i, group: "G", name: `A${i}`, cost: fixedCost(pence) }));
        const line = priceLine({ product: fixedProduct(price, attributes), quantity: 1, selectedAttributeIds: attributes.map((a) => a.id) });
        expect(line.unitPence).toBe(price + costs.reduce((sum, pence) => sum + pence, 0));
      }),
    );
  });
});

describe("priceLine: the design service (docs/decisions/027-design-service-money-and-dates.md)", () => {
  it("adds £6.00 per design to the line, after the quantity discount and the minimum", () => {
    // 12 × £10.00 = £120.00, 10% off = £108.00; two designs add £12.00.
    const line = priceLine({ product: fixedProduct(1000), quantity: 12, selectedAttributeIds: [], designs: 2 });
    expect(line).toMatchObject({ tierPercent: 10, printPence: 10_800, designFeePence: 1200, linePence: 12_000 });
    const small = priceLine({ product: { ...sqmProduct(850), minLinePence: 1500 }, widthMm: 304, heightMm: 304, quantity: 1, selectedAttributeIds: [], designs: 1 });
    expect(small).toMatchObject({ printPence: 1500, minimumApplied: true, designFeePence: DESIGN_FEE_PENCE, linePence: 2100 });
  });

  it("charges nothing for design when the customer supplies artwork", () => {
    const line = priceLine({ product: fixedProduct(1000), quantity: 3, selectedAttributeIds: [] });
    expect(line.designFeePence).toBe(0);
    expect(line.linePence).toBe(line.printPence);
  });

  it("is one fee per design, however many items are printed (property: the parts add back to the line)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 50 }), (price, quantity, designs) => {
        const line = priceLine({ product: fixedProduct(price), quantity, selectedAttributeIds: [], designs });
        const without = priceLine({ product: fixedProduct(price), quantity, selectedAttributeIds: [] });
        expect(line.designFeePence).toBe(designs * 600);
        expect(line.printPence).toBe(without.linePence);
        expect(line.printPence + line.designFeePence).toBe(line.linePence);
      }),
    );
  });

  it("refuses a design count that is not a whole number ≥ 0", () => {
    expect(() => designFeePence(-1)).toThrow(RangeError);
    expect(() => designFeePence(1.5)).toThrow(RangeError);
    expect(lineWithDesignPence(1234, 3)).toEqual({ printPence: 1234, designFeePence: 1800, linePence: 3034 });
  });
});
