// The online design editor: a design of exactly the ordered size, edited in place, saved as a draft
// (to the account, or for a guest in this browser), and used as the item's artwork: added to the basket
// before payment, or stored on an ordered item after it.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { addItem, type SelectedAttribute } from "../../../domain/basket";
import { previewHex } from "../../../domain/design/colour";
import { elementBox, fitDesignToSize, round2 } from "../../../domain/design/geometry";
import { safeInsetMm, type Finishing } from "../../../domain/design/guides";
import { placedPpi, ppiLevel, ppiWarning } from "../../../domain/design/ppi";
import { designImageIds, designSchema, type Design, type DesignElement } from "../../../domain/design/schema";
import type { DesignTemplate } from "../../../domain/design/templates";
import { formatSizeMm } from "../../../domain/preflight";
import { ApiResponseError, authHeaders, calculatePrice } from "../../lib/api-client";
import { useIsLoggedIn } from "../../lib/auth";
import { basketStore } from "../../lib/basket";
import {
  copyDesign,
  createDesign,
  deleteDesign,
  fetchDesign,
  proofDesign,
  getLocalImage,
  listDesigns,
  localDrafts,
  newLocalId,
  putLocalImage,
  saveDesign,
  imageOf,
  applyDesignToOrder,
  withUploadedImages,
  type DesignSummary,
} from "../../lib/design-api";
import { useResumableUpload } from "../../lib/use-resumable-upload";
import { ResumableBar, UnfinishedNotice } from "../upload/resumable-status";
import { Canvas } from "./canvas";
import { fontFaceCss } from "./font-faces";
import { useDesignHistory } from "./history";
import { ColourField, ElementPanel, LayersPanel, TemplatesPanel } from "./panels";

export type EditorProduct = { id: number; slug: string; name: string; image: string | null; minQty: number; orientation: string; fixedSize: string | null; priceType: string; attributes: { id: number; group: string; name: string }[] };

/** Where "Use this design" takes the design. */
export type EditorTarget =
  | { kind: "basket"; quantity: number; widthMm: number | null; heightMm: number | null; orientation: "Portrait" | "Landscape" | null; attributeIds: number[] }
  | { kind: "order"; orderId: number; versionNumber: number; returnTo: string };

/** Which saved copy the editor writes to: the account's (with its revision) or this browser's. */
type SavedRef = { kind: "account"; id: number; revision: number } | { kind: "local"; localId: string } | null;

type Tab = "templates" | "add" | "selected" | "background" | "layers" | "designs";

const nextId = (kind: string) => `${kind}-${Math.random().toString(36).slice(2, 8)}`;

