import { useEffect, useState } from "react";
import { ukDateParts } from "../../../domain/delivery";
import { formatPence } from "../../../domain/format";
import { quarterOf } from "../../../domain/sales-report";
import { SelectField, TextField } from "../../components/form-field";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { downloadSalesReport, fetchSalesReport, type SalesQuery, type SalesReport } from "../../lib/back-office-api";
import { managerOnly } from "../../lib/staff-document";
import { useHydrated } from "../../lib/use-hydrated";
import { ReceivablesAgeing } from "../../components/back-office/receivables";
import type { Route } from "./+types/reports";
import { DataTable } from "../../components/data-table";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Reports | Printwise back office" }, { name: "robots", content: "noindex" }];

const FIGURES = [
  ["invoices", "Invoices"],
  ["creditNotes", "Credit notes"],
  ["goodsPence", "Goods"],
  ["discountsPence", "Discounts"],
  ["deliveryPence", "Delivery"],
  ["netPence", "Net"],
  ["vatPence", "VAT"],
  ["grossPence", "Gross"],
] as const;
type Figures = SalesReport["totals"];

function previousQuarter(today: string): { from: string; to: string } {
  const { from } = quarterOf(today);
  const dayBefore = new Date(`${from}T12:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  return quarterOf(dayBefore.toISOString().slice(0, 10));
}

function FigureTable({ caption, first, rows, totals }: { caption: string; first: string; rows: { label: string; figures: Figures }[]; totals?: Figures }) {
  return (
    <DataTable
      className="relative mt-3"
      tableClassName="tabular-nums"
      alignRight
      caption={caption}
      head={
        <>
          <th scope="col" className="px-2 py-2 lg:px-3 text-left">{first}</th>
          {FIGURES.map(([, label]) => (
            <th key={label} scope="col" className="px-2 py-2 lg:px-3">{label}</th>
          ))}
        </>
      }
    >
      {rows.map(({ label, figures }) => (
        <tr key={label} className="border-t border-slate-100">
          <th scope="row" className="whitespace-nowrap px-2 py-2 lg:px-3 text-left font-semibold">{label}</th>
          {FIGURES.map(([key]) => (
            <td key={key} className="px-2 py-2 lg:px-3">{key === "invoices" || key === "creditNotes" ? figures[key] : formatPence(figures[key])}</td>
          ))}
        </tr>
      ))}
      {totals ? (
        <tr className="border-t-2 border-slate-300 font-bold">
          <th scope="row" className="px-2 py-2 lg:px-3 text-left">Total</th>
          {FIGURES.map(([key]) => (
            <td key={key} className="px-2 py-2 lg:px-3">{key === "invoices" || key === "creditNotes" ? totals[key] : formatPence(totals[key])}</td>
          ))}
        </tr>
      ) : null}
    </DataTable>
  );
}

/** The books: sales and VAT from the VAT invoices, by period, payment method and product; CSV for the accountant. */
export default function ReportsPage() {
  const hydrated = useHydrated();
  const [query, setQuery] = useState<SalesQuery | null>(null);
  const [draft, setDraft] = useState<SalesQuery>({ from: "", to: "", by: "month" });
  const [report, setReport] = useState<SalesReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // The current VAT quarter to date, once the page runs in the browser (UK dates).
  useEffect(() => {
    if (!hydrated) return;
    const today = ukDateParts(new Date()).isoDate;
    const first = { from: quarterOf(today).from, to: today, by: "month" as const };
    setDraft(first);
    setQuery(first);
  }, [hydrated]);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    setProblem(null);
    setReport(null);
    fetchSalesReport(query, controller.signal).then(setReport, (error: unknown) => (error as Error).name !== "AbortError" && setProblem(errorMessage(error)));
    return () => controller.abort();
  }, [query]);

  const today = hydrated ? ukDateParts(new Date()).isoDate : null;
  return (
    <section aria-labelledby="reports-heading">
      <h1 id="reports-heading" className="text-2xl font-bold">Sales and VAT</h1>
      <p className="mt-1 text-sm text-slate-600">From the VAT invoices dated in the period (UK dates): each figure is the sum of the invoices&apos; own figures, less the credit notes dated in the period. Quarters are calendar quarters.</p>
      <form
        method="post"
        aria-label="Report period"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ ...draft });
        }}
      >
        <TextField label="From" name="from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} className="w-44" />
        <TextField label="To" name="to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} className="w-44" />
        <SelectField
          label="By"
          name="by"
          value={draft.by}
          options={[
            { value: "day", label: "Day" },
            { value: "month", label: "Month" },
            { value: "quarter", label: "VAT quarter" },
          ]}
          onChange={(e) => setDraft({ ...draft, by: e.target.value as SalesQuery["by"] })}
          className="w-40"
        />
        <button type="submit" className="btn-primary">Show</button>
        {today ? (
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              const q = { ...previousQuarter(today), by: "quarter" as const };
              setDraft(q);
              setQuery(q);
            }}
          >
            Last quarter
          </button>
        ) : null}
        {query ? (
          <button type="button" className="btn-outline" onClick={() => downloadSalesReport(query).catch((error: unknown) => setProblem(errorMessage(error)))}>
            Download CSV
          </button>
        ) : null}
      </form>
      {problem ? <p role="alert" className="mt-4 font-semibold text-red-800">{problem}</p> : null}
      {!report && !problem ? <LoadingState label="Adding up the invoices..." rows={5} className="mt-4" /> : null}
      {report ? (
        <>
          <h2 className="mt-6 text-lg font-semibold">{report.from} to {report.to}, by {report.by === "quarter" ? "VAT quarter" : report.by}</h2>
          {report.totals.invoices === 0 ? <p className="mt-2 rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No VAT invoices are dated in this period.</p> : null}
          {report.totals.invoices > 0 ? (
            <>
              <FigureTable caption="Sales by period" first={report.by === "quarter" ? "Quarter" : report.by === "month" ? "Month" : "Day"} rows={report.periods.map((p) => ({ label: p.period, figures: p }))} totals={report.totals} />
              <h2 className="mt-6 text-lg font-semibold">By payment method</h2>
              <FigureTable caption="Sales by payment method" first="Payment method" rows={report.paymentMethods.map((m) => ({ label: m.paymentMethod.charAt(0).toUpperCase() + m.paymentMethod.slice(1), figures: m }))} />
              <h2 className="mt-6 text-lg font-semibold">By product</h2>
              <DataTable
                className="relative mt-3"
                tableClassName="tabular-nums"
                alignRight
                caption="Sales by product"
                head={
                  <>
                    <th scope="col" className="px-3 py-2 text-left">Product</th>
                    <th scope="col" className="px-3 py-2">Quantity</th>
                    <th scope="col" className="px-3 py-2">Goods</th>
                    <th scope="col" className="px-3 py-2">Discounts</th>
                    <th scope="col" className="px-3 py-2">Net goods</th>
                  </>
                }
              >
                {report.products.map((p) => (
                  <tr key={p.productId} className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-2 text-left font-semibold">{p.productName}</th>
                    <td className="px-3 py-2">{p.quantity}</td>
                    <td className="px-3 py-2">{formatPence(p.goodsPence)}</td>
                    <td className="px-3 py-2">{formatPence(p.discountsPence)}</td>
                    <td className="px-3 py-2">{formatPence(p.netGoodsPence)}</td>
                  </tr>
                ))}
              </DataTable>
              <p className="mt-2 text-xs text-slate-500">A product&apos;s discounts are its share of each invoice&apos;s promo discount, in proportion to its line&apos;s price. VAT is charged per invoice, on goods less discounts plus delivery.</p>
            </>
          ) : null}
        </>
      ) : null}
      <div className="mt-10">
        <ReceivablesAgeing />
      </div>
    </section>
  );
}
