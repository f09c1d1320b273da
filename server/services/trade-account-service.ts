// Trade accounts in the back office and in My Account (issue 23): managers open accounts with a limit
// and terms, hold and release them, and record payments whole or part; customers read their statement.
// Payments are checked against what the invoice still owes with the account's row locked, so two staff
// recording at once cannot together pay an invoice more than its total.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountPayments, orderEvents, orderGroups, tradeAccounts, users } from "../../db/schema";
import { ukDateParts } from "../../domain/delivery";
import { formatPence } from "../../domain/format";
import { invoiceNumberLabel } from "../../domain/invoice";
import {
  accountStanding,
  owed,
  receivablesAgeing,
  statementEntries,
  TRADE_ACCOUNT_MESSAGES,
  type AccountInvoice,
  type AccountPayment,
  type AccountPaymentInput,
  type AccountStanding,
  type StatementEntry,
} from "../../domain/trade-account";
import type { ShopDetails } from "../config";
import { renderStatementPdf } from "../documents/statement-pdf";
import { recordAudit, type Actor } from "./back-office/audit";
import { failure, type Outcome } from "./outcome";
import { accountInvoices, accountPaymentsOf, lockTradeAccount, tradeAccountOf } from "./trade-ledger";

export type TradeAccountSummary = AccountStanding & { userId: number; customer: string; email: string; termsDays: number; held: boolean };
export type TradeAccountDetail = TradeAccountSummary & { invoices: AccountInvoice[]; payments: AccountPayment[]; statement: StatementEntry[] };

const label = (n: number) => invoiceNumberLabel(n) ?? "";

export type TradeAccountService = {
  open(email: string, terms: { creditLimitPence: number; termsDays: number }, actor: Actor): Promise<Outcome<{ account: TradeAccountDetail }>>;
  update(userId: number, change: { creditLimitPence?: number | undefined; termsDays?: number | undefined; held?: boolean | undefined }, actor: Actor, now?: Date): Promise<Outcome<{ account: TradeAccountDetail }>>;
  list(now?: Date): Promise<TradeAccountSummary[]>;
  detail(userId: number, now?: Date): Promise<TradeAccountDetail | null>;
  recordPayment(userId: number, payment: AccountPaymentInput, actor: Actor, now?: Date): Promise<Outcome<{ account: TradeAccountDetail }>>;
  statementPdf(userId: number, now?: Date): Promise<{ bytes: Buffer; fileName: string } | null>;
  ageing(now?: Date): Promise<ReturnType<typeof receivablesAgeing> & { date: string }>;
};

