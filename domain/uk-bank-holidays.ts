// England & Wales bank holidays (docs/decisions/009-uk-time-and-delivery-dates.md), computed by rule for any year plus the
// announced one-off changes. The rules are the ones in force since 1978 (when the Early May bank
// holiday began); earlier years are computed with the same rules, not their historical ones.
//
// Also the small calendar-date helpers (ISO YYYY-MM-DD, no time, no zone) that delivery.ts uses.

const MS_PER_DAY = 86_400_000;

type CalendarDate = { year: number; month: number; day: number };

/** Days since 1970-01-01 for a proleptic Gregorian date (works for years 0001–9999). */
function dayNumber({ year, month, day }: CalendarDate): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / MS_PER_DAY);
}

function fromDayNumber(days: number): CalendarDate {
  const date = new Date(days * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function toIsoDate({ year, month, day }: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Reads YYYY-MM-DD, throwing RangeError for anything that is not a real calendar date. */
export function parseIsoDate(isoDate: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (match) {
    const parsed = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
    if (parsed.year >= 1 && toIsoDate(fromDayNumber(dayNumber(parsed))) === isoDate) return parsed;
  }
  throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
}

export function addCalendarDays(isoDate: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Days must be a whole number, got ${days}`);
  return toIsoDate(fromDayNumber(dayNumber(parseIsoDate(isoDate)) + days));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(isoDate: string): number {
  const days = dayNumber(parseIsoDate(isoDate));
  return (((days + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

function isWeekend(isoDate: string): boolean {
  const weekday = weekdayOf(isoDate);
  return weekday === 0 || weekday === 6;
}

/** Easter Sunday (Gregorian), by the anonymous Gregorian computus. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toIsoDate({ year, month, day });
}

function firstMonday(year: number, month: number): string {
  const first = toIsoDate({ year, month, day: 1 });
  return addCalendarDays(first, (8 - weekdayOf(first)) % 7);
}

function lastMonday(year: number, month: number): string {
  const lastDay = toIsoDate(fromDayNumber(dayNumber({ year, month: month + 1, day: 1 }) - 1));
  return addCalendarDays(lastDay, -((weekdayOf(lastDay) + 6) % 7));
}

/** Announced one-off changes: a regular holiday moved or removed, or an extra day added. */
const ONE_OFF_CHANGES: Record<number, { remove: string[]; add: string[] }> = {
  1995: { remove: ["1995-05-01"], add: ["1995-05-08"] }, // VE Day 50th anniversary
  1999: { remove: [], add: ["1999-12-31"] }, // Millennium
  2002: { remove: ["2002-05-27"], add: ["2002-06-03", "2002-06-04"] }, // Golden Jubilee
  2011: { remove: [], add: ["2011-04-29"] }, // Royal wedding
  2012: { remove: ["2012-05-28"], add: ["2012-06-04", "2012-06-05"] }, // Diamond Jubilee
  2020: { remove: ["2020-05-04"], add: ["2020-05-08"] }, // VE Day 75th anniversary
  2022: { remove: ["2022-05-30"], add: ["2022-06-02", "2022-06-03", "2022-09-19"] }, // Platinum Jubilee; State Funeral
  2023: { remove: [], add: ["2023-05-08"] }, // Coronation
};

function computeBankHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const holidays = new Set<string>([
    addCalendarDays(easter, -2), // Good Friday
    addCalendarDays(easter, 1), // Easter Monday
    firstMonday(year, 5), // Early May
    lastMonday(year, 5), // Spring
    lastMonday(year, 8), // Summer
  ]);
  // New Year's Day, Christmas Day and Boxing Day move to the next free weekday when they fall at
  // a weekend (Christmas on a Saturday: Mon 27 and Tue 28; on a Sunday: Boxing Day Mon 26, and
  // Christmas on Tue 27).
  const fixed = [toIsoDate({ year, month: 1, day: 1 }), toIsoDate({ year, month: 12, day: 25 }), toIsoDate({ year, month: 12, day: 26 })];
  for (const date of fixed) if (!isWeekend(date)) holidays.add(date);
  for (const date of fixed) {
    if (!isWeekend(date)) continue;
    let substitute = date;
    while (isWeekend(substitute) || holidays.has(substitute)) substitute = addCalendarDays(substitute, 1);
    holidays.add(substitute);
  }
  const changes = ONE_OFF_CHANGES[year];
  if (changes) {
    for (const date of changes.remove) holidays.delete(date);
    for (const date of changes.add) holidays.add(date);
  }
  return [...holidays].sort();
}

const cache = new Map<number, readonly string[]>();

function holidaysFor(year: number): readonly string[] {
  let holidays = cache.get(year);
  if (!holidays) {
    holidays = computeBankHolidays(year);
    cache.set(year, holidays);
  }
  return holidays;
}

/** The year's England & Wales bank holidays, sorted, as YYYY-MM-DD. */
export function englandWalesBankHolidays(year: number): string[] {
  if (!Number.isSafeInteger(year) || year < 1 || year > 9999) throw new RangeError(`Year out of range: ${year}`);
  return [...holidaysFor(year)];
}

export function isEnglandWalesBankHoliday(isoDate: string): boolean {
  return holidaysFor(parseIsoDate(isoDate).year).includes(isoDate);
}
