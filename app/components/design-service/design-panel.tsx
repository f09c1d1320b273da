// A designed item's design job as its customer works through it (docs/decisions/027-design-service-money-and-dates.md): the brief (saved and
// finished later, then sent), the latest proof as a preview and a PDF with the earlier versions, amends with
// comments and files, and approval after a confirmation that says what is approved. The job's loading is in
// use-design-job.ts; each part of the panel is in its own file beside it.
import { DESIGN_STATE_LABELS } from "../../../domain/design-service";
import { BriefForm } from "./brief-form";
import { BriefSummary } from "./brief-summary";
import { DesignStatus } from "./design-status";
import { EarlierProofs } from "./earlier-proofs";
import { LatestProof } from "./latest-proof";
import { useDesignJob } from "./use-design-job";

/** Loads and shows one designed item's job; `onChanged` is told when approval moved the item on. */
export function DesignPanel({ orderId, onChanged }: { orderId: number; onChanged?: () => void }) {
  const { job, failed, update } = useDesignJob(orderId, onChanged);
  if (failed) return <p role="alert" className="text-sm text-red-700">Your design could not be loaded. Please reload the page.</p>;
  if (!job) return <p className="text-sm text-slate-600">Loading your design…</p>;
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
