import { useEffect, useRef } from "react";
import { openPrivateFile, useAuthorisedObjectUrl, type OrderFile } from "../../lib/orders-api";

/** The proof: the print PDF rendered at the ordered size, in a modal dialog (Escape or the button closes it). */
export function ProofModal({ file, title, size, onClose }: { file: OrderFile; title: string; size: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const proof = useAuthorisedObjectUrl(file.proof_url ?? file.thumbnail_url);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    const close = () => onClose();
    element.addEventListener("close", close);
    return () => element.removeEventListener("close", close);
  }, [onClose]);

  return (
    <dialog ref={dialog} aria-labelledby="proof-title" className="m-auto w-[min(56rem,95vw)] rounded-lg p-0 shadow-xl backdrop:bg-ink/70">
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
        <h2 id="proof-title" className="font-bold">
          Proof: {title}, version {file.version_number} ({size})
        </h2>
        <button type="button" className="btn-outline px-3 py-1" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <div className="flex max-h-[75vh] items-center justify-center overflow-auto bg-slate-100 p-4">
        {proof.src ? (
          <img src={proof.src} alt={`Proof of ${file.file_name} at the ordered size`} className="max-h-[70vh] w-auto bg-white shadow" />
        ) : (
          <p className="p-8 text-slate-600">{proof.failed ? "The proof could not be loaded." : "Loading the proof…"}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
        <span className="text-slate-600">This is how your file sits on the finished print, edge to edge.</span>
        <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={() => void openPrivateFile(file.pdf_url)}>
          Open the print PDF
        </button>
      </div>
    </dialog>
  );
}