export function DesignEditor({
  product,
  size,
  finishing,
  templates,
  target,
  open,
}: {
  product: EditorProduct;
  size: { widthMm: number; heightMm: number };
  finishing: Finishing;
  templates: DesignTemplate[];
  target: EditorTarget;
  /** A saved design to open: `design` (account) or `draft` (this browser). */
  open: { designId: number | null; draftId: string | null };
}) {
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const history = useDesignHistory(templates[0]!.build(size));
  const { design } = history;
  const [started, setStarted] = useState(false);
  const [name, setName] = useState(`${product.name} design`);
  const [saved, setSaved] = useState<SavedRef>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editingTextId, setEditingTextId] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [tab, setTab] = useState<Tab>("templates");
  const [status, setStatus] = useState<{ text: string; kind: "ok" | "error" } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // A signed-in customer's pictures go as resumable uploads: the bar shows what the server holds, and a
  // picture left half-sent by a reload is offered again (ADR 041). A guest's stay in this browser.
  const pictures = useResumableUpload("design-image", loggedIn ? {} : null);
  const [imageUrls, setImageUrls] = useState<Record<string, string>>({});
  const [proof, setProof] = useState<{ src: string; checks: string[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<string | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [stageSize, setStageSize] = useState({ width: 800, height: 500 });

  const selected = design.elements.find((e) => e.id === selectedId) ?? null;
  const safeInset = safeInsetMm(size, finishing);

  // The canvas fits the space it has; zoom multiplies that.
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setStageSize({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const fitScale = Math.min((stageSize.width - 24) / size.widthMm, (stageSize.height - 24) / size.heightMm);
  const scale = Math.max(0.01, fitScale * zoom);

  // Opening a saved design (fitted to this size, keeping each element on its anchors).
  useEffect(() => {
    if (open.designId && loggedIn) {
      fetchDesign(open.designId)
        .then(({ design: found }) => {
          history.reset(fitDesignToSize(found.document, size));
          setName(found.name);
          setSaved({ kind: "account", id: found.id, revision: found.revision });
          setStarted(true);
          setTab("selected");
        })
        .catch(() => setStatus({ text: "That design could not be opened.", kind: "error" }));
    } else if (open.draftId) {
      const draft = localDrafts.get()[open.draftId];
      if (draft) {
        history.reset(fitDesignToSize(draft.document, size));
        setName(draft.name);
        setSaved({ kind: "local", localId: open.draftId });
        setStarted(true);
      }
    }
    // Once, for the design named in the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Pictures: the account's through the API with the token, a guest's from this browser.
  useEffect(() => {
    for (const id of designImageIds(design)) {
      if (imageUrls[id]) continue;
      const load = id.startsWith("local_")
        ? getLocalImage(id).then((image) => image?.blob ?? null)
        : window.fetch(`/api/design-images/${id}`, { headers: authHeaders() }).then((response) => (response.ok ? response.blob() : null));
      void load.then((blob) => blob && setImageUrls((urls) => (urls[id] ? urls : { ...urls, [id]: URL.createObjectURL(blob) })));
    }
  }, [design, imageUrls]);

  const update = useCallback(
    (element: DesignElement) => history.change({ ...design, elements: design.elements.map((e) => (e.id === element.id ? element : e)) }),
    [design, history],
  );
  const remove = useCallback(
    (id: string) => {
      history.change({ ...design, elements: design.elements.filter((e) => e.id !== id) });
      setSelectedId(null);
    },
    [design, history],
  );
  const add = (element: DesignElement) => {
    history.change({ ...design, elements: [...design.elements, element] });
    setSelectedId(element.id);
    setStarted(true);
    setTab("selected");
  };
  const centred = { x: { anchor: "centre" as const, offsetMm: 0 }, y: { anchor: "centre" as const, offsetMm: 0 }, locked: false };
  const u = Math.min(size.widthMm, size.heightMm);

  // Keyboard: nudges (Shift for 10 mm), delete, undo and redo.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && (event.target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName));
      if (typing) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === "z") {
        event.preventDefault();
        if (event.shiftKey) history.redo();
        else history.undo();
        return;
      }
      if (mod && event.key.toLowerCase() === "y") {
        event.preventDefault();
        history.redo();
        return;
      }
      if (!selected || selected.locked) return;
      const step = event.shiftKey ? 10 : 1;
      const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      const by = moves[event.key];
      if (by) {
        event.preventDefault();
        const flip = (anchor: string) => (anchor === "end" ? -1 : 1);
        update({ ...selected, x: { ...selected.x, offsetMm: round2(selected.x.offsetMm + by[0] * flip(selected.x.anchor)) }, y: { ...selected.y, offsetMm: round2(selected.y.offsetMm + by[1] * flip(selected.y.anchor)) } });
      } else if (event.key === "Delete" || event.key === "Backspace") {
        event.preventDefault();
        remove(selected.id);
      } else if (event.key === "Escape") {
        setSelectedId(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [history, selected, update, remove]);

  /** The pixel size of a picture as this browser decodes it (a file that is not a picture is refused here too). */
  const measure = async (file: File) => {
    const bitmap = await createImageBitmap(file).catch(() => null);
    if (!bitmap) throw new Error("This file is not a picture we can read. Please choose a JPEG, PNG, TIFF or WebP.");
    const result = { widthPx: bitmap.width, heightPx: bitmap.height };
    bitmap.close();
    return result;
  };

  const onPicture = async (file: File) => {
    setBusy("Adding your picture…");
    setStatus(null);
    try {
      let image: { id: string; widthPx: number; heightPx: number };
      if (loggedIn) {
        image = imageOf(await pictures.send(file));
        setImageUrls((urls) => ({ ...urls, [image.id]: URL.createObjectURL(file) }));
      } else {
        const measured = await measure(file);
        image = { id: newLocalId("local"), ...measured };
        await putLocalImage(image.id, { blob: file, fileName: file.name, ...measured });
        setImageUrls((urls) => ({ ...urls, [image.id]: URL.createObjectURL(file) }));
      }
      const existing = replacing.current ? design.elements.find((e) => e.id === replacing.current) : null;
      replacing.current = null;
      if (existing?.kind === "image") {
        update({ ...existing, imageId: image.id, widthPx: image.widthPx, heightPx: image.heightPx });
      } else if (existing === undefined || existing === null) {
        const longest = u * 0.4;
        const ratio = image.widthPx / image.heightPx;
        const widthMm = round2(ratio >= 1 ? longest : longest * ratio);
        const heightMm = round2(ratio >= 1 ? longest / ratio : longest);
        add({ id: nextId("image"), kind: "image", imageId: image.id, widthPx: image.widthPx, heightPx: image.heightPx, widthMm, heightMm, fit: "contain", ...centred });
      }
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : "The picture could not be added.", kind: "error" });
    } finally {
      setBusy(null);
    }
  };

  const imageChecks = useMemo(() => {
    return design.elements.flatMap((element) => {
      if (element.kind !== "image") return [];
      const ppi = placedPpi(element.widthPx, element.heightPx, elementBox(element, design), element.fit);
      const level = ppiLevel(ppi);
      return level === "good" ? [] : [{ id: element.id, level, message: ppiWarning(ppi)! }];
    });
  }, [design]);

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
      const attributes: SelectedAttribute[] = priced.attributeIds.map((id) => {
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
          quantity: target.quantity,
          versions: 1,
          pricePence: priced.linePence,
          qty_limits: { min_qty: product.minQty, orientation: product.orientation, fixed_size: product.fixedSize },
          customWidth: target.widthMm,
          customHeight: target.heightMm,
          orientation: target.orientation,
          reorder: null,
          design: { id: where.id, localId: where.localId, name: name.trim() || `${product.name} design` },
        }),
      );
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

  const pickTemplate = (template: DesignTemplate) => {
    history.change(template.build(size));
    setSelectedId(null);
    setStarted(true);
    setTab("selected");
  };

  const tabs: { id: Tab; label: string }[] = [
    { id: "templates", label: "Templates" },
    { id: "add", label: "Add" },
    { id: "selected", label: "Edit" },
    { id: "background", label: "Background" },
    { id: "layers", label: "Layers" },
    { id: "designs", label: "My designs" },
  ];

  return (
    <div className="flex flex-col gap-3">
      <style>{fontFaceCss()}</style>
      <div className="flex flex-wrap items-center gap-2 rounded-lg bg-white p-2 shadow-sm ring-1 ring-slate-200">
        <label className="sr-only" htmlFor="design-name">Design name</label>
        <div className="w-full sm:w-64">
          <input id="design-name" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} className="field-input py-1.5 text-sm" />
        </div>
        <span className="text-sm text-slate-600" data-testid="design-size">{formatSizeMm(size)}</span>
        <div className="ml-auto flex flex-wrap items-center gap-1">
          <button type="button" onClick={history.undo} disabled={!history.canUndo} className="btn-outline px-2 py-1.5 text-sm" aria-label="Undo">↶ Undo</button>
          <button type="button" onClick={history.redo} disabled={!history.canRedo} className="btn-outline px-2 py-1.5 text-sm" aria-label="Redo">↷ Redo</button>
          <button type="button" onClick={() => setZoom((z) => Math.max(0.25, z / 1.25))} className="btn-outline px-2 py-1.5 text-sm" aria-label="Zoom out">−</button>
          <button type="button" onClick={() => setZoom(1)} className="btn-outline px-2 py-1.5 text-sm" aria-label="Fit to screen">{Math.round(zoom * 100)}%</button>
          <button type="button" onClick={() => setZoom((z) => Math.min(8, z * 1.25))} className="btn-outline px-2 py-1.5 text-sm" aria-label="Zoom in">+</button>
          <button type="button" onClick={onSave} disabled={busy !== null} className="btn-outline px-3 py-1.5 text-sm">Save draft</button>
          {loggedIn ? <button type="button" onClick={onProof} disabled={busy !== null} className="btn-outline px-3 py-1.5 text-sm">Print proof</button> : null}
          <button type="button" onClick={onUse} disabled={busy !== null} className="btn-primary px-3 py-1.5 text-sm">Use this design</button>
        </div>
      </div>
      {busy ? <p role="status" className="text-sm text-slate-600">{busy}</p> : null}
      {pictures.progress ? <ResumableBar progress={pictures.progress} label={`Sending ${pictures.fileName ?? "your picture"}`} onCancel={() => void pictures.cancel()} /> : null}
      {pictures.unfinished && !pictures.progress ? <UnfinishedNotice unfinished={pictures.unfinished} onDiscard={() => void pictures.discard()} /> : null}
      {status ? (
        <p role={status.kind === "error" ? "alert" : "status"} className={`rounded-md px-3 py-2 text-sm ${status.kind === "error" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}`}>
          {status.text}
        </p>
      ) : null}
      {proof ? (
        <div role="dialog" aria-modal="true" aria-label="Print proof" className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4" onClick={() => setProof(null)}>
          <div className="max-h-full max-w-3xl overflow-auto rounded-lg bg-white p-4" onClick={(event) => event.stopPropagation()}>
            <h2 className="text-lg font-bold">Proof of your print file</h2>
            <p className="text-sm text-slate-600">Made on our server from your design, exactly as it will be printed ({formatSizeMm(size)}).</p>
            <img src={proof.src} alt="Proof of the print file" className="mt-3 max-h-[60vh] w-full object-contain ring-1 ring-slate-200" />
            {proof.checks.length > 0 ? <ul className="mt-2 text-sm text-amber-900">{proof.checks.map((check) => <li key={check}>{check}</li>)}</ul> : <p className="mt-2 text-sm text-emerald-800">Our print checks found nothing to change.</p>}
            <button type="button" className="btn-primary mt-3 px-4 py-2" onClick={() => setProof(null)} autoFocus>Close</button>
          </div>
        </div>
      ) : null}
      {imageChecks.length > 0 ? (
        <ul className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" aria-label="Picture warnings">
          {imageChecks.map((check) => (
            <li key={check.id}>{check.message}</li>
          ))}
        </ul>
      ) : null}

      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div
          ref={stage}
          className="relative max-h-[70vh] overflow-auto rounded-lg bg-slate-200"
          // As tall as the design needs at this width (a 3 × 1 m banner on a phone needs little), at most 70% of the screen.
          style={{ height: Math.max(180, Math.min(stageSize.width * (size.heightMm / size.widthMm) + 32, 720)) }}
          data-testid="design-stage"
        >
          <div className="flex min-h-full min-w-full items-center justify-center p-3" style={{ width: Math.max(stageSize.width, size.widthMm * scale + 24), height: Math.max(stageSize.height, size.heightMm * scale + 24) }}>
            <Canvas
              design={design}
              scale={scale}
              imageUrls={imageUrls}
              selectedId={selectedId}
              editingTextId={editingTextId}
              finishing={finishing}
              safeInset={safeInset}
              onSelect={(id) => {
                setSelectedId(id);
                if (id) setTab("selected");
              }}
              onPreview={history.preview}
              onCommit={history.commit}
              onEditText={(id) => {
                setSelectedId(id);
                setEditingTextId(id);
              }}
              onTextChange={(id, text) => {
                const element = design.elements.find((e) => e.id === id);
                if (element?.kind === "text") update({ ...element, text: text.replace(/\t/g, " ") });
              }}
              onStopEditing={() => setEditingTextId(null)}
            />
          </div>
        </div>

        <aside className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200" aria-label="Design tools">
          <div role="tablist" aria-label="Design tools" className="mb-3 flex flex-wrap gap-1">
            {tabs.map((t) => (
              <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} onClick={() => setTab(t.id)} className={`rounded-md px-2 py-1 text-sm font-semibold ${tab === t.id ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700"}`}>
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" className="max-h-[60vh] overflow-y-auto pr-1">
            {tab === "templates" ? (
              <>
                {!started ? <p className="mb-2 text-sm text-slate-700">Choose a template to start from, then change the wording and add your logo.</p> : null}
                <TemplatesPanel templates={templates} size={size} onPick={pickTemplate} />
              </>
            ) : null}
            {tab === "add" ? (
              <div className="grid grid-cols-2 gap-2">
                <button type="button" className="btn-outline py-2 text-sm" onClick={() => add({ id: nextId("text"), kind: "text", text: "Your text here", font: "montserrat", weight: 700, sizeMm: round2(u * 0.08), lineHeight: 1.15, align: "centre", colour: { c: 0, m: 0, y: 0, k: 100 }, widthMm: round2(size.widthMm * 0.6), ...centred })}>
                  Add text
                </button>
                <button type="button" className="btn-outline py-2 text-sm" onClick={() => fileInput.current?.click()}>Add image or logo</button>
                <button type="button" className="btn-outline py-2 text-sm" onClick={() => add({ id: nextId("shape"), kind: "shape", shape: "rectangle", widthMm: round2(u * 0.3), heightMm: round2(u * 0.2), fill: { c: 0, m: 60, y: 100, k: 0 }, stroke: null, strokeMm: 0, cornerMm: 0, ...centred })}>
                  Add rectangle
                </button>
                <button type="button" className="btn-outline py-2 text-sm" onClick={() => add({ id: nextId("shape"), kind: "shape", shape: "ellipse", widthMm: round2(u * 0.25), heightMm: round2(u * 0.25), fill: { c: 70, m: 15, y: 0, k: 0 }, stroke: null, strokeMm: 0, cornerMm: 0, ...centred })}>
                  Add circle
                </button>
                <button type="button" className="btn-outline py-2 text-sm" onClick={() => add({ id: nextId("line"), kind: "line", widthMm: round2(size.widthMm * 0.5), heightMm: 0, slope: "down", colour: { c: 0, m: 0, y: 0, k: 100 }, strokeMm: round2(Math.max(0.5, u * 0.01)), ...centred })}>
                  Add line
                </button>
                <button type="button" className="btn-outline py-2 text-sm" onClick={() => add({ id: nextId("qr"), kind: "qr", url: "https://example.co.uk", sizeMm: round2(Math.max(20, u * 0.2)), colour: { c: 0, m: 0, y: 0, k: 100 }, background: { c: 0, m: 0, y: 0, k: 0 }, ...centred })}>
                  Add QR code
                </button>
              </div>
            ) : null}
            {tab === "selected" ? (
              selected ? (
                <ElementPanel
                  element={selected}
                  design={design}
                  onChange={update}
                  onDelete={() => remove(selected.id)}
                  onEditText={() => setEditingTextId(selected.id)}
                  onReplaceImage={() => {
                    replacing.current = selected.id;
                    fileInput.current?.click();
                  }}
                />
              ) : (
                <p className="text-sm text-slate-600">Tap something on the design to change it, or add text, a picture, a shape, a line or a QR code.</p>
              )
            ) : null}
            {tab === "background" ? (
              <div className="flex flex-col gap-3">
                <ColourField label="Background colour" value={design.background.colour} onChange={(colour) => colour && history.change({ ...design, background: { ...design.background, colour } })} />
                <BackgroundImage design={design} onChange={history.change} onUploadImage={(file) => onBackgroundPicture(file)} />
              </div>
            ) : null}
            {tab === "layers" ? (
              <LayersPanel
                design={design}
                selectedId={selectedId}
                onSelect={(id) => {
                  setSelectedId(id);
                  setTab("selected");
                }}
                onMove={(id, by) => {
                  const index = design.elements.findIndex((e) => e.id === id);
                  const to = index + by;
                  if (to < 0 || to >= design.elements.length) return;
                  const elements = [...design.elements];
                  [elements[index], elements[to]] = [elements[to]!, elements[index]!];
                  history.change({ ...design, elements });
                }}
              />
            ) : null}
            {tab === "designs" ? <SavedDesigns loggedIn={loggedIn} productSlug={product.slug} onOpen={(document, designName, ref) => {
              history.reset(fitDesignToSize(document, size));
              setName(designName);
              setSaved(ref);
              setStarted(true);
              setTab("selected");
            }} /> : null}
          </div>
        </aside>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/tiff,image/webp,.jpg,.jpeg,.png,.tif,.tiff,.webp"
        className="sr-only"
        aria-label="Choose a picture"
        data-testid="picture-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void onPicture(file);
        }}
      />
      <p className="text-xs text-slate-500">
        <span className="mr-3 inline-block h-0 w-4 border-t-2 border-dashed border-cyan-500 align-middle" /> Keep text and logos inside the safe area ({Math.round(safeInset)} mm from the edges).
        {finishing.hemMm > 0 ? <> <span className="mx-1 inline-block h-0 w-4 border-t-2 border-dashed border-amber-500 align-middle" /> Hem ({finishing.hemMm} mm).</> : null}
        {finishing.eyeletSpacingMm ? <> Circles show the eyelets (every {finishing.eyeletSpacingMm / 10} cm).</> : null} Arrow keys nudge by 1 mm (Shift: 10 mm); double-click text to edit it.
      </p>
    </div>
  );

  async function onBackgroundPicture(file: File) {
    replacing.current = "__background__";
    setBusy("Adding your picture…");
    try {
      let image: { id: string; widthPx: number; heightPx: number };
      if (loggedIn) image = imageOf(await pictures.send(file));
      else {
        const measured = await measure(file);
        image = { id: newLocalId("local"), ...measured };
        await putLocalImage(image.id, { blob: file, fileName: file.name, ...measured });
      }
      setImageUrls((urls) => ({ ...urls, [image.id]: URL.createObjectURL(file) }));
      history.change({ ...design, background: { ...design.background, image: { imageId: image.id, widthPx: image.widthPx, heightPx: image.heightPx, fit: "cover" } } });
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : "The picture could not be added.", kind: "error" });
    } finally {
      replacing.current = null;
      setBusy(null);
    }
  }
}

