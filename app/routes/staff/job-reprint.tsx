// The job sheet's reprint under the print guarantee: staff choose dispatched items and a reason; the
// reprint is a new job at no charge, from the approved artwork.
import { useState } from "react";
import { Link } from "react-router";
import { REPRINT_REASONS } from "../../../domain/refund";
import { raiseReprint } from "../../lib/after-sale-api";
import type { StaffJob } from "../../lib/staff-api";
import { useAction } from "../../lib/use-action";
import { errorMessage } from "../../lib/api-client";

/** A reprint under the print guarantee, of dispatched items, at no charge. */
export function ReprintPanel({ job, onDone }: { job: StaffJob; onDone: () => void }) {
  const sent = job.products.filter((p) => p.status === "Dispatched" || p.status === "Shipped");
  const [chosen, setChosen] = useState<number[]>([]);
  const [reason, setReason] = useState<string>(REPRINT_REASONS[0]);
  const [detail, setDetail] = useState("");
  const { busy, problem, run } = useAction(errorMessage);
  const [made, setMade] = useState<number | null>(null);
  if (job.reprint_of !== null) {
    return (
      <p className="rounded-lg bg-emerald-50 p-3 text-sm font-semibold text-emerald-950 ring-1 ring-emerald-200" data-testid="reprint-of">
        Reprint of <Link to={`/staff/orders/${job.reprint_of}`} className="underline">job {job.reprint_of}</Link>
        {job.reprint_reason ? ` (${job.reprint_reason})` : ""}. No charge: print from the approved artwork.
      </p>
    );
  }
  if (!job.dispatched_at || sent.length === 0) return null;
  return (
    <form
      method="post"
      aria-labelledby="reprint-heading"
      className="space-y-2 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          const answer = await raiseReprint(job.order_group_id, chosen, detail.trim() ? `${reason}: ${detail.trim()}` : reason);
          setMade(answer.order_group_id);
          setChosen([]);
          setDetail("");
          onDone();
        });
      }}
    >
      <h2 id="reprint-heading" className="font-bold">Reprint under the guarantee</h2>
      <p className="text-slate-600">A new job at no charge, from the approved artwork. The customer is emailed.</p>
      {job.reprints.length > 0 ? (
        <p>
          Reprints so far:{" "}
          {job.reprints.map((r, i) => (
            <span key={r.order_group_id}>
              {i > 0 ? ", " : ""}
              <Link to={`/staff/orders/${r.order_group_id}`} className="font-semibold text-brand-700 underline">job {r.order_group_id}</Link> ({r.status})
            </span>
          ))}
        </p>
      ) : null}
      <fieldset className="space-y-1">
        <legend className="field-label">Items to reprint</legend>
        {sent.map((p) => (
          <label key={p.order_id} className="flex items-center gap-2">
            <input type="checkbox" checked={chosen.includes(p.order_id)} onChange={(e) => setChosen((was) => (e.target.checked ? [...was, p.order_id] : was.filter((id) => id !== p.order_id)))} />
            {p.qty} × {p.product_name} ({p.size})
          </label>
        ))}
      </fieldset>
      <label htmlFor="reprint-reason" className="field-label">Reason</label>
      <select id="reprint-reason" className="field-input" value={reason} onChange={(e) => setReason(e.target.value)}>
        {REPRINT_REASONS.map((r) => (
          <option key={r}>{r}</option>
        ))}
      </select>
      <label htmlFor="reprint-detail" className="field-label">What went wrong</label>
      <input id="reprint-detail" className="field-input" maxLength={200} value={detail} onChange={(e) => setDetail(e.target.value)} />
      <button type="submit" className="btn-primary w-full" disabled={busy || chosen.length === 0}>
        {busy ? "Raising the reprint…" : "Raise reprint at no charge"}
      </button>
      {problem ? <p role="alert" className="font-semibold text-red-700">{problem}</p> : null}
      {made ? (
        <p role="status" className="font-semibold text-emerald-800">
          Reprint raised: <Link to={`/staff/orders/${made}`} className="underline">job {made}</Link> is in the queue.
        </p>
      ) : null}
    </form>
  );
}
