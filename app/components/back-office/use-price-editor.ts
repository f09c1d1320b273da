// The price editor's state: the product's prices as loaded, the manager's draft, the server's preview of
// old and new prices (asked for as the draft changes), the history, and saving or restoring a version.
import { useCallback, useEffect, useMemo, useState } from "react";
import { errorMessage } from "../../lib/api-client";
import { fetchPriceHistory, fetchPrices, previewPrices, restorePrices, savePrices, type PricePreview, type PriceVersion, type ProductPrices } from "../../lib/back-office-api";
import { useSignedInLoad } from "../../lib/use-signed-in";
import { draftOf, inputsOf, type PriceDraft } from "./price-draft";

export type EditorStatus = { kind: "error" | "saved"; text: string } | null;

const PREVIEW_DELAY_MS = 350;

export function usePriceEditor(productId: string) {
  const [loaded, setLoaded] = useState<ProductPrices | null>(null);
  const [draft, setDraft] = useState<PriceDraft | null>(null);
  const [history, setHistory] = useState<PriceVersion[] | null>(null);
  const [preview, setPreview] = useState<PricePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<EditorStatus>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      Promise.all([fetchPrices(productId, signal), fetchPriceHistory(productId, signal)]).then(
        ([prices, past]) => {
          setLoaded(prices);
          setDraft(draftOf(prices.inputs));
          setHistory(past.versions);
          setPreview(null);
          setAcknowledged(false);
        },
        (error: unknown) => {
          if ((error as Error).name !== "AbortError") setLoadProblem(errorMessage(error));
        },
      ),
    [productId],
  );
  useSignedInLoad((_userId, signal) => void load(signal), { key: productId });

  const parsed = useMemo(() => (draft ? inputsOf(draft) : null), [draft]);
  const changed = Boolean(loaded && parsed?.ok && JSON.stringify(parsed.inputs) !== JSON.stringify(loaded.inputs));
  const edited = Boolean(loaded && draft && JSON.stringify(draft) !== JSON.stringify(draftOf(loaded.inputs)));

  // The preview follows the draft: asked for a moment after the last keystroke, the older request abandoned.
  const previewKey = parsed?.ok && changed ? JSON.stringify(parsed.inputs) : null;
  useEffect(() => {
    if (!previewKey || !loaded) {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setPreviewing(true);
      previewPrices(loaded.product.id, JSON.parse(previewKey), controller.signal)
        .then((answer) => {
          setPreview(answer);
          setAcknowledged(false);
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== "AbortError") setStatus({ kind: "error", text: errorMessage(error) });
        })
        .finally(() => setPreviewing(false));
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [previewKey, loaded]);

  const previewCurrent = preview !== null && !previewing;
  const hasWarnings = (preview?.warnings ?? 0) > 0;
  const needsAcknowledgement = hasWarnings && !acknowledged;
  const canSave = changed && previewCurrent && !needsAcknowledgement && !saving;

  const save = async () => {
    if (!loaded || !parsed?.ok) return;
    if (!previewCurrent) return setStatus({ kind: "error", text: "Wait for the preview of the new prices before saving." });
    if (needsAcknowledgement) return setStatus({ kind: "error", text: "Some sample prices move by more than 20%. Check them and tick the box to confirm." });
    setSaving(true);
    setStatus(null);
    try {
      const saved = await savePrices(loaded.product.id, parsed.inputs, loaded.version);
      await load();
      setStatus({ kind: "saved", text: `Saved as version ${saved.version}. Customers are quoted and charged the new prices from now on.` });
    } catch (error) {
      setStatus({ kind: "error", text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const restore = async (version: number) => {
    if (!loaded) return;
    setStatus(null);
    try {
      const saved = await restorePrices(loaded.product.id, version, loaded.version);
      await load();
      setStatus({ kind: "saved", text: `Version ${version}'s prices restored as version ${saved.version}.` });
    } catch (error) {
      setStatus({ kind: "error", text: errorMessage(error) });
    }
  };

  const discard = () => {
    if (loaded) setDraft(draftOf(loaded.inputs));
    setStatus(null);
  };

  return { loaded, loadProblem, draft, setDraft, parsed, changed, edited, history, preview, previewing, acknowledged, setAcknowledged, hasWarnings, needsAcknowledgement, canSave, saving, status, save, restore, discard };
}

export type PriceEditor = ReturnType<typeof usePriceEditor>;
