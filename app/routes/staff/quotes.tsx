import { useState } from "react";
import { Link } from "react-router";
import { formatPence, formatUkDateTime } from "../../../domain/format";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { managerOnly } from "../../lib/staff-document";
import { fetchManagedQuotes, type ManagedQuoteEntry } from "../../lib/trade-office-api";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/quotes";
import { DataTable } from "../../components/data-table";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Quotes | Printwise back office" }, { name: "robots", content: "noindex" }];

const FILTERS = [
  { status: "requested", label: "Waiting for a price" },
  { status: "open", label: "Priced" },
  { status: "ordered", label: "Ordered" },
  { status: null, label: "All" },
] as const;

/** Quotes: Quick Quote requests waiting for a price first, then those priced and ordered. */
export default function QuotesPage() {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]["status"]>("requested");
  const [quotes, setQuotes] = useState<ManagedQuoteEntry[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useSignedInLoad(
    (_userId, signal) => {
      setQuotes(null);
      fetchManagedQuotes(filter, signal).then(
        (answer) => setQuotes(answer.quotes),
        (error: unknown) => (error as Error).name !== "AbortError" && setProblem(errorMessage(error)),
      );
    },
    { key: filter ?? "all" },
  );

  return (
    <section aria-labelledby="quotes-heading" className="space-y-4">
      <h1 id="quotes-heading" className="text-2xl font-bold">Quotes</h1>
      <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button key={f.label} type="button" aria-pressed={filter === f.status} onClick={() => setFilter(f.status)} className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${filter === f.status ? "bg-slate-800 text-white ring-slate-800" : "bg-white text-slate-700 ring-slate-300"}`}>
            {f.label}
          </button>
        ))}
      </div>
      {problem ? <p role="alert" className="font-semibold text-red-700">{problem}</p> : null}
      {quotes === null ? (
        <LoadingState label="Loading quotes…" rows={4} />
      ) : quotes.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No quotes here.</p>
      ) : (
        <DataTable
          tableClassName="sm:min-w-[40rem]"
          stackOnPhone
          head={
            <>
              <th scope="col" className="px-4 py-3">Quote</th>
              <th scope="col" className="px-4 py-3">Customer</th>
              <th scope="col" className="px-4 py-3">What</th>
              <th scope="col" className="px-4 py-3">Asked</th>
              <th scope="col" className="px-4 py-3 text-right">Total</th>
            </>
          }
        >
          {quotes.map((q) => (
            <tr key={q.id} className="border-b border-slate-100 last:border-0">
              <td className="px-4 py-3 font-semibold">
                <Link to={`/staff/quotes/${q.id}`} className="text-brand-700 hover:underline">
                  {q.number}
                </Link>
                <span className="block text-xs font-normal text-slate-500">{q.kind === "request" ? "Quick Quote" : "From basket"}</span>
              </td>
              <td className="px-4 py-3">
                {q.customer}
                <span className="block text-xs text-slate-500">{q.email}</span>
              </td>
              <td className="max-w-xs truncate px-4 py-3" data-label="What">{q.summary}</td>
              <td className="px-4 py-3" data-label="Asked">{formatUkDateTime(q.createdAt)}</td>
              <td className="px-4 py-3 text-right" data-label="Total">{q.status === "requested" ? "To price" : formatPence(q.totals.totalPence)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
