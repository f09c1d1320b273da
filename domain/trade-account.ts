// Trade accounts (issue 23): pay on account within a credit limit, on terms counted from the invoice date.
// An account with an overdue invoice, or one a manager has held, takes no new on-account orders until
// it is paid or released. The balance is what the account's invoices still owe; statements and the
// receivables ageing are read from the same figures.
import { z } from "zod";
import { rowId } from "./ids";
import { isoDate } from "./iso-date";
import { addCalendarDays, daysBetween } from "./calendar";
import { formatUkDate } from "./format";
import { formatPence } from "./money";

export const DEFAULT_TERMS_DAYS = 30;
export const MAX_CREDIT_LIMIT_PENCE = 100_000_000; // £1,000,000

/** An on-account invoice as the account sees it. */
export type AccountInvoice = {
  orderGroupId: number;
  invoiceNumber: number;
  /** ISO (UK) date of the invoice. */
  invoiceDate: string;
  dueDate: string;
  totalPence: number;
  paidPence: number;
};

export type AccountPayment = { id: number; orderGroupId: number; invoiceNumber: number; receivedOn: string; amountPence: number; reference: string };

export type HoldReason = "manual" | "overdue";

export type AccountStanding = {
  creditLimitPence: number;
  balancePence: number;
  /** What the account may still order: the limit less the balance, never below zero. */
  availablePence: number;
  overduePence: number;
  onHold: boolean;
  holdReason: HoldReason | null;
};

/** The due date of an invoice dated `invoiceDate` on `termsDays` days' terms. */
export function invoiceDueDate(invoiceDate: string, termsDays: number): string {
  return addCalendarDays(invoiceDate, termsDays);
}

export const owed = (invoice: Pick<AccountInvoice, "totalPence" | "paidPence">) => invoice.totalPence - invoice.paidPence;

/** An invoice is overdue from the day after its due date while anything on it is unpaid. */
export function isOverdue(invoice: Pick<AccountInvoice, "dueDate" | "totalPence" | "paidPence">, today: string): boolean {
  return owed(invoice) > 0 && invoice.dueDate < today;
}

export function accountStanding(account: { creditLimitPence: number; held: boolean }, invoices: readonly AccountInvoice[], today: string): AccountStanding {
  const balancePence = invoices.reduce((sum, invoice) => sum + owed(invoice), 0);
  const overduePence = invoices.filter((invoice) => isOverdue(invoice, today)).reduce((sum, invoice) => sum + owed(invoice), 0);
  const holdReason: HoldReason | null = account.held ? "manual" : overduePence > 0 ? "overdue" : null;
  return {
    creditLimitPence: account.creditLimitPence,
    balancePence,
    availablePence: Math.max(0, account.creditLimitPence - balancePence),
    overduePence,
    onHold: holdReason !== null,
    holdReason,
  };
}

export const TRADE_ACCOUNT_MESSAGES = {
  none: "You do not have a trade account. Please pay by card.",
  heldManual: "Your trade account is on hold. Please contact us, or pay by card.",
  heldOverdue: (overduePence: number) => `Your trade account is on hold: ${formatPence(overduePence)} is overdue. Please pay it, or pay by card.`,
  overLimit: (balanceAfterPence: number, limitPence: number) =>
    `This order would take your account balance to ${formatPence(balanceAfterPence)}, over its credit limit of ${formatPence(limitPence)}. Please pay by card, or settle an invoice first.`,
  overpaid: (owedPence: number, invoiceLabel: string) => `That is more than the ${formatPence(owedPence)} still owed on ${invoiceLabel}.`,
  alreadyOpen: "This customer already has a trade account.",
  noCustomer: "No customer account has that email address.",
  notCustomer: "Trade accounts are for customers, not staff.",
  notOnAccount: "That invoice is not on this trade account.",
  futurePayment: "A payment cannot be recorded before it is received: the date is in the future.",
} as const;

/** May an order of `orderPence` go on this account now? The message says why not. */
export function creditCheck(standing: AccountStanding, orderPence: number): { ok: true } | { ok: false; message: string } {
  if (standing.holdReason === "manual") return { ok: false, message: TRADE_ACCOUNT_MESSAGES.heldManual };
  if (standing.holdReason === "overdue") return { ok: false, message: TRADE_ACCOUNT_MESSAGES.heldOverdue(standing.overduePence) };
  const after = standing.balancePence + orderPence;
  if (after > standing.creditLimitPence) return { ok: false, message: TRADE_ACCOUNT_MESSAGES.overLimit(after, standing.creditLimitPence) };
  return { ok: true };
}