function BackgroundImage({ design, onChange, onUploadImage }: { design: Design; onChange: (design: Design) => void; onUploadImage: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const image = design.background.image;
  const ppi = image ? placedPpi(image.widthPx, image.heightPx, { x: 0, y: 0, w: design.widthMm, h: design.heightMm }, image.fit) : null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-700">Background picture</p>
      {image && ppi !== null ? <p className="text-sm text-slate-700" data-testid="background-ppi">{ppiWarning(ppi) ?? `${Math.round(ppi)} ppi: it will print sharp.`}</p> : null}
      <div className="flex gap-2">
        <button type="button" className="btn-outline flex-1 py-1.5 text-sm" onClick={() => input.current?.click()}>{image ? "Replace" : "Add a picture"}</button>
        {image ? <button type="button" className="btn-outline flex-1 py-1.5 text-sm" onClick={() => onChange({ ...design, background: { ...design.background, image: null } })}>Remove</button> : null}
      </div>
      <input ref={input} type="file" accept="image/jpeg,image/png,image/tiff,image/webp" className="sr-only" aria-label="Choose a background picture" onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = "";
        if (file) onUploadImage(file);
      }} />
      <p className="text-xs text-slate-500">Swatch preview: <span className="inline-block h-3 w-3 rounded-sm align-middle ring-1 ring-slate-300" style={{ background: previewHex(design.background.colour) }} /></p>
    </div>
  );
}

