import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ARTWORK_MESSAGES, isArtworkComplete, quantitiesTotal, quantityProblem } from "../../../domain/artwork";
import { deleteVersion, fetchGroup, patchVersion, type OrderFile, type OrderProduct } from "../../lib/orders-api";
import { discardUnfinished, findUnfinished, isSameFile, startResumableUpload, UploadRefused, type ResumableUpload, type Unfinished } from "../../lib/resumable-upload";
import type { SaveQueue } from "../../lib/save-queue";
import { ProofModal } from "./proof-modal";
import { refusalOf, VersionSlot, type UploadProgress } from "./version-slot";

type Refusal = ReturnType<typeof refusalOf>;

/** Every version of one ordered item, with its quantities and notes. */
export function ItemUploader({
  orderGroupId,
  product,
  onFileChange,
  saves,
}: {
  orderGroupId: number;
  product: OrderProduct;
  onFileChange: (orderId: number, version: number, file: OrderFile | null) => void;
  /** The page's saves: Order Complete waits for them (app/lib/save-queue.ts). */
  saves: SaveQueue;
}) {
  const notesId = useId();
  const [progress, setProgress] = useState<Record<number, UploadProgress>>({});
  const [refusals, setRefusals] = useState<Record<number, Refusal>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [notes, setNotes] = useState(product.notes);
  const [proofOf, setProofOf] = useState<OrderFile | null>(null);
  const locked = product.status !== "Awaiting Artwork";
  const fileFor = (version: number) => product.files.find((f) => f.version_number === version) ?? null;
  const versions = Array.from({ length: product.versions }, (_, i) => i + 1);
  const [unfinished, setUnfinished] = useState<Record<number, Unfinished>>({});
  const running = useRef(new Map<number, ResumableUpload>());
  const target = (version: number) => ({ orderId: String(product.order_id), version: String(version) });
  const without = <T,>(record: Record<number, T>, version: number) => {
    const next = { ...record };
    delete next[version];
    return next;
  };

  // After a reload or a closed tab: an upload this browser left unfinished is offered to carry on.
  const versionsToAsk = locked ? "" : versions.filter((v) => !fileFor(v)).join(",");
  useEffect(() => {
    if (!versionsToAsk) return;
    let cancelled = false;
    for (const version of versionsToAsk.split(",").map(Number)) {
      void findUnfinished("artwork", { orderId: String(product.order_id), version: String(version) }).then(
        (found) => {
          if (found && !cancelled) setUnfinished((u) => ({ ...u, [version]: found }));
        },
        () => {},
      );
    }
    return () => {
      cancelled = true;
    };
  }, [versionsToAsk, product.order_id]);

  async function upload(version: number, file: File) {
    setRefusals((r) => without(r, version));
    const left = unfinished[version];
    const resume = left && isSameFile(left, file) ? left : null;
    // Another file than the one left unfinished: what the server holds of that one goes.
    if (left && !resume) void discardUnfinished(left);
    setUnfinished((u) => without(u, version));
    const held = resume?.heldBytes ?? 0;
    setProgress((p) => ({ ...p, [version]: { phase: "starting", heldBytes: held, sentBytes: held, totalBytes: file.size } }));
    const handle = startResumableUpload({
      purpose: "artwork",
      target: target(version),
      file,
      resume,
      onProgress: (next) => setProgress((p) => ({ ...p, [version]: next })),
    });
    running.current.set(version, handle);
    try {
      await handle.done;
      // The stored version, as the order now shows it (thumbnail, preflight, quantity).
      const group = await fetchGroup(orderGroupId);
      const stored = group.products.find((p) => p.order_id === product.order_id)?.files.find((f) => f.version_number === version) ?? null;
      if (stored && version === 1 && notes && notes !== stored.notes) void change(1, { notes });
      onFileChange(product.order_id, version, stored);
    } catch (error) {
      if (running.current.get(version) === handle) {
        const preflight = error instanceof UploadRefused ? (error.outcome?.preflight ?? null) : null;
        setRefusals((r) => ({ ...r, [version]: preflight ? { message: error instanceof Error ? error.message : "", preflight } : refusalOf(error) }));
      }
    } finally {
      if (running.current.get(version) === handle) running.current.delete(version);
      setProgress((p) => without(p, version));
    }
  }

  async function cancelUpload(version: number) {
    const handle = running.current.get(version);
    running.current.delete(version);
    setProgress((p) => without(p, version));
    await handle?.cancel();
  }

  async function discard(version: number) {
    const left = unfinished[version];
    setUnfinished((u) => without(u, version));
    if (left) await discardUnfinished(left);
  }

  /** Several files dropped at once fill the free versions in order; more files than free versions is refused. */
  function onFiles(startVersion: number, files: File[]) {
    const free = versions.filter((v) => v >= startVersion && !fileFor(v) && !progress[v]).concat(versions.filter((v) => v < startVersion && !fileFor(v) && !progress[v]));
    if (files.length > free.length) {
      setNotice(ARTWORK_MESSAGES.tooManyVersions);
      return;
    }
    setNotice(null);
    files.forEach((file, index) => void upload(free[index]!, file));
  }

  async function change(version: number, body: { approved?: boolean; qty?: number; notes?: string }) {
    const before = fileFor(version);
    // Shown at once (a tick should tick); the server's answer then confirms it, or puts it back.
    if (before) onFileChange(product.order_id, version, { ...before, ...(body.approved !== undefined ? { approved: body.approved } : {}), ...(body.qty !== undefined ? { qty: body.qty } : {}) });
    // One version's changes reach the server in the order they were made; only the newest answer is shown.
    await saves.run(`${product.order_id}:${version}`, async (latest) => {
      try {
        const { file } = await patchVersion(product.order_id, version, body);
        if (latest()) onFileChange(product.order_id, version, file);
        setNotice(null);
      } catch (error) {
        if (before && latest()) onFileChange(product.order_id, version, before);
        setNotice(refusalOf(error).message);
      }
    });
  }

  async function remove(version: number) {
    await saves.run(`${product.order_id}:${version}`, async () => {
      try {
        await deleteVersion(product.order_id, version);
        onFileChange(product.order_id, version, null);
      } catch (error) {
        setNotice(refusalOf(error).message);
      }
    });
  }

  const files = product.files;
  const quantities = files.map((f) => ({ quantity: f.qty }));
  const qtyProblem = product.versions > 1 ? quantityProblem({ quantity: product.qty, versions: product.versions }, quantities) : null;
  const complete = isArtworkComplete(
    { quantity: product.qty, versions: product.versions },
    files.map((f) => ({ versionNumber: f.version_number, quantity: f.qty, approved: f.approved })),
  );

  return (
    <section aria-labelledby={`item-${product.order_id}`} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`item-${product.order_id}`} className="text-lg font-bold">
            {product.product_name}
          </h2>
          <p className="text-sm text-slate-600">
            {[product.size, product.orientation ?? "Custom", `Qty ${product.qty}`, product.versions > 1 ? `${product.versions} versions` : null].filter(Boolean).join(" · ")}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-xs font-bold ${locked || complete ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900"}`}>
          {locked ? product.status : complete ? "Ready" : "Artwork needed"}
        </span>
      </div>
      {product.rejection_reason && !locked ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          We could not use the artwork you sent: {product.rejection_reason} Please upload a new file.
        </p>
      ) : null}
      {!locked ? <DesignOnlineLink product={product} version={versions.find((v) => !fileFor(v)) ?? 1} /> : null}
      <div className="mt-4 space-y-3">
        {versions.map((version) => (
          <VersionSlot
            key={`${version}-${fileFor(version)?.id ?? "empty"}`}
            itemName={product.product_name}
            version={version}
            versions={product.versions}
            file={fileFor(version)}
            progress={progress[version] ?? null}
            refusal={refusals[version] ?? null}
            unfinished={unfinished[version] ?? null}
            locked={locked}
            onFiles={(dropped) => onFiles(version, dropped)}
            onApprove={(approved) => void change(version, { approved })}
            onRemove={() => void remove(version)}
            onQuantity={(qty) => void change(version, { qty })}
            onProof={() => setProofOf(fileFor(version))}
            onCancelUpload={() => void cancelUpload(version)}
            onDiscardUnfinished={() => void discard(version)}
          />
        ))}
      </div>
      {product.versions > 1 ? (
        <p className={`mt-3 text-sm ${qtyProblem ? "font-semibold text-red-700" : "text-slate-600"}`} aria-live="polite">
          {qtyProblem ?? `${quantitiesTotal(quantities)} of ${product.qty} allocated to versions`}
        </p>
      ) : null}
      {notice ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {notice}
        </p>
      ) : null}
      <div className="mt-4">
        <label htmlFor={notesId} className="field-label">
          Notes for our printers (optional)
        </label>
        <textarea
          id={notesId}
          rows={2}
          maxLength={2000}
          className="field-input"
          value={notes}
          disabled={locked}
          onChange={(e) => setNotes(e.target.value)}
          onBlur={() => {
            if (notes !== product.notes && fileFor(1)) void change(1, { notes });
          }}
        />
      </div>
      {proofOf ? <ProofModal file={proofOf} title={product.product_name} size={product.size} onClose={() => setProofOf(null)} /> : null}
    </section>
  );
}

/** The online editor for this item at its ordered size; the design comes back here as this version's file. */
function DesignOnlineLink({ product, version }: { product: OrderProduct; version: number }) {
  const location = useLocation();
  const query = new URLSearchParams({ order: String(product.order_id), version: String(version), w: String(product.width_mm ?? ""), h: String(product.height_mm ?? ""), o: product.orientation ?? "", return: location.pathname + location.search });
  return (
    <p className="mt-3 text-sm">
      No artwork? <a href={`/design/${product.product_slug}?${query}`} className="font-semibold text-brand-700 underline">Design it online</a> at exactly this size.
    </p>
  );
}
