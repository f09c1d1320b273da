import { useState } from "react";
import { Link } from "react-router";
import { formatPence, formatUkDate } from "../../../domain/format";
import { FigureTiles } from "../../components/figure-tiles";
import { LoadingState } from "../../components/loading-state";
import { fetchTradeAccount } from "../../lib/checkout";
import { openPrivateFile } from "../../lib/orders-api";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/trade-account";
import { ProblemAlert } from "../../components/problem-alert";
import { DataTable } from "../../components/data-table";

export const meta: Route.MetaFunction = () => [{ title: "Trade account | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

type Account = NonNullable<Awaited<ReturnType<typeof fetchTradeAccount>>["account"]>;

/** The customer's trade account: limit, balance, what is overdue, and the statement (also as a PDF). */
export default function TradeAccountPage() {
  const [state, setState] = useState<{ kind: "loading" } | { kind: "error" } | { kind: "ready"; account: Account | null }>({ kind: "loading" });
  const [problem, setProblem] = useState<string | null>(null);
  useSignedInLoad((_userId, signal) => {
    fetchTradeAccount(signal).then(
      (answer) => setState({ kind: "ready", account: answer.account }),
      (error: unknown) => {
        if ((error as Error).name !== "AbortError") setState({ kind: "error" });
      },
    );
  });

  const heading = (
    <h1 id="trade-heading" className="text-3xl font-bold">
      Trade account
    </h1>
  );
  if (state.kind === "loading") {
    return (
      <section aria-labelledby="trade-heading" aria-busy="true">
        {heading}
        <LoadingState label="Loading your account…" rows={4} className="mt-6" />
      </section>
    );
  }
  if (state.kind === "error") {
    return (
      <section aria-labelledby="trade-heading">
        {heading}
        <p role="alert" className="mt-6 font-semibold text-red-700">Network error. Please try again.</p>
      </section>
    );
  }
  const { account } = state;
  if (!account) {
    return (
      <section aria-labelledby="trade-heading">
        {heading}
        <div className="mt-6 max-w-2xl rounded-lg bg-white p-6 ring-1 ring-slate-200">
          <p className="text-lg font-semibold">Pay on 30-day terms</p>
          <p className="mt-2 text-slate-600">
            Businesses that order with us regularly can pay on account: order without a card, up to a credit limit, and pay each invoice within 30 days. Ask us to open an account for you.
          </p>
          <Link to="/contact-us" className="btn-primary mt-4">
            Contact us
          </Link>
        </div>
      </section>
    );
  }

  const download = async () => {
    setProblem(null);
    try {
      await openPrivateFile("/api/account/trade-account/statement.pdf", `statement-${new Date().toISOString().slice(0, 10)}.pdf`);
    } catch {
      setProblem("The statement could not be downloaded. Please try again.");
    }
  };
  const facts: [string, string][] = [
    ["Balance owed", formatPence(account.balancePence)],
    ["Available to order", formatPence(account.availablePence)],
    ["Credit limit", formatPence(account.creditLimitPence)],
    ["Terms", `${account.termsDays} days from the invoice date`],
    ["Overdue", formatPence(account.overduePence)],
  ];
  return (
    <section aria-labelledby="trade-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {heading}
        <button type="button" className="btn-outline" onClick={() => void download()}>
          Download statement (PDF)
        </button>
      </div>
      {account.onHold ? (
        <p role="status" className="rounded-md bg-red-50 px-4 py-3 text-sm font-semibold text-red-800 ring-1 ring-red-200">
          {account.holdReason === "overdue"
            ? `Your account is on hold: ${formatPence(account.overduePence)} is overdue. New orders on account can be placed once it is paid; you can still pay by card.`
            : "Your account is on hold. Please contact us; you can still pay by card."}
        </p>
      ) : null}
      <FigureTiles figures={facts} />
      <DataTable
        tableClassName="min-w-[36rem]"
        caption="Statement"
        showCaption
        head={
          <>
            <th scope="col" className="px-4 py-3">Date</th>
            <th scope="col" className="px-4 py-3">Reference</th>
            <th scope="col" className="px-4 py-3">Details</th>
            <th scope="col" className="px-4 py-3 text-right">Invoiced</th>
            <th scope="col" className="px-4 py-3 text-right">Paid</th>
            <th scope="col" className="px-4 py-3 text-right">Balance</th>
          </>
        }
      >
        {account.statement.length === 0 ? (
          <tr>
            <td colSpan={6} className="px-4 py-6 text-center text-slate-600">No invoices or payments yet.</td>
          </tr>
        ) : (
          account.statement.map((entry, index) => (
            <tr key={index} className="border-b border-slate-100 last:border-0">
              <td className="px-4 py-3">{formatUkDate(entry.date)}</td>
              <td className="px-4 py-3 font-semibold">{entry.reference}</td>
              <td className="px-4 py-3">{entry.description}</td>
              <td className="px-4 py-3 text-right">{entry.debitPence ? formatPence(entry.debitPence) : ""}</td>
              <td className="px-4 py-3 text-right">{entry.creditPence ? formatPence(entry.creditPence) : ""}</td>
              <td className="px-4 py-3 text-right">{formatPence(entry.balancePence)}</td>
            </tr>
          ))
        )}
      </DataTable>
      <ProblemAlert message={problem} />
    </section>
  );
}
