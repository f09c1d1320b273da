import { formatPence } from "../../domain/format";
import type { OrderTotals } from "../../domain/totals";

/** Sub Total, Delivery, VAT, Promo Discount and Total (spec section 2), from the one totals rule in domain/. */
export function OrderSummary({ totals, heading = "Order summary", children }: { totals: OrderTotals; heading?: string; children?: React.ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label={heading}>
      <h2 className="text-lg font-bold">{heading}</h2>
      {children}
      <dl className="mt-3 space-y-2 text-sm">
        <SummaryRow label="Sub Total" pence={totals.subTotalPence} />
        <SummaryRow label="Delivery" pence={totals.deliveryPence} />
        <SummaryRow label="VAT" pence={totals.vatPence} />
        <SummaryRow label="Promo Discount" pence={totals.promoDiscountPence} negative />
        <div className="flex justify-between border-t border-slate-200 pt-3 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="total">{formatPence(totals.totalPence)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">VAT at 20% on Sub Total less Promo Discount plus Delivery.</p>
    </section>
  );
}

function SummaryRow({ label, pence, negative = false }: { label: string; pence: number; negative?: boolean }) {
  return (
    <div className="flex justify-between">
      <dt className="text-slate-600">{label}</dt>
      <dd data-testid={`summary-${label.toLowerCase().replace(/\s+/g, "-")}`}>{negative && pence > 0 ? `-${formatPence(pence)}` : formatPence(pence)}</dd>
    </div>
  );
}
