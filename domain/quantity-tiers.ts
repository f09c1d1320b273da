// Quantity discount tiers (docs/decisions/003-money-and-pricing.md). The shop's standard tiers, lowest first; a manager may give
// a product tiers of its own (the back office), and the same rule reads either.
export type QuantityTier = { minQty: number; percent: number };

export const QUANTITY_TIERS: readonly QuantityTier[] = [
  { minQty: 5, percent: 5 },
  { minQty: 10, percent: 10 },
  { minQty: 15, percent: 15 },
  { minQty: 20, percent: 20 },
  { minQty: 25, percent: 25 },
];

/** The percent of the highest tier whose minQty ≤ quantity; 0 below the first tier. */
export function tierPercentFor(quantity: number, tiers: readonly QuantityTier[] = QUANTITY_TIERS): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`Quantity must be a whole number ≥ 0, got ${quantity}`);
  }
  let percent = 0;
  for (const tier of tiers) {
    if (tier.minQty <= quantity && tier.percent > percent) percent = tier.percent;
  }
  return percent;
}

/** The first thing wrong with a list of tiers, or null. Tiers rise in quantity and in discount. */
export function tierProblem(tiers: readonly QuantityTier[]): string | null {
  let previous: QuantityTier | null = null;
  for (const [index, tier] of tiers.entries()) {
    const label = `Tier ${index + 1}`;
    if (!Number.isSafeInteger(tier.minQty) || tier.minQty < 2) return `${label}: the quantity must be a whole number of 2 or more`;
    if (!Number.isSafeInteger(tier.percent) || tier.percent < 1 || tier.percent > 90) return `${label}: the discount must be a whole percent from 1 to 90`;
    if (previous && tier.minQty <= previous.minQty) return `${label}: quantities must rise from one tier to the next`;
    if (previous && tier.percent <= previous.percent) return `${label}: a larger quantity must get a larger discount`;
    previous = tier;
  }
  return null;
}

/** "5:5;10:10" (quantity:percent pairs), as the price list CSV writes tiers. */
export function formatTiers(tiers: readonly QuantityTier[]): string {
  return tiers.map((t) => `${t.minQty}:${t.percent}`).join(";");
}

/** Reads "5:5;10:10" (quantity:percent pairs); an empty text is no tiers. Throws RangeError naming the part. */
export function parseTiers(text: string): QuantityTier[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  return trimmed.split(";").map((part) => {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*%?\s*$/.exec(part);
    if (!match) throw new RangeError(`"${part.trim()}" is not quantity:percent`);
    return { minQty: Number(match[1]), percent: Number(match[2]) };
  });
}
