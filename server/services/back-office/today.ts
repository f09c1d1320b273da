// The figures of the manager's Today page (ADR 044), in one call. Each is counted by the rule that
// already owns it: sales by the sales report (domain/sales-report.ts over the VAT invoices and credit
// notes), jobs by the orders desk's own filters (so a figure equals the list it links to), overdue
// invoices by domain/trade-account.ts; quotes and failed emails are counts on their status indexes.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { emailOutbox, quotes } from "../../../db/schema";
import { ukDateParts } from "../../../domain/delivery";
import { salesReport } from "../../../domain/sales-report";
import { isOverdue } from "../../../domain/trade-account";
import { salesByDay, salesSince, todayDays, type DaySales } from "../../../domain/today";
import type { DeskFilters, OrdersDesk } from "../orders-desk";
import { accountInvoices } from "../trade-ledger";
import { creditNotesIssued, invoicedSales } from "./sales";

/** A count and the list behind it. */
export type TodayFigure = { count: number; href: string };

export type TodayAnswer = {
  date: string;
  weekFrom: string;
  today: { orders: number; takingsPence: number };
  week: { orders: number; takingsPence: number };
  days: DaySales[];
  dueToday: TodayFigure;
  /** The next working day (tomorrow, or Monday from a Friday) and the jobs due out then. */
  nextWorkingDay: string;
  dueNextWorkingDay: TodayFigure;
  late: TodayFigure;
  artworkWaiting: TodayFigure;
  quotesToPrice: TodayFigure;
  overdueInvoices: TodayFigure;
  failedEmails: TodayFigure;
};

/** The orders desk's URL for a view: the same names its query string reads (server/api/staff/orders-desk-routes.ts). */
function deskHref(query: Record<string, string>): string {
  return `/staff/orders?${new URLSearchParams(query).toString()}`;
}

export async function todayFigures(db: Db, desk: OrdersDesk, now = new Date()): Promise<TodayAnswer> {
  const days = todayDays(ukDateParts(now).isoDate);
  const deskFigure = async (filters: DeskFilters, query: Record<string, string>): Promise<TodayFigure> => ({ count: await desk.count(filters, now), href: deskHref(query) });
  const count = sql<number>`count(*)::int`;
  const [sales, credits, dueToday, dueNextWorkingDay, late, artworkWaiting, quotesToPrice, failedEmails, invoices] = await Promise.all([
    invoicedSales(db, days.chartFrom, days.today),
    creditNotesIssued(db, days.chartFrom, days.today),
    deskFigure({ dispatchBy: days.today }, { dispatch_by: days.today, sort: "dispatch" }),
    deskFigure({ dispatchBy: days.nextWorkingDay }, { dispatch_by: days.nextWorkingDay, sort: "dispatch" }),
    deskFigure({ urgency: "late" }, { urgency: "late", sort: "dispatch" }),
    deskFigure({ status: "Awaiting Artwork", placedTo: days.artworkPlacedTo }, { status: "Awaiting Artwork", placed_to: days.artworkPlacedTo, sort: "dispatch" }),
    db.select({ n: count }).from(quotes).where(eq(quotes.status, "requested")).then(([row]) => row?.n ?? 0),
    db.select({ n: count }).from(emailOutbox).where(eq(emailOutbox.status, "failed")).then(([row]) => row?.n ?? 0),
    accountInvoices(db),
  ]);
  const byDay = salesByDay(salesReport(sales, "day", credits), days.chartFrom, days.today);
  return {
    date: days.today,
    weekFrom: days.weekFrom,
    today: salesSince(byDay, days.today),
    week: salesSince(byDay, days.weekFrom),
    days: byDay,
    dueToday,
    nextWorkingDay: days.nextWorkingDay,
    dueNextWorkingDay,
    late,
    artworkWaiting,
    // The quotes page opens on "Waiting for a price"; the outbox lists only failed emails; the accounts page shows what each account has overdue.
    quotesToPrice: { count: quotesToPrice, href: "/staff/quotes" },
    overdueInvoices: { count: invoices.filter((invoice) => isOverdue(invoice, days.today)).length, href: "/staff/accounts" },
    failedEmails: { count: failedEmails, href: "/staff/outbox" },
  };
}
