// Formal quotes (issue 23): numbered from their own gap-free sequence, valid for 30 days in UK dates,
// ordered whole at the quoted figures while valid. A quote is either a basket priced by the catalogue or a
// Quick Quote request that a manager prices as free lines. The quoted totals follow the one totals rule.
import { z } from "zod";
import { guestContactSchema } from "./address";
import { isIsoDate } from "./iso-date";
import { addCalendarDays } from "./calendar";
import type { CheckoutLine, CheckoutLineRequest } from "./checkout";
import { ukDateParts } from "./delivery";
import { formatLongDate } from "./format";

/** How long a quote's prices hold, in calendar days from the day it is priced (to the end of the last UK day). */
export const QUOTE_VALID_DAYS = 30;
/** Working days from order to dispatch for a manager-priced line, unless the manager says otherwise. */
export const DEFAULT_QUOTE_TURNAROUND_DAYS = 5;
/** The most lines a manager may put on a Quick Quote's price. */
export const MAX_QUOTE_LINES = 20;

export const QUOTE_KINDS = ["basket", "request"] as const;
export type QuoteKind = (typeof QUOTE_KINDS)[number];
/** `requested`: a Quick Quote waiting for a manager's price; `open`: priced, can be ordered; `ordered`: became an order. */
export const QUOTE_STATUSES = ["requested", "open", "ordered"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** 12 → "Q-000012". */
export function quoteNumberLabel(n: number): string {
  return `Q-${String(n).padStart(6, "0")}`;
}

/** The last UK day on which a quote priced at `pricedAt` holds its prices. */
export function quoteValidUntil(pricedAt: Date): string {
  return addCalendarDays(ukDateParts(pricedAt).isoDate, QUOTE_VALID_DAYS);
}

/** A quote holds its prices through the whole of its last UK day. */
export function quoteIsValid(validUntil: string | null, now: Date): boolean {
  return validUntil !== null && ukDateParts(now).isoDate <= validUntil;
}

/** A manager-priced line has no catalogue product behind it: product id 0. */
export const CUSTOM_PRODUCT_ID = 0;
export function isCustomLine(line: Pick<CheckoutLine, "productId">): boolean {
  return line.productId === CUSTOM_PRODUCT_ID;
}

/** A catalogue line of a quote as the checkout's line request, to be checked (and, after expiry, priced) again. */
export function quoteLineRequest(line: CheckoutLine): CheckoutLineRequest {
  return {
    productId: line.productId,
    customWidth: line.fixedSize === null ? line.widthMm : null,
    customHeight: line.fixedSize === null ? line.heightMm : null,
    quantity: line.quantity,
    versions: line.versions,
    orientation: line.orientation,
    attributes: line.attributes,
    reuseArtworkFrom: null,
    designService: (line.designs ?? 0) > 0,
  };
}

/** A manager's line as the order keeps it: a free description, a quantity and a line amount in pence. */
export function customQuoteLine(line: QuotePriceLine, deliveryDate: string): CheckoutLine {
  return {
    productId: CUSTOM_PRODUCT_ID,
    productName: line.description,
    productSlug: "",
    image: null,
    quantity: line.quantity,
    versions: 1,
    widthMm: line.widthMm,
    heightMm: line.heightMm,
    orientation: null,
    fixedSize: null,
    attributes: [],
    express: false,
    // The unit price is for show; the line amount is what was quoted and is what is charged.
    unitPence: Math.round(line.amountPence / line.quantity),
    undiscountedLinePence: line.amountPence,
    tierPercent: 0,
    linePence: line.amountPence,
    deliveryDate,
  };
}

export const QUOTE_MESSAGES = {
  notFound: "Quote not found.",
  notPriced: (label: string) => `Quote ${label} has not been priced yet. We will email you when it is.`,
  ordered: (label: string) => `Quote ${label} has already been ordered.`,
  expired: (label: string, validUntil: string) => `Quote ${label} expired on ${formatLongDate(validUntil)}. Its lines are now at today's prices.`,
  noPromo: "A promo code cannot be added to a quote: its prices are already agreed.",
  requestExpired: (label: string, validUntil: string) => `Quote ${label} expired on ${formatLongDate(validUntil)}. Please send a new Quick Quote request and we will price it again.`,
  alreadyPriced: (label: string) => `Quote ${label} has already been priced.`,
  /** A guest's Quick Quote with an email that has an account: as at checkout, nothing is made; the customer signs in. */
  guestEmailTaken: "This email is already registered. Please log in to send your request.",
  /** A guest has no resumable uploads: their files travel in the request itself. */
  guestUploads: "Send the files with the request: uploads are for signed-in customers.",
} as const;

// A manager's price for a Quick Quote: free lines, amounts in whole pence, and the turnaround.
const printSize = (what: string) =>
  z.number({ error: `${what} must be whole millimetres` }).int(`${what} must be whole millimetres`).min(10, `${what} must be at least 10 mm`).max(50_000, `${what} must be at most 50,000 mm`);

/** A manager's line: what it is, how many, its printed size (the artwork is checked against it) and its price. */
export const quotePriceLineSchema = z.object({
  description: z.string({ error: "Each line needs a description" }).trim().min(1, "Each line needs a description").max(200, "A line's description must be at most 200 characters"),
  widthMm: printSize("Width"),
  heightMm: printSize("Height"),
  quantity: z.number({ error: "Quantity must be a whole number" }).int("Quantity must be a whole number").min(1, "Quantity must be at least 1").max(100_000, "Quantity must be at most 100,000"),
  amountPence: z.number({ error: "Amount must be whole pence" }).int("Amount must be whole pence").min(1, "Each line's amount must be at least 1p").max(100_000_000, "A line's amount must be at most £1,000,000"),
});
export type QuotePriceLine = z.output<typeof quotePriceLineSchema>;

export const quotePriceSchema = z.object({
  lines: z.array(quotePriceLineSchema).min(1, "Add at least one line").max(MAX_QUOTE_LINES, `At most ${MAX_QUOTE_LINES} lines`),
  turnaroundDays: z.number({ error: "Turnaround must be whole working days" }).int("Turnaround must be whole working days").min(1, "Turnaround must be at least 1 working day").max(60, "Turnaround must be at most 60 working days").default(DEFAULT_QUOTE_TURNAROUND_DAYS),
  note: z.string().trim().max(2000, "The note must be at most 2000 characters").default(""),
});
export type QuotePrice = z.output<typeof quotePriceSchema>;

// The Quick Quote request form: what the configurator cannot price.
export const QUICK_QUOTE_MAX_FILES = 3;
export const QUICK_QUOTE_MAX_FILE_BYTES = 25 * 1024 * 1024;
export const quickQuoteRequestSchema = z.object({
  productKind: z.string({ error: "Say what you would like printed" }).trim().min(1, "Say what you would like printed").max(100, "What to print must be at most 100 characters"),
  size: z.string({ error: "Give the size" }).trim().min(1, "Give the size").max(100, "The size must be at most 100 characters"),
  quantity: z.coerce.number({ error: "Quantity must be a whole number" }).int("Quantity must be a whole number").min(1, "Quantity must be at least 1").max(1_000_000, "Quantity must be at most 1,000,000"),
  material: z.string().trim().max(200, "The material must be at most 200 characters").default(""),
  // A refinement only, no transform: the request is also an answer's field, and answers are encoded.
  deadline: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || isIsoDate(v), "The deadline is not a real date (YYYY-MM-DD)"),
  notes: z.string().trim().max(4000, "The notes must be at most 4000 characters").default(""),
});
export type QuickQuoteRequest = z.output<typeof quickQuoteRequestSchema>;

/**
 * The signed-in Quick Quote form's text fields: the request's, and `uploads`, the ids of the customer's
 * completed resumable uploads (purpose quote-file), comma-separated, sent instead of files.
 */
export const quickQuoteFormSchema = quickQuoteRequestSchema.extend({
  uploads: z
    .string()
    .default("")
    .transform((ids) => ids.split(",").map((id) => id.trim()).filter((id) => id !== "")),
});

/**
 * A guest's Quick Quote (docs/decisions/042-quick-quote-for-guests.md): the request's fields and checkout's
 * guest contact section, the very schemas both already use, in one flat form. The account is made at submit
 * from the contact part, as at checkout.
 */
export const guestQuickQuoteSchema = z.intersection(quickQuoteRequestSchema, guestContactSchema);
