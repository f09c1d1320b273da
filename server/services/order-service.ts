// Reading orders: one order group with its items and artwork files, and a customer's order list paged by
// (created_at, id) so that page N costs the same as page 1 at any number of orders.
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderEvents, orderFiles, orderGroups, orders, refunds, users } from "../../db/schema";
import { MAX_ROW_ID } from "../../domain/ids";
import { designSummaries, type DesignSummary } from "./design-jobs/design-summary";

export type OrderGroupRow = typeof orderGroups.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderFileRow = typeof orderFiles.$inferSelect;
/** An event, with the person behind it (null when the event was the system's or the account is gone). */
export type OrderEventRow = typeof orderEvents.$inferSelect & { actorPerson: { firstname: string; lastname: string; email: string } | null };

export type RefundRow = typeof refunds.$inferSelect;

export type OrderGroupDetail = OrderGroupRow & {
  /** `designJob`: where a designed item's design job stands (null for an item with the customer's own artwork). */
  items: (OrderRow & { files: OrderFileRow[]; designJob: DesignSummary | null })[];
  events: OrderEventRow[];
  /** Cancellations and refunds, oldest first (failed ones included: the history says so). */
  refunds: RefundRow[];
  /** Reprints raised from this order, oldest first. */
  reprints: { id: number; createdAt: Date; reprintReason: string | null; status: OrderGroupRow["status"] }[];
};

export type OrderListEntry = Pick<OrderGroupRow, "id" | "createdAt" | "status" | "totalPence" | "paymentStatus" | "deliveryDate"> & {
  productCount: number;
};

export type OrderCursor = { createdAt: string; id: number };

export type OrderService = {
  /** The whole order group, or null. Callers check who may see it. */
  group(groupId: number): Promise<OrderGroupDetail | null>;
  /** The group when `userId` owns it; null otherwise (the caller answers 404 either way). */
  groupForOwner(userId: number, groupId: number): Promise<OrderGroupDetail | null>;
  /** One item with its group's owner, or null. */
  item(orderId: number): Promise<OrderRow | null>;
  /** Newest first; `after` is the last entry of the previous page. Answers one more than `limit` when more exist. */
  listForOwner(userId: number, limit: number, after?: OrderCursor): Promise<{ entries: OrderListEntry[]; next: OrderCursor | null }>;
};

export function encodeCursor(cursor: OrderCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString("base64url");
}

export function decodeCursor(value: string): OrderCursor | null {
  const [createdAt, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  // Exactly what encodeCursor writes: an ISO instant and a row id within the column's range.
  if (rest.length > 0 || !createdAt || !id || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(createdAt) || !/^\d{1,10}$/.test(id)) return null;
  if (Number.isNaN(Date.parse(createdAt)) || Number(id) < 1 || Number(id) > MAX_ROW_ID) return null;
  return { createdAt, id: Number(id) };
}

export function createOrderService(db: Db): OrderService {
  async function group(groupId: number): Promise<OrderGroupDetail | null> {
    if (!Number.isSafeInteger(groupId) || groupId < 1) return null;
    const [row] = await db.select().from(orderGroups).where(eq(orderGroups.id, groupId)).limit(1);
    if (!row) return null;
    const [items, events, refundRows, reprints] = await Promise.all([
      db.select().from(orders).where(eq(orders.orderGroupId, groupId)).orderBy(asc(orders.lineNumber)),
      db
        .select({ event: orderEvents, firstname: users.firstname, lastname: users.lastname, email: users.email })
        .from(orderEvents)
        .leftJoin(users, eq(users.id, orderEvents.actorUserId))
        .where(eq(orderEvents.orderGroupId, groupId))
        .orderBy(asc(orderEvents.id))
        .then((rows) => rows.map(({ event, firstname, lastname, email }) => ({ ...event, actorPerson: email === null ? null : { firstname: firstname ?? "", lastname: lastname ?? "", email } }))),
      db.select().from(refunds).where(eq(refunds.orderGroupId, groupId)).orderBy(asc(refunds.id)),
      db
        .select({ id: orderGroups.id, createdAt: orderGroups.createdAt, reprintReason: orderGroups.reprintReason, status: orderGroups.status })
        .from(orderGroups)
        .where(eq(orderGroups.reprintOf, groupId))
        .orderBy(asc(orderGroups.id)),
    ]);
    const files =
      items.length === 0
        ? []
        : await db
            .select()
            .from(orderFiles)
            .where(
              inArray(
                orderFiles.orderId,
                items.map((item) => item.id),
              ),
            )
            .orderBy(asc(orderFiles.versionNumber));
    const designs = await designSummaries(
      db,
      items.filter((item) => item.designs > 0).map((item) => item.id),
    );
    return {
      ...row,
      items: items.map((item) => ({ ...item, files: files.filter((file) => file.orderId === item.id), designJob: designs.get(item.id) ?? null })),
      events,
      refunds: refundRows,
      reprints,
    };
  }

  return {
    group,
    async groupForOwner(userId, groupId) {
      const detail = await group(groupId);
      return detail && detail.userId === userId ? detail : null;
    },
    async item(orderId) {
      if (!Number.isSafeInteger(orderId) || orderId < 1) return null;
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
      return row ?? null;
    },
    async listForOwner(userId, limit, after) {
      const page = await db
        .select({
          id: orderGroups.id,
          createdAt: orderGroups.createdAt,
          status: orderGroups.status,
          totalPence: orderGroups.totalPence,
          paymentStatus: orderGroups.paymentStatus,
          deliveryDate: orderGroups.deliveryDate,
          // Written out in full: inside a subquery drizzle's bare column names would resolve to the wrong table.
          productCount: sql<number>`(select count(*)::int from "orders" as "o" where "o"."order_group_id" = "order_groups"."id")`,
        })
        .from(orderGroups)
        .where(
          and(
            eq(orderGroups.userId, userId),
            after
              ? or(
                  lt(orderGroups.createdAt, sql`${after.createdAt}::timestamptz`),
                  and(eq(orderGroups.createdAt, sql`${after.createdAt}::timestamptz`), lt(orderGroups.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(orderGroups.createdAt), desc(orderGroups.id))
        .limit(limit + 1);
      const entries = page.slice(0, limit).map((entry) => ({ ...entry, productCount: Number(entry.productCount) }));
      const last = entries.at(-1);
      return { entries, next: page.length > limit && last ? { createdAt: last.createdAt.toISOString(), id: last.id } : null };
    },
  };
}
