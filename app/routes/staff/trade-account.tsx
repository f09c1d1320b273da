import { useState } from "react";
import { Link, useParams } from "react-router";
import { ukDateParts } from "../../../domain/delivery";
import { formatPence, formatUkDate } from "../../../domain/format";
import { invoiceNumberLabel } from "../../../domain/invoice";
import { penceToPoundsText, poundsTextToPence } from "../../../domain/money";
import { owed } from "../../../domain/trade-account";
import { FigureTiles } from "../../components/figure-tiles";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { managerOnly } from "../../lib/staff-document";
import { fetchTradeAccountDetail, recordAccountPayment, updateTradeAccount, type TradeAccountDetail } from "../../lib/trade-office-api";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/trade-account";
import { DataTable } from "../../components/data-table";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Trade account | Printwise back office" }, { name: "robots", content: "noindex" }];


/** One trade account: its terms and hold, its invoices with what each still owes, and payments received. */
export default function TradeAccountPage() {
  const { userId = "" } = useParams();
  const [account, setAccount] = useState<TradeAccountDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useSignedInLoad((_id, signal) => void fetchTradeAccountDetail(userId, signal).then(setAccount, (e: unknown) => (e as Error).name !== "AbortError" && setProblem(errorMessage(e))), { key: userId });
  if (problem && !account) return <p role="alert" className="font-semibold text-red-700">{problem}</p>;
  if (!account) return <LoadingState label="Loading the account…" rows={4} />;

  const toggleHold = async () => {
    setProblem(null);
    try {
      setAccount(await updateTradeAccount(account.userId, { held: !account.held }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <article aria-labelledby="account-heading" className="space-y-6">
      <div>
        <Link to="/staff/accounts" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Trade accounts
        </Link>
        <h1 id="account-heading" className="mt-1 text-2xl font-bold">
          {account.customer || account.email}
        </h1>
        <p className="text-slate-600">{account.email}</p>
      </div>
      <FigureTiles
        figures={[
          ["Owed", formatPence(account.balancePence)],
          ["Overdue", formatPence(account.overduePence)],
          ["Available", formatPence(account.availablePence)],
          ["Limit", formatPence(account.creditLimitPence)],
          ["Terms", `${account.termsDays} days`],
        ]}
      />
      <section aria-labelledby="hold-heading" className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="hold-heading" className="sr-only">Hold</h2>
        <p className="flex-1 text-sm">
          {account.held
            ? "On hold by a manager: no new orders on account until released."
            : account.holdReason === "overdue"
              ? "On hold because an invoice is overdue: it comes off hold when the overdue invoices are paid."
              : "Open: the customer may pay on account within the limit."}
        </p>
        <button type="button" className={account.held ? "btn-primary" : "btn-outline"} onClick={() => void toggleHold()}>
          {account.held ? "Release hold" : "Put on hold"}
        </button>
        <TermsForm account={account} onSaved={setAccount} />
      </section>
      {problem ? <p role="alert" className="font-semibold text-red-700">{problem}</p> : null}
      <DataTable
        tableClassName="min-w-[40rem]"
        caption="Invoices on account"
        showCaption
        head={
          <>
            <th scope="col" className="px-4 py-3">Invoice</th>
            <th scope="col" className="px-4 py-3">Dated</th>
            <th scope="col" className="px-4 py-3">Due</th>
            <th scope="col" className="px-4 py-3 text-right">Total</th>
            <th scope="col" className="px-4 py-3 text-right">Paid</th>
            <th scope="col" className="px-4 py-3 text-right">Owed</th>
          </>
        }
      >
        {account.invoices.length === 0 ? (
          <tr>
            <td colSpan={6} className="px-4 py-6 text-center text-slate-600">No orders on account yet.</td>
          </tr>
        ) : (
          account.invoices.map((invoice) => (
            <tr key={invoice.orderGroupId} className="border-b border-slate-100 last:border-0">
              <td className="px-4 py-3 font-semibold">
                <Link to={`/staff/orders/${invoice.orderGroupId}`} className="text-brand-700 hover:underline">
                  {invoiceNumberLabel(invoice.invoiceNumber)}
                </Link>
              </td>
              <td className="px-4 py-3">{formatUkDate(invoice.invoiceDate)}</td>
              <td className={`px-4 py-3 ${owed(invoice) > 0 && invoice.dueDate < ukDateParts(new Date()).isoDate ? "font-semibold text-red-700" : ""}`}>{formatUkDate(invoice.dueDate)}</td>
              <td className="px-4 py-3 text-right">{formatPence(invoice.totalPence)}</td>
              <td className="px-4 py-3 text-right">{formatPence(invoice.paidPence)}</td>
              <td className="px-4 py-3 text-right font-semibold">{formatPence(owed(invoice))}</td>
            </tr>
          ))
        )}
      </DataTable>
      {account.invoices.length > 0 ? <PaymentForm account={account} onRecorded={setAccount} /> : null}
    </article>
  );
}

function TermsForm({ account, onSaved }: { account: TradeAccountDetail; onSaved: (account: TradeAccountDetail) => void }) {
  const [limit, setLimit] = useState(penceToPoundsText(account.creditLimitPence));
  const [terms, setTerms] = useState(String(account.termsDays));
  const [status, setStatus] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const creditLimitPence = poundsTextToPence(limit);
    if (creditLimitPence === null || !/^\d{1,3}$/.test(terms.trim())) {
      setStatus("Enter the limit in pounds and the terms in whole days.");
      return;
    }
    try {
      onSaved(await updateTradeAccount(account.userId, { creditLimitPence, termsDays: Number(terms) }));
      setStatus("Saved.");
    } catch (error) {
      setStatus(errorMessage(error));
    }
  };
  return (
    <form method="post" onSubmit={submit} className="flex w-full flex-wrap items-end gap-3 border-t border-slate-100 pt-3" aria-label="Credit limit and terms">
      <label className="text-sm">
        <span className="field-label">Credit limit (£)</span>
        <input className="field-input w-36" inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} />
      </label>
      <label className="text-sm">
        <span className="field-label">Terms (days)</span>
        <input className="field-input w-24" inputMode="numeric" value={terms} onChange={(e) => setTerms(e.target.value)} />
      </label>
      <button type="submit" className="btn-outline">Save terms</button>
      {status ? <p role="status" className="text-sm font-semibold">{status}</p> : null}
    </form>
  );
}

function PaymentForm({ account, onRecorded }: { account: TradeAccountDetail; onRecorded: (account: TradeAccountDetail) => void }) {
  const unpaid = account.invoices.filter((invoice) => owed(invoice) > 0);
  const [invoiceId, setInvoiceId] = useState(String(unpaid[0]?.orderGroupId ?? ""));
  const chosen = unpaid.find((invoice) => String(invoice.orderGroupId) === invoiceId) ?? unpaid[0];
  const [amount, setAmount] = useState(chosen ? penceToPoundsText(owed(chosen)) : "");
  const [receivedOn, setReceivedOn] = useState(ukDateParts(new Date()).isoDate);
  const [reference, setReference] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const amountPence = poundsTextToPence(amount);
    if (amountPence === null || amountPence <= 0) {
      setStatus({ ok: false, text: "Enter the amount received in pounds, e.g. 120.00" });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const updated = await recordAccountPayment(account.userId, { orderGroupId: chosen.orderGroupId, amountPence, receivedOn, reference });
      setStatus({ ok: true, text: `${formatPence(amountPence)} recorded against ${invoiceNumberLabel(chosen.invoiceNumber)}.` });
      setReference("");
      onRecorded(updated);
      const next = updated.invoices.find((invoice) => owed(invoice) > 0);
      if (next) {
        setInvoiceId(String(next.orderGroupId));
        setAmount(penceToPoundsText(owed(next)));
      }
    } catch (error) {
      setStatus({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form method="post" onSubmit={submit} aria-labelledby="payment-heading" className="space-y-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="payment-heading" className="text-lg font-bold">Record a payment</h2>
      {chosen ? (
        <div className="grid gap-3 sm:grid-cols-4">
          <label className="text-sm">
            <span className="field-label">Invoice</span>
            <select
              className="field-input"
              value={invoiceId}
              onChange={(e) => {
                setInvoiceId(e.target.value);
                const invoice = unpaid.find((i) => String(i.orderGroupId) === e.target.value);
                if (invoice) setAmount(penceToPoundsText(owed(invoice)));
              }}
            >
              {unpaid.map((invoice) => (
                <option key={invoice.orderGroupId} value={invoice.orderGroupId}>
                  {invoiceNumberLabel(invoice.invoiceNumber)}: {formatPence(owed(invoice))} owed
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="field-label">Amount (£)</span>
            <input className="field-input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </label>
          <label className="text-sm">
            <span className="field-label">Received on</span>
            <input className="field-input" type="date" value={receivedOn} onChange={(e) => setReceivedOn(e.target.value)} />
          </label>
          <label className="text-sm">
            <span className="field-label">Reference</span>
            <input className="field-input" value={reference} onChange={(e) => setReference(e.target.value)} maxLength={60} placeholder="BACS ref, cheque no." />
          </label>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Every invoice on this account is paid.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {chosen ? (
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Recording…" : "Record payment"}
          </button>
        ) : null}
        {status ? <p role={status.ok ? "status" : "alert"} className={`text-sm font-semibold ${status.ok ? "text-brand-700" : "text-red-700"}`}>{status.text}</p> : null}
      </div>
    </form>
  );
}
