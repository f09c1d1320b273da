// Files for the designer (the brief's logos, photos and references, or files with amends): each goes as a
// resumable upload (purpose design-file, ADR 041), one at a time as chosen, with the bytes the server holds
// shown. A dropped connection carries on by itself; after a reload the unfinished file is offered again.
import { useId } from "react";
import { ARTWORK_ACCEPT } from "../../../domain/artwork";
import { fetchDesign, removeDesignFile, type DesignFile } from "../../lib/design-jobs-api";
import { actionMessage, useAction } from "../../lib/use-action";
import { useResumableUpload } from "../../lib/use-resumable-upload";
import { ResumableBar, UnfinishedNotice } from "../upload/resumable-status";

const messageOf = actionMessage("Network error. Please try again.");

export function FilePicker({ orderId, files, onFiles, label }: { orderId: number; files: DesignFile[]; onFiles: (files: DesignFile[]) => void; label: string }) {
  const inputId = useId();
  const slot = useResumableUpload("design-file", { orderId: String(orderId) });
  const { problem, run } = useAction(messageOf);
  const pick = (chosen: File[]) =>
    void run(async () => {
      let current = files;
      for (const file of chosen) {
        const outcome = await slot.send(file);
        const fileId = (outcome.result as { fileId?: number } | null)?.fileId;
        // The stored file as the job now shows it (its thumbnail and link).
        const job = await fetchDesign(orderId);
        const stored = [...job.brief_files, ...job.pending_files].find((f) => f.id === fileId);
        if (stored) current = [...current, stored];
        onFiles(current);
      }
    });
  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={ARTWORK_ACCEPT}
        className="block w-full text-sm"
        onChange={(e) => {
          pick(Array.from(e.target.files ?? []));
          e.target.value = "";
        }}
      />
      <p className="mt-1 text-xs text-slate-500">JPG, PNG, TIFF, WebP or PDF.</p>
      {slot.unfinished && !slot.progress ? <UnfinishedNotice unfinished={slot.unfinished} onDiscard={() => void slot.discard()} /> : null}
      {slot.progress ? <ResumableBar progress={slot.progress} label={`Sending ${slot.fileName ?? "your file"}`} onCancel={() => void slot.cancel()} /> : null}
      {problem ? <p role="alert" className="mt-1 text-sm font-semibold text-red-700">{problem}</p> : null}
      {files.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Files for the designer">
          {files.map((file) => (
            <li key={file.id} className="flex items-center justify-between gap-2 rounded bg-slate-50 px-2 py-1">
              <span className="min-w-0 truncate">{file.file_name}</span>
              <button
                type="button"
                className="text-xs font-semibold text-red-700 hover:underline"
                aria-label={`Remove ${file.file_name}`}
                onClick={() =>
                  void run(async () => {
                    await removeDesignFile(orderId, file.id);
                    onFiles(files.filter((f) => f.id !== file.id));
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
