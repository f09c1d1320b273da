import { useEffect, useState } from "react";
import { formatPence, formatUkDate } from "../../../domain/format";
import { errorMessage } from "../../lib/api-client";
import { downloadReceivables, fetchReceivables, type Receivables } from "../../lib/trade-office-api";
import { DataTable } from "../data-table";

/** Receivables: what trade customers owe today, aged by invoice date, with the CSV for the accountant. */
export function ReceivablesAgeing() {
  const [ageing, setAgeing] = useState<Receivables | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchReceivables(controller.signal).then(setAgeing, (error: unknown) => (error as Error).name !== "AbortError" && setProblem(errorMessage(error)));
    return () => controller.abort();
  }, []);
  return (
    <section aria-labelledby="receivables-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="receivables-heading" className="text-xl font-bold">Receivables</h2>
          <p className="text-sm text-slate-600">Unpaid on-account invoices{ageing ? ` on ${formatUkDate(ageing.date)}` : ""}, by days since the invoice date.</p>
        </div>
        {ageing ? (
          <button type="button" className="btn-outline" onClick={() => void downloadReceivables(ageing.date)}>
            Download receivables CSV
          </button>
        ) : null}
      </div>
      {problem ? <p role="alert" className="font-semibold text-red-700">{problem}</p> : null}
      {ageing ? (
        <DataTable
          tableClassName="min-w-[40rem]"
          alignRight
          head={
            <>
              <th scope="col" className="px-3 py-2 text-left">Customer</th>
              {ageing.buckets.map((bucket) => (
                <th key={bucket} scope="col" className="px-3 py-2">{bucket}</th>
              ))}
              <th scope="col" className="px-3 py-2">Total</th>
            </>
          }
        >
          {ageing.rows.length === 0 ? (
            <tr>
              <td colSpan={ageing.buckets.length + 2} className="px-3 py-4 text-center text-slate-600">Nothing is owed on account.</td>
            </tr>
          ) : (
            ageing.rows.map((row) => (
              <tr key={row.userId} className="border-b border-slate-100">
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  {row.customer}
                  <span className="block text-xs font-normal text-slate-500">{row.email}</span>
                </th>
                {row.bucketsPence.map((pence, index) => (
                  <td key={index} className={`px-3 py-2 ${index > 0 && pence > 0 ? "text-red-700" : ""}`}>{formatPence(pence)}</td>
                ))}
                <td className="px-3 py-2 font-semibold">{formatPence(row.totalPence)}</td>
              </tr>
            ))
          )}
          <tr className="bg-slate-50 font-bold">
            <th scope="row" className="px-3 py-2 text-left">Total</th>
            {ageing.totals.bucketsPence.map((pence, index) => (
              <td key={index} className="px-3 py-2">{formatPence(pence)}</td>
            ))}
            <td className="px-3 py-2">{formatPence(ageing.totals.totalPence)}</td>
          </tr>
        </DataTable>
      ) : problem ? null : (
        <p className="text-sm text-slate-600">Loading receivables…</p>
      )}
    </section>
  );
}
