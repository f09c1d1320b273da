// Cancellations and refunds. Each is decided and reserved in one transaction under the order's row lock
// (so two at once cannot together give back more than was paid), then the payment provider is asked
// with a key that makes a retry the same refund, then the credit note is numbered, the history written
// and the email queued in one more transaction. A refusal by the provider undoes the reservation (and a
// cancellation's status changes); an unanswered call leaves it reserved for the same request to finish.
import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderEvents, orderGroups, orders, refunds, users } from "../../db/schema";
import { nextNumber } from "./numbering";
import { formatPence } from "../../domain/format";
import { creditNoteNumberLabel, decideCancellation, decideRefund, refundParts, type CreditDecision, type CreditLine, type RefundableOrder, type RefundRequestLine } from "../../domain/refund";
import type { ShopDetails } from "../config";
import { refundEmail } from "../integrations/email/templates";
import { isDefiniteRefusal, PaymentProviderError, type PaymentProvider } from "../integrations/payments/payment-provider";
import type { FileStorage } from "../integrations/storage/storage";
import { renderCreditNotePdf, refundDestination } from "./credit-note-document";
import type { EmailSender } from "./email-outbox";
import { enqueueEmail } from "./email-outbox";
import type { OrderGroupDetail, OrderService, RefundRow } from "./order-service";
import { failure, type Outcome } from "./outcome";
import { changeItemStatus, undoCancellation, type Actor } from "./status-change";
import { itemsWithProofDelivered } from "./design-jobs/design-summary";

export type RefundServiceDeps = {
  db: Db;
  provider: PaymentProvider;
  orders: OrderService;
  storage: FileStorage;
  shop: ShopDetails;
  publicUrl: string;
  sender: Pick<EmailSender, "kick">;
  log: { warn: (obj: object, msg: string) => void };
};

export type RefundOutcome = Outcome<{ refund: RefundRow }>;

export type RefundService = {
  /** The customer cancels items of their order (all that are left when `orderIds` is null) and is refunded. */
  cancel(userId: number, orderGroupId: number, input: { orderIds: number[] | null; idempotencyKey?: string | undefined }): Promise<RefundOutcome>;
  /** A manager cancels items for the customer (who asked by phone or email), with the same refund and rules. */
  cancelForCustomer(staffUserId: number, orderGroupId: number, input: { orderIds: number[]; reason: string; idempotencyKey?: string | undefined }): Promise<RefundOutcome>;
  /** A manager refunds amounts of items and delivery, with a reason. */
  refund(staffUserId: number, orderGroupId: number, input: { lines: RefundRequestLine[]; reason: string; idempotencyKey?: string | undefined }): Promise<RefundOutcome>;
  /**
   * Finishes refunds the provider did not confirm (left pending by a timeout or a crash) once they are
   * `olderThanMs` old: the same key makes the provider answer with the refund it made, or make it now.
   * Answers how many were finished. Safe from several processes at once: one finishes each.
   */
  settlePending(now?: Date, olderThanMs?: number): Promise<number>;
  /** The credit note PDF of one of the order's refunds: rendered once and kept. */
  creditNotePdf(group: OrderGroupDetail, refundId: number): Promise<{ bytes: Buffer; fileName: string } | null>;
};

export const CANCEL_REASON = "Cancelled by the customer before printing";

/** A refund the provider has not confirmed is asked about again once it is this old (the background job). */
export const PENDING_REFUND_RETRY_MS = 2 * 60_000;

const PROVIDER_MESSAGES = {
  refused: (detail: string) => `The payment could not be refunded, so nothing has changed: ${detail}`,
  unanswered: "The card processor did not confirm the refund. Nothing will be refunded twice: try again and the same refund is completed.",
  otherProvider: (provider: string) => `This order was paid through ${provider}, which the shop is not connected to now. The refund is waiting; try again once it is.`,
};

const creditNoteKey = (groupId: number, number: number) => `credit-notes/${groupId}/${creditNoteNumberLabel(number)}.pdf`;