function SavedDesigns({ loggedIn, productSlug, onOpen }: { loggedIn: boolean; productSlug: string; onOpen: (document: Design, name: string, ref: SavedRef) => void }) {
  const [designs, setDesigns] = useState<DesignSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const drafts = localDrafts.use();
  const reload = useCallback(() => {
    if (!loggedIn) return;
    listDesigns()
      .then((answer) => setDesigns(answer.designs))
      .catch(() => setProblem("Your designs could not be loaded."));
  }, [loggedIn]);
  useEffect(reload, [reload]);
  const local = Object.entries(drafts);
  return (
    <div className="flex flex-col gap-2">
      {problem ? <p role="alert" className="text-sm text-red-700">{problem}</p> : null}
      {loggedIn && designs?.length === 0 && local.length === 0 ? <p className="text-sm text-slate-600">No saved designs yet.</p> : null}
      {!loggedIn ? <p className="text-xs text-slate-500">Designs saved on this device move to your account when you check out.</p> : null}
      <ul className="flex flex-col gap-1">
        {(designs ?? []).map((d) => (
          <li key={d.id} className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm">
            <span className="min-w-0 flex-1 truncate">{d.name} <span className="text-xs text-slate-500">{Math.round(d.widthMm)} × {Math.round(d.heightMm)} mm{d.productSlug !== productSlug ? ", other product" : ""}</span></span>
            <button type="button" className="font-semibold text-brand-700" onClick={() => fetchDesign(d.id).then(({ design }) => onOpen(design.document, design.name, { kind: "account", id: design.id, revision: design.revision }))}>Open</button>
            <button type="button" className="font-semibold text-brand-700" onClick={() => copyDesign(d.id).then(reload)}>Copy</button>
            <button type="button" className="text-red-700" onClick={() => deleteDesign(d.id).then(reload)} aria-label={`Delete ${d.name}`}>✕</button>
          </li>
        ))}
        {local.map(([localId, draft]) => (
          <li key={localId} className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm">
            <span className="min-w-0 flex-1 truncate">{draft.name} <span className="text-xs text-slate-500">on this device</span></span>
            <button type="button" className="font-semibold text-brand-700" onClick={() => onOpen(draft.document, draft.name, { kind: "local", localId })}>Open</button>
            <button type="button" className="font-semibold text-brand-700" onClick={() => localDrafts.set((all) => ({ ...all, [newLocalId("draft")]: { ...draft, name: `Copy of ${draft.name}`.slice(0, 80), updatedAt: new Date().toISOString() } }))}>Copy</button>
          </li>
        ))}
      </ul>
    </div>
  );
}
