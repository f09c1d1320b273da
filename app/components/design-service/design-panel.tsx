// A designed item's design job as its customer works through it (DECISIONS rule 23): the brief (saved and
// finished later, then sent), the latest proof as a preview and a PDF with the earlier versions, amends with
// comments and files, and approval after a confirmation that says what is approved.
import { useEffect, useId, useState } from "react";
import { briefSchema } from "../../../domain/design-brief";
import { briefProblem, DESIGN_STATE_LABELS } from "../../../domain/design-service";
import { formatDeliveryDate, formatUkDate } from "../../../domain/format";
import { askAmends, approveDesign, fetchDesign, saveBrief, type DesignJob, type DesignProof } from "../../lib/design-jobs-api";
import { openPrivateFile, useAuthorisedObjectUrl } from "../../lib/orders-api";
import { actionMessage, useAction } from "../../lib/use-action";
import { FilePicker } from "./file-picker";

const messageOf = actionMessage("Network error. Please try again.");

/** Loads and shows one designed item's job; `onChanged` is told when approval moved the item on. */
export function DesignPanel({ orderId, onChanged }: { orderId: number; onChanged?: () => void }) {
  const [job, setJob] = useState<DesignJob | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchDesign(orderId, controller.signal).then(setJob, (error: unknown) => {
      if ((error as Error).name !== "AbortError") setFailed(true);
    });
    return () => controller.abort();
  }, [orderId]);
  if (failed) return <p role="alert" className="text-sm text-red-700">Your design could not be loaded. Please reload the page.</p>;
  if (!job) return <p className="text-sm text-slate-600">Loading your design…</p>;
  const update = (next: DesignJob) => {
    setJob(next);
    if (next.state === "approved") onChanged?.();
  };
  return (
    <section aria-label={`Design service for ${job.product_name}`} className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold">Design service: {job.product_name}</h3>
        <p className="text-sm font-semibold text-brand-700" data-testid="design-state">
          {DESIGN_STATE_LABELS[job.state].customer}
        </p>
      </header>
      <DesignStatus job={job} />
      {job.state === "brief" ? <BriefForm job={job} onSaved={update} /> : null}
      {job.state === "proof_sent" ? <LatestProof job={job} onAnswered={update} /> : null}
      {job.state !== "brief" ? <BriefSummary job={job} /> : null}
      <EarlierProofs job={job} />
    </section>
  );
}

function DesignStatus({ job }: { job: DesignJob }) {
  const designer = job.designer ? `${job.designer} is your designer. ` : "";
  if (job.state === "brief") {
    return (
      <p className="text-sm text-slate-700">
        Tell us what you would like: the wording, colours and style, with your logo or photos. Save it and finish later if you need to. Your first proof comes within 3 working days of sending it, and
        printing starts when you approve it: delivery {job.turnaround_days} working days after that.
      </p>
    );
  }
  if (job.state === "designing") {
    return (
      <p className="text-sm text-slate-700">
        {designer}Your {job.proofs.length === 0 ? "first proof" : `proof version ${job.proofs.length + 1}`} is due by <strong>{formatDeliveryDate(job.proof_due!)}</strong>. We will email you when it is ready.
      </p>
    );
  }
  if (job.state === "proof_sent") {
    return (
      <p className="text-sm text-slate-700">
        {designer}Check proof version {job.proofs.at(-1)?.version}. Approve it and we print it: delivery by <strong>{formatDeliveryDate(job.delivery_if_approved_today)}</strong> if you approve today.
      </p>
    );
  }
  return (
    <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200" data-testid="design-approved">
      You approved proof version {job.approved_version}
      {job.approved_at ? ` on ${formatUkDate(job.approved_at)}` : ""}: delivery by <strong>{formatDeliveryDate(job.delivery_date)}</strong>, counted from your approval.
    </p>
  );
}

