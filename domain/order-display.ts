// How order figures read in the account area (spec section 8): a missing total shows 'error', a missing
// quantity 'Error', a non-numeric price ' Error' (with its leading space). Everything else is the one
// money formatter.
import { formatUkDate } from "./format";
import { formatPence, poundsToPence } from "./money";

export function orderTotalText(totalPounds: unknown): string {
  return typeof totalPounds === "number" && Number.isFinite(totalPounds) ? formatPence(poundsToPence(totalPounds)) : "error";
}

export function quantityText(quantity: unknown): string {
  return typeof quantity === "number" && Number.isFinite(quantity) ? String(quantity) : "Error";
}

export function priceText(pricePounds: unknown): string {
  const value = typeof pricePounds === "string" && pricePounds.trim() !== "" ? Number(pricePounds) : pricePounds;
  return typeof value === "number" && Number.isFinite(value) ? formatPence(poundsToPence(value)) : " Error";
}

/** Order dates in the account area are en-GB (22/11/2026), in UK time. */
export function orderDateText(iso: string): string {
  try {
    return formatUkDate(iso);
  } catch {
    return "";
  }
}
