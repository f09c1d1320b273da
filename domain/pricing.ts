// The price of one basket line (DECISIONS rules 2 and 3). Shared by the server, which charges
// this figure, and the browser, which previews it (rule 4).
//
// Everything is computed as exact fractions of a penny and rounded half-up only where the rules
// say: the unit price once all attributes are applied, and the line after the quantity discount.
// basePence is rounded separately for display; the unrounded base feeds the attributes.
import { addRational, decimalToRational, mulRational, rational, roundHalfUp, type Rational } from "./money";
import { tierPercentFor } from "./quantity-tiers";

export type PriceType = "fixed" | "sqm";
export type AttributeCost = { unit: "fixed"; pence: number } | { unit: "percentage"; basisPoints: number }; // 1% = 100 bp
export type PricedAttribute = { id: number; group: string; name: string; cost: AttributeCost };
export type PricedProduct = { priceType: PriceType; pricePence: number; attributes: PricedAttribute[] }; // attributes in the product's order
export type PriceInput = {
  product: PricedProduct;
  widthMm?: number;
  heightMm?: number;
  quantity: number;
  selectedAttributeIds: number[];
};
export type PriceBreakdown = {
  basePence: number; // base unit price (price or price × area), rounded half-up, for display only
  unitPence: number; // unit price after attributes, rounded half-up to the penny (rule 2)
  quantity: number;
  undiscountedLinePence: number; // unitPence × quantity
  tierPercent: number; // 0, 5, 10, 15, 20 or 25
  linePence: number; // line after quantity discount, rounded half-up (rule 3)
};

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

/** The unit price before any attribute, in exact fractions of a penny. */
function basePriceExact(input: PriceInput): Rational {
  const { product } = input;
  requireSafeInteger(product.pricePence, "pricePence");
  if (product.pricePence < 0) throw new RangeError(`pricePence must not be negative, got ${product.pricePence}`);
  const price = rational(BigInt(product.pricePence));
  if (product.priceType === "fixed") return price;
  if (product.priceType === "sqm") {
    const area = mulRational(sizeInMetres(input.widthMm, "widthMm"), sizeInMetres(input.heightMm, "heightMm"));
    return mulRational(price, area);
  }
  throw new RangeError(`Unknown price type: ${String(product.priceType)}`);
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

/** Unit price after attributes, exact (rule 2). */
function unitPriceExact(base: Rational, attributes: PricedAttribute[]): Rational {
  let unit = base;
  for (const attribute of attributes) {
    const { cost } = attribute;
    if (cost.unit === "fixed") {
      requireSafeInteger(cost.pence, "Attribute pence");
      unit = addRational(unit, rational(BigInt(cost.pence)));
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
  const base = basePriceExact(input);
  const unitPence = roundHalfUp(unitPriceExact(base, selectedAttributesInProductOrder(input)));
  if (unitPence < 0) throw new RangeError(`Unit price came out negative: ${unitPence}p`);

  const undiscountedLine = BigInt(unitPence) * BigInt(quantity);
  const tierPercent = tierPercentFor(quantity);
  const linePence = roundHalfUp(rational(undiscountedLine * BigInt(100 - tierPercent), 100n));

  return {
    basePence: roundHalfUp(base),
    unitPence,
    quantity,
    undiscountedLinePence: roundHalfUp(rational(undiscountedLine)),
    tierPercent,
    linePence,
  };
}
