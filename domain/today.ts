// The manager's Today page (/staff, ADR 044): which days its figures cover. Sales are counted by
// domain/sales-report.ts, jobs by the orders desk's rules (domain/orders-desk.ts); this only names the days.
import { addCalendarDays } from "./calendar";
import { addWorkingDays } from "./delivery";
import type { SalesReport } from "./sales-report";
import { weekdayOf } from "./uk-bank-holidays";

/** Days shown in the chart, today included. */
export const TODAY_CHART_DAYS = 30;

export type TodayDays = {
  today: string;
  /** The next day work is dispatched: tomorrow, or on a Friday the Monday after (bank holidays skipped too). */
  nextWorkingDay: string;
  /** Monday of this week (UK): "this week" runs from it to today. */
  weekFrom: string;
  /** First day of the chart. */
  chartFrom: string;
  /**
   * An order still awaiting artwork and placed on or before this day has waited more than one whole working
   * day: placed Monday, it counts from Wednesday.
   */
  artworkPlacedTo: string;
};

export function todayDays(today: string): TodayDays {
  const sinceMonday = (weekdayOf(today) + 6) % 7;
  return {
    today,
    nextWorkingDay: addWorkingDays(today, 1),
    weekFrom: addCalendarDays(today, -sinceMonday),
    chartFrom: addCalendarDays(today, -(TODAY_CHART_DAYS - 1)),
    artworkPlacedTo: addWorkingDays(today, -2),
  };
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** How the Today page names the next working day: "tomorrow" when it is, else its weekday ("Monday"). */
export function nextWorkingDayName(today: string, nextWorkingDay: string): string {
  return nextWorkingDay === addCalendarDays(today, 1) ? "tomorrow" : WEEKDAYS[weekdayOf(nextWorkingDay)]!;
}

export type DaySales = { date: string; orders: number; takingsPence: number };

/**
 * Orders and takings on each day from `from` to `to`, read off a by-day sales report: orders are its
 * invoices, takings its gross (less credit notes). Days without sales are there with zeros.
 */
export function salesByDay(report: Pick<SalesReport, "periods">, from: string, to: string): DaySales[] {
  const byDate = new Map(report.periods.map((p) => [p.period, p]));
  const days: DaySales[] = [];
  for (let date = from; date <= to; date = addCalendarDays(date, 1)) {
    const figures = byDate.get(date);
    days.push({ date, orders: figures?.invoices ?? 0, takingsPence: figures?.grossPence ?? 0 });
  }
  return days;
}

/** Orders and takings over the days from `from` on. */
export function salesSince(days: readonly DaySales[], from: string): { orders: number; takingsPence: number } {
  return days.filter((d) => d.date >= from).reduce((sum, d) => ({ orders: sum.orders + d.orders, takingsPence: sum.takingsPence + d.takingsPence }), { orders: 0, takingsPence: 0 });
}
