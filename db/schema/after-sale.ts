import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { CreditLine } from "../../domain/refund";
import type { OrderStatus } from "../../domain/order-status";
import { users } from "./accounts";
import { orderGroups } from "./orders";

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money given back on an order: a customer's cancellation or a manager's refund. A row is written
 * `pending` in the transaction that checks it fits (so two at once cannot both fit), the payment
 * provider is asked with the row's idempotency key, and the row turns `succeeded` with its credit note
 * number (the gap-free `credit_note` counter) or `failed` with nothing else changed.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderGroupId: integer("order_group_id")
      .notNull()
      .references(() => orderGroups.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"cancellation" | "refund">().notNull(),
    reason: text("reason").notNull(),
    lines: jsonb("lines").$type<CreditLine[]>().notNull(),
    netPence: integer("net_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    amountPence: integer("amount_pence").notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    /** Who gives the money back: the card processor that took it, or the trade account it was owed on. */
    provider: text("provider").$type<"test" | "stripe" | "account">().notNull(),
    providerRefundId: text("provider_refund_id"),
    /** The same key on a retried request finds this row again, and is the key the provider is called with. */
    idempotencyKey: text("idempotency_key").notNull(),
    failure: text("failure"),
    /** Items this cancellation moved to Cancelled, with the status each came from (put back if the refund fails). */
    cancelledItems: jsonb("cancelled_items").$type<{ orderId: number; from: OrderStatus }[]>().notNull().default(sql`'[]'::jsonb`),
    creditNoteNumber: integer("credit_note_number"),
    actor: text("actor").$type<"customer" | "staff">().notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refunds_idempotency_key").on(t.idempotencyKey),
    uniqueIndex("refunds_credit_note_number_key").on(t.creditNoteNumber),
    index("refunds_group_idx").on(t.orderGroupId, t.id),
    check("refunds_amount_check", sql`${t.amountPence} = ${t.netPence} + ${t.vatPence} and ${t.amountPence} > 0`),
  ],
);

/** The built-in test provider's refunds, as a card processor keeps them: one per idempotency key. */
export const testPaymentRefunds = pgTable(
  "test_payment_refunds",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    amountPence: integer("amount_pence").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("test_payment_refunds_idempotency_key").on(t.idempotencyKey), index("test_payment_refunds_session_idx").on(t.sessionId)],
);
