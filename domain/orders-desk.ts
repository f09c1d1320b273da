// The orders desk (/staff/orders): which views it offers, and the day rules behind its date filters,
// written as ranges of delivery dates so one index answers them. The printers' deadline is the
// dispatch-by day, the last working day before the delivery date (domain/production.ts).
import { addWorkingDays, isWorkingDay } from "./delivery";
import { addCalendarDays } from "./calendar";
import type { OrderStatus } from "./order-status";

export const DESK_SORTS = ["placed", "dispatch", "total"] as const;
export type DeskSort = (typeof DESK_SORTS)[number];
/** How each sort reads: newest placed first, soonest dispatch-by first, largest total first. */
export const DESK_SORT_LABELS: Record<DeskSort, string> = { placed: "Placed, newest first", dispatch: "Dispatch by, soonest first", total: "Total, largest first" };

export const DESK_PAYMENTS = ["card", "account", "reprint"] as const;
export type DeskPayment = (typeof DESK_PAYMENTS)[number];
export const DESK_PAYMENT_LABELS: Record<DeskPayment, string> = { card: "Card", account: "On account", reprint: "Reprint (no charge)" };

export const DESK_URGENCIES = ["late", "at-risk", "late-or-at-risk"] as const;
export type DeskUrgency = (typeof DESK_URGENCIES)[number];
export const DESK_URGENCY_LABELS: Record<DeskUrgency, string> = { late: "Late", "at-risk": "At risk", "late-or-at-risk": "Late or at risk" };

export const DESK_PAGE_SIZE = 50;
export const DESK_FINISHED: readonly OrderStatus[] = ["Dispatched", "Shipped", "Cancelled"];

/**
 * The delivery dates whose dispatch-by day is `day`: after it, up to the next working day. A day that is
 * not a working day is nobody's dispatch-by day (null).
 */
export function deliveryDatesDispatchedOn(day: string): { after: string; through: string } | null {
  if (!isWorkingDay(day)) return null;
  return { after: day, through: addWorkingDays(day, 1) };
}

/** The first working day on or after `day`. */
function workingDayFrom(day: string): string {
  let date = day;
  while (!isWorkingDay(date)) date = addCalendarDays(date, 1);
  return date;
}

/**
 * The last delivery date whose dispatch-by day falls before the working day `n` working days from
 * `today`: a delivery date on or before it has run out of time for work needing `n` more days
 * (n = 0: late). Same answer as domain/production.ts `urgency`, as a bound an index can use.
 */
export function deliveryCutoff(today: string, workingDaysNeeded: number): string {
  return workingDayFrom(addWorkingDays(today, workingDaysNeeded));
}

/** Statuses by the working days they still need before dispatch (domain/production.ts). */
export const STATUSES_NEEDING_ONE_DAY: readonly OrderStatus[] = ["Print Ready", "Production", "Part Printed"];
export const STATUSES_NEEDING_TWO_DAYS: readonly OrderStatus[] = ["Awaiting Artwork"];

/** UK date-only text for a weekday heading: "Mon 30 Nov". */
export function dispatchDayText(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  return new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(date);
}
