// Every status change of an order item goes through here: checked against the one transition table in
// domain/, written with an event row (who, from, to, when), and the group's status kept in step.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { orderEvents, orderGroups, orders } from "../../db/schema";
import { canTransition, checkCancellationUndo, checkCorrection, checkTransition, groupStatus, isOrderStatus, type OrderStatus } from "../../domain/order-status";
import { failure, type Failure } from "./outcome";

export type Actor = { kind: "customer" | "staff" | "system"; userId: number | null };

export type StatusChangeResult = { ok: true; changed: boolean } | Failure;

/**
 * Moves one item (inside the caller's transaction). The row is locked first, so two staff members
 * clicking at once cannot both move it from the same status.
 */
export async function changeItemStatus(
  tx: Tx,
  orderId: number,
  to: OrderStatus,
  actor: Actor,
  options: { note?: string | null; set?: Partial<typeof orders.$inferInsert> } = {},
): Promise<StatusChangeResult> {
  const item = await lockItem(tx, orderId);
  if (!item) return failure("not-found", "No such item");
  if (item.status === to) return { ok: true, changed: false };
  const check = checkTransition(item.status, to);
  if (!check.ok) return failure("conflict", check.message);
  await moveItem(tx, item, to, actor, options.note ?? null, options.set);
  return { ok: true, changed: true };
}

export type CorrectionResult = { ok: true; from: OrderStatus; to: OrderStatus } | Failure;

/**
 * Undoes an item's last production move, one step back, as the correction table allows (inside the
 * caller's transaction, the row locked first). The undo is an event of its own, naming who and why. No
 * correction undoes a move the customer was emailed about (the table's rule, tested in domain/), so an
 * undo sends no email: the customer was never told of the mistake.
 */
export async function correctItemStatus(tx: Tx, orderId: number, actor: Actor, reason: string): Promise<CorrectionResult> {
  const item = await lockItem(tx, orderId);
  if (!item) return failure("not-found", "No such item");
  // The forward move that brought the item here (an earlier undo into this status is not one).
  const arrivals = await tx
    .select({ fromStatus: orderEvents.fromStatus })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, item.status)))
    .orderBy(desc(orderEvents.id))
    .limit(20);
  const last = arrivals.find((event) => event.fromStatus !== null && isOrderStatus(event.fromStatus) && canTransition(event.fromStatus, item.status));
  const check = checkCorrection(item.status, last?.fromStatus ?? null);
  if (!check.ok) return failure("conflict", check.message);
  await moveItem(tx, item, check.to, actor, `Undone (${item.status} was a mistake): ${reason}`);
  return { ok: true, from: item.status, to: check.to };
}

/**
 * Puts a cancelled item back where it was cancelled from, because the refund that paid for the cancellation
 * was refused (inside the caller's transaction, the row locked first). An item no longer Cancelled is left
 * alone (`changed: false`); the way back must be the reverse of an allowed cancellation (domain/).
 */
export async function undoCancellation(tx: Tx, orderId: number, back: OrderStatus, actor: Actor, note: string): Promise<StatusChangeResult> {
  const item = await lockItem(tx, orderId);
  if (!item) return failure("not-found", "No such item");
  if (item.status !== "Cancelled") return { ok: true, changed: false };
  const check = checkCancellationUndo(item.status, back);
  if (!check.ok) return failure("conflict", check.message);
  await moveItem(tx, item, check.to, actor, note);
  return { ok: true, changed: true };
}

type LockedItem = { id: number; status: OrderStatus; orderGroupId: number };

/** The item, its row locked until the caller's transaction ends, so two moves from one status cannot both win. */
async function lockItem(tx: Tx, orderId: number): Promise<LockedItem | undefined> {
  const [item] = await tx.select({ id: orders.id, status: orders.status, orderGroupId: orders.orderGroupId }).from(orders).where(eq(orders.id, orderId)).for("update");
  return item;
}

/** Writes the move: the item's new status, its event row (who, from, to, why), and the group kept in step. */
async function moveItem(tx: Tx, item: LockedItem, to: OrderStatus, actor: Actor, note: string | null, set: Partial<typeof orders.$inferInsert> = {}): Promise<void> {
  await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()`, ...set })
    .where(eq(orders.id, item.id));
  await tx.insert(orderEvents).values({ orderGroupId: item.orderGroupId, orderId: item.id, actor: actor.kind, actorUserId: actor.userId, fromStatus: item.status, toStatus: to, note });
  await syncGroupStatus(tx, item.orderGroupId, actor);
}

/** The group is as far along as its least advanced item; a change of the group's status is an event too. */
export async function syncGroupStatus(tx: Tx, orderGroupId: number, actor: Actor): Promise<OrderStatus> {
  const items = await tx.select({ status: orders.status }).from(orders).where(eq(orders.orderGroupId, orderGroupId)).orderBy(asc(orders.id));
  const next = groupStatus(items.map((i) => i.status));
  const [group] = await tx.select({ status: orderGroups.status }).from(orderGroups).where(eq(orderGroups.id, orderGroupId));
  if (group && group.status !== next) {
    await tx
      .update(orderGroups)
      .set({ status: next, updatedAt: sql`now()` })
      .where(and(eq(orderGroups.id, orderGroupId)));
    await tx.insert(orderEvents).values({ orderGroupId, orderId: null, actor: actor.kind, actorUserId: actor.userId, fromStatus: group.status, toStatus: next });
  }
  return next;
}
