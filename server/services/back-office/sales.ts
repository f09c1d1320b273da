// The sales report's data: the VAT invoices dated from one UK day to another (order groups with an
// invoice number), with their lines, and the VAT credit notes dated in the same days, summed by
// domain/sales-report.ts. Reprints have no invoice, so they are never in it.
import { and, asc, eq, gte, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orderGroups, orders, refunds } from "../../../db/schema";
import { ukDateParts, ukWallClockToDate } from "../../../domain/delivery";
import { invoiceNumberLabel } from "../../../domain/invoice";
import type { CreditedSale, InvoicedSale } from "../../../domain/sales-report";
import { creditNoteNumberLabel } from "../../../domain/refund";

/** A sale in the books: an order group with a VAT invoice (a reprint has none, so it never counts). */
export const isInvoicedSale = () => isNotNull(orderGroups.invoiceNumber);
/** A refund in the books: one that succeeded and was given its VAT credit note. */
export const isIssuedCreditNote = () => isNotNull(refunds.creditNoteNumber);

function nextDay(isoDay: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The invoices dated `from` to `to` (UK days, both included), oldest first. */
export async function invoicedSales(db: Db, from: string, to: string): Promise<InvoicedSale[]> {
  const invoicedInRange = and(isInvoicedSale(), gte(orderGroups.createdAt, ukWallClockToDate(from, 0)), lt(orderGroups.createdAt, ukWallClockToDate(nextDay(to), 0)));
  const [groups, lines] = await Promise.all([
    db.select().from(orderGroups).where(invoicedInRange).orderBy(asc(orderGroups.invoiceNumber)),
    db
      .select({ orderGroupId: orders.orderGroupId, productId: orders.productId, productName: orders.productName, quantity: orders.quantity, linePence: orders.linePence, designFeePence: orders.designFeePence, designs: orders.designs })
      .from(orders)
      .innerJoin(orderGroups, eq(orders.orderGroupId, orderGroups.id))
      .where(invoicedInRange)
      .orderBy(asc(orders.orderGroupId), asc(orders.lineNumber)),
  ]);
  const linesOf = new Map<number, InvoicedSale["lines"]>();
  for (const { orderGroupId, ...line } of lines) linesOf.set(orderGroupId, [...(linesOf.get(orderGroupId) ?? []), line]);
  return groups.map((group) => ({
    invoiceNumber: invoiceNumberLabel(group.invoiceNumber) ?? "",
    invoiceDate: ukDateParts(group.createdAt).isoDate,
    paymentMethod: group.paymentMethod,
    subTotalPence: group.subTotalPence,
    promoDiscountPence: group.promoDiscountPence,
    deliveryPence: group.deliveryPence,
    vatPence: group.vatPence,
    totalPence: group.totalPence,
    lines: linesOf.get(group.id) ?? [],
  }));
}

/** The credit notes dated `from` to `to` (UK days, both included), in number order. */
export async function creditNotesIssued(db: Db, from: string, to: string): Promise<CreditedSale[]> {
  const rows = await db
    .select({ number: refunds.creditNoteNumber, completedAt: refunds.completedAt, lines: refunds.lines, vatPence: refunds.vatPence, amountPence: refunds.amountPence, paymentMethod: orderGroups.paymentMethod })
    .from(refunds)
    .innerJoin(orderGroups, eq(orderGroups.id, refunds.orderGroupId))
    .where(and(isIssuedCreditNote(), gte(refunds.completedAt, ukWallClockToDate(from, 0)), lt(refunds.completedAt, ukWallClockToDate(nextDay(to), 0))))
    .orderBy(asc(refunds.creditNoteNumber));
  return rows.map((row) => {
    const goods = row.lines.filter((line) => line.key !== "delivery");
    return {
      creditNoteNumber: creditNoteNumberLabel(row.number!),
      date: ukDateParts(row.completedAt!).isoDate,
      paymentMethod: row.paymentMethod,
      goodsPence: goods.reduce((sum, line) => sum + line.netPence, 0),
      deliveryPence: row.lines.filter((line) => line.key === "delivery").reduce((sum, line) => sum + line.netPence, 0),
      vatPence: row.vatPence,
      totalPence: row.amountPence,
      lines: goods.map((line) => ({ productId: line.productId ?? 0, productName: line.description, netPence: line.netPence, design: line.key.startsWith("design:") })),
    };
  });
}
