import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { basketFromQuote } from "../../../domain/basket";
import { lineSizeLabel } from "../../../domain/checkout";
import { formatLongDate, formatPence } from "../../../domain/format";
import { QUOTE_MESSAGES } from "../../../domain/quote";
import { LoadingState } from "../../components/loading-state";
import { OrderSummary } from "../../components/order-summary";
import { ApiResponseError } from "../../lib/api-client";
import { basketStore } from "../../lib/basket";
import { openPrivateFile } from "../../lib/orders-api";
import { basketItemOf, basketOfQuote, fetchQuote, type Quote, type QuoteLine } from "../../lib/quotes-api";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/quote-detail";
import { quoteState } from "./quote-state";
import { ProblemAlert } from "../../components/problem-alert";
import { DataTable } from "../../components/data-table";

export const meta: Route.MetaFunction = () => [{ title: "Quote | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

/** One quote: its lines and totals, its PDF, and ordering it whole at its prices while it is valid. */
export default function QuoteDetailPage() {
  const { quoteId = "" } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<{ kind: "loading" } | { kind: "missing" } | { kind: "error" } | { kind: "ready"; quote: Quote }>({ kind: "loading" });
  const [problem, setProblem] = useState<string | null>(null);
  useSignedInLoad(
    (_userId, signal) =>
      void fetchQuote(quoteId, signal).then(
        (quote) => setState({ kind: "ready", quote }),
        (error: unknown) => {
          if ((error as Error).name === "AbortError") return;
          setState(error instanceof ApiResponseError && (error.status === 404 || error.status === 400) ? { kind: "missing" } : { kind: "error" });
        },
      ),
    { key: quoteId },
  );

  const back = (
    <Link to="/my-account/quotes" className="text-sm font-semibold text-brand-700 hover:underline">
      ← Back to Quotes
    </Link>
  );
  if (state.kind === "loading") {
    return (
      <article aria-busy="true" className="space-y-6">
        <div>
          {back}
          <h1 className="mt-1 text-3xl font-bold">Quote</h1>
        </div>
        <LoadingState label="Loading your quote…" rows={4} />
      </article>
    );
  }
  if (state.kind !== "ready") {
    return (
      <section className="rounded-lg bg-white p-8 text-center ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold">{state.kind === "missing" ? "Quote not found" : "Network error. Please try again."}</h1>
        <Link to="/my-account/quotes" className="btn-primary mt-6">
          Back to Quotes
        </Link>
      </section>
    );
  }

  const { quote } = state;
  const status = quoteState(quote);
  const orderable = quote.status === "open" && !quote.expired;
  const download = async () => {
    setProblem(null);
    try {
      await openPrivateFile(`/api/quotes/${quote.id}/pdf`, `${quote.number}.pdf`);
    } catch {
      setProblem("The quote could not be downloaded. Please try again.");
    }
  };
  const order = () => {
    basketStore.set(basketOfQuote(quote));
    navigate("/basket");
  };
  const orderAtTodaysPrices = () => {
    const todays = quote.todays!;
    basketStore.set({ ...basketFromQuote({ id: quote.id, number: quote.number, validUntil: "" }, todays.lines.map((line, index) => basketItemOf(line, index, `t${quote.id}`))), quote: null });
    navigate("/basket");
  };

  return (
    <article aria-labelledby="quote-heading" className="space-y-6">
      <div>
        {back}
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 id="quote-heading" className="text-3xl font-bold">
            Quote {quote.number}
          </h1>
          <span className={`rounded-full px-3 py-1 text-xs font-bold ${status.tone}`} data-testid="quote-state">
            {status.text}
          </span>
        </div>
        <p className="mt-1 text-slate-600">Made {formatLongDate(quote.createdAt)}</p>
      </div>

      {quote.status === "requested" ? (
        <p role="status" className="rounded-md bg-yellow-50 px-4 py-3 text-sm text-yellow-900 ring-1 ring-yellow-200">
          We price Quick Quote requests within one working day and will email you the quote. It will be here too.
        </p>
      ) : null}
      {quote.expired ? (
        <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {quote.kind === "basket" ? QUOTE_MESSAGES.expired(quote.number, quote.validUntil!) : QUOTE_MESSAGES.requestExpired(quote.number, quote.validUntil!)}
        </p>
      ) : null}

      {quote.request ? <RequestDetails quote={quote} /> : null}

      {quote.lines.length > 0 ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Lines lines={quote.lines} caption="Quoted lines" />
          <OrderSummary totals={{ ...quote.totals, promoDiscountPence: 0 }} heading="Quoted total">
            {quote.note ? <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{quote.note}</p> : null}
            {quote.turnaroundDays ? <p className="mt-2 text-sm text-slate-600">Dispatched {quote.turnaroundDays} working days after ordering and approving artwork.</p> : null}
          </OrderSummary>
        </div>
      ) : null}

      {quote.todays ? (
        <section aria-labelledby="todays-heading" className="space-y-3">
          <h2 id="todays-heading" className="text-xl font-bold">
            At today's prices: {formatPence(quote.todays.totals.totalPence)}
          </h2>
          {quote.todays.problems.map((p) => (
            <p key={p} className="text-sm text-red-700">
              {p}
            </p>
          ))}
          {quote.todays.lines.length > 0 ? (
            <button type="button" className="btn-primary" onClick={orderAtTodaysPrices}>
              Add to basket at today's prices
            </button>
          ) : null}
        </section>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {orderable ? (
          <button type="button" className="btn-primary" onClick={order}>
            Order this quote
          </button>
        ) : null}
        {quote.status !== "requested" ? (
          <button type="button" className="btn-outline" onClick={() => void download()}>
            Download quote PDF
          </button>
        ) : null}
        {quote.orderGroupId ? (
          <Link to={`/my-account/orders/${quote.orderGroupId}`} className="btn-outline">
            View order {quote.orderGroupId}
          </Link>
        ) : null}
        {quote.expired && quote.kind === "request" ? (
          <Link to="/quick-quote" className="btn-outline">
            New Quick Quote request
          </Link>
        ) : null}
      </div>
      <ProblemAlert message={problem} />
    </article>
  );
}

function Lines({ lines, caption }: { lines: QuoteLine[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      head={
        <>
          <th scope="col" className="px-4 py-3">Item</th>
          <th scope="col" className="px-4 py-3 text-right">Qty</th>
          <th scope="col" className="px-4 py-3 text-right">Price</th>
        </>
      }
    >
      {lines.map((line, index) => (
        <tr key={index} className="border-b border-slate-100 last:border-0 align-top">
          <td className="px-4 py-3">
            <p className="font-semibold">{line.productName}</p>
            <p className="text-slate-600">{[lineSizeLabel(line), ...line.attributes.map((a) => a.subattribute_name)].filter(Boolean).join(", ")}</p>
          </td>
          <td className="px-4 py-3 text-right">{line.quantity}</td>
          <td className="px-4 py-3 text-right">{formatPence(line.linePence)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function RequestDetails({ quote }: { quote: Quote }) {
  const r = quote.request!;
  const rows: [string, string][] = [
    ["What", r.productKind],
    ["Size", r.size],
    ["Quantity", String(r.quantity)],
    ...(r.material ? ([["Material", r.material]] as [string, string][]) : []),
    ...(r.deadline ? ([["Needed by", formatLongDate(r.deadline)]] as [string, string][]) : []),
    ...(r.notes ? ([["Notes", r.notes]] as [string, string][]) : []),
    ["Files", quote.attachments.length === 0 ? "None" : quote.attachments.map((a) => a.fileName).join(", ")],
  ];
  return (
    <section aria-labelledby="request-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="request-heading" className="text-lg font-bold">Your request</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-600">{name}</dt>
            <dd className="whitespace-pre-line break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
