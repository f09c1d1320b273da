// The price of one basket line (docs/decisions/003-money-and-pricing.md). Shared by the server, which charges
// this figure, and the browser, which previews it (docs/decisions/003-money-and-pricing.md).
//
// Everything is computed as exact fractions of a penny and rounded half-up only where the rules
// say: the unit price once all attributes are applied, and the line after the quantity discount.
// basePence is rounded separately for display; the unrounded base feeds the attributes.
import { addRational, decimalToRational, mulRational, rational, roundHalfUp, type Rational } from "./money";
import { QUANTITY_TIERS, tierPercentFor, type QuantityTier } from "./quantity-tiers";

export type PriceType = "fixed" | "sqm";
/**
 * What an option adds to the unit price: pence per item (`fixed`), pence per square metre of the item
 * (`sqm`, per-m² products only), or a percentage (basis points, 1% = 100).
 */
export type AttributeCost =
  | { unit: "fixed"; pence: number }
  | { unit: "sqm"; pence: number }
  | { unit: "percentage"; basisPoints: number };
export type AttributeCostUnit = AttributeCost["unit"];
export type PricedAttribute = { id: number; group: string; name: string; cost: AttributeCost };
export type PricedProduct = {
  priceType: PriceType;
  pricePence: number;
  attributes: PricedAttribute[]; // in the product's order
  /** The product's quantity discounts; the shop's standard tiers when absent. */
  quantityTiers?: readonly QuantityTier[];
  /** The least a line may cost after its quantity discount (pence); 0 or absent for none. */
  minLinePence?: number;
};
export type PriceInput = {
  product: PricedProduct;
  widthMm?: number;
  heightMm?: number;
  quantity: number;
  selectedAttributeIds: number[];
  /** Designs the shop's design service makes for this line (0 or absent: the customer supplies artwork). */
  designs?: number;
};
export type PriceBreakdown = {
  basePence: number; // base unit price (price or price × area), rounded half-up, for display only
  unitPence: number; // unit price after attributes, rounded half-up to the penny (docs/decisions/003-money-and-pricing.md)
  quantity: number;
  undiscountedLinePence: number; // unitPence × quantity
  tierPercent: number; // the product's tier for the quantity (standard tiers: 0, 5, 10, 15, 20 or 25)
  printPence: number; // the print: line after quantity discount, rounded half-up (docs/decisions/003-money-and-pricing.md), raised to the minimum line charge
  minimumApplied: boolean; // true when the minimum line charge set the print price
  designFeePence: number; // the design service: DESIGN_FEE_PENCE per design, no quantity discount (docs/decisions/027-design-service-money-and-dates.md)
  linePence: number; // the whole line: printPence + designFeePence
};

/** The design service: £6.00 + VAT per design (version), docs/decisions/027-design-service-money-and-dates.md. */
export const DESIGN_FEE_PENCE = 600;

/** The design service's part of a line: one fee per design. Throws RangeError for a count that is not whole and ≥ 0. */
export function designFeePence(designs: number): number {
  if (!Number.isSafeInteger(designs) || designs < 0) throw new RangeError(`Designs must be a whole number ≥ 0, got ${designs}`);
  return designs * DESIGN_FEE_PENCE;
}

/**
 * A line's price from its parts: the print (already discounted and raised to the minimum) and the design
 * service for `designs` designs. The one place the two are added, for the server's price and the basket's.
 */
export function lineWithDesignPence(printPence: number, designs: number): { printPence: number; designFeePence: number; linePence: number } {
  requireSafeInteger(printPence, "printPence");
  const fee = designFeePence(designs);
  return { printPence, designFeePence: fee, linePence: printPence + fee };
}

const BASIS_POINTS_PER_WHOLE = 10_000n;
const MM_PER_METRE = 1000n;

/** True when a name or group marks express turnaround: it contains "express", any case. */
export function mentionsExpress(text: string): boolean {
  return text.toLowerCase().includes("express");
}

function isExpressAttribute(attribute: PricedAttribute): boolean {
  return mentionsExpress(attribute.name) || mentionsExpress(attribute.group);
}

function requireSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number, got ${value}`);
}

function sizeInMetres(mm: number | undefined, what: string): Rational {
  if (mm === undefined || !Number.isFinite(mm) || mm <= 0) {
    throw new RangeError(`${what} must be a positive number of mm for a per-m² product, got ${mm}`);
  }
  // Sizes come in steps of 0.01 mm; reading the number as the decimal it was written as keeps
  // 1000.5 exactly 1000.5 (and any finer input exact too).
  return mulRational(decimalToRational(mm), rational(1n, MM_PER_METRE));
}

/** The item's area in m² for a per-m² product; null for a fixed-price one. */
function areaExact(input: PriceInput): Rational | null {
  const { priceType } = input.product;
  if (priceType === "fixed") return null;
  if (priceType === "sqm") return mulRational(sizeInMetres(input.widthMm, "widthMm"), sizeInMetres(input.heightMm, "heightMm"));
  throw new RangeError(`Unknown price type: ${String(priceType)}`);
}

/** The unit price before any attribute, in exact fractions of a penny. */
function basePriceExact(input: PriceInput, area: Rational | null): Rational {
  const { product } = input;
  requireSafeInteger(product.pricePence, "pricePence");
  if (product.pricePence < 0) throw new RangeError(`pricePence must not be negative, got ${product.pricePence}`);
  const price = rational(BigInt(product.pricePence));
  return area ? mulRational(price, area) : price;
}

function selectedAttributesInProductOrder(input: PriceInput): PricedAttribute[] {
  const { attributes } = input.product;
  const selected = new Set<number>();
  for (const id of input.selectedAttributeIds) {
    if (selected.has(id)) throw new RangeError(`Attribute ${id} is selected twice`);
    if (!attributes.some((attribute) => attribute.id === id)) {
      throw new RangeError(`Attribute ${id} does not belong to this product`);
    }
    selected.add(id);
  }
  return attributes.filter((attribute) => selected.has(attribute.id));
}

function percentOf(amount: Rational, basisPoints: number): Rational {
  requireSafeInteger(basisPoints, "basisPoints");
  return mulRational(amount, rational(BigInt(basisPoints), BASIS_POINTS_PER_WHOLE));
}

/** Unit price after attributes, exact (docs/decisions/003-money-and-pricing.md). A per-m² option adds its price × the item's area. */
function unitPriceExact(base: Rational, attributes: PricedAttribute[], area: Rational | null): Rational {
  let unit = base;
  for (const attribute of attributes) {
    const { cost } = attribute;
    if (cost.unit === "fixed") {
      requireSafeInteger(cost.pence, "Attribute pence");
      unit = addRational(unit, rational(BigInt(cost.pence)));
    } else if (cost.unit === "sqm") {
      requireSafeInteger(cost.pence, "Attribute pence");
      if (!area) throw new RangeError(`Attribute ${attribute.id} is priced per m² but the product has no size`);
      unit = addRational(unit, mulRational(rational(BigInt(cost.pence)), area));
    } else if (cost.unit === "percentage") {
      unit = addRational(unit, percentOf(isExpressAttribute(attribute) ? base : unit, cost.basisPoints));
    } else {
      throw new RangeError(`Unknown attribute cost unit on attribute ${attribute.id}`);
    }
  }
  return unit;
}

/** Prices one line. Throws RangeError on input the API layer should already have rejected. */
export function priceLine(input: PriceInput): PriceBreakdown {
  const { quantity } = input;
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new RangeError(`Quantity must be a whole number ≥ 1, got ${quantity}`);
  }
  const area = areaExact(input);
  const base = basePriceExact(input, area);
  const unitPence = roundHalfUp(unitPriceExact(base, selectedAttributesInProductOrder(input), area));
  if (unitPence < 0) throw new RangeError(`Unit price came out negative: ${unitPence}p`);

  const undiscountedLine = BigInt(unitPence) * BigInt(quantity);
  const tierPercent = tierPercentFor(quantity, input.product.quantityTiers ?? QUANTITY_TIERS);
  const discountedPence = roundHalfUp(rational(undiscountedLine * BigInt(100 - tierPercent), 100n));
  // The minimum line charge applies to the line as discounted: a tiny banner still costs the set-up.
  const minLinePence = input.product.minLinePence ?? 0;
  requireSafeInteger(minLinePence, "minLinePence");
  const minimumApplied = discountedPence < minLinePence;

  return {
    basePence: roundHalfUp(base),
    unitPence,
    quantity,
    undiscountedLinePence: roundHalfUp(rational(undiscountedLine)),
    tierPercent,
    minimumApplied,
    ...lineWithDesignPence(minimumApplied ? minLinePence : discountedPence, input.designs ?? 0),
  };
}

/** A quantity discount the customer can move to: buy `quantity` and pay `unitPence` each (`linePence` in all). */
export type TierOffer = { quantity: number; percent: number; unitPence: number; linePence: number };

/**
 * The next quantity tier above the line's quantity, priced by the same rule as the line (minimum line charge
 * included, design service left out): "Buy 50 for £0.60 each". Null when no higher tier exists, or when
 * moving to it would not lower the price each. The price each is the line divided by the quantity, rounded
 * half-up, so it is what the customer would pay for one of them. A tier past the product's largest order is no offer.
 */
export function nextTierOffer(input: PriceInput, maxQuantity = Number.MAX_SAFE_INTEGER): TierOffer | null {
  const current = priceLine({ ...input, designs: 0 });
  const tiers = input.product.quantityTiers ?? QUANTITY_TIERS;
  const next = tiers
    .filter((tier) => tier.minQty > input.quantity && tier.minQty <= maxQuantity && tier.percent > current.tierPercent)
    .sort((a, b) => a.minQty - b.minQty)[0];
  if (!next) return null;
  const offered = priceLine({ ...input, quantity: next.minQty, designs: 0 });
  const unitPence = roundHalfUp(rational(BigInt(offered.printPence), BigInt(next.minQty)));
  const currentUnitPence = roundHalfUp(rational(BigInt(current.printPence), BigInt(input.quantity)));
  if (unitPence >= currentUnitPence) return null;
  return { quantity: next.minQty, percent: offered.tierPercent, unitPence, linePence: offered.printPence };
}

/**
 * The quantity discount worth naming at this quantity: its percent when it is more than the product's
 * smallest order already gets, else 0. At the minimum quantity every customer pays the tier's price, so
 * naming it "applied" against a price nobody can pay would mislead (docs/decisions/021-honest-prices.md).
 */
export function discountToShow(quantity: number, minQuantity: number, tiers: readonly QuantityTier[] = QUANTITY_TIERS): number {
  const percent = tierPercentFor(quantity, tiers);
  return percent > tierPercentFor(Math.max(0, minQuantity), tiers) ? percent : 0;
}
