// The proof waiting for the customer's answer: approve it (after a confirmation) or ask for amends.
import { useId, useState } from "react";
import { askAmends, approveDesign, type DesignJob } from "../../lib/design-jobs-api";
import { openPrivateFile } from "../../lib/orders-api";
import { errorMessage } from "../../lib/api-client";
import { useAction } from "../../lib/use-action";
import { FilePicker } from "./file-picker";
import { ProblemAlert } from "../problem-alert";
import { ProofImage, Warnings } from "./proof-image";

/** The proof waiting for the customer: look, then ask for amends or approve (after saying what that means). */
export function LatestProof({ job, onAnswered }: { job: DesignJob; onAnswered: (job: DesignJob) => void }) {
  const proof = job.proofs.at(-1)!;
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [files, setFiles] = useState(job.pending_files);
  const { busy, problem, run } = useAction(errorMessage);
  const [invalid, setInvalid] = useState<string | null>(null);

  return (
    <div className="space-y-4">
      <div>
        <h4 className="font-semibold">Proof version {proof.version}</h4>
        {proof.note ? <p className="mt-1 rounded bg-slate-50 px-3 py-2 text-sm">From {proof.designer ?? "your designer"}: {proof.note}</p> : null}
        <div className="mt-2 grid gap-4">
          {proof.files.map((file) => (
            <figure key={file.id}>
              <ProofImage file={file} version={proof.version} large />
              <figcaption className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>{job.designs > 1 ? `Design ${file.design_number}` : job.product_name}</span>
                <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={() => void openPrivateFile(file.pdf_url, `proof-v${proof.version}-design-${file.design_number}.pdf`)}>
                  Open the PDF proof
                </button>
              </figcaption>
              <Warnings file={file} />
            </figure>
          ))}
        </div>
      </div>

      {confirming ? (
        <div role="alertdialog" aria-labelledby={`${id}-question`} className="rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
          <p id={`${id}-question`} className="text-sm font-semibold text-amber-950">
            {job.approval_question}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              autoFocus
              onClick={() =>
                void run(async () => {
                  onAnswered(await approveDesign(job.order_id, proof.version));
                })
              }
            >
              {busy ? "Approving…" : "Yes, approve and print"}
            </button>
            <button type="button" className="btn-outline" onClick={() => setConfirming(false)} disabled={busy}>
              Not yet
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn-primary" onClick={() => setConfirming(true)}>
          Approve proof version {proof.version}
        </button>
      )}

      <form
        method="post"
        aria-label="Ask for amends"
        className="space-y-2 border-t border-slate-100 pt-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const comments = String(new FormData(event.currentTarget).get("comments") ?? "").trim();
          if (!comments) {
            setInvalid("Tell the designer what to change.");
            return;
          }
          setInvalid(null);
          void run(async () => {
            onAnswered(await askAmends(job.order_id, proof.version, comments));
          });
        }}
      >
        <label htmlFor={`${id}-comments`} className="field-label">
          What should change?
        </label>
        <textarea id={`${id}-comments`} name="comments" rows={3} maxLength={5000} className="field-input" />
        <FilePicker orderId={job.order_id} files={files} onFiles={setFiles} label="Files to go with your amends (optional)" />
        <ProblemAlert message={invalid} />
        <button type="submit" className="btn-outline" disabled={busy}>
          Ask for amends
        </button>
        <p className="text-xs text-slate-500">Your next proof comes within 2 working days.</p>
      </form>
      <ProblemAlert message={problem} />
    </div>
  );
}
