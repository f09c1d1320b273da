// The job sheet's reprint with new artwork after a damage claim (the terms: 50% of the item's price; the
// like-for-like reprint beside it stays free). A manager raises it; the customer pays through a link.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { REDESIGN_PERCENT, redesignChargePence } from "../../../domain/design-service";
import { formatLongDate, formatPence } from "../../../domain/format";
import { fetchStaffRedesigns, raiseRedesign, type Redesign } from "../../lib/design-jobs-api";
import type { StaffJob } from "../../lib/staff-api";
import { useAction } from "../../lib/use-action";
import { errorMessage } from "../../lib/api-client";

export function RedesignPanel({ job, manager }: { job: StaffJob; manager: boolean }) {
  const sent = job.products.filter((p) => p.status === "Dispatched" || p.status === "Shipped");
  const [redesigns, setRedesigns] = useState<Redesign[]>([]);
  const [orderId, setOrderId] = useState<number | null>(sent[0]?.order_id ?? null);
  const [reason, setReason] = useState("Damaged in transit: new artwork wanted");
  const { busy, problem, run } = useAction(errorMessage);
  useEffect(() => {
    const controller = new AbortController();
    fetchStaffRedesigns(job.order_group_id, controller.signal).then((answer) => setRedesigns(answer.redesigns), () => undefined);
    return () => controller.abort();
  }, [job.order_group_id]);
  if (job.reprint_of !== null || (!job.dispatched_at && redesigns.length === 0)) return null;
  return (
    <section aria-labelledby="redesign-heading" className="space-y-2 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
      <h2 id="redesign-heading" className="font-bold">Reprint with new artwork</h2>
      <p className="text-slate-600">After a damage claim, when the customer wants to change the artwork: charged at {REDESIGN_PERCENT}% of the item&apos;s price plus VAT, paid by the customer through a link on their order page.</p>
      {redesigns.length > 0 ? (
        <ul className="space-y-1" data-testid="redesigns">
          {redesigns.map((r) => (
            <li key={r.id}>
              {r.product_name}: {formatPence(r.amount_pence)}, {r.status}
              {r.status === "awaiting payment" ? ` (link works until ${formatLongDate(r.pay_by)})` : ""}
              {r.paid_order_group_id ? (
                <>
                  {" "}· <Link to={`/staff/orders/${r.paid_order_group_id}`} className="font-semibold text-brand-700 underline">job {r.paid_order_group_id}</Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {manager && sent.length > 0 ? (
        <form
          method="post"
          className="grid gap-2 sm:grid-cols-[auto_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (orderId === null) return;
            void run(async () => {
              const made = await raiseRedesign(job.order_group_id, orderId, reason.trim());
              setRedesigns((was) => [...was, made.redesign]);
            });
          }}
        >
          <div>
            <label htmlFor="redesign-item" className="field-label">Item</label>
            <select id="redesign-item" className="field-input" value={orderId ?? ""} onChange={(e) => setOrderId(Number(e.target.value))}>
              {sent.map((p) => (
                <option key={p.order_id} value={p.order_id}>
                  {p.qty} × {p.product_name} ({formatPence(redesignChargePence(p.price_pence - p.design_fee_pence))} + VAT)
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="redesign-reason" className="field-label">Reason</label>
            <input id="redesign-reason" className="field-input" maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <button type="submit" className="btn-outline" disabled={busy || reason.trim().length < 3}>
            {busy ? "Sending…" : "Ask the customer to pay"}
          </button>
        </form>
      ) : null}
      {problem ? <p role="alert" className="font-semibold text-red-700">{problem}</p> : null}
    </section>
  );
}
