// Where the design job stands, in a sentence for the customer, with the dates that follow.
import { formatDeliveryDate, formatUkDate } from "../../../domain/format";
import type { DesignJob } from "../../lib/design-jobs-api";

export function DesignStatus({ job }: { job: DesignJob }) {
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
