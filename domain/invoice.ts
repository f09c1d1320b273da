// VAT invoice numbering (docs/decisions/005-checkout-exactly-once.md: one gap-free sequence): the stored number as the customer reads it.

/** 42 → "INV-000042"; null (no invoice yet) stays null. */
export function invoiceNumberLabel(n: number | null): string | null {
  return n === null ? null : `INV-${String(n).padStart(6, "0")}`;
}