export function createTradeAccountService(deps: { db: Db; shop: ShopDetails }): TradeAccountService {
  const { db, shop } = deps;
  const today = (now: Date) => ukDateParts(now).isoDate;

  async function detail(userId: number, now = new Date()): Promise<TradeAccountDetail | null> {
    const account = await tradeAccountOf(db, userId);
    if (!account) return null;
    const [person] = await db.select({ firstname: users.firstname, lastname: users.lastname, email: users.email }).from(users).where(eq(users.id, userId));
    const [invoices, payments] = await Promise.all([accountInvoices(db, userId), accountPaymentsOf(db, userId)]);
    return {
      userId,
      customer: `${person?.firstname ?? ""} ${person?.lastname ?? ""}`.trim(),
      email: person?.email ?? "",
      termsDays: account.termsDays,
      held: account.held,
      ...accountStanding(account, invoices, today(now)),
      invoices,
      payments,
      statement: statementEntries(invoices, payments, label),
    };
  }

  return {
    detail,

    async open(email, terms, actor) {
      const [person] = await db.select({ id: users.id, role: users.role }).from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
      if (!person) return failure("not-found", TRADE_ACCOUNT_MESSAGES.noCustomer);
      if (person.role !== "user") return failure("invalid", TRADE_ACCOUNT_MESSAGES.notCustomer);
      const opened = await db.transaction(async (t) => {
        const [row] = await t.insert(tradeAccounts).values({ userId: person.id, creditLimitPence: terms.creditLimitPence, termsDays: terms.termsDays, openedBy: actor.userId }).onConflictDoNothing().returning();
        if (!row) return false;
        await recordAudit(t, actor, { action: "open", entityType: "trade-account", entityId: String(person.id), summary: `Opened a trade account for ${email.trim()}: limit ${formatPence(terms.creditLimitPence)}, ${terms.termsDays} days`, before: null, after: row });
        return true;
      });
      if (!opened) return failure("conflict", TRADE_ACCOUNT_MESSAGES.alreadyOpen);
      return { ok: true, account: (await detail(person.id))! };
    },

    async update(userId, change, actor, now = new Date()) {
      const done = await db.transaction(async (t) => {
        const before = await lockTradeAccount(t, userId);
        if (!before) return false;
        const [after] = await t
          .update(tradeAccounts)
          .set({
            ...(change.creditLimitPence !== undefined ? { creditLimitPence: change.creditLimitPence } : {}),
            ...(change.termsDays !== undefined ? { termsDays: change.termsDays } : {}),
            ...(change.held !== undefined ? { held: change.held } : {}),
            updatedAt: new Date(),
          })
          .where(eq(tradeAccounts.userId, userId))
          .returning();
        const words = [
          change.creditLimitPence !== undefined && change.creditLimitPence !== before.creditLimitPence ? `limit ${formatPence(before.creditLimitPence)} → ${formatPence(change.creditLimitPence)}` : null,
          change.termsDays !== undefined && change.termsDays !== before.termsDays ? `terms ${before.termsDays} → ${change.termsDays} days` : null,
          change.held !== undefined && change.held !== before.held ? (change.held ? "put on hold" : "released from hold") : null,
        ].filter(Boolean);
        await recordAudit(t, actor, { action: "update", entityType: "trade-account", entityId: String(userId), summary: `Trade account ${userId}: ${words.join(", ") || "no change"}`, before, after });
        return true;
      });
      if (!done) return failure("not-found", "Trade account not found.");
      return { ok: true, account: (await detail(userId, now))! };
    },

    async list(now = new Date()) {
      const rows = await db
        .select({ account: tradeAccounts, firstname: users.firstname, lastname: users.lastname, email: users.email })
        .from(tradeAccounts)
        .innerJoin(users, eq(users.id, tradeAccounts.userId))
        .orderBy(users.lastname, users.firstname);
      const invoices = await accountInvoices(db);
      return rows.map((row) => ({
        userId: row.account.userId,
        customer: `${row.firstname} ${row.lastname}`.trim(),
        email: row.email,
        termsDays: row.account.termsDays,
        held: row.account.held,
        ...accountStanding(row.account, invoices.filter((invoice) => invoice.userId === row.account.userId), today(now)),
      }));
    },

    async recordPayment(userId, payment, actor, now = new Date()) {
      if (payment.receivedOn > today(now)) return failure("invalid", TRADE_ACCOUNT_MESSAGES.futurePayment);
      const outcome = await db.transaction(async (t) => {
        const account = await lockTradeAccount(t, userId);
        if (!account) return failure("not-found", "Trade account not found.");
        const invoice = (await accountInvoices(t, userId)).find((i) => i.orderGroupId === payment.orderGroupId);
        if (!invoice) return failure("invalid", TRADE_ACCOUNT_MESSAGES.notOnAccount);
        const invoiceLabel = label(invoice.invoiceNumber);
        if (payment.amountPence > owed(invoice)) return failure("invalid", TRADE_ACCOUNT_MESSAGES.overpaid(owed(invoice), invoiceLabel));
        const [row] = await t.insert(accountPayments).values({ orderGroupId: invoice.orderGroupId, userId, amountPence: payment.amountPence, receivedOn: payment.receivedOn, reference: payment.reference, recordedBy: actor.userId }).returning();
        const settled = payment.amountPence === owed(invoice);
        if (settled) await t.update(orderGroups).set({ paymentStatus: "paid", updatedAt: new Date() }).where(and(eq(orderGroups.id, invoice.orderGroupId), eq(orderGroups.userId, userId)));
        const [group] = await t.select({ status: orderGroups.status }).from(orderGroups).where(eq(orderGroups.id, invoice.orderGroupId));
        const note = `Payment of ${formatPence(payment.amountPence)} received${payment.reference ? ` (${payment.reference})` : ""}${settled ? `: ${invoiceLabel} paid in full` : `: ${formatPence(owed(invoice) - payment.amountPence)} still owed`}`;
        await t.insert(orderEvents).values({ orderGroupId: invoice.orderGroupId, actorUserId: actor.userId, actor: "staff", fromStatus: group!.status, toStatus: group!.status, note });
        await recordAudit(t, actor, { action: "payment", entityType: "account-payment", entityId: String(row!.id), summary: `${note} on ${invoiceLabel}`, before: { owedPence: owed(invoice) }, after: row });
        return { ok: true as const };
      });
      if (!outcome.ok) return outcome;
      return { ok: true, account: (await detail(userId, now))! };
    },

    async statementPdf(userId, now = new Date()) {
      const account = await detail(userId, now);
      if (!account) return null;
      const date = today(now);
      const bytes = await renderStatementPdf({
        seller: { name: shop.legalName, address: shop.address.split(/,\s*/).join("\n"), email: shop.email, phone: shop.phone },
        customer: { name: account.customer, email: account.email },
        date,
        creditLimitPence: account.creditLimitPence,
        termsDays: account.termsDays,
        balancePence: account.balancePence,
        overduePence: account.overduePence,
        onHold: account.onHold,
        entries: account.statement,
      });
      return { bytes: Buffer.from(bytes), fileName: `statement-${date}.pdf` };
    },

    async ageing(now = new Date()) {
      const date = today(now);
      const [rows, invoices] = await Promise.all([
        db.select({ userId: tradeAccounts.userId, firstname: users.firstname, lastname: users.lastname, email: users.email }).from(tradeAccounts).innerJoin(users, eq(users.id, tradeAccounts.userId)),
        accountInvoices(db),
      ]);
      // Every on-account invoice counts, even of an account since closed: the money is still owed.
      const people = new Map(rows.map((row) => [row.userId, { customer: `${row.firstname} ${row.lastname}`.trim(), email: row.email }]));
      const byUser = new Map<number, AccountInvoice[]>();
      for (const invoice of invoices) byUser.set(invoice.userId, [...(byUser.get(invoice.userId) ?? []), invoice]);
      const accounts = [...byUser.entries()].map(([userId, list]) => ({ userId, customer: people.get(userId)?.customer ?? `Customer ${userId}`, email: people.get(userId)?.email ?? "", invoices: list }));
      return { date, ...receivablesAgeing(accounts, date) };
    },
  };
}
