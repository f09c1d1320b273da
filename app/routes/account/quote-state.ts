import { formatLongDate } from "../../../domain/format";
import type { QuoteListEntry } from "../../lib/quotes-api";

/** A quote's state in a few words, with its badge colours. */
export function quoteState(quote: Pick<QuoteListEntry, "status" | "expired" | "validUntil" | "orderGroupId">): { text: string; tone: string } {
  if (quote.status === "requested") return { text: "Waiting for our price", tone: "bg-yellow-100 text-yellow-900" };
  if (quote.status === "ordered") return { text: `Ordered${quote.orderGroupId ? `: order ${quote.orderGroupId}` : ""}`, tone: "bg-slate-100 text-slate-700" };
  if (quote.expired) return { text: `Expired on ${formatLongDate(quote.validUntil!)}`, tone: "bg-red-100 text-red-800" };
  return { text: `Valid until ${formatLongDate(quote.validUntil!)}`, tone: "bg-emerald-100 text-emerald-800" };
}