export function createRefundService(deps: RefundServiceDeps): RefundService {
  const { db, provider, orders: orderService, storage, shop, publicUrl, sender, log } = deps;
  const messageIdDomain = shop.email.split("@")[1];

  async function byKey(key: string): Promise<RefundRow | null> {
    const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
    return row ?? null;
  }

  type Decide = (order: RefundableOrder, credited: CreditLine[]) => CreditDecision & { cancel?: number[] };

  /** Decides and reserves the refund under the order's lock; a cancellation moves its items to Cancelled here. */
  async function reserve(
    orderGroupId: number,
    key: string,
    meta: { kind: "cancellation" | "refund"; reason: string; actor: Actor & { kind: "customer" | "staff" }; ownerId?: number },
    decide: Decide,
  ): Promise<Outcome<{ row: RefundRow }>> {
    const existing = await byKey(key);
    if (existing) return existing.orderGroupId === orderGroupId ? { ok: true, row: existing } : failure("not-found", "Not found");
    try {
      return await db.transaction(async (t) => {
        const [group] = await t.select().from(orderGroups).where(eq(orderGroups.id, orderGroupId)).for("update");
        if (!group || (meta.ownerId !== undefined && group.userId !== meta.ownerId)) return failure("not-found", "Not found");
        if (group.reprintOf !== null || group.totalPence === 0) return failure("conflict", "A reprint costs nothing, so there is nothing to refund or cancel.");
        const rows = await t.select().from(orders).where(eq(orders.orderGroupId, orderGroupId)).orderBy(asc(orders.lineNumber));
        // A designed item whose proof reached the customer keeps its design service (docs/decisions/027-design-service-money-and-dates.md).
        const delivered = await itemsWithProofDelivered(t, rows.filter((item) => item.designs > 0).map((item) => item.id));
        const items = rows.map((item) => ({ ...item, proofDelivered: delivered.has(item.id) }));
        const earlier = await t.select({ lines: refunds.lines }).from(refunds).where(and(eq(refunds.orderGroupId, orderGroupId), inArray(refunds.status, ["pending", "succeeded"])));
        const order: RefundableOrder = { ...group, items };
        const decision = decide(order, earlier.flatMap((r) => r.lines));
        if (!decision.ok) return failure(decision.invalid ? "invalid" : "conflict", decision.message);
        const cancelledItems: { orderId: number; from: (typeof items)[number]["status"] }[] = [];
        for (const orderId of decision.cancel ?? []) {
          const item = items.find((i) => i.id === orderId)!;
          const moved = await changeItemStatus(t, orderId, "Cancelled", meta.actor, { note: meta.reason });
          if (!moved.ok) throw new Error(moved.message);
          cancelledItems.push({ orderId, from: item.status });
        }
        const [row] = await t
          .insert(refunds)
          .values({
            orderGroupId,
            kind: meta.kind,
            reason: meta.reason,
            lines: decision.lines,
            netPence: decision.netPence,
            vatPence: decision.vatPence,
            amountPence: decision.grossPence,
            provider: group.paymentMethod === "account" ? "account" : (group.provider as "test" | "stripe"),
            idempotencyKey: key,
            cancelledItems,
            actor: meta.actor.kind,
            actorUserId: meta.actor.userId,
          })
          .returning();
        return { ok: true as const, row: row! };
      });
    } catch (error) {
      // The same request twice at once: the other one reserved it; carry on with its row.
      const again = await byKey(key);
      if (again && again.orderGroupId === orderGroupId) return { ok: true, row: again };
      throw error;
    }
  }

  /** The provider was asked and said no: the reservation goes, and a cancellation's items go back. */
  async function undo(row: RefundRow, message: string): Promise<void> {
    await db.transaction(async (t) => {
      const [failed] = await t
        .update(refunds)
        .set({ status: "failed", failure: message, completedAt: sql`now()` })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, "pending")))
        .returning({ id: refunds.id });
      if (!failed) return;
      const actor: Actor = { kind: "system", userId: null };
      for (const item of row.cancelledItems) {
        const undone = await undoCancellation(t, item.orderId, item.from, actor, "The refund was refused, so the cancellation was undone");
        if (!undone.ok) throw new Error(`refund ${row.id}: ${undone.message}`);
      }
    });
  }

  /** Asks the provider (once per key), then numbers the credit note, writes the history and queues the email. */
  async function settle(reserved: RefundRow): Promise<RefundOutcome> {
    if (reserved.status === "succeeded") return { ok: true, refund: reserved };
    if (reserved.status === "failed") return failure("conflict", reserved.failure ?? "This refund was refused.");
    const group = await orderService.group(reserved.orderGroupId);
    if (!group) return failure("not-found", "Not found");

    let providerRefundId: string | null = null;
    if (reserved.provider !== "account") {
      if (reserved.provider !== provider.kind) return failure("unavailable", PROVIDER_MESSAGES.otherProvider(reserved.provider));
      const keyHash = createHash("sha256").update(reserved.idempotencyKey).digest("hex").slice(0, 24);
      try {
        const made = await provider.refund({
          sessionId: group.providerSessionId,
          amountPence: reserved.amountPence,
          idempotencyKey: `refund-${reserved.id}-${keyHash}`,
          requestedByCustomer: reserved.kind === "cancellation",
          metadata: { order_group_id: String(group.id), refund_id: String(reserved.id) },
        });
        providerRefundId = made.id;
      } catch (error) {
        if (error instanceof PaymentProviderError && isDefiniteRefusal(error)) {
          const message = PROVIDER_MESSAGES.refused(error.message);
          await undo(reserved, message);
          return failure("conflict", message);
        }
        log.warn({ refundId: reserved.id, orderGroupId: group.id, err: error instanceof Error ? error.message : String(error) }, "refund not confirmed by the payment provider");
        return failure("unavailable", PROVIDER_MESSAGES.unanswered);
      }
    }

    const done = await db.transaction(async (t) => {
      const [row] = await t
        .update(refunds)
        .set({ status: "succeeded", providerRefundId, completedAt: sql`now()` })
        .where(and(eq(refunds.id, reserved.id), eq(refunds.status, "pending")))
        .returning();
      if (!row) return null;
      const number = await nextNumber(t, "credit_note");
      const [numbered] = await t.update(refunds).set({ creditNoteNumber: number }).where(eq(refunds.id, row.id)).returning();
      const label = creditNoteNumberLabel(number);
      const destination = refundDestination(group);
      const [current] = await t.select({ status: orderGroups.status }).from(orderGroups).where(eq(orderGroups.id, group.id));
      await t.insert(orderEvents).values({
        orderGroupId: group.id,
        actor: reserved.actor,
        actorUserId: reserved.actorUserId,
        fromStatus: current!.status,
        toStatus: current!.status,
        note: `Refunded ${formatPence(row.amountPence)} to ${destination.replace(/^The card/, "the card").replace(/^Your/, "your")}, credit note ${label}. ${reserved.reason}`,
      });
      const pdf = await renderCreditNotePdf(shop, group, numbered!);
      const [person] = await t.select({ firstname: users.firstname }).from(users).where(eq(users.id, group.userId));
      const content = refundEmail(shop, {
        firstname: person?.firstname ?? "",
        orderGroupId: group.id,
        cancelled: reserved.kind === "cancellation",
        amount: formatPence(row.amountPence),
        creditNote: label,
        destination,
        reason: reserved.reason,
        lines: row.lines.map((line) => `${line.key === "delivery" ? "Delivery" : `${line.quantity ?? 1} × ${line.description}`}: ${formatPence(line.grossPence)}`),
        orderUrl: `${publicUrl}/my-account/orders/${group.id}`,
      });
      await enqueueEmail(t, { to: group.userEmail, messageIdDomain, ...content, attachments: [{ fileName: `${label}.pdf`, contentType: "application/pdf", content: pdf }] });
      return { row: numbered!, pdf };
    });
    if (!done) {
      // Another copy of the same request finished it first.
      const again = await byKey(reserved.idempotencyKey);
      return again ? settle(again) : failure("not-found", "Not found");
    }
    await storage.putBuffer(creditNoteKey(group.id, done.row.creditNoteNumber!), done.pdf, "application/pdf");
    sender.kick();
    return { ok: true, refund: done.row };
  }

  return {
    async cancel(userId, orderGroupId, input) {
      const key = `cancel:${orderGroupId}:${input.idempotencyKey ?? randomUUID()}`;
      const reserved = await reserve(orderGroupId, key, { kind: "cancellation", reason: CANCEL_REASON, actor: { kind: "customer", userId }, ownerId: userId }, (order, credited) => {
        const ids = input.orderIds ?? order.items.filter((item) => item.status !== "Cancelled").map((item) => item.id);
        const decision = decideCancellation(order, credited, ids);
        return decision.ok ? { ...decision, cancel: ids } : decision;
      });
      return reserved.ok ? settle(reserved.row) : reserved;
    },

    async cancelForCustomer(staffUserId, orderGroupId, input) {
      const key = `cancel:${orderGroupId}:${input.idempotencyKey ?? randomUUID()}`;
      const reason = `Cancelled at the customer's request: ${input.reason}`;
      const reserved = await reserve(orderGroupId, key, { kind: "cancellation", reason, actor: { kind: "staff", userId: staffUserId } }, (order, credited) => {
        const decision = decideCancellation(order, credited, input.orderIds);
        return decision.ok ? { ...decision, cancel: input.orderIds } : decision;
      });
      return reserved.ok ? settle(reserved.row) : reserved;
    },

    async refund(staffUserId, orderGroupId, input) {
      const key = `refund:${orderGroupId}:${input.idempotencyKey ?? randomUUID()}`;
      const reserved = await reserve(orderGroupId, key, { kind: "refund", reason: input.reason, actor: { kind: "staff", userId: staffUserId } }, (order, credited) =>
        decideRefund(refundParts(order), credited, input.lines),
      );
      return reserved.ok ? settle(reserved.row) : reserved;
    },

    async settlePending(now = new Date(), olderThanMs = PENDING_REFUND_RETRY_MS) {
      const stale = await db
        .select()
        .from(refunds)
        .where(and(eq(refunds.status, "pending"), lt(refunds.createdAt, new Date(now.getTime() - olderThanMs))))
        .orderBy(asc(refunds.id))
        .limit(20);
      let settled = 0;
      for (const row of stale) {
        const outcome = await settle(row).catch((error: unknown) => failure("unavailable", error instanceof Error ? error.message : String(error)));
        if (outcome.ok) settled += 1;
      }
      return settled;
    },

    async creditNotePdf(group, refundId) {
      const row = group.refunds.find((r) => r.id === refundId && r.creditNoteNumber !== null);
      if (!row) return null;
      const key = creditNoteKey(group.id, row.creditNoteNumber!);
      const fileName = `${creditNoteNumberLabel(row.creditNoteNumber!)}.pdf`;
      const kept = await storage.read(key);
      if (kept) return { bytes: kept, fileName };
      const bytes = await renderCreditNotePdf(shop, group, row);
      await storage.putBuffer(key, bytes, "application/pdf");
      return { bytes, fileName };
    },
  };
}
