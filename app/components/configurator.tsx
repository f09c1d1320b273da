import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { addItem, type SelectedAttribute } from "../../domain/basket";
import { fixedSizeLabel, type AttributeView, type ProductView } from "../../domain/catalogue";
import {
  attributeGroups,
  defaultSelection,
  fitsSizeLimits,
  isExpressSelection,
  priceConfiguration,
  sizeLimitLabel,
  validateConfiguration,
  type AttributeGroup,
} from "../../domain/configuration";
import { deliveryDate, formatDeliveryDate } from "../../domain/delivery";
import { formatPence } from "../../domain/money";
import { mentionsExpress } from "../../domain/pricing";
import { calculatePrice } from "../lib/api-client";
import { basketStore } from "../lib/basket";
import { DeliveryCountdown } from "./delivery-countdown";
import { ProcessStrip } from "./process-strip";

type Orientation = "Portrait" | "Landscape";

export const ORIENTATION_ALERT = "Please select an orientation (Landscape or Portrait) before continuing.";

/** Parses what the customer typed; null when empty or not a number. */
function parseNumber(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function initialOrientation(product: ProductView): Orientation | null {
  if (product.priceType !== "fixed") return null;
  return product.orientation === "landscape" ? "Landscape" : "Portrait";
}

function costLabel(option: AttributeView): string {
  if (option.cost.unit === "fixed") return option.cost.pence === 0 ? "" : ` (+${formatPence(option.cost.pence)})`;
  return option.cost.basisPoints === 0 ? "" : ` (+${option.cost.basisPoints / 100}%)`;
}

/**
 * The product page's configurator. The component is keyed by product id, so changing product starts
 * afresh (spec section 4): quantity, versions, orientation, sizes and default options reset.
 */
export function Configurator({ product }: { product: ProductView }) {
  const navigate = useNavigate();
  const formId = useId();
  const groups = useMemo(() => attributeGroups(product), [product]);
  const limits = product.sizeLimits;

  const [quantityText, setQuantityText] = useState(String(product.minQty));
  const [widthText, setWidthText] = useState(limits ? String(limits.minWidthMm) : "");
  const [heightText, setHeightText] = useState(limits ? String(limits.minHeightMm) : "");
  const [orientation, setOrientation] = useState<Orientation | null>(initialOrientation(product));
  const [multipleArtworks, setMultipleArtworks] = useState(false);
  const [versionsText, setVersionsText] = useState("1");
  const [selection, setSelection] = useState<Record<string, number>>(() => defaultSelection(product));
  const [serverPrice, setServerPrice] = useState<{ key: string; linePence: number } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const quantity = parseNumber(quantityText);
  const widthMm = parseNumber(widthText);
  const heightMm = parseNumber(heightText);
  const attributeIds = product.attributes.filter((a) => Object.values(selection).includes(a.id)).map((a) => a.id);

  // Live preview with the shared pricing rule; the server's figure confirms it below.
  const preview = useMemo(() => {
    if (quantity === null) return null;
    const checked = validateConfiguration(product, {
      quantity,
      widthMm,
      heightMm,
      attributes: attributeIds.map((id) => ({ subattribute_id: id })),
    });
    if (!checked.ok) return null;
    return priceConfiguration(product, checked.value);
    // attributeIds is derived from selection
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product, quantity, widthMm, heightMm, selection]);

  const requestKey = JSON.stringify([quantity, widthMm, heightMm, attributeIds]);
  const payload = () => ({
    productId: product.id,
    ...(product.priceType !== "fixed" ? { customWidth: widthMm ?? undefined, customHeight: heightMm ?? undefined } : {}),
    selectedQuantity: quantity ?? undefined,
    attributes: attributeIds.map((id) => {
      const option = product.attributes.find((a) => a.id === id)!;
      return { group: option.group, subattribute_id: option.id, subattribute_name: option.name };
    }),
  });

  // Confirm the preview with the server shortly after the customer stops typing.
  const latestKey = useRef(requestKey);
  latestKey.current = requestKey;
  useEffect(() => {
    if (!preview) return;
    const key = requestKey;
    const timer = setTimeout(() => {
      calculatePrice(payload())
        .then((result) => {
          if (latestKey.current !== key) return;
          setServerPrice({ key, linePence: result.linePence });
          if (result.linePence !== preview.linePence) {
            console.warn(`Price preview ${preview.linePence}p differs from the server's ${result.linePence}p`);
          }
        })
        .catch((error: unknown) => console.error("Price check failed", error));
    }, 250);
    return () => clearTimeout(timer);
    // payload() reads the same state as requestKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, preview?.linePence]);

  const confirmedPence = serverPrice?.key === requestKey ? serverPrice.linePence : null;
  const linePence = confirmedPence ?? preview?.linePence ?? null;
  const express = isExpressSelection(product, attributeIds);

  const snapQuantity = () => {
    if (quantity === null || quantity < product.minQty) setQuantityText(String(product.minQty));
    else if (!Number.isInteger(quantity)) setQuantityText(String(Math.max(product.minQty, Math.round(quantity))));
    snapVersions(quantity === null || quantity < product.minQty ? product.minQty : Math.round(quantity));
  };
  const snapVersions = (max: number) => {
    const versions = parseNumber(versionsText);
    if (versions === null || versions < 1) setVersionsText("1");
    else if (versions > max) setVersionsText(String(max));
    else if (!Number.isInteger(versions)) setVersionsText(String(Math.round(versions)));
  };
  const snapSize = (text: string, set: (v: string) => void, min: number, max: number, decimals: number) => {
    const value = parseNumber(text);
    if (value === null || value < min) set(String(min));
    else if (value > max) set(String(max));
    else set(String(Number(value.toFixed(decimals))));
  };

  const addToBasket = async () => {
    setProblem(null);
    if (product.priceType === "fixed" && !orientation) {
      window.alert(ORIENTATION_ALERT);
      return;
    }
    if (!preview || quantity === null) {
      setProblem("Please check the quantity and size before adding to your basket.");
      return;
    }
    setSubmitting(true);
    try {
      const result = await calculatePrice(payload());
      const attributes: SelectedAttribute[] = result.attributeIds.map((id) => {
        const option = product.attributes.find((a) => a.id === id)!;
        return { group: option.group, subattribute_id: option.id, subattribute_name: option.name };
      });
      basketStore.set((state) =>
        addItem(state, {
          lineId: crypto.randomUUID(),
          productId: product.id,
          productName: product.name,
          productSlug: product.slug,
          image: product.image,
          attributes,
          quantity,
          versions: multipleArtworks ? Math.min(Math.max(1, Math.round(parseNumber(versionsText) ?? 1)), quantity) : 1,
          pricePence: result.linePence,
          qty_limits: { min_qty: product.minQty, orientation: product.orientation, fixed_size: product.fixedSize },
          customWidth: product.priceType === "fixed" ? null : widthMm,
          customHeight: product.priceType === "fixed" ? null : heightMm,
          orientation: product.priceType === "fixed" ? orientation : null,
          reorder: null,
        }),
      );
      navigate("/basket");
    } catch (error) {
      console.error("Add to basket failed", error);
      setProblem(error instanceof Error ? error.message : "We could not price this item. Please try again.");
      setSubmitting(false);
    }
  };

  const sizeInvalid = product.priceType !== "fixed" && (widthMm === null || heightMm === null);
  const longestSide = limits ? Math.max(limits.maxWidthMm, limits.maxHeightMm) : 0;
  const sizeTooBig = !!limits && widthMm !== null && heightMm !== null && !fitsSizeLimits(limits, widthMm, heightMm);

  return (
    <section aria-label="Configure your order" className="flex flex-col gap-5 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <DeliveryCountdown express={express} />

      <div>
        <label htmlFor={`${formId}-qty`} className="field-label">
          Quantity <span className="font-normal text-slate-500">(minimum {product.minQty})</span>
        </label>
        <input
          id={`${formId}-qty`}
          type="number"
          inputMode="numeric"
          min={product.minQty}
          step={1}
          value={quantityText}
          onChange={(e) => setQuantityText(e.target.value)}
          onBlur={snapQuantity}
          className="field-input"
        />
      </div>

      {limits ? (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="field-label">Size</legend>
          <div>
            <label htmlFor={`${formId}-w`} className="text-sm text-slate-600">Width (mm)</label>
            <input
              id={`${formId}-w`}
              type="number"
              inputMode="decimal"
              min={limits.minWidthMm}
              max={longestSide}
              step={0.01}
              value={widthText}
              onChange={(e) => setWidthText(e.target.value)}
              onBlur={() => snapSize(widthText, setWidthText, limits.minWidthMm, longestSide, 2)}
              className="field-input"
            />
            <p className="mt-1 text-xs text-slate-500">From {limits.minWidthMm} mm</p>
          </div>
          <div>
            <label htmlFor={`${formId}-h`} className="text-sm text-slate-600">Height (mm)</label>
            <input
              id={`${formId}-h`}
              type="number"
              inputMode="numeric"
              min={limits.minHeightMm}
              max={longestSide}
              step={1}
              value={heightText}
              onChange={(e) => setHeightText(e.target.value)}
              onBlur={() => snapSize(heightText, setHeightText, limits.minHeightMm, longestSide, 0)}
              className="field-input"
            />
            <p className="mt-1 text-xs text-slate-500">From {limits.minHeightMm} mm</p>
          </div>
          <p className={`col-span-2 text-xs ${sizeTooBig ? "font-semibold text-red-700" : "text-slate-500"}`} role={sizeTooBig ? "alert" : undefined}>
            Up to {sizeLimitLabel(limits)}
          </p>
        </fieldset>
      ) : (
        <fieldset>
          <legend className="field-label">
            Orientation{" "}
            {product.fixedSize ? (
              <span className="font-normal text-slate-500">({fixedSizeLabel(product.fixedSize, orientation)})</span>
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
                  aria-pressed={orientation === choice}
                  onClick={() => setOrientation(choice)}
                  className={`btn border ${orientation === choice ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 bg-white"}`}
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
                name={`${formId}-multi`}
                checked={multipleArtworks === value}
                onChange={() => {
                  setMultipleArtworks(value);
                  if (!value) setVersionsText("1");
                }}
                className="h-4 w-4 accent-brand-600"
              />
              {value ? "Yes" : "No"}
            </label>
          ))}
        </div>
        {multipleArtworks ? (
          <div className="mt-2">
            <label htmlFor={`${formId}-versions`} className="text-sm text-slate-600">
              Number of artworks (1 to {quantity ?? product.minQty})
            </label>
            <input
              id={`${formId}-versions`}
              type="number"
              inputMode="numeric"
              min={1}
              max={quantity ?? product.minQty}
              step={1}
              value={versionsText}
              onChange={(e) => setVersionsText(e.target.value)}
              onBlur={() => snapVersions(Math.max(product.minQty, Math.round(quantity ?? product.minQty)))}
              className="field-input"
            />
          </div>
        ) : null}
      </fieldset>

      {groups.map((group) => (
        <AttributeGroupControl
          key={group.group}
          group={group}
          idPrefix={formId}
          selectedId={selection[group.group]}
          onSelect={(id) => setSelection((current) => ({ ...current, [group.group]: id }))}
        />
      ))}

      <PriceDisplay linePence={sizeInvalid ? null : linePence} preview={preview} confirmed={confirmedPence !== null} />

      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{problem}</p>
      ) : null}
      <button type="button" onClick={addToBasket} disabled={submitting} className="btn-primary w-full py-3 text-lg">
        {submitting ? "Adding…" : "Add to Basket"}
      </button>
      <ProcessStrip />
    </section>
  );
}

function AttributeGroupControl({
  group,
  idPrefix,
  selectedId,
  onSelect,
}: {
  group: AttributeGroup;
  idPrefix: string;
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}) {
  const id = `${idPrefix}-${group.group.replace(/\W+/g, "-")}`;
  if (group.displayType === "Dropdown") {
    return (
      <div>
        <label htmlFor={id} className="field-label">{group.group}</label>
        <select id={id} value={selectedId ?? ""} onChange={(e) => onSelect(Number(e.target.value))} className="field-input">
          {group.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
              {costLabel(option)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  const turnaround = group.displayType === "Turnaround";
  return (
    <fieldset>
      <legend className="field-label">{group.group}</legend>
      <div className={turnaround ? "grid gap-2 sm:grid-cols-2" : "flex flex-wrap gap-x-4 gap-y-2"}>
        {group.options.map((option) => {
          const checked = selectedId === option.id;
          return (
            <label
              key={option.id}
              className={
                turnaround
                  ? `flex cursor-pointer flex-col rounded-md border p-3 text-sm ${checked ? "border-brand-600 bg-brand-50" : "border-slate-300"}`
                  : "flex cursor-pointer items-center gap-2 text-sm"
              }
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={id}
                  value={option.id}
                  checked={checked}
                  onChange={() => onSelect(option.id)}
                  className="h-4 w-4 accent-brand-600"
                />
                <span className="font-medium">{option.name}</span>
              </span>
              {turnaround ? (
                <TurnaroundNote option={option} />
              ) : costLabel(option) ? (
                <span className="text-slate-500">{costLabel(option).trim()}</span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function TurnaroundNote({ option }: { option: AttributeView }) {
  const [date, setDate] = useState<string | null>(null);
  const express = mentionsExpress(option.name) || mentionsExpress(option.group);
  useEffect(() => setDate(formatDeliveryDate(deliveryDate(new Date(), express ? "express" : "standard"))), [express]);
  return (
    <span className="mt-1 pl-6 text-xs text-slate-600">
      {costLabel(option) ? <span className="block">{costLabel(option).trim()}</span> : null}
      {date ? <span>Delivery by {date}</span> : null}
    </span>
  );
}

function PriceDisplay({
  linePence,
  preview,
  confirmed,
}: {
  linePence: number | null;
  preview: ReturnType<typeof priceConfiguration> | null;
  confirmed: boolean;
}) {
  const tier = preview && linePence !== null ? preview.tierPercent : 0;
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
    </div>
  );
}
