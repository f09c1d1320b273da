// What the product page shows before its scripts run, or without them: the server's price of the configuration
// the page opens with, and the dispatch day its delivery dates count from (docs/decisions/043-pages-without-scripts.md).
import type { ProductView } from "../../domain/catalogue";
import { defaultConfiguration, priceConfiguration, validateConfiguration } from "../../domain/configuration";
import { dispatchDay } from "../../domain/delivery";

export type ProductOpening = {
  /** The opening configuration's line price, as POST /api/calculatePrice answers it; null if it does not price. */
  linePence: number | null;
  /** The dispatch day of an order placed when the page was rendered (YYYY-MM-DD, UK). */
  dispatchIsoDate: string;
  dispatchToday: boolean;
};

/** The opening view of a product at `now`, and the instant (epoch ms) its dates stop being true. */
export function productOpening(product: ProductView, now: Date): { opening: ProductOpening; trueUntilMs: number } {
  // The same two domain rules, in the same order, as the calculatePrice handler (server/api/pricing/routes.ts).
  const checked = validateConfiguration(product, defaultConfiguration(product));
  const linePence = checked.ok ? priceConfiguration(product, checked.value).linePence : null;
  const day = dispatchDay(now);
  return { opening: { linePence, dispatchIsoDate: day.isoDate, dispatchToday: day.isToday }, trueUntilMs: day.untilMs };
}
