import { useState } from "react";
import { Link } from "react-router";
import { formatLongDate, formatPence } from "../../../domain/format";
import { LoadingState } from "../../components/loading-state";
import { fetchQuotes, type QuoteListEntry } from "../../lib/quotes-api";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/quotes";
import { quoteState } from "./quote-state";

export const meta: Route.MetaFunction = () => [{ title: "Your quotes | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

/** The customer's quotes: from the basket and from Quick Quote requests, newest first. */
export default function QuotesPage() {
  const [quotes, setQuotes] = useState<QuoteListEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useSignedInLoad((_userId, signal) => {
    fetchQuotes(signal).then(
      (answer) => setQuotes(answer.quotes),
      (error: unknown) => {
        if ((error as Error).name !== "AbortError") setFailed(true);
      },
    );
  });

  return (
    <section aria-labelledby="quotes-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="quotes-heading" className="text-3xl font-bold">
            Your quotes
          </h1>
          <p className="mt-1 text-slate-600">Quotes hold their prices for 30 days. Order one whole at its prices from its page.</p>
        </div>
        <Link to="/quick-quote" className="btn-outline">
          Request a Quick Quote
        </Link>
      </div>
      {failed ? (
        <p role="alert" className="mt-6 font-semibold text-red-700">
          Network error. Please try again.
        </p>
      ) : quotes === null ? (
        <LoadingState label="Loading your quotes…" rows={3} className="mt-6" />
      ) : quotes.length === 0 ? (
        <div className="mt-6 rounded-lg bg-white p-8 text-center ring-1 ring-slate-200">
          <p className="text-lg font-semibold">No quotes yet</p>
          <p className="mt-1 text-slate-600">Choose ‘Get a formal quote’ in your basket, or ask us to price something special.</p>
        </div>
      ) : (
        <ul aria-label="Your quotes" className="mt-6 space-y-3">
          {quotes.map((quote) => {
            const state = quoteState(quote);
            return (
              <li key={quote.id}>
                <Link
                  to={`/my-account/quotes/${quote.id}`}
                  className="block rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <span className="flex flex-wrap items-baseline justify-between gap-3">
                    <span className="text-lg font-bold">Quote {quote.number}</span>
                    <span className="font-semibold">{quote.status === "requested" ? "Being priced" : formatPence(quote.totals.totalPence)}</span>
                  </span>
                  <span className="mt-1 block truncate text-sm text-slate-600">
                    {formatLongDate(quote.createdAt)} · {quote.summary}
                  </span>
                  <span className="mt-2 flex items-center justify-between gap-3">
                    <span className={`rounded-full px-3 py-1 text-xs font-bold ${state.tone}`}>{state.text}</span>
                    <span className="text-sm font-semibold text-brand-700">View ›</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
