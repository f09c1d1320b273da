import { useCallback, useState } from "react";
import { Link } from "react-router";
import { formatPence } from "../../../domain/format";
import { poundsTextToPence } from "../../../domain/money";
import { DEFAULT_TERMS_DAYS } from "../../../domain/trade-account";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { managerOnly } from "../../lib/staff-document";
import { fetchTradeAccounts, openTradeAccount, type TradeAccountSummary } from "../../lib/trade-office-api";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/accounts";
import { DataTable } from "../../components/data-table";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Trade accounts | Printwise back office" }, { name: "robots", content: "noindex" }];


/** Trade accounts: who may pay on account, how much they owe, what is overdue; open a new one. */
export default function AccountsPage() {
  const [accounts, setAccounts] = useState<TradeAccountSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback((signal?: AbortSignal) => fetchTradeAccounts(signal).then((a) => setAccounts(a.accounts), (e: unknown) => (e as Error).name !== "AbortError" && setProblem(errorMessage(e))), []);
  useSignedInLoad((_userId, signal) => void load(signal));

  return (
    <section aria-labelledby="accounts-heading" className="space-y-6">
      <h1 id="accounts-heading" className="text-2xl font-bold">Trade accounts</h1>
      {problem ? <p role="alert" className="font-semibold text-red-700">{problem}</p> : null}
      {accounts === null ? (
        <LoadingState label="Loading accounts…" rows={3} />
      ) : accounts.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No trade accounts yet.</p>
      ) : (
        <DataTable
          tableClassName="sm:min-w-[44rem]"
          stackOnPhone
          head={
            <>
              <th scope="col" className="px-4 py-3">Customer</th>
              <th scope="col" className="px-4 py-3 text-right">Limit</th>
              <th scope="col" className="px-4 py-3 text-right">Owed</th>
              <th scope="col" className="px-4 py-3 text-right">Overdue</th>
              <th scope="col" className="px-4 py-3">Terms</th>
              <th scope="col" className="px-4 py-3">State</th>
            </>
          }
        >
          {accounts.map((a) => (
            <tr key={a.userId} className="border-b border-slate-100 last:border-0">
              <td className="px-4 py-3">
                <Link to={`/staff/accounts/${a.userId}`} className="font-semibold text-brand-700 hover:underline">
                  {a.customer || a.email}
                </Link>
                <span className="block text-xs text-slate-500">{a.email}</span>
              </td>
              <td className="stack-inline px-4 py-3 text-right whitespace-nowrap" data-label="Limit">{formatPence(a.creditLimitPence)}</td>
              <td className="stack-inline px-4 py-3 text-right whitespace-nowrap" data-label="Owed">{formatPence(a.balancePence)}</td>
              <td data-label="Overdue" className={`stack-inline px-4 py-3 text-right whitespace-nowrap ${a.overduePence > 0 ? "font-semibold text-red-700" : ""}`}>{formatPence(a.overduePence)}</td>
              <td className="stack-inline px-4 py-3" data-label="Terms">{a.termsDays} days</td>
              <td className="px-4 py-3" data-label="State">{a.onHold ? <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">On hold{a.holdReason === "overdue" ? " (overdue)" : ""}</span> : <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">Open</span>}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <OpenAccountForm onOpened={() => void load()} />
    </section>
  );
}

function OpenAccountForm({ onOpened }: { onOpened: () => void }) {
  const [email, setEmail] = useState("");
  const [limit, setLimit] = useState("");
  const [terms, setTerms] = useState(String(DEFAULT_TERMS_DAYS));
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const creditLimitPence = poundsTextToPence(limit);
    if (creditLimitPence === null) {
      setStatus({ ok: false, text: "Enter the credit limit in pounds, e.g. 2500.00" });
      return;
    }
    if (!/^\d{1,3}$/.test(terms.trim())) {
      setStatus({ ok: false, text: "Terms must be whole days" });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const opened = await openTradeAccount({ email, creditLimitPence, termsDays: Number(terms) });
      setStatus({ ok: true, text: `Trade account opened for ${opened.email}: ${formatPence(opened.creditLimitPence)} on ${opened.termsDays} days.` });
      setEmail("");
      setLimit("");
      onOpened();
    } catch (error) {
      setStatus({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form method="post" onSubmit={submit} aria-labelledby="open-heading" className="space-y-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="open-heading" className="text-lg font-bold">Open a trade account</h2>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_8rem]">
        <label className="text-sm">
          <span className="field-label">Customer's email</span>
          <input className="field-input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="off" />
        </label>
        <label className="text-sm">
          <span className="field-label">Credit limit (£)</span>
          <input className="field-input" inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} required placeholder="2500.00" />
        </label>
        <label className="text-sm">
          <span className="field-label">Terms (days)</span>
          <input className="field-input" inputMode="numeric" value={terms} onChange={(e) => setTerms(e.target.value)} required />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Opening…" : "Open account"}
        </button>
        {status ? <p role={status.ok ? "status" : "alert"} className={`min-w-0 text-sm font-semibold wrap-anywhere ${status.ok ? "text-brand-700" : "text-red-700"}`}>{status.text}</p> : null}
      </div>
    </form>
  );
}
