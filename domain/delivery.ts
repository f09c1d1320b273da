// Dispatch and delivery dates and the order cut-off countdown (docs/decisions/009-uk-time-and-delivery-dates.md). All wall-clock
// reasoning is in UK time (Europe/London) whatever the runtime's own zone.
//
// UK clocks are read by the summer-time rule itself rather than through Intl: the first
// Intl.DateTimeFormat a browser page creates loads ICU's locale and zone data, 25–120 ms of main
// thread on a phone-class CPU, and the product page's delivery countdown would pay it during
// hydration. The rule (Summer Time Act 1972 and Summer Time Order 2002): British Summer Time runs
// from 01:00 GMT on the last Sunday of March to 01:00 GMT on the last Sunday of October, and has
// since 1996. Earlier instants are read through Intl, which carries the historical rules.
import { mentionsExpress } from "./pricing";
import { addCalendarDays, isEnglandWalesBankHoliday, parseIsoDate, toIsoDate, weekdayOf } from "./uk-bank-holidays";

export const CUTOFF_HOUR_UK = 18;
export type Turnaround = "standard" | "express";
export const TURNAROUND_WORKING_DAYS: Record<Turnaround, number> = { standard: 3, express: 2 };

export type UkDateParts = { isoDate: string; hour: number; minute: number; second: number; weekday: number /* 0=Sun */ };

const MS_PER_HOUR = 3_600_000;
/** The first year whose summer time follows today's rule (the October end moved to its last Sunday in 1996). */
const SUMMER_TIME_RULE_SINCE = 1996;

function requireValidDate(now: Date): void {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError("Not a valid Date");
}

/** 01:00 GMT on the last Sunday of a month (1-based), as epoch ms: when UK clocks change. */
function lastSundayOneAmGmt(year: number, month: number): number {
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0); // day 0 of the next month
  lastDay.setUTCDate(lastDay.getUTCDate() - lastDay.getUTCDay());
  lastDay.setUTCHours(1, 0, 0, 0);
  return lastDay.getTime();
}

let ukFormatter: Intl.DateTimeFormat | undefined;

/** The UK offset before the current rule, read from the runtime's zone data. */
function historicalUkOffsetMs(instantMs: number): number {
  ukFormatter ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const parts = ukFormatter.formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => {
    const value = parts.find((p) => p.type === type)?.value;
    if (value === undefined) throw new Error(`Intl gave no ${type} for ${new Date(instantMs).toISOString()}`);
    return Number(value);
  };
  const isoDate = toIsoDate({ year: part("year"), month: part("month"), day: part("day") });
  // some engines render midnight as 24 even with h23
  return wallClockAsUtcMs(isoDate, part("hour") % 24, part("minute"), part("second")) - Math.floor(instantMs / 1000) * 1000;
}

/** UK offset from UTC in ms (0 in GMT, 3 600 000 in BST) at an instant. */
function ukOffsetMs(instantMs: number): number {
  const year = new Date(instantMs).getUTCFullYear();
  if (year < SUMMER_TIME_RULE_SINCE) return historicalUkOffsetMs(instantMs);
  return instantMs >= lastSundayOneAmGmt(year, 3) && instantMs < lastSundayOneAmGmt(year, 10) ? MS_PER_HOUR : 0;
}

/** The UK wall-clock date and time of an instant. */
export function ukDateParts(now: Date): UkDateParts {
  requireValidDate(now);
  const wall = new Date(now.getTime() + ukOffsetMs(now.getTime()));
  const isoDate = toIsoDate({ year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() });
  return { isoDate, hour: wall.getUTCHours(), minute: wall.getUTCMinutes(), second: wall.getUTCSeconds(), weekday: wall.getUTCDay() };
}

