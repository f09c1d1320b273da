import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatLongDate, formatPence } from "../../../domain/format";
import { nextWorkingDayName } from "../../../domain/today";
import { errorMessage } from "../../lib/api-client";
import { fetchToday, type TodayFigures } from "../../lib/back-office-api";
import { LoadingState } from "../loading-state";
import { TodayChart } from "./today-chart";

type Figure = TodayFigures["dueToday"];

/** One count and the list behind it: the whole card is the link. */
function FigureLink({ label, figure, alarm = false }: { label: string; figure: Figure; alarm?: boolean }) {
  const loud = alarm && figure.count > 0;
  return (
    <li>
      <Link to={figure.href} className={`block rounded-lg bg-white p-4 shadow-sm ring-1 hover:ring-2 ${loud ? "ring-red-300" : "ring-slate-200"}`}>
        <span className={`block text-3xl font-bold ${loud ? "text-red-700" : "text-ink"}`}>{figure.count}</span>
        <span className="mt-1 block text-sm font-semibold text-slate-700">{label}</span>
      </Link>
    </li>
  );
}

/** The manager's landing page (ADR 044): what sold, what must go out, and what is stuck, each figure linking to its list. */
export function TodayPage() {
  const [figures, setFigures] = useState<TodayFigures | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchToday(controller.signal).then(setFigures, (error: unknown) => (error as Error).name !== "AbortError" && setProblem(errorMessage(error)));
    return () => controller.abort();
  }, []);

  return (
    <section aria-labelledby="today-heading">
      <h1 id="today-heading" className="text-2xl font-bold">Today</h1>
      {problem ? <p role="alert" className="mt-4 font-semibold text-red-700">{problem}</p> : null}
      {!figures && !problem ? <LoadingState label="Loading today’s figures…" className="mt-4" /> : null}
      {figures ? (
        <>
          <p className="mt-1 text-sm text-slate-600">{formatLongDate(figures.date)}. Sales are counted as the sales report counts them: VAT invoices dated that day (UK), less credit notes.</p>
          <h2 className="mt-6 text-lg font-bold">Sales</h2>
          <dl className="mt-2 grid grid-cols-2 gap-3 md:grid-cols-4">
            {[
              ["Orders today", String(figures.today.orders)],
              ["Takings today", formatPence(figures.today.takingsPence)],
              ["Orders this week", String(figures.week.orders)],
              ["Takings this week", formatPence(figures.week.takingsPence)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <dt className="text-sm font-semibold text-slate-700">{label}</dt>
                <dd className="mt-1 text-2xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm"><Link to="/staff/reports" className="font-semibold underline">Open the sales report</Link> <span className="text-slate-600">(the week runs from Monday)</span></p>
          <h2 className="mt-6 text-lg font-bold">Jobs and follow-ups</h2>
          <ul className="mt-2 grid grid-cols-2 gap-3 md:grid-cols-4">
            <FigureLink label="Due out today" figure={figures.dueToday} />
            <FigureLink label={`Due out ${nextWorkingDayName(figures.date, figures.nextWorkingDay)}`} figure={figures.dueNextWorkingDay} />
            <FigureLink label="Late jobs" figure={figures.late} alarm />
            <FigureLink label="Artwork awaited over a working day" figure={figures.artworkWaiting} alarm />
            <FigureLink label="Quotes waiting for a price" figure={figures.quotesToPrice} />
            <FigureLink label="Overdue trade invoices" figure={figures.overdueInvoices} alarm />
            <FigureLink label="Failed emails" figure={figures.failedEmails} alarm />
          </ul>
          <h2 className="mt-6 text-lg font-bold">Last {figures.days.length} days</h2>
          <TodayChart days={figures.days} />
        </>
      ) : null}
    </section>
  );
}
