// The figures of a trade account as the database holds them: its on-account invoices with what has been
// paid on each, and its payments. Read by checkout (the credit check), the back office and the statement.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { accountPayments, orderGroups, refunds, tradeAccounts } from "../../db/schema";
import type { AccountInvoice, AccountPayment } from "../../domain/trade-account";

type Reader = Db | Tx;

/** The UK date of a timestamp column, as the invoice shows it. */
export const ukDateOf = (column: unknown) => sql<string>`to_char((${column} at time zone 'Europe/London')::date, 'YYYY-MM-DD')`;

/** The account's row locked for the rest of the transaction: on-account orders and payments of one customer go one at a time. */
export async function lockTradeAccount(t: Tx, userId: number) {
  const [row] = await t.select().from(tradeAccounts).where(eq(tradeAccounts.userId, userId)).for("update");
  return row ?? null;
}

export async function tradeAccountOf(db: Reader, userId: number) {
  const [row] = await db.select().from(tradeAccounts).where(eq(tradeAccounts.userId, userId));
  return row ?? null;
}

/**
 * Every on-account invoice of the customer (or of all customers), oldest first, with what has been paid
 * on it. Its total is what is owed after its credit notes: a cancellation or refund on account credits it.
 */
export async function accountInvoices(db: Reader, userId?: number): Promise<(AccountInvoice & { userId: number })[]> {
  const credited = db
    .select({ orderGroupId: refunds.orderGroupId, creditedPence: sql<number>`sum(${refunds.amountPence})::int`.as("credited_pence") })
    .from(refunds)
    .where(eq(refunds.status, "succeeded"))
    .groupBy(refunds.orderGroupId)
    .as("credited");
  const paid = db
    .select({ orderGroupId: accountPayments.orderGroupId, paidPence: sql<number>`sum(${accountPayments.amountPence})::int`.as("paid_pence") })
    .from(accountPayments)
    .groupBy(accountPayments.orderGroupId)
    .as("paid");
  const rows = await db
    .select({
      userId: orderGroups.userId,
      orderGroupId: orderGroups.id,
      invoiceNumber: orderGroups.invoiceNumber,
      invoiceDate: ukDateOf(orderGroups.createdAt),
      dueDate: orderGroups.dueDate,
      totalPence: sql<number>`(${orderGroups.totalPence} - coalesce(${credited.creditedPence}, 0))::int`,
      paidPence: sql<number>`coalesce(${paid.paidPence}, 0)::int`,
    })
    .from(orderGroups)
    .leftJoin(paid, eq(paid.orderGroupId, orderGroups.id))
    .leftJoin(credited, eq(credited.orderGroupId, orderGroups.id))
    .where(and(eq(orderGroups.paymentMethod, "account"), userId === undefined ? undefined : eq(orderGroups.userId, userId)))
    .orderBy(asc(orderGroups.createdAt), asc(orderGroups.id));
  return rows.map((row) => ({ ...row, invoiceNumber: row.invoiceNumber ?? 0, dueDate: row.dueDate ?? row.invoiceDate, totalPence: Number(row.totalPence), paidPence: Number(row.paidPence) }));
}

export async function accountPaymentsOf(db: Reader, userId: number): Promise<AccountPayment[]> {
  const rows = await db
    .select({ id: accountPayments.id, orderGroupId: accountPayments.orderGroupId, invoiceNumber: orderGroups.invoiceNumber, receivedOn: accountPayments.receivedOn, amountPence: accountPayments.amountPence, reference: accountPayments.reference })
    .from(accountPayments)
    .innerJoin(orderGroups, eq(orderGroups.id, accountPayments.orderGroupId))
    .where(eq(accountPayments.userId, userId))
    .orderBy(asc(accountPayments.receivedOn), asc(accountPayments.id));
  return rows.map((row) => ({ ...row, invoiceNumber: row.invoiceNumber ?? 0 }));
}
