// Saving the design where it belongs, and what follows from that: a draft, a print proof, or the design
// used as the item's artwork (in the basket before payment, on the ordered item after it).
import { useNavigate } from "react-router";
import { designSchema, type Design } from "../../../domain/design/schema";
import { ApiResponseError, calculatePrice } from "../../lib/api-client";
import { addPricedLine } from "../../lib/basket";
import { applyDesignToOrder, createDesign, localDrafts, newLocalId, proofDesign, saveDesign, withUploadedImages } from "../../lib/design-api";
import type { EditorProduct, EditorStatus, EditorTarget, ImageCheck, SavedRef, Tab } from "./editor-types";
import type { useDesignHistory } from "./history";

export function useDesignSaving({
  product,
  target,
  loggedIn,
  history,
  design,
  name,
  saved,
  setSaved,
  imageChecks,
  setSelectedId,
  setTab,
  setStatus,
  setBusy,
  setProof,
}: {
  product: EditorProduct;
  target: EditorTarget;
  loggedIn: boolean;
  history: ReturnType<typeof useDesignHistory>;
  design: Design;
  name: string;
  saved: SavedRef;
  setSaved: (saved: SavedRef) => void;
  imageChecks: ImageCheck[];
  setSelectedId: (id: string | null) => void;
  setTab: (tab: Tab) => void;
  setStatus: (status: EditorStatus | null) => void;
  setBusy: (busy: string | null) => void;
  setProof: (proof: { src: string; checks: string[] } | null) => void;
}) {
  const navigate = useNavigate();

  /** Saves where this design belongs (the account, or this browser for a guest); answers the account's id if any. */
  const save = async (): Promise<{ id: number | null; localId: string | null }> => {
    const checked = designSchema.safeParse(design);
    if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? "This design cannot be saved yet.");
    const trimmed = name.trim() || `${product.name} design`;
    if (loggedIn) {
      const document = await withUploadedImages(checked.data);
      if (document !== checked.data) history.change(document);
      const answer = saved?.kind === "account" ? await saveDesign(saved.id, { name: trimmed, document, revision: saved.revision }) : await createDesign({ name: trimmed, productSlug: product.slug, document });
      setSaved({ kind: "account", id: answer.design.id, revision: answer.design.revision });
      return { id: answer.design.id, localId: null };
    }
    const localId = saved?.kind === "local" ? saved.localId : newLocalId("draft");
    localDrafts.set((all) => ({ ...all, [localId]: { name: trimmed, productSlug: product.slug, document: checked.data, updatedAt: new Date().toISOString() } }));
    setSaved({ kind: "local", localId });
    return { id: null, localId };
  };

  const onSave = async () => {
    setBusy("Saving…");
    setStatus(null);
    try {
      await save();
      setStatus({ text: loggedIn ? "Saved to your account." : "Saved on this device. It moves to your account when you check out.", kind: "ok" });
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : "The design could not be saved.", kind: "error" });
    } finally {
      setBusy(null);
    }
  };

  const onUse = async () => {
    setStatus(null);
    const low = imageChecks.find((check) => check.level === "low");
    if (low) {
      setSelectedId(low.id);
      setTab("selected");
      setStatus({ text: low.message, kind: "error" });
      return;
    }
    setBusy(target.kind === "basket" ? "Adding to your basket…" : "Making your print file…");
    try {
      const where = await save();
      if (target.kind === "order") {
        if (!where.id) throw new Error("Please sign in to use a design on your order.");
        await applyDesignToOrder(target.orderId, where.id, target.versionNumber);
        navigate(target.returnTo);
        return;
      }
      const options = product.attributes.filter((a) => target.attributeIds.includes(a.id));
      const priced = await calculatePrice({
        productId: product.id,
        ...(product.priceType !== "fixed" ? { customWidth: target.widthMm ?? undefined, customHeight: target.heightMm ?? undefined } : {}),
        selectedQuantity: target.quantity,
        attributes: options.map((a) => ({ group: a.group, subattribute_id: a.id, subattribute_name: a.name })),
      });
      addPricedLine(product, priced, {
        quantity: target.quantity,
        versions: 1,
        customWidth: target.widthMm,
        customHeight: target.heightMm,
        orientation: target.orientation,
        design: { id: where.id, localId: where.localId, name: name.trim() || `${product.name} design` },
      });
      navigate("/basket");
    } catch (error) {
      setStatus({ text: error instanceof ApiResponseError || error instanceof Error ? error.message : "Something went wrong. Please try again.", kind: "error" });
    } finally {
      setBusy(null);
    }
  };

  /** The server's print PDF of the saved design, as a proof with its preflight: what would be printed. */
  const onProof = async () => {
    setBusy("Making your print file…");
    setStatus(null);
    try {
      const where = await save();
      if (!where.id) return;
      const made = await proofDesign(where.id);
      setProof({ src: made.proof, checks: made.preflight.checks.map((c) => c.message) });
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : "The print file could not be made.", kind: "error" });
    } finally {
      setBusy(null);
    }
  };

  return { onSave, onUse, onProof };
}
