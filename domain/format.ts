// How the shop writes dates, times and money, on every page, email and PDF. All in UK time
// (Europe/London) whatever the runtime's zone. Four date forms, each with its one use:
//   formatUkDate        22/11/2026          a day something happened (order, invoice, payment, dispatch)
//   formatDeliveryDate  25-11-2026          a promised delivery day (the spec's DD-MM-YYYY)
//   formatUkDateTime    22/11/2026, 14:03   a moment staff need to the minute (history, outbox)
//   formatLongDate      22 November 2026    a date in running prose (reviews, terms)
import { ukDateParts } from "./delivery";
import { parseIsoDate } from "./uk-bank-holidays";

export { formatPence } from "./money";
export { formatDeliveryDate } from "./delivery";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
const two = (n: number) => String(n).padStart(2, "0");

/** An instant (Date or ISO string) or a calendar day ("2026-11-22") as its UK calendar day. */
function ukDay(value: Date | string): { year: number; month: number; day: number; instant: Date | null } {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { ...parseIsoDate(value), instant: null };
  const instant = typeof value === "string" ? new Date(value) : value;
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return { ...parseIsoDate(ukDateParts(instant).isoDate), instant };
}

/** "22/11/2026": the UK day of an instant, or a calendar day as given. Throws RangeError for a non-date. */
export function formatUkDate(value: Date | string): string {
  const { year, month, day } = ukDay(value);
  return `${two(day)}/${two(month)}/${year}`;
}

/** "22/11/2026, 14:03" in UK time. Throws RangeError for a non-date. */
export function formatUkDateTime(value: Date | string): string {
  const instant = typeof value === "string" ? new Date(value) : value;
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const parts = ukDateParts(instant);
  return `${formatUkDate(parts.isoDate)}, ${two(parts.hour)}:${two(parts.minute)}`;
}

/** "22 November 2026". Throws RangeError for a non-date. */
export function formatLongDate(value: Date | string): string {
  const { year, month, day } = ukDay(value);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}
