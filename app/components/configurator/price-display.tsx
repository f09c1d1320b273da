// The configurator's price: the line at the server's figure once confirmed, the preview until then. No
// struck-through "was" price: the quantity discount is named only when it beats the smallest order's, and
// offered as the next tier the customer can move to (docs/decisions/021-honest-prices.md).
import type { priceConfiguration, QuantityDiscountNote } from "../../../domain/configuration";
import { DESIGN_SERVICE_NAME } from "../../../domain/design-service";
import { formatPence } from "../../../domain/format";
import { lineWithDesignPence } from "../../../domain/pricing";

export function PriceDisplay({
  linePence,
  preview,
  confirmed,
  designs = 0,
  discountNote = null,
}: {
  linePence: number | null;
  preview: ReturnType<typeof priceConfiguration> | null;
  confirmed: boolean;
  /** Designs the design service makes, when chosen: its fee is shown beside the print, never discounted. */
  designs?: number;
  /** The discount worth naming at this quantity and the next tier on offer, from the shared pricing rule. */
  discountNote?: QuantityDiscountNote | null;
}) {
  const shown = linePence !== null && discountNote ? discountNote.shownPercent : 0;
  const offer = linePence !== null ? discountNote?.offer ?? null : null;
  const withDesign = linePence !== null && designs > 0 ? lineWithDesignPence(linePence, designs) : null;
  return (
    <div className="rounded-md bg-slate-50 p-4" aria-live="polite">
      <p className="text-sm text-slate-600">Price (ex VAT)</p>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-3xl font-extrabold text-ink" data-testid="price">
          {linePence === null ? "£0.00" : formatPence(linePence)}
        </span>
      </p>
      {shown > 0 ? <p className="mt-1 text-sm font-semibold text-brand-700">Qty discount {shown}% applied</p> : null}
      {preview && linePence !== null ? (
        <p className="mt-1 text-xs text-slate-500">
          {formatPence(preview.quantity > 0 ? Math.round(linePence / preview.quantity) : 0)} each
          {confirmed ? "" : " · checking…"}
        </p>
      ) : null}
      {offer ? (
        <p className="mt-1 text-sm font-semibold text-brand-700" data-testid="tier-offer">
          Buy {offer.quantity} for {formatPence(offer.unitPence)} each
        </p>
      ) : null}
      {withDesign ? (
        <p className="mt-2 border-t border-slate-200 pt-2 text-sm" data-testid="design-service">
          + {DESIGN_SERVICE_NAME} {formatPence(withDesign.designFeePence)} = <strong>{formatPence(withDesign.linePence)}</strong> (ex VAT)
        </p>
      ) : null}
    </div>
  );
}
