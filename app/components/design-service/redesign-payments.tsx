// On the customer's order page: a reprint with new artwork the shop has asked them to pay for (after a
// damage claim, 50% of the item's price), with the button that opens the card payment page.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatLongDate, formatPence } from "../../../domain/format";
import { fetchRedesigns, payRedesign, type Redesign } from "../../lib/design-jobs-api";
import { actionMessage, useAction } from "../../lib/use-action";
import { ProblemAlert } from "../problem-alert";

export function RedesignPayments({ orderGroupId }: { orderGroupId: number }) {
  const [redesigns, setRedesigns] = useState<Redesign[]>([]);
  const { busy, problem, run } = useAction(actionMessage("Could not start payment. Please try again."));
  useEffect(() => {
    const controller = new AbortController();
    fetchRedesigns(orderGroupId, controller.signal).then((answer) => setRedesigns(answer.redesigns), () => undefined);
    return () => controller.abort();
  }, [orderGroupId]);
  if (redesigns.length === 0) return null;
  return (
    <section aria-labelledby="redesign-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="redesign-heading" className="text-lg font-bold">Reprint with new artwork</h2>
      <ul className="mt-2 space-y-3 text-sm">
        {redesigns.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-3">
            <span>
              {r.product_name}: {formatPence(r.amount_pence)} including VAT (50% of the item&apos;s price). {r.reason}.{" "}
              {r.status === "awaiting payment" ? `Please pay by ${formatLongDate(r.pay_by)}.` : r.status === "expired" ? "This payment link has expired: please contact us." : null}
            </span>
            {r.status === "awaiting payment" ? (
              <button type="button" className="btn-primary" disabled={busy} onClick={() => void run(async () => window.location.assign((await payRedesign(orderGroupId, r.id)).url))}>
                Pay {formatPence(r.amount_pence)}
              </button>
            ) : r.paid_order_group_id ? (
              <Link to={`/my-account/orders/${r.paid_order_group_id}`} className="font-semibold text-brand-700 underline">
                Paid: order {r.paid_order_group_id}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <ProblemAlert message={problem} className="mt-2" />
    </section>
  );
}
