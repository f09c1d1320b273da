// A promo code as a manager writes it (the back office form and its API take this one schema). A code is a
// percentage off Sub Total (DECISIONS rule 7) or a fixed amount off it, live between two UK dates, with limits. Dates are whole UK
// days: a code runs from the start of its first day to the end of its last (Europe/London).
import { z } from "zod";
import { optionalIsoDate } from "./iso-date";
import { ukWallClockToDate } from "./delivery";
import { formatPence } from "./money";
import { MAX_PROMO_AMOUNT_PENCE, percentToBasisPoints, type PromoOff } from "./totals";

/** What a code takes off Sub Total: a percentage, or a fixed amount in pence. */
export const PROMO_KINDS = ["percent", "amount"] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/;

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
    kind: z.enum(PROMO_KINDS, { error: "The discount must be a percentage (percent) or a fixed amount (amount)" }).default("percent"),
    percent: z
      .number({ error: "The discount must be a percentage" })
      .gt(0, "The discount must be more than 0%")
      .max(100, "The discount must be at most 100%")
      .refine((v) => Math.round(v * 100) === v * 100, "The discount may have at most 2 decimal places")
      .nullish()
      .transform((v) => v ?? null),
    amountPence: z
      .number({ error: "The amount off must be a number of pence" })
      .int("The amount off must be whole pence")
      .gt(0, "The amount off must be more than £0.00")
      .max(MAX_PROMO_AMOUNT_PENCE, `The amount off must be at most ${formatPence(MAX_PROMO_AMOUNT_PENCE)}`)
      .nullish()
      .transform((v) => v ?? null),
    startsOn: optionalIsoDate("The start date"),
    endsOn: optionalIsoDate("The end date"),
    usageLimit: optionalCount("The usage limit", 0),
    perCustomerLimit: optionalCount("The limit per customer", 1),
    minSpendPence: z.number().int("The minimum spend must be whole pence").min(0, "The minimum spend must not be negative").max(10_000_000, `The minimum spend must be at most ${formatPence(10_000_000)}`),
    newCustomersOnly: z.boolean(),
    paused: z.boolean(),
  })
  .refine((p) => !p.startsOn || !p.endsOn || p.startsOn <= p.endsOn, { message: "The end date must not be before the start date", path: ["endsOn"] })
  .refine((p) => p.kind !== "percent" || p.percent !== null, { message: "Enter the percentage off", path: ["percent"] })
  .refine((p) => p.kind !== "amount" || p.amountPence !== null, { message: "Enter the amount off", path: ["amountPence"] });

export type PromotionForm = z.output<typeof promotionFormSchema>;

export type PromotionWindow = { activeFrom: Date | null; activeTo: Date | null; basisPoints: number; amountOffPence: number | null };

/**
 * The form's UK dates as instants (00:00 UK on the first day to 23:59:59.999 UK on the last) and its
 * discount as stored: basis points for a percentage (0 for an amount), pence for an amount (null for a percentage).
 */
export function promotionWindow(form: Pick<PromotionForm, "startsOn" | "endsOn" | "kind" | "percent" | "amountPence">): PromotionWindow {
  const activeFrom = form.startsOn ? ukWallClockToDate(form.startsOn, 0) : null;
  const activeTo = form.endsOn ? new Date(ukWallClockToDate(nextDay(form.endsOn), 0).getTime() - 1) : null;
  if (form.kind === "amount") return { activeFrom, activeTo, basisPoints: 0, amountOffPence: form.amountPence };
  return { activeFrom, activeTo, basisPoints: percentToBasisPoints(form.percent ?? 0), amountOffPence: null };
}

/** A stored code's discount as the totals rule takes it. */
export function promoOff(code: { basisPoints: number; amountOffPence: number | null }): PromoOff {
  return code.amountOffPence !== null ? { amountPence: code.amountOffPence } : { basisPoints: code.basisPoints };
}

/** "12.5% off" or "£5.00 off". */
export function describePromoOff(code: { basisPoints: number; amountOffPence: number | null }): string {
  return code.amountOffPence !== null ? `${formatPence(code.amountOffPence)} off` : `${code.basisPoints / 100}% off`;
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
