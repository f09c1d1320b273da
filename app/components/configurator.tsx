import { fixedSizeLabel, type ProductView } from "../../domain/catalogue";
import { sizeLimitLabel } from "../../domain/configuration";
import { DESIGN_CHOICE_LABEL, UPLOAD_CHOICE_LABEL } from "../../domain/design-service";
import { AttributeGroupControl } from "./configurator/option-controls";
import { PriceDisplay } from "./configurator/price-display";
import { useConfiguration } from "./configurator/use-configuration";
import type { ProductOpening } from "../routes/product-opening";
import { DeliveryCountdown } from "./delivery-countdown";
import { ProcessStrip } from "./process-strip";

export { ORIENTATION_ALERT } from "./configurator/use-configuration";

/**
 * The product page's configurator. The component is keyed by product id, so changing product starts
 * afresh (spec section 4): quantity, versions, orientation, sizes and default options reset.
 */
export function Configurator({ product, opening }: { product: ProductView; opening: ProductOpening }) {
  const c = useConfiguration(product, opening);
  const { limits } = c;

  return (
    <section aria-label="Configure your order" className="flex flex-col gap-5 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <DeliveryCountdown workingDays={c.workingDays} opening={opening} />

      <div>
        <label htmlFor={`${c.formId}-qty`} className="field-label">
          Quantity <span className="font-normal text-slate-500">(minimum {product.minQty})</span>
        </label>
        <input
          id={`${c.formId}-qty`}
          type="number"
          inputMode="numeric"
          min={product.minQty}
          step={1}
          value={c.quantityText}
          onChange={(e) => c.setQuantityText(e.target.value)}
          onBlur={c.snapQuantity}
          className="field-input"
        />
      </div>

      {limits ? (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="field-label">Size</legend>
          <div>
            <label htmlFor={`${c.formId}-w`} className="text-sm text-slate-600">Width (mm)</label>
            <input
              id={`${c.formId}-w`}
              type="number"
              inputMode="decimal"
              min={limits.minWidthMm}
              max={c.longestSide}
              step={0.01}
              value={c.widthText}
              onChange={(e) => c.setWidthText(e.target.value)}
              onBlur={() => c.snapSize(c.widthText, c.setWidthText, limits.minWidthMm, c.longestSide, 2)}
              className="field-input"
            />
            <p className="mt-1 text-xs text-slate-500">From {limits.minWidthMm} mm</p>
          </div>
          <div>
            <label htmlFor={`${c.formId}-h`} className="text-sm text-slate-600">Height (mm)</label>
            <input
              id={`${c.formId}-h`}
              type="number"
              inputMode="numeric"
              min={limits.minHeightMm}
              max={c.longestSide}
              step={1}
              value={c.heightText}
              onChange={(e) => c.setHeightText(e.target.value)}
              onBlur={() => c.snapSize(c.heightText, c.setHeightText, limits.minHeightMm, c.longestSide, 0)}
              className="field-input"
            />
            <p className="mt-1 text-xs text-slate-500">From {limits.minHeightMm} mm</p>
          </div>
          <p className={`col-span-2 text-xs ${c.sizeTooBig ? "font-semibold text-red-700" : "text-slate-500"}`} role={c.sizeTooBig ? "alert" : undefined}>
            Up to {sizeLimitLabel(limits)}
          </p>
        </fieldset>
      ) : (
        <fieldset>
          <legend className="field-label">
            Orientation{" "}
            {product.fixedSize ? (
              <span className="font-normal text-slate-500">({fixedSizeLabel(product.fixedSize, c.orientation)})</span>
            ) : null}
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {(["Portrait", "Landscape"] as const).map((choice) => {
              const disabled =
                (choice === "Portrait" && product.orientation === "landscape") ||
                (choice === "Landscape" && product.orientation === "portrait");
              return (
                <button
                  key={choice}
                  type="button"
                  disabled={disabled}
                  aria-pressed={c.orientation === choice}
                  onClick={() => c.setOrientation(choice)}
                  className={`btn border ${c.orientation === choice ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 bg-white"}`}
                >
                  {choice}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}

      <fieldset>
        <legend className="field-label">Multiple artworks?</legend>
        <div className="flex gap-4">
          {[false, true].map((value) => (
            <label key={String(value)} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${c.formId}-multi`}
                checked={c.multipleArtworks === value}
                onChange={() => {
                  c.setMultipleArtworks(value);
                  if (!value) c.setVersionsText("1");
                }}
                className="h-4 w-4 accent-brand-600"
              />
              {value ? "Yes" : "No"}
            </label>
          ))}
        </div>
        {c.multipleArtworks ? (
          <div className="mt-2">
            <label htmlFor={`${c.formId}-versions`} className="text-sm text-slate-600">
              Number of artworks (1 to {c.quantity ?? product.minQty})
            </label>
            <input
              id={`${c.formId}-versions`}
              type="number"
              inputMode="numeric"
              min={1}
              max={c.quantity ?? product.minQty}
              step={1}
              value={c.versionsText}
              onChange={(e) => c.setVersionsText(e.target.value)}
              onBlur={() => c.snapVersions(Math.max(product.minQty, Math.round(c.quantity ?? product.minQty)))}
              className="field-input"
            />
          </div>
        ) : null}
      </fieldset>

      <fieldset>
        <legend className="field-label">Artwork</legend>
        <div className="grid gap-2">
          {[false, true].map((value) => (
            <label key={String(value)} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="artwork"
                value={value ? "design" : "upload"}
                checked={c.designService === value}
                onChange={() => c.setDesignService(value)}
                className="h-4 w-4 accent-brand-600"
              />
              {value ? DESIGN_CHOICE_LABEL : UPLOAD_CHOICE_LABEL}
            </label>
          ))}
        </div>
        {c.designService ? <p className="mt-1 text-xs text-slate-500">After payment, send us your brief, logo and wording: your first proof comes within 3 working days, and printing starts when you approve it. The delivery dates below then count from the day you approve.</p> : null}
      </fieldset>

      {c.groups.map((group) => (
        <AttributeGroupControl
          key={group.group}
          group={group}
          idPrefix={c.formId}
          openingDispatchIsoDate={opening.dispatchIsoDate}
          selectedId={c.selection[group.group]}
          onSelect={(id) => c.setSelection((current) => ({ ...current, [group.group]: id }))}
        />
      ))}

      <PriceDisplay linePence={c.sizeInvalid ? null : c.linePence} preview={c.preview} confirmed={c.confirmedPence !== null} designs={c.designs} discountNote={c.discountNote} />

      {c.problem ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{c.problem}</p>
      ) : null}
      <button type="button" onClick={c.addToBasket} disabled={c.submitting} className="btn-primary w-full py-3 text-lg">
        {c.submitting ? "Adding…" : "Add to Basket"}
      </button>
      <noscript>
        <p className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">Adding to your basket needs JavaScript. Please turn it on to order.</p>
      </noscript>
      <a
        href={`/design/${product.slug}?${new URLSearchParams({ q: c.quantityText, ...(limits ? { w: c.widthText, h: c.heightText } : { o: c.orientation ?? "" }), a: Object.values(c.selection).join(",") })}`}
        className="btn-outline w-full py-2 text-center"
        // Its address carries what was typed, which React writes in only once the page is live: a tap before
        // then is held and replayed (app/lib/early-input.ts), not followed to the default size.
        data-early=""
      >
        No artwork? Design online
      </a>
      <ProcessStrip />
    </section>
  );
}
