// The order page after the sale: cancel what has not started printing (with the refund shown before the
// customer commits), what has been refunded with each credit note, and reprints made under the guarantee.
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { cardSummary } from "../../../domain/card";
import { formatPence, formatUkDate } from "../../../domain/format";
import { decideCancellation } from "../../../domain/refund";
import { cancelItems, refundState, requestKey } from "../../lib/after-sale-api";
import { openPrivateFile, type OrderGroup } from "../../lib/orders-api";
import { actionMessage, useAction } from "../../lib/use-action";
import { ProblemAlert } from "../../components/problem-alert";

const messageOf = actionMessage("Network error. Please try again: you will not be refunded twice.");

function destinationOf(group: OrderGroup): string {
  return group.payment_method === "account" ? "your trade account" : cardSummary(group.card_brand, group.card_last4);
}

/** Cancel and refund: only items not yet printing are offered; the refund is shown before anything happens. */
export function CancelPanel({ group, onDone }: { group: OrderGroup; onDone: (message: string) => void }) {
  const cancellable = group.products.filter((p) => group.cancellable_order_ids.includes(p.order_id));
  const [chosen, setChosen] = useState<number[]>(() => cancellable.map((p) => p.order_id));
  const [confirming, setConfirming] = useState(false);
  const { busy, problem, run } = useAction(messageOf);
  // One key per cancellation the customer means: a retry after a lost answer is the same refund.
  const [key, setKey] = useState(requestKey);
  const preview = useMemo(() => {
    const { order, credited } = refundState(group);
    return chosen.length === 0 ? null : decideCancellation(order, credited, chosen);
  }, [group, chosen]);

  const live = group.products.filter((p) => p.status !== "Cancelled");
  if (group.reprint_of !== null || group.status === "Cancelled") return null;
  if (cancellable.length === 0) {
    const sent = live.every((p) => p.status === "Dispatched" || p.status === "Shipped");
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="cancel-closed">
        {sent ? "If your print arrived faulty, we'll reprint it or refund you: " : "Printing has started, so this order can no longer be cancelled online. Please "}
        <Link to="/contact-us" className="font-semibold text-brand-700 underline">
          {sent ? "tell us what went wrong" : "contact us and we will help"}
        </Link>
        .
      </p>
    );
  }

  const whole = chosen.length === live.length;
  const amount = preview?.ok ? preview.grossPence : 0;
  const submit = () =>
    run(async () => {
      const { refund } = await cancelItems(group.order_group_id, chosen, key);
      setConfirming(false);
      setKey(requestKey());
      onDone(`${whole ? "Your order is cancelled" : "Cancelled"}. ${formatPence(refund.amount_pence)} is on its way back to ${destinationOf(group)}; credit note ${refund.credit_note_number ?? ""} is below and in your email.`);
    });

  return (
    <section aria-labelledby="cancel-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="cancel-heading" className="text-lg font-bold">
        Cancel {cancellable.length === live.length ? "this order" : "items"}
      </h2>
      <p className="mt-1 text-sm text-slate-600">Nothing below has started printing, so you can still cancel it and get your money back.</p>
      {cancellable.length > 1 ? (
        <fieldset className="mt-3 space-y-2">
          <legend className="sr-only">Items to cancel</legend>
          {cancellable.map((p) => (
            <label key={p.order_id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={chosen.includes(p.order_id)}
                disabled={busy}
                onChange={(e) => {
                  setConfirming(false);
                  setChosen((was) => (e.target.checked ? [...was, p.order_id] : was.filter((id) => id !== p.order_id)));
                }}
              />
              {p.qty} × {p.product_name} <span className="text-slate-500">({p.size})</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {preview && !preview.ok ? <p className="mt-2 text-sm text-red-700">{preview.message}</p> : null}
      {!confirming ? (
        <button type="button" className="btn-outline mt-3" disabled={chosen.length === 0 || !preview?.ok} onClick={() => setConfirming(true)}>
          {whole ? "Cancel order" : "Cancel selected items"}
        </button>
      ) : (
        <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-200" role="group" aria-labelledby="cancel-confirm">
          <p id="cancel-confirm" className="font-semibold text-amber-950">
            {whole ? "Cancel the whole order" : `Cancel ${chosen.length} item${chosen.length === 1 ? "" : "s"}`} and refund {formatPence(amount)} to {destinationOf(group)}?
            {whole ? "" : " Delivery stays on the order for what is still coming."}
            {chosen.some((id) => cancellable.find((p) => p.order_id === id)?.design_proof_delivered) ? " The design service is kept: your designer has already sent a proof." : ""} This cannot be undone.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit()}>
              {busy ? "Cancelling…" : `Yes, cancel and refund ${formatPence(amount)}`}
            </button>
            <button type="button" className="btn-outline" disabled={busy} onClick={() => setConfirming(false)}>
              Keep my order
            </button>
          </div>
        </div>
      )}
      <ProblemAlert message={problem} className="mt-2" />
    </section>
  );
}

/** Refunds (each with its credit note) and reprints, oldest first; and, on a reprint, what it reprints. */
export function AfterSaleHistory({ group }: { group: OrderGroup }) {
  const [problem, setProblem] = useState<string | null>(null);
  const shown = group.refunds.filter((refund) => refund.status !== "failed");
  if (shown.length === 0 && group.reprints.length === 0) return null;
  const download = async (url: string, name: string) => {
    setProblem(null);
    try {
      await openPrivateFile(url, `${name}.pdf`);
    } catch {
      setProblem("The credit note could not be downloaded. Please try again.");
    }
  };
  return (
    <section aria-labelledby="after-sale-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="after-sale-heading" className="text-lg font-bold">
        Refunds and reprints
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="after-sale-history">
        {shown.map((refund) => (
          <li key={`r${refund.id}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="text-slate-500">{formatUkDate(refund.completed_at ?? refund.created_at)}</span> ·{" "}
              <strong>
                {refund.kind === "cancellation" ? "Cancelled and refunded" : "Refunded"} {formatPence(refund.amount_pence)}
              </strong>{" "}
              ({refund.lines.map((line) => line.description).join(", ")}) · {refund.reason}
              {refund.status === "pending" ? <span className="ml-1 rounded bg-yellow-100 px-2 text-xs font-bold text-yellow-900">Being refunded</span> : null}
            </span>
            {refund.credit_note_url && refund.credit_note_number ? (
              <button type="button" className="btn-outline py-1 text-xs" onClick={() => void download(refund.credit_note_url!, refund.credit_note_number!)}>
                Download {refund.credit_note_number}
              </button>
            ) : null}
          </li>
        ))}
        {group.reprints.map((reprint) => (
          <li key={`p${reprint.order_group_id}`} className="py-2">
            <span className="text-slate-500">{formatUkDate(reprint.created_at)}</span> · <strong>Reprint at no charge</strong>
            {reprint.reason ? ` (${reprint.reason})` : ""}:{" "}
            <Link to={`/my-account/orders/${reprint.order_group_id}`} className="font-semibold text-brand-700 underline">
              order {reprint.order_group_id}
            </Link>
            , {reprint.status}
          </li>
        ))}
      </ul>
      <ProblemAlert message={problem} />
    </section>
  );
}

/** On a reprint: which order it reprints, why, and that it costs nothing. */
export function ReprintBanner({ group }: { group: OrderGroup }) {
  if (group.reprint_of === null) return null;
  return (
    <p className="rounded-lg bg-emerald-50 p-4 text-sm text-emerald-950 ring-1 ring-emerald-200" data-testid="reprint-banner">
      A reprint of{" "}
      <Link to={`/my-account/orders/${group.reprint_of}`} className="font-semibold underline">
        order {group.reprint_of}
      </Link>{" "}
      under our print guarantee{group.reprint_reason ? ` (${group.reprint_reason})` : ""}, at no charge, from the artwork you approved.
    </p>
  );
}
