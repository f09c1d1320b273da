// The configurator's price: the line at the server's figure once confirmed, the preview until then.
import type { priceConfiguration } from "../../../domain/configuration";
import { DESIGN_SERVICE_NAME } from "../../../domain/design-service";
import { formatPence } from "../../../domain/format";
import { lineWithDesignPence } from "../../../domain/pricing";

export function PriceDisplay({
  linePence,
  preview,
  confirmed,
  designs = 0,
}: {
  linePence: number | null;
  preview: ReturnType<typeof priceConfiguration> | null;
  confirmed: boolean;
  /** Designs the design service makes, when chosen: its fee is shown beside the print, never discounted. */
  designs?: number;
}) {
  const tier = preview && linePence !== null ? preview.tierPercent : 0;
  const withDesign = linePence !== null && designs > 0 ? lineWithDesignPence(linePence, designs) : null;
  return (
    <div className="rounded-md bg-slate-50 p-4" aria-live="polite">
      <p className="text-sm text-slate-600">Price (ex VAT)</p>
      <p className="flex flex-wrap items-baseline gap-x-3">
        {tier > 0 && preview ? (
          <s className="text-lg text-slate-500" data-testid="undiscounted-price">{formatPence(preview.undiscountedLinePence)}</s>
        ) : null}
        <span className="text-3xl font-extrabold text-ink" data-testid="price">
          {linePence === null ? "£0.00" : formatPence(linePence)}
        </span>
      </p>
      {tier > 0 ? <p className="mt-1 text-sm font-semibold text-brand-700">Qty discount {tier}% applied</p> : null}
      {preview && linePence !== null ? (
        <p className="mt-1 text-xs text-slate-500">
          {formatPence(preview.unitPence)} each{tier > 0 ? " before the quantity discount" : ""}
          {confirmed ? "" : " · checking…"}
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