/** The brief: one schema (domain/design-service.ts) checks it here and again on the server. */
function BriefForm({ job, onSaved }: { job: DesignJob; onSaved: (job: DesignJob) => void }) {
  const id = useId();
  const [files, setFiles] = useState(job.brief_files);
  const [saved, setSaved] = useState<string | null>(null);
  const { busy, problem, run } = useAction(messageOf);
  const [invalid, setInvalid] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const send = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value === "send";
    const data = new FormData(event.currentTarget);
    const parsed = briefSchema.safeParse({
      wording: data.get("wording"),
      colours: data.get("colours"),
      style: data.get("style"),
      notes: data.get("notes"),
      quantities: data.getAll("quantity").map((value) => Number(value)),
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? "Please check the brief.");
      return;
    }
    const problemToSend = send ? briefProblem(parsed.data, { quantity: job.quantity, designs: job.designs }) : null;
    setInvalid(problemToSend);
    if (problemToSend) return;
    setSaved(null);
    void run(async () => {
      const next = await saveBrief(job.order_id, { ...parsed.data, send });
      if (!send) setSaved("Saved. You can finish your brief later from your order page.");
      onSaved(next);
    });
  };

  return (
    <form method="post" onSubmit={onSubmit} aria-label="Your design brief" className="space-y-3" noValidate>
      <div>
        <label htmlFor={`${id}-wording`} className="field-label">
          Wording, exactly as it should read
        </label>
        <textarea id={`${id}-wording`} name="wording" rows={4} maxLength={5000} defaultValue={job.brief.wording} className="field-input" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-colours`} className="field-label">
            Colours
          </label>
          <input id={`${id}-colours`} name="colours" maxLength={500} defaultValue={job.brief.colours} placeholder="Our brand teal and white" className="field-input" />
        </div>
        <div>
          <label htmlFor={`${id}-style`} className="field-label">
            Style
          </label>
          <input id={`${id}-style`} name="style" maxLength={500} defaultValue={job.brief.style} placeholder="Bold and simple" className="field-input" />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-notes`} className="field-label">
          Notes for the designer
        </label>
        <textarea id={`${id}-notes`} name="notes" rows={3} maxLength={5000} defaultValue={job.brief.notes} className="field-input" />
      </div>
      {job.designs > 1 ? (
        <fieldset className="space-y-2">
          <legend className="field-label">How many of each design ({job.quantity} in all)</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {Array.from({ length: job.designs }, (_, index) => (
              <div key={index}>
                <label htmlFor={`${id}-qty-${index}`} className="text-sm text-slate-600">
                  Design {index + 1}
                </label>
                <input
                  id={`${id}-qty-${index}`}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  defaultValue={job.brief.quantities[index] ?? Math.floor(job.quantity / job.designs) + (index < job.quantity % job.designs ? 1 : 0)}
                  className="field-input"
                />
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
      <FilePicker orderId={job.order_id} files={files} onFiles={setFiles} label="Logos, photos and references" />
      {invalid ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {invalid}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm font-semibold text-emerald-800">
          {saved}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="send" className="btn-primary" disabled={busy}>
          {busy ? "Sending…" : "Send brief"}
        </button>
        <button type="submit" name="intent" value="save" className="btn-outline" disabled={busy}>
          Save and finish later
        </button>
      </div>
    </form>
  );
}

function BriefSummary({ job }: { job: DesignJob }) {
  return (
    <details className="rounded-md bg-slate-50 p-3 text-sm">
      <summary className="cursor-pointer font-semibold">Your brief{job.brief.sent_at ? `, sent ${formatUkDate(job.brief.sent_at)}` : ""}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Wording</dt>
        <dd className="whitespace-pre-wrap break-words">{job.brief.wording}</dd>
        {job.brief.colours ? (
          <>
            <dt className="text-slate-600">Colours</dt>
            <dd>{job.brief.colours}</dd>
          </>
        ) : null}
        {job.brief.style ? (
          <>
            <dt className="text-slate-600">Style</dt>
            <dd>{job.brief.style}</dd>
          </>
        ) : null}
        {job.brief.notes ? (
          <>
            <dt className="text-slate-600">Notes</dt>
            <dd className="whitespace-pre-wrap break-words">{job.brief.notes}</dd>
          </>
        ) : null}
        {job.brief_files.length > 0 ? (
          <>
            <dt className="text-slate-600">Files</dt>
            <dd>{job.brief_files.map((f) => f.file_name).join(", ")}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}

function ProofImage({ file, version, large }: { file: DesignProof["files"][number]; version: number; large?: boolean }) {
  const image = useAuthorisedObjectUrl(large ? file.preview_url : file.thumbnail_url);
  const alt = `Proof version ${version}, design ${file.design_number}`;
  return image.src ? (
    <img src={image.src} alt={alt} className={`${large ? "max-h-[28rem] w-full" : "h-20 w-20"} rounded bg-slate-100 object-contain ring-1 ring-slate-200`} />
  ) : (
    <span role="img" aria-label={alt} className={`${large ? "h-64 w-full" : "h-20 w-20"} block rounded bg-slate-100`} />
  );
}

function Warnings({ file }: { file: DesignProof["files"][number] }) {
  if (file.preflight.checks.length === 0) return null;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
      {file.preflight.checks.map((check) => (
        <li key={check.code}>{check.message}</li>
      ))}
    </ul>
  );
}

/** The proof waiting for the customer: look, then ask for amends or approve (after saying what that means). */
function LatestProof({ job, onAnswered }: { job: DesignJob; onAnswered: (job: DesignJob) => void }) {
  const proof = job.proofs.at(-1)!;
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [files, setFiles] = useState(job.pending_files);
  const { busy, problem, run } = useAction(messageOf);
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
        {invalid ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {invalid}
          </p>
        ) : null}
        <button type="submit" className="btn-outline" disabled={busy}>
          Ask for amends
        </button>
        <p className="text-xs text-slate-500">Your next proof comes within 2 working days.</p>
      </form>
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** Every proof but the one being checked, newest first, with the amends asked of each. */
function EarlierProofs({ job }: { job: DesignJob }) {
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
