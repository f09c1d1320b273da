import { useId, useRef, useState } from "react";
import { ARTWORK_ACCEPT, shortFileName } from "../../../domain/artwork";
import { formatFileSize } from "../../../domain/uploads";
import { ApiResponseError } from "../../lib/api-client";
import { useAuthorisedObjectUrl, type OrderFile, type Preflight } from "../../lib/orders-api";
import type { ResumableProgress, Unfinished } from "../../lib/resumable-upload";
import { progressText, UnfinishedNotice } from "../upload/resumable-status";

export type UploadProgress = ResumableProgress;

const VERDICT_STYLE: Record<Preflight["verdict"], { label: string; className: string }> = {
  pass: { label: "Checked: ready to print", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  warn: { label: "Checked: please read before approving", className: "bg-amber-50 text-amber-900 ring-amber-200" },
  fail: { label: "This file cannot be printed", className: "bg-red-50 text-red-800 ring-red-200" },
};


/** The preflight's findings in plain English, worst first. */
export function PreflightReport({ preflight }: { preflight: Preflight }) {
  const style = VERDICT_STYLE[preflight.verdict];
  return (
    <div className={`mt-2 rounded-md px-3 py-2 text-sm ring-1 ${style.className}`} data-verdict={preflight.verdict}>
      <p className="font-semibold">{style.label}</p>
      {preflight.checks.length > 0 ? (
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {preflight.checks.map((check) => (
            <li key={check.code}>{check.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type Props = {
  itemName: string;
  version: number;
  versions: number;
  file: OrderFile | null;
  progress: UploadProgress | null;
  refusal: { message: string; preflight: Preflight | null } | null;
  /** An upload of this version left unfinished (a reload, a closed tab): chosen again, it carries on. */
  unfinished: Unfinished | null;
  locked: boolean;
  onFiles: (files: File[]) => void;
  onApprove: (approved: boolean) => void;
  onRemove: () => void;
  onQuantity: (qty: number) => void;
  onProof: () => void;
  onCancelUpload: () => void;
  onDiscardUnfinished: () => void;
};

/** One version of an item: a drop zone, then the real upload progress, then the checked file to approve. */
export function VersionSlot({ itemName, version, versions, file, progress, refusal, unfinished, locked, onFiles, onApprove, onRemove, onQuantity, onProof, onCancelUpload, onDiscardUnfinished }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const thumb = useAuthorisedObjectUrl(file?.thumbnail_url ?? null);
  const [qtyText, setQtyText] = useState(String(file?.qty ?? ""));
  const label = versions > 1 ? `Version ${version}` : "Artwork";

  if (progress) {
    // The bar is what the server holds (docs/decisions/006-artwork-files.md: real bytes, never an animation).
    const percent = progress.totalBytes > 0 ? Math.floor((progress.heldBytes / progress.totalBytes) * 100) : 0;
    return (
      <div className="rounded-md border border-slate-200 p-4" data-phase={progress.phase}>
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-semibold">{label}</p>
          {progress.phase !== "checking" ? (
            <button type="button" className="text-sm font-semibold text-red-700 hover:underline" onClick={onCancelUpload}>
              Cancel upload
            </button>
          ) : null}
        </div>
        <progress
          className="mt-2 h-3 w-full accent-brand-700"
          max={progress.totalBytes}
          value={progress.heldBytes}
          aria-label={`Uploading ${label.toLowerCase()} of ${itemName}`}
          aria-valuetext={`${percent}%`}
        />
        <p className={`mt-1 text-sm ${progress.phase === "offline" || progress.phase === "retrying" ? "font-semibold text-amber-800" : "text-slate-600"}`} aria-live="polite">
          {progressText(progress, percent)}
        </p>
      </div>
    );
  }

  if (!file) {
    return (
      <div
        className={`rounded-md border-2 border-dashed p-4 text-center ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
        onDragOver={(event) => {
          if (locked) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!locked) onFiles([...event.dataTransfer.files]);
        }}
      >
        <p className="text-sm font-semibold">{label}</p>
        {unfinished ? <UnfinishedNotice unfinished={unfinished} onDiscard={onDiscardUnfinished} /> : null}
        <p className="mt-1 text-sm text-slate-600">Drop your file here, or</p>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ARTWORK_ACCEPT}
          multiple={versions > 1}
          className="sr-only"
          disabled={locked}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            if (files.length > 0) onFiles(files);
          }}
        />
        <label htmlFor={id} className="btn-outline mt-2 cursor-pointer">
          Choose file{versions > 1 ? "s" : ""} for {label.toLowerCase()} of {itemName}
        </label>
        <p className="mt-2 text-xs text-slate-500">PDF, JPG, PNG or TIFF, up to 200 MB</p>
        {refusal ? (
          <div role="alert" className="mt-3 text-left">
            {refusal.preflight ? <PreflightReport preflight={refusal.preflight} /> : <p className="text-sm font-semibold text-red-700">{refusal.message}</p>}
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className="rounded-md border border-slate-200 p-4">
      <div className="flex flex-col gap-4 sm:flex-row">
        <button type="button" onClick={onProof} className="shrink-0 self-start rounded ring-1 ring-slate-200 hover:ring-brand-600" aria-label={`View the proof of ${label.toLowerCase()}`}>
          {thumb.src ? (
            <img src={thumb.src} alt="" className="h-28 w-28 rounded bg-slate-100 object-contain" />
          ) : (
            <span className="flex h-28 w-28 items-center justify-center rounded bg-slate-100 text-xs text-slate-500">{thumb.failed ? "No preview" : "Loading…"}</span>
          )}
        </button>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{label}</p>
          <p className="truncate text-sm text-slate-700" title={file.file_name}>
            {shortFileName(file.file_name)} · {formatFileSize(file.size_bytes)}
          </p>
          {file.preflight ? <PreflightReport preflight={file.preflight} /> : null}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={onProof}>
              View proof
            </button>
            <label className="flex items-center gap-2 text-sm font-semibold">
              <input type="checkbox" className="h-5 w-5 accent-brand-700" checked={file.approved} disabled={locked} onChange={(e) => onApprove(e.target.checked)} />
              {file.approved ? "Approved" : "Approve this proof"}
            </label>
            {!locked ? (
              <button type="button" className="text-sm font-semibold text-red-700 hover:underline" onClick={onRemove}>
                Remove
              </button>
            ) : null}
          </div>
          {versions > 1 ? (
            <div className="mt-3 flex items-center gap-2">
              <label htmlFor={`${id}-qty`} className="text-sm">
                Quantity of this version
              </label>
              <input
                id={`${id}-qty`}
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                className="field-input w-24"
                value={qtyText}
                disabled={locked}
                onChange={(e) => setQtyText(e.target.value)}
                onBlur={() => {
                  const qty = Math.max(1, Math.floor(Number(qtyText) || 1));
                  setQtyText(String(qty));
                  if (qty !== file.qty) onQuantity(qty);
                }}
              />
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function refusalOf(error: unknown): { message: string; preflight: Preflight | null } {
  if (error instanceof ApiResponseError) return { message: error.message, preflight: (error as { preflight?: Preflight | null }).preflight ?? null };
  return { message: "Network error. Please try again.", preflight: null };
}
