// The job sheet after the sale: a manager refunds amounts of items and delivery with a reason (the
// server decides; the form shows what is left of each), or cancels unprinted items for the customer.
import { useMemo, useState } from "react";
import { formatPence, formatUkDate } from "../../../domain/format";
import { penceToPoundsText, poundsTextToPence } from "../../../domain/money";
import { decideCancellation, partOf, refundParts, remainingParts, REFUND_REASONS } from "../../../domain/refund";
import { cancelForCustomer, refundOrder, refundState, requestKey } from "../../lib/after-sale-api";
import { openPrivateFile } from "../../lib/orders-api";
import { actionMessage, useAction } from "../../lib/use-action";
import type { StaffJob } from "../../lib/staff-api";
import { ProblemAlert } from "../../components/problem-alert";

const messageOf = actionMessage("Network error. Please try again: the same refund will not be made twice.");

/** Refunds so far, each with its credit note. */
function RefundList({ job }: { job: StaffJob }) {
  const [problem, setProblem] = useState<string | null>(null);
  if (job.refunds.length === 0) return <p className="text-sm text-slate-600">Nothing refunded yet.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100 text-sm" data-testid="staff-refunds">
        {job.refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
            <span>
              {formatUkDate(refund.completed_at ?? refund.created_at)} · {refund.kind === "cancellation" ? "Cancellation" : "Refund"}{" "}
              <strong>{formatPence(refund.amount_pence)}</strong> ({refund.lines.map((l) => l.description).join(", ")}) · {refund.reason}
              {refund.status !== "succeeded" ? <strong className="ml-1 text-amber-800">{refund.status === "pending" ? "waiting for the card processor" : `refused: ${refund.failure ?? ""}`}</strong> : null}
            </span>
            {refund.credit_note_url ? (
              <button
                type="button"
                className="btn-outline py-1 text-xs"
                onClick={() => void openPrivateFile(refund.credit_note_url!, `${refund.credit_note_number}.pdf`).catch(() => setProblem("The credit note could not be downloaded."))}
              >
                {refund.credit_note_number}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ProblemAlert message={problem} />
    </>
  );
}

/** A manager cancels items not yet printing when the customer asks by phone or email: refunded as the customer's own cancel. */
function CancelForCustomer({ job, onDone }: { job: StaffJob; onDone: () => void }) {
  const cancellable = job.products.filter((p) => job.cancellable_order_ids.includes(p.order_id));
  const [chosen, setChosen] = useState<number[]>([]);
  const [how, setHow] = useState("");
  const [key, setKey] = useState(requestKey);
  const { busy, problem, run } = useAction(messageOf);
  const preview = useMemo(() => {
    const { order, credited } = refundState(job);
    return chosen.length === 0 ? null : decideCancellation(order, credited, chosen);
  }, [job, chosen]);
  if (cancellable.length === 0) return null;
  return (
    <form
      method="post"
      aria-label="Cancel for the customer"
      className="mt-3 space-y-2 border-t border-slate-100 pt-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          await cancelForCustomer(job.order_group_id, chosen, how.trim(), key);
          setChosen([]);
          setHow("");
          setKey(requestKey());
          onDone();
        });
      }}
    >
      <fieldset className="space-y-1">
        <legend className="font-semibold">Cancel for the customer (not printing yet)</legend>
        {cancellable.map((p) => (
          <label key={p.order_id} className="flex items-center gap-2">
            <input type="checkbox" checked={chosen.includes(p.order_id)} onChange={(e) => setChosen((was) => (e.target.checked ? [...was, p.order_id] : was.filter((id) => id !== p.order_id)))} />
            {p.qty} × {p.product_name} (item {p.order_id})
          </label>
        ))}
      </fieldset>
      <label htmlFor="cancel-how" className="field-label">How the customer asked</label>
      <input id="cancel-how" className="field-input" maxLength={200} placeholder="Phoned on Monday" value={how} onChange={(e) => setHow(e.target.value)} />
      <button type="submit" className="btn-outline" disabled={busy || !preview?.ok || how.trim().length < 3}>
        {busy ? "Cancelling…" : `Cancel and refund ${preview?.ok ? formatPence(preview.grossPence) : ""}`.trim()}
      </button>
      {preview && !preview.ok ? <p className="text-red-700">{preview.message}</p> : null}
      {problem ? <p role="alert" className="font-semibold text-red-700">{problem}</p> : null}
    </form>
  );
}

