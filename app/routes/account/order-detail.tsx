import { useState } from "react";
import { Link, useParams } from "react-router";
import { cardSummary } from "../../../domain/card";
import { formatDeliveryDate, formatLongDate, formatPence } from "../../../domain/format";
import { orderDateText } from "../../../domain/order-display";
import { paymentLabel } from "../../../domain/order-status";
import { LoadingState } from "../../components/loading-state";
import { OrderProgress } from "../../components/order-progress";
import { DesignPanel } from "../../components/design-service/design-panel";
import { RedesignPayments } from "../../components/design-service/redesign-payments";
import { ApiResponseError } from "../../lib/api-client";
import { fetchGroup, openPrivateFile, type OrderGroup } from "../../lib/orders-api";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/order-detail";
import { OrderItemRow } from "./order-item-row";
import { AfterSaleHistory, CancelPanel, ReprintBanner } from "./order-after-sale";
import { orderRef } from "../../../domain/order-ref";
import { ProblemAlert } from "../../components/problem-alert";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Order ${params.orderId} | Printwise Trade Print` }, { name: "robots", content: "noindex" }];

export default function OrderDetailPage() {
  const { orderId = "" } = useParams();
  const [state, setState] = useState<{ kind: "loading" } | { kind: "missing" } | { kind: "error" } | { kind: "ready"; group: OrderGroup }>({ kind: "loading" });
  const [invoiceProblem, setInvoiceProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reload = () =>
    void fetchGroup(orderId).then(
      (group) => setState({ kind: "ready", group }),
      () => undefined,
    );

  useSignedInLoad(
    (_userId, signal) =>
      void fetchGroup(orderId, signal).then(
        (group) => setState({ kind: "ready", group }),
        (error: unknown) => {
          if ((error as Error).name === "AbortError") return;
          setState(error instanceof ApiResponseError && (error.status === 404 || error.status === 400) ? { kind: "missing" } : { kind: "error" });
        },
      ),
    { key: orderId },
  );

  if (state.kind === "loading") {
    return (
      <article aria-labelledby="order-heading" aria-busy="true" className="space-y-6">
        <div>
          <Link to="/my-account/orders" className="text-sm font-semibold text-brand-700 hover:underline">
            ← Back to Orders
          </Link>
          <h1 id="order-heading" className="mt-1 text-3xl font-bold">
            Order {orderId}
          </h1>
        </div>
        <LoadingState label="Loading your order…" rows={5} />
      </article>
    );
  }
  if (state.kind === "missing" || state.kind === "error") {
    return (
      <section className="rounded-lg bg-white p-8 text-center ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold">{state.kind === "missing" ? "Order Not Found" : "Network error. Please try again."}</h1>
        <Link to="/my-account/orders" className="btn-primary mt-6">
          Back to Orders
        </Link>
      </section>
    );
  }

  const { group } = state;
  const payment = paymentLabel(group.payment_status);
  const needsArtwork = group.products.some((p) => p.status === "Awaiting Artwork" && p.designs === 0);
  const designed = group.products.filter((p) => p.designs > 0 && p.status !== "Cancelled");
  // Until its design is approved, a designed item has no delivery date yet: it counts from the approval.
  const designWaiting = designed.find((p) => p.design_job && p.design_job.state !== "approved");
  const downloadInvoice = async () => {
    setInvoiceProblem(null);
    try {
      await openPrivateFile(group.invoice_url!, `${group.invoice_number}.pdf`);
    } catch {
      setInvoiceProblem("The invoice could not be downloaded. Please try again.");
    }
  };

  const creditNotes = group.refunds.filter((refund) => refund.credit_note_url && refund.credit_note_number);
  const downloadCreditNote = async (url: string, label: string) => {
    setInvoiceProblem(null);
    try {
      await openPrivateFile(url, `${label}.pdf`);
    } catch {
      setInvoiceProblem("The credit note could not be downloaded. Please try again.");
    }
  };

  return (
    <article aria-labelledby="order-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link to="/my-account/orders" className="text-sm font-semibold text-brand-700 hover:underline">
            ← Back to Orders
          </Link>
          <h1 id="order-heading" className="mt-1 text-3xl font-bold">
            Order {group.order_group_id} <span className="text-lg font-semibold text-slate-600">{orderRef(group.order_group_id)}</span>
          </h1>
          <p className="text-slate-600">
            Placed {orderDateText(group.created_at)} · {group.status}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {needsArtwork ? (
            <Link to={`/checkout/artwork-uploader?order_group_id=${group.order_group_id}`} className="btn-accent">
              Upload artwork
            </Link>
          ) : null}
          {group.invoice_url ? (
            <button type="button" className="btn-outline" onClick={() => void downloadInvoice()}>
              Download VAT invoice
            </button>
          ) : null}
          {creditNotes.map((refund) => (
            <button key={refund.id} type="button" className="btn-outline" onClick={() => void downloadCreditNote(refund.credit_note_url!, refund.credit_note_number!)}>
              Credit note {refund.credit_note_number}
            </button>
          ))}
        </div>
      </div>
      <ProblemAlert message={invoiceProblem} />
      {notice ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-200">
          {notice}
        </p>
      ) : null}
      <ReprintBanner group={group} />

      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <OrderProgress status={group.status} />
        <p className="mt-4 text-sm text-slate-700" hidden={group.status === "Cancelled"}>
          {designWaiting ? (
            <>Delivery {designWaiting.turnaround_days ?? 3} working days after you approve your design</>
          ) : (
            <>
              Delivery by <strong>{formatDeliveryDate(group.delivery_date)}</strong>
            </>
          )}
          {group.tracking_number ? (
            <>
              {" "}· Sent with <strong>{group.carrier}</strong>, tracking number <strong data-testid="tracking-number">{group.tracking_number}</strong>
            </>
          ) : null}
        </p>
      </section>

      <section aria-label="Products" className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm max-md:block md:min-w-[40rem]">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-md:sr-only">
            <tr>
              <th scope="col" className="px-4 py-3">Artwork</th>
              <th scope="col" className="px-4 py-3">Details</th>
              <th scope="col" className="px-4 py-3">Status</th>
              <th scope="col" className="px-4 py-3 text-right">Qty</th>
              <th scope="col" className="px-4 py-3 text-right">Total</th>
            </tr>
          </thead>
          <tbody className="max-md:block">
            {group.products.map((product) => (
              <OrderItemRow key={product.order_id} product={product} />
            ))}
          </tbody>
        </table>
      </section>

      {designed.map((product) => (
        <DesignPanel key={product.order_id} orderId={product.order_id} onChanged={reload} />
      ))}

      <RedesignPayments orderGroupId={group.order_group_id} />
      <AfterSaleHistory group={group} />
      <CancelPanel
        key={group.refunds.length}
        group={group}
        onDone={(message) => {
          setNotice(message);
          reload();
        }}
      />

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="delivery-card" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="delivery-card" className="text-lg font-bold">Delivery address</h2>
          <address className="mt-2 not-italic text-sm leading-relaxed text-slate-700">
            {[
              `${group.deliveryAddress.first_name} ${group.deliveryAddress.last_name}`.trim(),
              group.deliveryAddress.company,
              group.deliveryAddress.address1,
              group.deliveryAddress.address2,
              group.deliveryAddress.town,
              group.deliveryAddress.county,
              group.deliveryAddress.postcode,
              group.deliveryAddress.country === "United Kingdom" ? "" : group.deliveryAddress.country,
            ]
              .filter(Boolean)
              .map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
          {group.deliveryAddress.instructions ? <p className="mt-2 text-sm text-slate-600">Instructions: {group.deliveryAddress.instructions}</p> : null}
          {group.ship_unbranded ? <p className="mt-2 text-sm font-semibold text-slate-700">Shipped unbranded, with your sender details</p> : null}
        </section>
        <section aria-labelledby="payment-card" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="payment-card" className="text-lg font-bold">Payment</h2>
          <p className="mt-2 text-sm">
            <span
              data-testid="payment-status"
              className={`rounded-full px-3 py-1 text-xs font-bold ${payment.tone === "paid" ? "bg-emerald-100 text-emerald-800" : "bg-yellow-100 text-yellow-900"}`}
            >
              {payment.text}
            </span>{" "}
            <span className="text-slate-600" data-testid="payment-card">
              {group.payment_method === "card"
                ? `by ${cardSummary(group.card_brand, group.card_last4)}`
                : group.payment_method === "account"
                  ? `On account${group.due_date ? `, due ${formatLongDate(group.due_date)}` : ""}`
                  : group.payment_method === "reprint"
                    ? "No charge: a reprint under our guarantee"
                    : `by ${group.payment_method}`}
            </span>
          </p>
          {group.po_number ? (
            <p className="mt-2 text-sm">
              Your PO number <strong data-testid="po-number">{group.po_number}</strong>
            </p>
          ) : null}
          <dl className="mt-3 space-y-1 text-sm">
            <Row label="Sub Total" value={formatPence(group.sub_total_pence)} />
            {group.promo_discount_pence > 0 ? <Row label={`Promo Discount${group.promo_code ? ` (${group.promo_code})` : ""}`} value={`-${formatPence(group.promo_discount_pence)}`} /> : null}
            <Row label="Delivery" value={formatPence(group.delivery_pence)} />
            <Row label="VAT" value={formatPence(group.vat_pence)} />
            <div className="flex justify-between border-t border-slate-200 pt-2 font-bold">
              <dt>Total</dt>
              <dd>{formatPence(group.total_pence)}</dd>
            </div>
            {group.refunded_pence > 0 ? (
              <>
                <Row label="Refunded" value={`-${formatPence(group.refunded_pence)}`} />
                <div className="flex justify-between font-bold">
                  <dt>Paid after refunds</dt>
                  <dd data-testid="net-paid">{formatPence(group.total_pence - group.refunded_pence)}</dd>
                </div>
              </>
            ) : null}
          </dl>
        </section>
      </div>
    </article>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-slate-600">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