function wallClockAsUtcMs(isoDate: string, hour: number, minute: number, second: number): number {
  const { year, month, day } = parseIsoDate(isoDate);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/**
 * The instant at which UK clocks show this date and time. Only meant for times that exist once
 * (such as the 18:00 cut-off); in the 01:00–02:00 clock-change hours it returns one valid reading.
 */
export function ukWallClockToDate(isoDate: string, hour: number, minute = 0, second = 0): Date {
  const wallMs = wallClockAsUtcMs(isoDate, hour, minute, second);
  // Guess with the offset in force at the wall time read as UTC, then re-read the offset at the
  // guess, which settles any case where the guess fell on the other side of a clock change.
  const guess = wallMs - ukOffsetMs(wallMs);
  return new Date(wallMs - ukOffsetMs(guess));
}

/** Monday to Friday and not an England & Wales bank holiday. */
export function isWorkingDay(isoDate: string): boolean {
  const weekday = weekdayOf(isoDate);
  return weekday !== 0 && weekday !== 6 && !isEnglandWalesBankHoliday(isoDate);
}

/** Moves n working days forward (or back, for negative n); n = 0 returns the date unchanged. */
export function addWorkingDays(isoDate: string, n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Working days must be a whole number, got ${n}`);
  const step = n < 0 ? -1 : 1;
  let date = isoDate;
  parseIsoDate(date);
  for (let remaining = Math.abs(n); remaining > 0; ) {
    date = addCalendarDays(date, step);
    if (isWorkingDay(date)) remaining--;
  }
  return date;
}

/** Today (UK) if it is a working day and before 18:00 UK, else the next working day. */
export function dispatchDate(now: Date): string {
  const uk = ukDateParts(now);
  if (isWorkingDay(uk.isoDate) && uk.hour < CUTOFF_HOUR_UK) return uk.isoDate;
  return addWorkingDays(uk.isoDate, 1);
}

/**
 * The dispatch day of an order placed now, and the instant it stops being so: the 18:00 UK cut-off of that
 * very day (until then every instant has the same dispatch day). A page that shows dates made from it is
 * true until `untilMs` (the page cache keeps it no longer: docs/decisions/043-pages-without-scripts.md).
 */
export function dispatchDay(now: Date): { isoDate: string; isToday: boolean; untilMs: number } {
  const isoDate = dispatchDate(now);
  return { isoDate, isToday: isoDate === ukDateParts(now).isoDate, untilMs: ukWallClockToDate(isoDate, CUTOFF_HOUR_UK).getTime() };
}

/**
 * The "Delivery by" date: dispatch day + 3 working days (standard) or + 2 (express), or + the working days
 * a turnaround option names.
 */
export function deliveryDate(now: Date, turnaround: Turnaround | number): string {
  return deliveryDateAfterDispatch(dispatchDate(now), turnaround);
}

/** The "Delivery by" date of an order dispatched on `dispatchIsoDate` (the rule of deliveryDate, from a known dispatch day). */
export function deliveryDateAfterDispatch(dispatchIsoDate: string, turnaround: Turnaround | number): string {
  const days = typeof turnaround === "number" ? turnaround : TURNAROUND_WORKING_DAYS[turnaround];
  if (days === undefined || !Number.isSafeInteger(days) || days < 0) throw new RangeError(`Unknown turnaround: ${String(turnaround)}`);
  return addWorkingDays(dispatchIsoDate, days);
}

/** YYYY-MM-DD → DD-MM-YYYY. */
export function formatDeliveryDate(isoDate: string): string {
  parseIsoDate(isoDate);
  const [year, month, day] = isoDate.split("-");
  return `${day}-${month}-${year}`;
}

/**
 * "5h 03m 09s" under a day, "2d 5h 03m 09s" from 24h up. Seconds round up, so the label reads
 * "0h 00m 01s" rather than zero while any time is left.
 */
export function formatCountdown(msRemaining: number): string {
  if (!Number.isFinite(msRemaining) || msRemaining < 0) throw new RangeError(`Bad countdown: ${msRemaining}`);
  const totalSeconds = Math.ceil(msRemaining / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = String(Math.floor((totalSeconds % 3600) / 60)).padStart(2, "0");
  const seconds = String(totalSeconds % 60).padStart(2, "0");
  const clock = `${hours}h ${minutes}m ${seconds}s`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** Time left to the next 18:00 UK on a working day (today's, when before 18:00 on one). */
export function cutoffCountdown(now: Date): { deadline: Date; msRemaining: number; label: string } {
  const deadline = ukWallClockToDate(dispatchDate(now), CUTOFF_HOUR_UK);
  const msRemaining = Math.max(0, deadline.getTime() - now.getTime());
  return { deadline, msRemaining, label: formatCountdown(msRemaining) };
}

/** Express turnaround when any selected attribute name contains "express" (any case). */
export function isExpressTurnaround(attributeNames: string[]): boolean {
  return attributeNames.some(mentionsExpress);
}
