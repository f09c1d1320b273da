// Order totals (docs/decisions/003-money-and-pricing.md, docs/decisions/008-promotions.md): the one rule used by the basket, the address page, the
// payment amount, the order, and every email and invoice.
import { decimalToRational, rational, roundHalfUp } from "./money";

export const DELIVERY_PENCE = 995;
export const VAT_RATE_PERCENT = 20;

export type OrderTotals = {
  subTotalPence: number;
  promoDiscountPence: number;
  deliveryPence: number;
  vatPence: number;
  totalPence: number;
};

/** A promotion's size, in basis points (10% = 1000; 12.5% = 1250), from 0 to 100%. */
export const MAX_PROMO_BASIS_POINTS = 10_000;

/** The basket's percentage (spec: basket state "discount", e.g. 12.5) as whole basis points. */
export function percentToBasisPoints(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new RangeError(`Promo percent must be between 0 and 100, got ${percent}`);
  const rationalPercent = decimalToRational(percent);
  return roundHalfUp(rational(rationalPercent.num * 100n, rationalPercent.den));
}

/** Basis points as the percentage the spec's calls carry (apply-promo `discount`): 1250 → 12.5. */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * What a promo code takes off Sub Total: a percentage (as whole basis points: the spec's rule) or, for
 * a code a manager made so, a fixed amount in pence, never more than Sub Total. Either comes off before
 * VAT and never off delivery. A bare number is basis points.
 */
export type PromoOff = number | { basisPoints: number } | { amountPence: number };

/** The most a fixed-amount code may take off (£100,000). */
export const MAX_PROMO_AMOUNT_PENCE = 10_000_000;

/** What a promo takes off the part of Sub Total it applies to (`promotable`: everything but the design service). */
function promoDiscount(promotable: bigint, promo: PromoOff): number {
  if (typeof promo === "object" && "amountPence" in promo) {
    const amount = promo.amountPence;
    if (!Number.isSafeInteger(amount) || amount < 0 || amount > MAX_PROMO_AMOUNT_PENCE) throw new RangeError(`A promo amount must be whole pence from 0 to ${MAX_PROMO_AMOUNT_PENCE}, got ${amount}`);
    return Number(promotable < BigInt(amount) ? promotable : BigInt(amount));
  }
  const basisPoints = typeof promo === "number" ? promo : promo.basisPoints;
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > MAX_PROMO_BASIS_POINTS) {
    throw new RangeError(`Promo must be whole basis points from 0 to ${MAX_PROMO_BASIS_POINTS}, got ${basisPoints}`);
  }
  return roundHalfUp(rational(promotable * BigInt(basisPoints), BigInt(MAX_PROMO_BASIS_POINTS)));
}

/**
 * A line as the totals read it: its price in pence (all of it open to a promotion), or its price with the
 * part that is the design service, which no promotion reduces (docs/decisions/027-design-service-money-and-dates.md).
 */
export type TotalsLine = number | { linePence: number; designFeePence: number };

/**
 * Sub Total = sum of lines; Promo = round((Sub Total − design service) × basis points / 10 000), or a fixed
 * amount capped at Sub Total less the design service; Delivery = £9.95 per order;
 * VAT = round(20% × (Sub Total − Promo + Delivery)); Total = Sub Total − Promo + Delivery + VAT.
 * The promotion is whole basis points, applied exactly (no float on the way).
 *
 * An empty basket totals zero everywhere, delivery included: there is nothing to deliver, and the
 * promo resets when the basket empties (docs/decisions/008-promotions.md), so showing £9.95 + VAT for nothing would be wrong.
 */
export function orderTotals(lines: readonly TotalsLine[], promo: PromoOff, options: { deliveryPence?: number } = {}): OrderTotals {
  // Every order pays £9.95 delivery; only a reprint under a claim (which the customer already paid to have delivered) is sent free.
  const deliveryPence = options.deliveryPence ?? DELIVERY_PENCE;
  if (!Number.isSafeInteger(deliveryPence) || deliveryPence < 0) throw new RangeError(`Delivery must be whole pence, got ${deliveryPence}`);
  let subTotal = 0n;
  let designFees = 0n;
  for (const line of lines) {
    const linePence = typeof line === "number" ? line : line.linePence;
    const feePence = typeof line === "number" ? 0 : line.designFeePence;
    if (!Number.isSafeInteger(linePence) || linePence < 0) {
      throw new RangeError(`Line totals must be whole, non-negative pence, got ${linePence}`);
    }
    if (!Number.isSafeInteger(feePence) || feePence < 0 || feePence > linePence) {
      throw new RangeError(`A line's design service must be whole pence within the line, got ${feePence} of ${linePence}`);
    }
    subTotal += BigInt(linePence);
    designFees += BigInt(feePence);
  }
  const promoDiscountPence = promoDiscount(subTotal - designFees, promo);
  if (lines.length === 0) {
    return { subTotalPence: 0, promoDiscountPence: 0, deliveryPence: 0, vatPence: 0, totalPence: 0 };
  }

  const vatable = subTotal - BigInt(promoDiscountPence) + BigInt(deliveryPence);
  const vatPence = roundHalfUp(rational(vatable * BigInt(VAT_RATE_PERCENT), 100n));
  const subTotalPence = roundHalfUp(rational(subTotal));
  const totalPence = roundHalfUp(rational(vatable + BigInt(vatPence)));

  return { subTotalPence, promoDiscountPence, deliveryPence, vatPence, totalPence };
}
