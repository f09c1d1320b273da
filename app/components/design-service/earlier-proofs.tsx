// The job's earlier proofs, each with the amends asked of it.
import { formatUkDate } from "../../../domain/format";
import type { DesignJob } from "../../lib/design-jobs-api";
import { openPrivateFile } from "../../lib/orders-api";
import { ProofImage } from "./proof-image";

/** Every proof but the one being checked, newest first, with the amends asked of each. */
export function EarlierProofs({ job }: { job: DesignJob }) {
  const shown = job.state === "proof_sent" ? job.proofs.slice(0, -1) : job.proofs;
  if (shown.length === 0) return null;
  return (
    <div>
      <h4 className="font-semibold">{job.state === "proof_sent" ? "Earlier versions" : "Proofs"}</h4>
      <ol className="mt-2 space-y-3">
        {[...shown].reverse().map((proof) => {
          const amends = job.amends.filter((a) => a.proof_version === proof.version);
          return (
            <li key={proof.version} className="flex gap-3 text-sm">
              <div className="flex shrink-0 gap-1">
                {proof.files.map((file) => (
                  <button key={file.id} type="button" onClick={() => void openPrivateFile(file.pdf_url, `proof-v${proof.version}-design-${file.design_number}.pdf`)} aria-label={`Open the PDF of proof version ${proof.version}, design ${file.design_number}`}>
                    <ProofImage file={file} version={proof.version} />
                  </button>
                ))}
              </div>
              <div className="min-w-0">
                <p className="font-semibold">
                  Version {proof.version} · {formatUkDate(proof.created_at)}
                  {job.approved_version === proof.version ? " · approved" : ""}
                </p>
                {proof.note ? <p className="text-slate-600">{proof.note}</p> : null}
                {amends.map((a) => (
                  <p key={a.id} className="mt-1 break-words">
                    You asked: {a.comments}
                    {a.files.length > 0 ? ` (${a.files.length} ${a.files.length === 1 ? "file" : "files"})` : ""}
                  </p>
                ))}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
