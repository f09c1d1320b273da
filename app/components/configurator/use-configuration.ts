// The product page configurator's state and rules: what the customer typed, the live preview by the shared
// pricing rule, the server's confirmation shortly after typing stops, the snapping of fields on blur, and
// adding the line to the basket at the server's price. The view (configurator.tsx) only draws it.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { ProductView } from "../../../domain/catalogue";
import { attributeGroups, defaultConfiguration, fitsSizeLimits, isExpressSelection, priceConfiguration, quantityDiscountNote, selectionWorkingDays, validateConfiguration } from "../../../domain/configuration";
import { calculatePrice } from "../../lib/api-client";
import { addPricedLine } from "../../lib/basket";
import type { ProductOpening } from "../../routes/product-opening";

export type Orientation = "Portrait" | "Landscape";

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


/** The key of a configuration's price: the server's figure is shown only for the configuration it priced. */
function priceKey(quantity: number | null, widthMm: number | null, heightMm: number | null, attributeIds: number[]): string {
  return JSON.stringify([quantity, widthMm, heightMm, attributeIds]);
}

/**
 * Everything the configurator shows and does for one product. Keyed by product id by its caller, so
 * changing product starts afresh (spec section 4). `opening` is the server's price of the configuration
 * the page opens with, so the first paint (and a page without scripts) shows a confirmed price.
 */
export function useConfiguration(product: ProductView, opening: ProductOpening) {
  const navigate = useNavigate();
  const formId = useId();
  const groups = useMemo(() => attributeGroups(product), [product]);
  const limits = product.sizeLimits;
  const [initial] = useState(() => defaultConfiguration(product));

  const [quantityText, setQuantityText] = useState(String(initial.quantity));
  const [widthText, setWidthText] = useState(String(initial.widthMm ?? ""));
  const [heightText, setHeightText] = useState(String(initial.heightMm ?? ""));
  const [orientation, setOrientation] = useState<Orientation | null>(initialOrientation(product));
  const [multipleArtworks, setMultipleArtworks] = useState(false);
  const [versionsText, setVersionsText] = useState("1");
  const [designService, setDesignService] = useState(false);
  const [selection, setSelection] = useState<Record<string, number>>(initial.selection);
  const [serverPrice, setServerPrice] = useState<{ key: string; linePence: number } | null>(() =>
    opening.linePence !== null
      ? { key: priceKey(initial.quantity, initial.widthMm ?? null, initial.heightMm ?? null, initial.attributes.map((a) => a.subattribute_id)), linePence: opening.linePence }
      : null,
  );
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const quantity = parseNumber(quantityText);
  const widthMm = parseNumber(widthText);
  const heightMm = parseNumber(heightText);
  const attributeIds = product.attributes.filter((a) => Object.values(selection).includes(a.id)).map((a) => a.id);

  // Live preview with the shared pricing rule; the server's figure confirms it below.
  const priced = useMemo(() => {
    if (quantity === null) return null;
    const checked = validateConfiguration(product, {
      quantity,
      widthMm,
      heightMm,
      attributes: attributeIds.map((id) => ({ subattribute_id: id })),
    });
    if (!checked.ok) return null;
    return { preview: priceConfiguration(product, checked.value), discountNote: quantityDiscountNote(product, checked.value) };
    // attributeIds is derived from selection
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product, quantity, widthMm, heightMm, selection]);
  const preview = priced?.preview ?? null;
  const discountNote = priced?.discountNote ?? null;

  const requestKey = priceKey(quantity, widthMm, heightMm, attributeIds);
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
  const workingDays = selectionWorkingDays(product, attributeIds);

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
      addPricedLine(product, result, {
        quantity,
        versions: multipleArtworks ? Math.min(Math.max(1, Math.round(parseNumber(versionsText) ?? 1)), quantity) : 1,
        customWidth: product.priceType === "fixed" ? null : widthMm,
        customHeight: product.priceType === "fixed" ? null : heightMm,
        orientation: product.priceType === "fixed" ? orientation : null,
        designService,
      });
      navigate("/basket");
    } catch (error) {
      console.error("Add to basket failed", error);
      setProblem(error instanceof Error ? error.message : "We could not price this item. Please try again.");
      setSubmitting(false);
    }
  };

  const sizeInvalid = product.priceType !== "fixed" && (widthMm === null || heightMm === null);
  const longestSide = limits ? Math.max(limits.maxWidthMm, limits.maxHeightMm) : 0;
  // One design service fee per version (docs/decisions/027-design-service-money-and-dates.md), by the one rule in domain/.
  const versions = multipleArtworks ? Math.max(1, Math.round(parseNumber(versionsText) ?? 1)) : 1;
  const designs = designService ? versions : 0;
  const sizeTooBig = !!limits && widthMm !== null && heightMm !== null && !fitsSizeLimits(limits, widthMm, heightMm);

  return {
    discountNote,
    formId,
    groups,
    limits,
    quantity,
    quantityText,
    setQuantityText,
    widthText,
    setWidthText,
    heightText,
    setHeightText,
    orientation,
    setOrientation,
    multipleArtworks,
    setMultipleArtworks,
    designService,
    setDesignService,
    designs,
    versionsText,
    setVersionsText,
    selection,
    setSelection,
    preview,
    linePence,
    confirmedPence,
    express,
    workingDays,
    submitting,
    problem,
    snapQuantity,
    snapVersions,
    snapSize,
    addToBasket,
    sizeInvalid,
    longestSide,
    sizeTooBig,
  };
}
