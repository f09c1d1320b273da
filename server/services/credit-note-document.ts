// A VAT credit note: the invoice's layout titled Credit Note, with its own number and date, the original
// invoice's number and date, and the lines, VAT and total credited. Made from the stored refund and order
// only (and its PDF metadata is fixed), so every download is the same bytes.
import type { refunds } from "../../db/schema";
import { cardSummary } from "../../domain/card";
import { ukDateParts } from "../../domain/delivery";
import { formatUkDate } from "../../domain/format";
import { invoiceNumberLabel } from "../../domain/invoice";
import { creditNoteNumberLabel, refundParts } from "../../domain/refund";
import { lineSizeLabel } from "../../domain/checkout";
import { VAT_RATE_PERCENT } from "../../domain/totals";
import type { ShopDetails } from "../config";
import { renderInvoicePdf } from "../documents/invoice-pdf";
import { invoiceData } from "./invoice-service";
import type { OrderGroupDetail } from "./order-service";
import { orderRef } from "../../domain/order-ref";

type RefundRow = typeof refunds.$inferSelect;

/** Where the money went, in the customer's words. */
export function refundDestination(group: Pick<OrderGroupDetail, "paymentMethod" | "cardBrand" | "cardLast4">): string {
  return group.paymentMethod === "account" ? "Your trade account" : `The card that paid (${cardSummary(group.cardBrand, group.cardLast4)})`;
}

export async function renderCreditNotePdf(shop: ShopDetails, group: OrderGroupDetail, refund: RefundRow): Promise<Buffer> {
  if (refund.creditNoteNumber === null || refund.completedAt === null) throw new Error(`Refund ${refund.id} has no credit note yet`);
  const invoice = invoiceData(group, shop);
  const label = creditNoteNumberLabel(refund.creditNoteNumber);
  const date = ukDateParts(refund.completedAt).isoDate;
  const parts = refundParts(group);
  const delivery = refund.lines.filter((line) => line.key === "delivery").reduce((sum, line) => sum + line.netPence, 0);
  const bytes = await renderInvoicePdf({
    ...invoice,
    invoiceNumber: label,
    invoiceDate: date,
    lines: refund.lines
      .filter((line) => line.key !== "delivery")
      .map((line) => {
        const item = group.items.find((i) => i.id === line.orderId);
        const worth = parts.find((part) => part.key === line.key);
        return {
          description: line.description,
          details: [item ? lineSizeLabel(item) : "", worth && line.grossPence < worth.grossPence ? "Part refund" : ""].filter(Boolean),
          quantity: line.quantity ?? 1,
          netPence: line.netPence,
          vatRatePercent: VAT_RATE_PERCENT,
        };
      }),
    deliveryPence: delivery,
    promoDiscountPence: 0,
    promoCode: null,
    netTotalPence: refund.netPence,
    vatPence: refund.vatPence,
    grossTotalPence: refund.amountPence,
    document: {
      title: "Credit Note",
      details: [
        ["Credit note number", label],
        ["Credit note date", formatUkDate(date)],
        ["Original invoice", invoiceNumberLabel(group.invoiceNumber) ?? ""],
        ["Invoice date", formatUkDate(invoice.invoiceDate)],
        ["Order reference", orderRef(group.id)],
        ...(group.poNumber ? ([["Your PO number", group.poNumber]] as [string, string][]) : []),
        ["Refunded to", refundDestination(group).replace(/^The card that paid \((.*)\)$/, "$1")],
      ],
      notes: [
        `Reason: ${refund.reason}`,
        `This credit note reduces the amount and the VAT charged on invoice ${invoiceNumberLabel(group.invoiceNumber) ?? ""}. Line values are net of any promotion discount.`,
      ],
    },
  });
  return Buffer.from(bytes);
}
