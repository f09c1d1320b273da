// Order totals (DECISIONS rules 5 and 7): the one rule used by the basket, the address page, the
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

/**
 * Sub Total = sum of lines; Promo = round(Sub Total × promo%); Delivery = £9.95 per order;
 * VAT = round(20% × (Sub Total − Promo + Delivery)); Total = Sub Total − Promo + Delivery + VAT.
 * promoPercent may be fractional (12.5) and is applied exactly.
 *
 * An empty basket totals zero everywhere, delivery included: there is nothing to deliver, and the
 * promo resets when the basket empties (rule 7), so showing £9.95 + VAT for nothing would be wrong.
 */
export function orderTotals(linePences: number[], promoPercent: number): OrderTotals {
  if (!Number.isFinite(promoPercent) || promoPercent < 0 || promoPercent > 100) {
    throw new RangeError(`Promo percent must be between 0 and 100, got ${promoPercent}`);
  }
  let subTotal = 0n;
  for (const line of linePences) {
    if (!Number.isSafeInteger(line) || line < 0) {
      throw new RangeError(`Line totals must be whole, non-negative pence, got ${line}`);
    }
    subTotal += BigInt(line);
  }
  if (linePences.length === 0) {
    return { subTotalPence: 0, promoDiscountPence: 0, deliveryPence: 0, vatPence: 0, totalPence: 0 };
  }

  const promo = decimalToRational(promoPercent);
  const promoDiscountPence = roundHalfUp(rational(subTotal * promo.num, promo.den * 100n));
  const vatable = subTotal - BigInt(promoDiscountPence) + BigInt(DELIVERY_PENCE);
  const vatPence = roundHalfUp(rational(vatable * BigInt(VAT_RATE_PERCENT), 100n));
  const subTotalPence = roundHalfUp(rational(subTotal));
  const totalPence = roundHalfUp(rational(vatable + BigInt(vatPence)));

  return { subTotalPence, promoDiscountPence, deliveryPence: DELIVERY_PENCE, vatPence, totalPence };
}
