import { useCallback, useState } from "react";
import { Form, useSearchParams } from "react-router";
import { formatUkDateTime } from "../../../domain/format";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { fetchAudit, type AuditFilters, type AuditPage } from "../../lib/back-office-api";
import { managerOnly } from "../../lib/staff-document";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/audit";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Audit log | Printwise back office" }, { name: "robots", content: "noindex" }];

type Entry = AuditPage["entries"][number];
/** The kinds of change the log records (the server's AUDIT_ENTITY_TYPES), as a manager reads them. */
const AUDIT_KINDS: Record<string, string> = {
  "product-prices": "Prices",
  product: "Products",
  category: "Categories",
  subcategory: "Subcategories",
  promotion: "Promotions",
  staff: "Team",
  "price-list": "Price lists",
  quote: "Quotes",
  "trade-account": "Trade accounts",
  "account-payment": "Account payments",
};

/** Every back-office change, newest first: who, when, what, and the record before and after. */
export default function AuditPageView() {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [people, setPeople] = useState<string[]>([]);
  const [params] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(["person", "entityType", "from", "to"].flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])));
  const filterKey = JSON.stringify(filters);
  const load = useCallback(
    (before: number | null, signal?: AbortSignal) =>
      fetchAudit(before, JSON.parse(filterKey) as AuditFilters, signal).then(
        (page) => {
          setProblem(null);
          setPeople(page.people);
          setEntries((current) => (before === null ? page.entries : [...(current ?? []), ...page.entries]));
          setNext(page.nextBefore);
        },
        (e: unknown) => (e as Error).name !== "AbortError" && setProblem(errorMessage(e)),
      ),
    [filterKey],
  );
  useSignedInLoad((_userId, signal) => void load(null, signal), { key: filterKey });

  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="text-2xl font-bold">Audit log</h1>
      <p className="mt-1 text-sm text-slate-600">Every change made in the back office, newest first.</p>
      <Form method="get" aria-label="Filter the audit log" className="mt-4 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div>
          <label htmlFor="audit-person" className="field-label">Person</label>
          <select id="audit-person" name="person" className="field-input" defaultValue={filters.person ?? ""}>
            <option value="">Everyone</option>
            {people.map((email) => (
              <option key={email} value={email}>{email}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-kind" className="field-label">Kind</label>
          <select id="audit-kind" name="entityType" className="field-input" defaultValue={filters.entityType ?? ""}>
            <option value="">Every kind</option>
            {Object.entries(AUDIT_KINDS).map(([value, label]) => (
              <option key={value} value={value}>{label}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-from" className="field-label">From</label>
          <input id="audit-from" name="from" type="date" className="field-input" defaultValue={filters.from ?? ""} />
        </div>
        <div>
          <label htmlFor="audit-to" className="field-label">To</label>
          <input id="audit-to" name="to" type="date" className="field-input" defaultValue={filters.to ?? ""} />
        </div>
        <button type="submit" className="btn-primary">Filter</button>
      </Form>
      {problem ? <p role="alert" className="mt-4 font-semibold text-red-800">{problem}</p> : null}
      {entries === null && !problem ? <LoadingState label="Loading the audit log..." rows={6} className="mt-4" /> : null}
      {entries && entries.length === 0 ? <p className="mt-4 rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No changes yet.</p> : null}
      {entries && entries.length > 0 ? (
        <ol className="mt-4 space-y-2">
          {entries.map((e) => (
            <li key={e.id} className="rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold">{e.summary}</p>
              <p className="text-xs text-slate-500">
                {formatUkDateTime(e.createdAt)} · {e.actorEmail} · {e.action}
              </p>
              {e.before !== null || e.after !== null ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-xs font-semibold text-brand-700">Before and after</summary>
                  <div className="mt-2 grid gap-2 md:grid-cols-2">
                    <pre className="max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs" aria-label="Before">{e.before === null ? "(nothing)" : JSON.stringify(e.before, null, 2)}</pre>
                    <pre className="max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs" aria-label="After">{e.after === null ? "(nothing)" : JSON.stringify(e.after, null, 2)}</pre>
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {next !== null ? (
        <button
          type="button"
          className="btn-outline mt-4"
          disabled={loadingMore}
          onClick={async () => {
            setLoadingMore(true);
            await load(next);
            setLoadingMore(false);
          }}
        >
          {loadingMore ? "Loading..." : "Older entries"}
        </button>
      ) : null}
    </section>
  );
}
