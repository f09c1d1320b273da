// The browser's quote and trade-account calls (issue 23): quotes from the basket, Quick Quote requests with
// files, and the customer's trade account.
import type { BasketItem, BasketState } from "../../domain/basket";
import { basketFromQuote } from "../../domain/basket";
import type { ApiAnswer } from "../../server/api/contract";
import { api, postForm } from "./api-client";
import { basketLines } from "./checkout";

export type Quote = ApiAnswer<"GET /api/quotes/:quoteId">;
export type QuoteLine = Quote["lines"][number];
export type QuoteListEntry = ApiAnswer<"GET /api/quotes">["quotes"][number];

export const quoteBasket = (basket: BasketState) => api("POST /api/quotes", { auth: true, body: { lines: basketLines(basket) } });
export const fetchQuotes = (signal?: AbortSignal) => api("GET /api/quotes", { auth: true, ...(signal ? { signal } : {}) });
export const fetchQuote = (quoteId: number | string, signal?: AbortSignal) => api("GET /api/quotes/:quoteId", { params: { quoteId }, auth: true, ...(signal ? { signal } : {}) });

/** A quote's line as a basket line: the quote's price, and for a catalogue line what the configurator chose. */
export function basketItemOf(line: QuoteLine, index: number, lineIdPrefix: string): BasketItem {
  return {
    lineId: `${lineIdPrefix}-${index + 1}`,
    productId: line.productId,
    productName: line.productName,
    productSlug: line.productSlug,
    image: line.image,
    attributes: line.attributes,
    quantity: line.quantity,
    versions: line.versions,
    pricePence: line.linePence,
    qty_limits: line.fixedSize ? { min_qty: 1, orientation: line.orientation ?? "", fixed_size: line.fixedSize } : null,
    customWidth: line.fixedSize ? null : line.widthMm,
    customHeight: line.fixedSize ? null : line.heightMm,
    orientation: line.orientation,
    reorder: null,
    // A quoted line is ordered at its quoted figure, any design service included in it.
    designService: false,
  };
}

/** The basket for ordering a valid quote: exactly its lines at its prices. */
export function basketOfQuote(quote: Quote): BasketState {
  return basketFromQuote({ id: quote.id, number: quote.number, validUntil: quote.validUntil ?? "" }, quote.lines.map((line, index) => basketItemOf(line, index, `q${quote.id}`)));
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/**
 * Sends a Quick Quote request. Its files went before it as resumable uploads (purpose quote-file, see
 * resumable-upload.ts); the request names them by id and the server takes them, once.
 */
export async function sendQuoteRequest(fields: Record<string, string>, uploadIds: string[]): Promise<Quote> {
  const form = formOf(fields);
  if (uploadIds.length > 0) form.append("uploads", uploadIds.join(","));
  return (await postForm("POST /api/quote-requests", form, { auth: true })).quote;
}

export type GuestQuoteAnswer = ApiAnswer<"POST /api/quote-requests/guest">;

/**
 * A guest's Quick Quote: the request, the contact fields its account is made from, and the files in the same
 * request (a guest owns no resumable uploads until the account exists). Answers the quote and the new session.
 */
export async function sendGuestQuoteRequest(fields: Record<string, string>, files: File[], onSent?: (sentBytes: number) => void): Promise<GuestQuoteAnswer> {
  const form = formOf(fields);
  files.forEach((file, index) => form.append(`file${index + 1}`, file, file.name));
  return postForm("POST /api/quote-requests/guest", form, { onProgress: onSent });
}
