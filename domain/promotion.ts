// A promo code as a manager writes it (the back office form and its API take this one schema). A code is a
// percentage off Sub Total (DECISIONS rule 7), live between two UK dates, with limits. Dates are whole UK
// days: a code runs from the start of its first day to the end of its last (Europe/London).
import { z } from "zod";
import { ukWallClockToDate } from "./delivery";
import { formatPence } from "./money";
import { percentToBasisPoints } from "./totals";

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const optionalDate = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (isoDate.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), `${what} must be a date (YYYY-MM-DD)`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalCount = (what: string, min: number) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(1_000_000, `${what} must be at most 1000000`)
    .nullable();

export const promotionFormSchema = z
  .object({
    code: z.string().trim().regex(PROMO_CODE_PATTERN, "The code must be 2 to 32 letters, digits, - or _, starting with a letter or digit"),
    description: z.string().trim().max(200, "The description must be at most 200 characters").default(""),
    percent: z
      .number({ error: "The discount must be a percentage" })
      .gt(0, "The discount must be more than 0%")
      .max(100, "The discount must be at most 100%")
      .refine((v) => Math.round(v * 100) === v * 100, "The discount may have at most 2 decimal places"),
    startsOn: optionalDate("The start date"),
    endsOn: optionalDate("The end date"),
    usageLimit: optionalCount("The usage limit", 0),
    perCustomerLimit: optionalCount("The limit per customer", 1),
    minSpendPence: z.number().int("The minimum spend must be whole pence").min(0, "The minimum spend must not be negative").max(10_000_000, `The minimum spend must be at most ${formatPence(10_000_000)}`),
    newCustomersOnly: z.boolean(),
    paused: z.boolean(),
  })
  .refine((p) => !p.startsOn || !p.endsOn || p.startsOn <= p.endsOn, { message: "The end date must not be before the start date", path: ["endsOn"] });

export type PromotionForm = z.output<typeof promotionFormSchema>;

export type PromotionWindow = { activeFrom: Date | null; activeTo: Date | null; basisPoints: number };

/** The form's UK dates as instants: 00:00 UK on the first day to 23:59:59.999 UK on the last. */
export function promotionWindow(form: Pick<PromotionForm, "startsOn" | "endsOn" | "percent">): PromotionWindow {
  const activeFrom = form.startsOn ? ukWallClockToDate(form.startsOn, 0) : null;
  const activeTo = form.endsOn ? new Date(ukWallClockToDate(nextDay(form.endsOn), 0).getTime() - 1) : null;
  return { activeFrom, activeTo, basisPoints: percentToBasisPoints(form.percent) };
}

function nextDay(isoDay: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export type PromotionState = "active" | "paused" | "scheduled" | "ended" | "used up";

/** Where a code stands at `now`, as the list shows it. */
export function promotionState(p: { paused: boolean; activeFrom: Date | null; activeTo: Date | null; usageLimit: number | null; uses: number }, now: Date): PromotionState {
  if (p.paused) return "paused";
  if (p.activeTo && now > p.activeTo) return "ended";
  if (p.activeFrom && now < p.activeFrom) return "scheduled";
  if (p.usageLimit !== null && p.uses >= p.usageLimit) return "used up";
  return "active";
}
