// The one schema for a calendar date coming in (ISO YYYY-MM-DD, no time, no zone). Every body and query
// that takes a date uses it, so a date is checked once, at the edge, and nothing behind it ever sees
// "x", "" or "2026-13-45" (ADR 038 lists the inputs it guards).
import { z } from "zod";

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (years 0001–9999); never throws. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A required date: `what` names it in the message ("The date", "from"). */
export function isoDate(what: string) {
  return z.string({ error: `${what} is required (YYYY-MM-DD)` }).refine(isIsoDate, `${what} is not a real date (YYYY-MM-DD)`);
}

/** A date that may be left out: "", null or missing all mean none (→ null). */
export function optionalIsoDate(what: string) {
  return z
    .string({ error: `${what} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine((v) => v === "" || isIsoDate(v), `${what} is not a real date (YYYY-MM-DD)`)
    .nullish()
    .transform((v) => (v ? v : null));
}