/** A manager's refund: an amount (VAT included) per item and for delivery, never more than is left of it. */
export function RefundPanel({ job, manager, onDone }: { job: StaffJob; manager: boolean; onDone: () => void }) {
  const left = useMemo(() => {
    const { order, credited } = refundState(job);
    return remainingParts(refundParts(order), credited);
  }, [job]);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [reason, setReason] = useState<string>(REFUND_REASONS[1]);
  const [detail, setDetail] = useState("");
  const [key, setKey] = useState(requestKey);
  const { busy, problem, run } = useAction(messageOf);
  const [done, setDone] = useState<string | null>(null);
  if (job.reprint_of !== null || job.total_pence === 0) return null;

  const entered = left.map((part) => ({ part, text: amounts[part.key] ?? "", pence: (amounts[part.key] ?? "").trim() === "" ? 0 : poundsTextToPence((amounts[part.key] ?? "").trim()) }));
  const invalid = entered.find((e) => e.pence === null || (e.pence ?? 0) > e.part.grossPence);
  const total = entered.reduce((sum, e) => sum + (e.pence ?? 0), 0);
  const fullReason = detail.trim() ? `${reason}: ${detail.trim()}` : reason;

  return (
    <section aria-labelledby="refund-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="refund-heading" className="font-bold">Refunds and credit notes</h2>
      <p className="mt-1 text-sm text-slate-600">
        Paid {formatPence(job.total_pence)} · refunded {formatPence(job.refunded_pence)} · {formatPence(job.refundable_pence)} left to refund.
      </p>
      <div className="mt-2">
        <RefundList job={job} />
      </div>
      {manager ? <CancelForCustomer job={job} onDone={onDone} /> : null}
      {!manager ? (
        <p className="mt-2 text-sm text-slate-600">A manager can refund this order.</p>
      ) : job.refundable_pence === 0 ? null : (
        <form
          method="post"
          className="mt-3 space-y-3 border-t border-slate-100 pt-3"
          aria-label="Refund"
          onSubmit={(event) => {
            event.preventDefault();
            if (invalid || total === 0) return;
            setDone(null);
            void run(async () => {
              const chosen = (kind: "item" | "design") => entered.filter((e) => e.part.orderId !== null && partOf(e.part.key).kind === kind && (e.pence ?? 0) > 0).map((e) => ({ order_id: e.part.orderId!, amount_pence: e.pence! }));
              const items = chosen("item");
              const designFees = chosen("design");
              const delivery = entered.find((e) => e.part.key === "delivery")?.pence ?? 0;
              const { refund } = await refundOrder(job.order_group_id, { items, design_fees: designFees, delivery_pence: delivery, reason: fullReason, idempotency_key: key });
              setDone(`Refunded ${formatPence(refund.amount_pence)}: credit note ${refund.credit_note_number ?? ""} sent to the customer.`);
              setAmounts({});
              setDetail("");
              setKey(requestKey());
              onDone();
            });
          }}
        >
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="py-1">Part</th>
                <th scope="col" className="py-1 text-right">Left to refund</th>
                <th scope="col" className="py-1 text-right">Refund (£, VAT incl.)</th>
              </tr>
            </thead>
            <tbody>
              {entered.map(({ part, text, pence }) => (
                <tr key={part.key}>
                  <td className="py-1">{part.key === "delivery" ? "Delivery" : partOf(part.key).kind === "design" ? `${part.description} (item ${part.orderId})` : `${part.quantity ?? 1} × ${part.description} (item ${part.orderId})`}</td>
                  <td className="py-1 text-right">{formatPence(part.grossPence)}</td>
                  <td className="py-1 text-right">
                    <label className="sr-only" htmlFor={`refund-${part.key}`}>
                      Refund for {part.key === "delivery" ? "delivery" : part.description}
                    </label>
                    <input
                      id={`refund-${part.key}`}
                      inputMode="decimal"
                      className="field-input w-28 text-right"
                      value={text}
                      placeholder="0.00"
                      disabled={part.grossPence === 0 || busy}
                      aria-invalid={pence === null || (pence ?? 0) > part.grossPence}
                      onChange={(e) => setAmounts((was) => ({ ...was, [part.key]: e.target.value }))}
                    />
                    <button
                      type="button"
                      className="ml-2 text-xs font-semibold text-brand-700 underline disabled:text-slate-400"
                      disabled={part.grossPence === 0 || busy}
                      onClick={() => setAmounts((was) => ({ ...was, [part.key]: penceToPoundsText(part.grossPence) }))}
                    >
                      All
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {invalid ? (
            <p className="text-sm text-red-700">
              {invalid.pence === null ? `Enter an amount in pounds and pence for ${invalid.part.description}.` : `${invalid.part.description}: at most ${formatPence(invalid.part.grossPence)} can still be refunded.`}
            </p>
          ) : null}
          <div className="grid gap-2 sm:grid-cols-2">
            <div>
              <label htmlFor="refund-reason" className="field-label">Reason</label>
              <select id="refund-reason" className="field-input" value={reason} onChange={(e) => setReason(e.target.value)}>
                {REFUND_REASONS.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="refund-detail" className="field-label">Details (on the credit note)</label>
              <input id="refund-detail" className="field-input" maxLength={200} value={detail} onChange={(e) => setDetail(e.target.value)} />
            </div>
          </div>
          <button type="submit" className="btn-primary" disabled={busy || total === 0 || invalid !== undefined}>
            {busy ? "Refunding…" : `Refund ${formatPence(total)} and send a credit note`}
          </button>
          <ProblemAlert message={problem} />
          {done ? <p role="status" className="text-sm font-semibold text-emerald-800">{done}</p> : null}
        </form>
      )}
    </section>
  );
}