export type StatementEntry = { date: string; kind: "invoice" | "payment"; reference: string; description: string; debitPence: number; creditPence: number; balancePence: number };

/** Invoices and payments in date order (an invoice before a payment on the same day), with the running balance. */
export function statementEntries(invoices: readonly AccountInvoice[], payments: readonly AccountPayment[], invoiceLabel: (n: number) => string): StatementEntry[] {
  const items = [
    ...invoices.map((invoice) => ({ date: invoice.invoiceDate, order: 0, id: invoice.orderGroupId, kind: "invoice" as const, reference: invoiceLabel(invoice.invoiceNumber), description: `Order ${invoice.orderGroupId}, due ${formatUkDate(invoice.dueDate)}`, debitPence: invoice.totalPence, creditPence: 0 })),
    ...payments.map((payment) => ({ date: payment.receivedOn, order: 1, id: payment.id, kind: "payment" as const, reference: payment.reference || "Payment", description: `Payment against ${invoiceLabel(payment.invoiceNumber)}`, debitPence: 0, creditPence: payment.amountPence })),
  ].sort((a, b) => (a.date === b.date ? a.order - b.order || a.id - b.id : a.date < b.date ? -1 : 1));
  let balance = 0;
  return items.map(({ order: _order, id: _id, ...item }) => {
    balance += item.debitPence - item.creditPence;
    return { ...item, balancePence: balance };
  });
}

/** Receivables ageing: days since the invoice date, in the accountant's four buckets. */
export const AGEING_BUCKETS = ["0–30 days", "31–60 days", "61–90 days", "90+ days"] as const;
export function ageingBucket(invoiceDate: string, today: string): 0 | 1 | 2 | 3 {
  const age = daysBetween(invoiceDate, today);
  return age <= 30 ? 0 : age <= 60 ? 1 : age <= 90 ? 2 : 3;
}

export type AgeingRow = { userId: number; customer: string; email: string; bucketsPence: [number, number, number, number]; totalPence: number };

/** Each customer's unpaid invoices by age on `today`, and the totals; every row adds up across. */
export function receivablesAgeing(accounts: readonly { userId: number; customer: string; email: string; invoices: readonly AccountInvoice[] }[], today: string): { rows: AgeingRow[]; totals: { bucketsPence: [number, number, number, number]; totalPence: number } } {
  const totals: [number, number, number, number] = [0, 0, 0, 0];
  const rows: AgeingRow[] = [];
  for (const account of accounts) {
    const buckets: [number, number, number, number] = [0, 0, 0, 0];
    for (const invoice of account.invoices) {
      if (invoice.invoiceDate > today) continue;
      const bucket = ageingBucket(invoice.invoiceDate, today);
      buckets[bucket] = buckets[bucket] + owed(invoice);
    }
    const total = buckets.reduce((a, b) => a + b, 0);
    if (total === 0) continue;
    buckets.forEach((value, index) => (totals[index] = (totals[index] ?? 0) + value));
    rows.push({ userId: account.userId, customer: account.customer, email: account.email, bucketsPence: buckets, totalPence: total });
  }
  rows.sort((a, b) => b.totalPence - a.totalPence || a.userId - b.userId);
  return { rows, totals: { bucketsPence: totals, totalPence: totals.reduce((a, b) => a + b, 0) } };
}

const pence = (what: string, max: number) =>
  z.number({ error: `${what} must be whole pence` }).int(`${what} must be whole pence`).min(0, `${what} must not be negative`).max(max, `${what} must be at most ${formatPence(max)}`);

export const tradeAccountTermsSchema = z.object({
  creditLimitPence: pence("The credit limit", MAX_CREDIT_LIMIT_PENCE),
  termsDays: z.number({ error: "Terms must be whole days" }).int("Terms must be whole days").min(0, "Terms must not be negative").max(120, "Terms must be at most 120 days").default(DEFAULT_TERMS_DAYS),
});


export const accountPaymentSchema = z.object({
  orderGroupId: rowId("orderGroupId"),
  amountPence: z.number({ error: "The amount must be whole pence" }).int("The amount must be whole pence").min(1, "The amount must be at least 1p").max(MAX_CREDIT_LIMIT_PENCE, "The amount is too large"),
  receivedOn: isoDate("The date"),
  reference: z.string().trim().max(60, "The reference must be at most 60 characters").default(""),
});
export type AccountPaymentInput = z.output<typeof accountPaymentSchema>;
