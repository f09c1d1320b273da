import { useCallback, useState } from "react";
import { formatUkDateTime } from "../../../domain/format";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { fetchAudit, type AuditPage } from "../../lib/back-office-api";
import { managerOnly } from "../../lib/staff-document";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/audit";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Audit log | Printwise back office" }, { name: "robots", content: "noindex" }];

type Entry = AuditPage["entries"][number];

/** Every back-office change, newest first: who, when, what, and the record before and after. */
export default function AuditPageView() {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const load = useCallback(
    (before: number | null, signal?: AbortSignal) =>
      fetchAudit(before, signal).then(
        (page) => {
          setEntries((current) => (before === null ? page.entries : [...(current ?? []), ...page.entries]));
          setNext(page.nextBefore);
        },
        (e: unknown) => (e as Error).name !== "AbortError" && setProblem(errorMessage(e)),
      ),
    [],
  );
  useSignedInLoad((_userId, signal) => void load(null, signal));

  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="text-2xl font-bold">Audit log</h1>
      <p className="mt-1 text-sm text-slate-600">Every change made in the back office, newest first.</p>
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
