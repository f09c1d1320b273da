// The design brief's form (docs/decisions/027-design-service-money-and-dates.md): one schema for the browser, which checks it as the customer
// sends it, and the server, which checks it again. Kept apart from design-service.ts so that the pages
// that only show the service's words do not load zod.
import { z } from "zod";
import { BRIEF_LIMITS } from "./design-limits";

const text = (what: string, max: number) => z.string({ error: `${what} must be text` }).trim().max(max, `${what} must be at most ${max} characters`).default("");

/**
 * The brief as the customer writes it. Saving a draft needs nothing filled in; sending it needs the
 * wording and, for several designs, each design's quantity (briefProblem).
 */
export const briefSchema = z.object({
  wording: text("The wording", BRIEF_LIMITS.wording),
  colours: text("The colours", BRIEF_LIMITS.colours),
  style: text("The style", BRIEF_LIMITS.style),
  notes: text("The notes", BRIEF_LIMITS.notes),
  /** Each design's quantity, in design order (only when there are several designs). */
  quantities: z.array(z.number({ error: "Each design's quantity must be a number" }).int("Each design's quantity must be a whole number").min(1, "Each design's quantity must be at least 1").max(100_000)).max(1000).default([]),
});
export type Brief = z.output<typeof briefSchema>;
