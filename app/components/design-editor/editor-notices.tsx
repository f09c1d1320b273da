// What the editor has to say above the design: what it is doing, a picture on its way, the last outcome,
// the print proof, and pictures too small to print sharp.
import { formatSizeMm } from "../../../domain/preflight";
import type { ResumableSlot } from "../../lib/use-resumable-upload";
import { ResumableBar, UnfinishedNotice } from "../upload/resumable-status";
import type { EditorStatus, ImageCheck } from "./editor-types";

export type EditorProof = { src: string; checks: string[] };

export function EditorNotices({
  busy,
  pictures,
  status,
  proof,
  onCloseProof,
  size,
  imageChecks,
}: {
  busy: string | null;
  pictures: ResumableSlot;
  status: EditorStatus | null;
  proof: EditorProof | null;
  onCloseProof: () => void;
  size: { widthMm: number; heightMm: number };
  imageChecks: ImageCheck[];
}) {
  return (
    <>
      {busy ? <p role="status" className="text-sm text-slate-600">{busy}</p> : null}
      {pictures.progress ? <ResumableBar progress={pictures.progress} label={`Sending ${pictures.fileName ?? "your picture"}`} onCancel={() => void pictures.cancel()} /> : null}
      {pictures.unfinished && !pictures.progress ? <UnfinishedNotice unfinished={pictures.unfinished} onDiscard={() => void pictures.discard()} /> : null}
      {status ? (
        <p role={status.kind === "error" ? "alert" : "status"} className={`rounded-md px-3 py-2 text-sm ${status.kind === "error" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}`}>
          {status.text}
        </p>
      ) : null}
      {proof ? <ProofDialog proof={proof} size={size} onClose={onCloseProof} /> : null}
      {imageChecks.length > 0 ? (
        <ul className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" aria-label="Picture warnings">
          {imageChecks.map((check) => (
            <li key={check.id}>{check.message}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function ProofDialog({ proof, size, onClose }: { proof: EditorProof; size: { widthMm: number; heightMm: number }; onClose: () => void }) {
  return (
    <div role="dialog" aria-modal="true" aria-label="Print proof" className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4" onClick={onClose}>
      <div className="max-h-full max-w-3xl overflow-auto rounded-lg bg-white p-4" onClick={(event) => event.stopPropagation()}>
        <h2 className="text-lg font-bold">Proof of your print file</h2>
        <p className="text-sm text-slate-600">Made on our server from your design, exactly as it will be printed ({formatSizeMm(size)}).</p>
        <img src={proof.src} alt="Proof of the print file" className="mt-3 max-h-[60vh] w-full object-contain ring-1 ring-slate-200" />
        {proof.checks.length > 0 ? <ul className="mt-2 text-sm text-amber-900">{proof.checks.map((check) => <li key={check}>{check}</li>)}</ul> : <p className="mt-2 text-sm text-emerald-800">Our print checks found nothing to change.</p>}
        <button type="button" className="btn-primary mt-3 px-4 py-2" onClick={onClose} autoFocus>Close</button>
      </div>
    </div>
  );
}
