// Quantity discount tiers (DECISIONS rule 3), lowest first.
export const QUANTITY_TIERS = [
  { minQty: 5, percent: 5 },
  { minQty: 10, percent: 10 },
  { minQty: 15, percent: 15 },
  { minQty: 20, percent: 20 },
  { minQty: 25, percent: 25 },
] as const;

/** The percent of the highest tier whose minQty ≤ quantity; 0 below the first tier. */
export function tierPercentFor(quantity: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`Quantity must be a whole number ≥ 0, got ${quantity}`);
  }
  let percent = 0;
  for (const tier of QUANTITY_TIERS) {
    if (tier.minQty <= quantity && tier.percent > percent) percent = tier.percent;
  }
  return percent;
}
