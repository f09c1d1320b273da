import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { CheckoutLine } from "../../domain/checkout";
import type { QuickQuoteRequest, QuoteKind, QuoteStatus } from "../../domain/quote";
import { users } from "./accounts";
import { orderGroups } from "./orders";

/** A file a customer sent with a Quick Quote request, kept in file storage. */
export type QuoteAttachment = { key: string; fileName: string; contentType: string; sizeBytes: number };

/**
 * Formal quotes: a basket priced by the catalogue, or a Quick Quote request priced by a manager. The
 * number comes from the gap-free `quote` counter; the lines and totals are the figures honoured at
 * checkout while `valid_until` has not passed.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    number: integer("number").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    kind: text("kind").$type<QuoteKind>().notNull(),
    status: text("status").$type<QuoteStatus>().notNull(),
    lines: jsonb("lines").$type<CheckoutLine[]>().notNull().default(sql`'[]'::jsonb`),
    subTotalPence: integer("sub_total_pence").notNull().default(0),
    deliveryPence: integer("delivery_pence").notNull().default(0),
    vatPence: integer("vat_pence").notNull().default(0),
    totalPence: integer("total_pence").notNull().default(0),
    /** Working days from order to dispatch for manager-priced lines. */
    turnaroundDays: integer("turnaround_days"),
    /** The Quick Quote form as the customer sent it (null for a basket quote). */
    request: jsonb("request").$type<QuickQuoteRequest | null>(),
    attachments: jsonb("attachments").$type<QuoteAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    /** The manager's words to the customer with the price. */
    note: text("note").notNull().default(""),
    validUntil: date("valid_until", { mode: "string" }),
    pricedAt: timestamp("priced_at", { withTimezone: true }),
    pricedBy: integer("priced_by").references(() => users.id, { onDelete: "set null" }),
    orderGroupId: integer("order_group_id").references(() => orderGroups.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quotes_number_key").on(t.number),
    index("quotes_user_idx").on(t.userId, t.id.desc()),
    index("quotes_status_idx").on(t.status, t.id),
    check("quotes_total_check", sql`${t.totalPence} = ${t.subTotalPence} + ${t.deliveryPence} + ${t.vatPence}`),
    check("quotes_status_check", sql`${t.status} in ('requested', 'open', 'ordered')`),
  ],
);

/** A customer's trade account: pay on account within the credit limit, on terms from the invoice date. */
export const tradeAccounts = pgTable(
  "trade_accounts",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    creditLimitPence: integer("credit_limit_pence").notNull(),
    termsDays: integer("terms_days").notNull().default(30),
    /** Held by a manager: no new on-account orders until released (an overdue invoice holds it too, computed). */
    held: boolean("held").notNull().default(false),
    openedBy: integer("opened_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("trade_accounts_limit_check", sql`${t.creditLimitPence} >= 0 and ${t.termsDays} >= 0`)],
);

/** Money received against an on-account invoice, whole or part, as staff recorded it. */
export const accountPayments = pgTable(
  "account_payments",
  {
    id: serial("id").primaryKey(),
    orderGroupId: integer("order_group_id")
      .notNull()
      .references(() => orderGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    reference: text("reference").notNull().default(""),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_payments_user_idx").on(t.userId, t.receivedOn), index("account_payments_group_idx").on(t.orderGroupId), check("account_payments_amount_check", sql`${t.amountPence} > 0`)],
);
