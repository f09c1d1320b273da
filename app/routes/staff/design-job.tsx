// A design job at the desk (docs/decisions/027-design-service-money-and-dates.md): the customer's brief and files, taking the job, sending
// each numbered proof (one file per design, preflighted against the ordered size before the customer
// sees it), and the history of proofs and amends.
import { useCallback, useEffect, useId, useState } from "react";
import { Link, useParams } from "react-router";
import { ARTWORK_ACCEPT } from "../../../domain/artwork";
import { DESIGN_STATE_LABELS } from "../../../domain/design-service";
import { formatDeliveryDate, formatUkDateTime } from "../../../domain/format";
import { PreflightReport } from "../../components/artwork/version-slot";
import { LoadingState } from "../../components/loading-state";
import { ApiResponseError, errorMessage } from "../../lib/api-client";
import { DesignUploadRefused, fetchDesignJob, sendProof, takeDesignJob, type DesignFile, type DesignJob } from "../../lib/design-jobs-api";
import { openPrivateFile, useAuthorisedObjectUrl, type Preflight } from "../../lib/orders-api";
import { useAction } from "../../lib/use-action";
import { ProblemAlert } from "../../components/problem-alert";


export default function DesignJobPage() {
  const { orderId = "" } = useParams();
  const [job, setJob] = useState<DesignJob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(() => {
    fetchDesignJob(orderId).then(setJob, (error: unknown) => setProblem(error instanceof ApiResponseError && error.status === 404 ? "Design job not found" : errorMessage(error)));
  }, [orderId]);
  useEffect(load, [load]);

  if (problem) {
    return (
      <div>
        <p role="alert" className="font-semibold text-red-700">{problem}</p>
        <Link to="/staff/design" className="btn-outline mt-4">Back to the desk</Link>
      </div>
    );
  }
  if (!job) return <LoadingState label="Loading the design job…" rows={5} />;

  return (
    <article aria-labelledby="design-job-heading" className="space-y-6">
      <div>
        <Link to="/staff/design" className="text-sm font-semibold text-brand-700 hover:underline">← Design desk</Link>
        <h1 id="design-job-heading" className="mt-1 text-2xl font-bold">
          Design for order {job.order_group_id}, item {job.order_id}{" "}
          <span className="text-base font-semibold text-slate-600">· {DESIGN_STATE_LABELS[job.state].desk}</span>
        </h1>
        <p className="text-sm text-slate-600">
          {job.quantity} × {job.product_name}, {job.size}
          {job.designs > 1 ? `, ${job.designs} designs` : ""} · customer {job.customer?.name}, {job.customer?.email} ·{" "}
          <Link to={`/staff/orders/${job.order_group_id}`} className="font-semibold text-brand-700 underline">job sheet</Link>
        </p>
        <p className="mt-1 text-sm" data-testid="design-job-dates">
          {job.proof_due ? (
            <>
              Proof due <strong>{formatDeliveryDate(job.proof_due)}</strong>
              {job.due_status === "late" ? <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">Late</span> : null}
              {" · "}
            </>
          ) : null}
          {job.state === "approved" ? (
            <>Approved version {job.approved_version}: delivery by <strong>{formatDeliveryDate(job.delivery_date)}</strong>, counted from the approval</>
          ) : (
            <>Delivery {job.turnaround_days} working days after approval ({formatDeliveryDate(job.delivery_if_approved_today)} if approved today)</>
          )}
        </p>
      </div>

      <TakePanel job={job} onTaken={setJob} />

      <section aria-labelledby="brief-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="brief-heading" className="text-lg font-bold">The brief</h2>
        {job.brief.sent_at ? <p className="text-sm text-slate-600">Sent {formatUkDateTime(job.brief.sent_at)}</p> : <p className="text-sm text-amber-800">The customer has not sent the brief yet.</p>}
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">Wording</dt>
          <dd className="whitespace-pre-wrap break-words font-semibold" data-testid="brief-wording">{job.brief.wording || "—"}</dd>
          <dt className="text-slate-500">Colours</dt>
          <dd>{job.brief.colours || "—"}</dd>
          <dt className="text-slate-500">Style</dt>
          <dd>{job.brief.style || "—"}</dd>
          <dt className="text-slate-500">Notes</dt>
          <dd className="whitespace-pre-wrap break-words">{job.brief.notes || "—"}</dd>
          {job.designs > 1 ? (
            <>
              <dt className="text-slate-500">Quantities</dt>
              <dd>{job.brief.quantities.map((qty, index) => `design ${index + 1}: ${qty}`).join(", ") || "—"}</dd>
            </>
          ) : null}
        </dl>
        <Files files={job.brief_files} label="The customer's files" />
      </section>

      {job.state === "designing" ? <ProofForm job={job} onSent={setJob} /> : null}

      <section aria-labelledby="history-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="history-heading" className="text-lg font-bold">Proofs and amends</h2>
        {job.proofs.length === 0 ? <p className="mt-2 text-sm text-slate-600">No proof sent yet.</p> : null}
        <ol className="mt-2 space-y-4">
          {[...job.proofs].reverse().map((proof) => (
            <li key={proof.version} className="border-t border-slate-100 pt-3 first:border-0 first:pt-0">
              <p className="font-semibold">
                Version {proof.version} · {formatUkDateTime(proof.created_at)} · {proof.designer ?? "a designer"}
                {job.approved_version === proof.version ? <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">Approved</span> : null}
              </p>
              {proof.note ? <p className="text-sm text-slate-700">{proof.note}</p> : null}
              <div className="mt-2 flex flex-wrap gap-4">
                {proof.files.map((file) => (
                  <div key={file.id} className="w-56">
                    <Thumb url={file.thumbnail_url} alt={`Proof version ${proof.version}, design ${file.design_number}`} />
                    <p className="mt-1 truncate text-xs">Design {file.design_number}: {file.file_name}</p>
                    <div className="mt-1 flex gap-2 text-xs">
                      <button type="button" className="font-semibold text-brand-700 underline" onClick={() => void openPrivateFile(file.pdf_url, `proof-v${proof.version}-design-${file.design_number}.pdf`)}>Print PDF</button>
                      {file.original_url ? <button type="button" className="font-semibold text-brand-700 underline" onClick={() => void openPrivateFile(file.original_url!, file.file_name)}>Original</button> : null}
                    </div>
                    <PreflightReport preflight={file.preflight as Preflight} />
                  </div>
                ))}
              </div>
              {job.amends.filter((a) => a.proof_version === proof.version).map((amend) => (
                <div key={amend.id} className="mt-2 rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-200" data-testid="amends">
                  <p className="font-semibold">Amends asked {formatUkDateTime(amend.created_at)}, due {formatDeliveryDate(amend.proof_due)}</p>
                  <p className="whitespace-pre-wrap break-words">{amend.comments}</p>
                  <Files files={amend.files} label="Files with the amends" />
                </div>
              ))}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

function Thumb({ url, alt }: { url: string | null; alt: string }) {
  const image = useAuthorisedObjectUrl(url);
  return image.src ? <img src={image.src} alt={alt} className="h-32 w-full rounded bg-slate-100 object-contain ring-1 ring-slate-200" /> : <span role="img" aria-label={alt} className="block h-32 w-full rounded bg-slate-100" />;
}

function Files({ files, label }: { files: DesignFile[]; label: string }) {
  if (files.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold">{label}</h3>
      <ul className="mt-1 flex flex-wrap gap-3">
        {files.map((file) => (
          <li key={file.id} className="w-32 text-xs">
            <button type="button" className="block w-full text-left" onClick={() => void openPrivateFile(file.url, file.file_name)} aria-label={`Download ${file.file_name}`}>
              <Thumb url={file.thumbnail_url} alt="" />
              <span className="mt-1 block truncate font-semibold text-brand-700 underline">{file.file_name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TakePanel({ job, onTaken }: { job: DesignJob; onTaken: (job: DesignJob) => void }) {
  const { busy, problem, run } = useAction(errorMessage);
  if (job.state === "approved") return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      {job.designer ? (
        <p className="text-sm" data-testid="taken-by">
          Taken by <strong>{job.designer}</strong>
          {job.taken_at ? ` on ${formatUkDateTime(job.taken_at)}` : ""}
        </p>
      ) : (
        <>
          <p className="text-sm">Nobody has taken this brief yet.</p>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void run(async () => onTaken(await takeDesignJob(job.order_id)))}>
            {busy ? "Taking…" : "Take this brief"}
          </button>
        </>
      )}
      <ProblemAlert message={problem} />
    </div>
  );
}

/** The next proof: one file per design and a note; refused with its preflight when it is not the ordered size. */
function ProofForm({ job, onSent }: { job: DesignJob; onSent: (job: DesignJob) => void }) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<Preflight | null>(null);
  const { busy, problem, run } = useAction(errorMessage);
  const version = job.proofs.length + 1;
  return (
    <form
      method="post"
      encType="multipart/form-data"
      aria-label={`Send proof version ${version}`}
      className="space-y-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const files = Array.from({ length: job.designs }, (_, index) => data.get(`design_${index + 1}`)).filter((value): value is File => value instanceof File && value.size > 0);
        setRefusal(null);
        void run(async () => {
          if (files.length !== job.designs) throw new ApiResponseError(`Attach one file for each of the ${job.designs} designs.`, 400);
          try {
            onSent(await sendProof(job.order_id, String(data.get("note") ?? ""), files, (sent, total) => setProgress(Math.round((sent / Math.max(1, total)) * 100))));
          } catch (error) {
            if (error instanceof DesignUploadRefused) setRefusal(error.preflight);
            throw error;
          } finally {
            setProgress(null);
          }
        });
      }}
    >
      <h2 className="text-lg font-bold">Send proof version {version}</h2>
      <p className="text-sm text-slate-600">
        A PDF or image of each design at {job.size}. It is checked like customer artwork: a proof of another size is refused before the customer sees it.
      </p>
      {Array.from({ length: job.designs }, (_, index) => (
        <div key={index}>
          <label htmlFor={`${id}-design-${index + 1}`} className="field-label">
            {job.designs > 1 ? `Design ${index + 1}` : "Proof file"}
          </label>
          <input id={`${id}-design-${index + 1}`} name={`design_${index + 1}`} type="file" accept={ARTWORK_ACCEPT} className="block w-full text-sm" />
        </div>
      ))}
      <div>
        <label htmlFor={`${id}-note`} className="field-label">Note to the customer</label>
        <textarea id={`${id}-note`} name="note" rows={2} maxLength={5000} className="field-input" placeholder="What this version changes" />
      </div>
      {progress !== null ? <p role="status" className="text-sm">Sending: {progress}%</p> : null}
      <ProblemAlert message={problem} />
      {refusal ? <PreflightReport preflight={refusal} /> : null}
      <button type="submit" className="btn-primary" disabled={busy || job.designer === null}>
        {busy ? "Checking and sending…" : `Send proof version ${version} to the customer`}
      </button>
      {job.designer === null ? <p className="text-sm text-slate-600">Take the brief first.</p> : null}
    </form>
  );
}
