// What a resumable upload shows (ADR 033, 041): a bar of the bytes the server holds, why it waits when it
// does (offline, retrying), and an upload left unfinished by an earlier visit, offered to carry on.
import { formatFileSize, UPLOAD_MESSAGES } from "../../../domain/uploads";
import type { ResumableProgress, Unfinished } from "../../lib/resumable-upload";

/** What the line under the bar says: the bytes the server holds, and why it is waiting when it is. */
export function progressText(progress: ResumableProgress, percent: number): string {
  const held = `${formatFileSize(progress.heldBytes)} of ${formatFileSize(progress.totalBytes)} received`;
  switch (progress.phase) {
    case "starting":
      return `Starting… ${held}`;
    case "sending":
      return `Uploading… ${percent}% (${held})`;
    case "offline":
      return `${UPLOAD_MESSAGES.offline} ${held}.`;
    case "retrying":
      return `The connection dropped: trying again… ${held}.`;
    case "checking":
      return UPLOAD_MESSAGES.checking;
  }
}

/** The running upload: `label` names it for screen readers ("Sending logo.png"). */
export function ResumableBar({ progress, label, onCancel }: { progress: ResumableProgress; label: string; onCancel?: () => void }) {
  // The bar is what the server holds (docs/decisions/006-artwork-files.md: real bytes, never an animation).
  const percent = progress.totalBytes > 0 ? Math.floor((progress.heldBytes / progress.totalBytes) * 100) : 0;
  const waiting = progress.phase === "offline" || progress.phase === "retrying";
  return (
    <div className="mt-2" data-phase={progress.phase}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="min-w-0 truncate">{label}</span>
        {onCancel && progress.phase !== "checking" ? (
          <button type="button" className="font-semibold text-red-700 hover:underline" onClick={onCancel}>
            Cancel upload
          </button>
        ) : null}
      </div>
      <progress className="mt-1 h-3 w-full accent-brand-700" max={progress.totalBytes} value={progress.heldBytes} aria-label={label} aria-valuetext={`${percent}%`} />
      <p className={`mt-1 text-sm ${waiting ? "font-semibold text-amber-800" : "text-slate-600"}`} aria-live="polite">
        {progressText(progress, percent)}
      </p>
    </div>
  );
}

/** An upload this browser left unfinished (a reload, a closed tab): choosing the same file carries on. */
export function UnfinishedNotice({ unfinished, onDiscard }: { unfinished: Unfinished; onDiscard: () => void }) {
  return (
    <div className="mt-2 rounded-md bg-amber-50 p-3 text-left text-sm text-amber-900 ring-1 ring-amber-200" role="status">
      <p>{UPLOAD_MESSAGES.resumable(unfinished.fileName, unfinished.heldBytes === null ? "part" : formatFileSize(unfinished.heldBytes))}</p>
      {unfinished.heldBytes !== null && unfinished.totalBytes > 0 ? (
        <progress className="mt-2 h-2 w-full accent-amber-600" max={unfinished.totalBytes} value={unfinished.heldBytes} aria-label={`Already received of ${unfinished.fileName}`} />
      ) : null}
      <button type="button" className="mt-2 font-semibold underline" onClick={onDiscard}>
        Start again with another file
      </button>
    </div>
  );
}
