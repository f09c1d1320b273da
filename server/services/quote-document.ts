// A quote's PDF: the VAT invoice's layout titled Quotation, with the quote's number, date and validity,
// made from the stored quote only, so every download is the same bytes.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userAddresses, type quotes } from "../../db/schema";
import { lineSizeLabel } from "../../domain/checkout";
import { ukDateParts } from "../../domain/delivery";
import { formatLongDate } from "../../domain/format";
import { isCustomLine, quoteNumberLabel } from "../../domain/quote";
import { VAT_RATE_PERCENT } from "../../domain/totals";
import type { ShopDetails } from "../config";
import { renderInvoicePdf } from "../documents/invoice-pdf";

type QuoteRow = typeof quotes.$inferSelect;
export type QuoteBillTo = { company?: string | null; lines: string[]; town: string; postcode: string; country: string };

/** The quote's PDF: the invoice's layout titled Quotation, with its number, date and validity. */
export async function renderQuotePdf(shop: ShopDetails, publicUrl: string, row: QuoteRow, person: { firstname: string; lastname: string; email: string }, billing: QuoteBillTo | null): Promise<Buffer> {
  const label = quoteNumberLabel(row.number);
  const date = ukDateParts(row.pricedAt ?? row.createdAt).isoDate;
  const bytes = await renderInvoicePdf({
    seller: { name: shop.legalName, address: shop.address.split(/,\s*/).join("\n"), vatNumber: shop.vatNumber, email: shop.email, phone: shop.phone },
    invoiceNumber: label,
    invoiceDate: date,
    orderRef: label,
    paymentMethod: "",
    billTo: {
      name: `${person.firstname} ${person.lastname}`.trim(),
      ...(billing?.company ? { company: billing.company } : {}),
      lines: billing?.lines ?? [],
      town: billing?.town ?? "",
      postcode: billing?.postcode ?? "",
      country: billing?.country ?? "",
      email: person.email,
    },
    lines: row.lines.map((line) => ({
      description: line.productName,
      details: isCustomLine(line)
        ? [lineSizeLabel(line)]
        : [lineSizeLabel(line), ...line.attributes.map((a) => `${a.group}: ${a.subattribute_name}`), ...(line.tierPercent > 0 ? [`Quantity discount ${line.tierPercent}%`] : [])].filter(Boolean),
      quantity: line.quantity,
      netPence: line.linePence,
      vatRatePercent: VAT_RATE_PERCENT,
    })),
    deliveryPence: row.deliveryPence,
    promoDiscountPence: 0,
    netTotalPence: row.subTotalPence + row.deliveryPence,
    vatPence: row.vatPence,
    grossTotalPence: row.totalPence,
    vatRatePercent: VAT_RATE_PERCENT,
    document: {
      title: "Quotation",
      details: [
        ["Quote number", label],
        ["Date", formatLongDate(date)],
        ["Valid until", formatLongDate(row.validUntil!)],
        ...(row.turnaroundDays ? ([["Turnaround", `${row.turnaroundDays} working days`]] as [string, string][]) : []),
      ],
      notes: [
        ...(row.note ? [row.note] : []),
        `These prices hold until ${formatLongDate(row.validUntil!)}. To order at them, open ${publicUrl}/my-account/quotes/${row.id} and choose 'Order this quote'. Artwork is uploaded after ordering.`,
      ],
    },
  });
  return Buffer.from(bytes);
}

export async function billingOf(db: Db, userId: number): Promise<QuoteBillTo | null> {
  const [row] = await db.select().from(userAddresses).where(and(eq(userAddresses.userId, userId), eq(userAddresses.kind, "billing"))).limit(1);
  if (!row) return null;
  return { company: row.company, lines: [row.address1, row.address2].filter((l): l is string => Boolean(l && l.trim())), town: row.town, postcode: row.postcode, country: row.country };
}

