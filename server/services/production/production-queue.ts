// The production queue (server/services/production-service.ts): filtered, paged by cursor in delivery-date
// order, with counts of the work in hand; a job's full picture; and the queue's page size, cursor and
// status filter as the API reads them.
import { and, asc, eq, gt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { orderGroups, orders, users } from "../../../db/schema";
import { lineSizeLabel } from "../../../domain/checkout";
import { MAX_ROW_ID } from "../../../domain/ids";
import { parseOrderRef } from "../../../domain/order-ref";
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from "../../../domain/order-status";
import { urgency } from "../../../domain/production";
import type { ProductionContext } from "./production-context";
import type { ProductionService, QueueCursor, QueueFilters } from "./production-types";

export const QUEUE_PAGE_SIZE = 25;
const FINISHED: OrderStatus[] = ["Dispatched", "Shipped", "Cancelled"];

export function encodeQueueCursor(cursor: QueueCursor): string {
  return Buffer.from(`${cursor.deliveryDate}|${cursor.id}`).toString("base64url");
}

export function decodeQueueCursor(value: string): QueueCursor | null {
  const [deliveryDate, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !deliveryDate || !/^\d{4}-\d{2}-\d{2}$/.test(deliveryDate) || !id || !/^\d{1,10}$/.test(id)) return null;
  if (Number(id) < 1 || Number(id) > MAX_ROW_ID || Number.isNaN(Date.parse(`${deliveryDate}T00:00:00Z`))) return null;
  return { deliveryDate, id: Number(id) };
}

export function parseStatus(value: string | undefined): OrderStatus | "active" | "all" | undefined {
  if (!value) return undefined;
  if (value === "active" || value === "all") return value;
  return isOrderStatus(value) ? value : undefined;
}

function filterConditions(filters: QueueFilters): SQL[] {
  const where: SQL[] = [];
  if (!filters.status || filters.status === "active") where.push(notInArray(orders.status, FINISHED));
  else if (filters.status !== "all") where.push(eq(orders.status, filters.status));
  if (filters.productId) where.push(eq(orders.productId, filters.productId));
  if (filters.turnaround) where.push(eq(orders.express, filters.turnaround === "express"));
  const q = filters.q?.trim();
  if (q) {
    const ref = parseOrderRef(q);
    if (ref.ok) where.push(ref.orderGroupId <= MAX_ROW_ID ? eq(orders.orderGroupId, ref.orderGroupId) : sql`false`);
    else if (ref.reason === "check-mismatch") where.push(sql`false`);
    else if (/^\d+$/.test(q)) {
      // A number beyond the id column names no order: nothing matches, and nothing overflows.
      const id = q.length <= 10 ? Number(q) : Infinity;
      where.push(id >= 1 && id <= MAX_ROW_ID ? or(eq(orders.orderGroupId, id), eq(orders.id, id))! : sql`false`);
    }
    else if (q.includes("@")) where.push(sql`lower(${orderGroups.userEmail}) = ${q.toLowerCase()}`);
    else {
      const like = `%${q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      where.push(sql`lower(${users.firstname} || ' ' || ${users.lastname}) like ${like}`);
    }
  }
  return where;
}

export function productionQueue(context: ProductionContext): Pick<ProductionService, "queue" | "job"> {
  const { deps, db } = context;
  return {
    async queue(filters, limit, after, now = new Date()) {
      const where = filterConditions(filters);
      if (after) {
        where.push(or(gt(orders.deliveryDate, after.deliveryDate), and(eq(orders.deliveryDate, after.deliveryDate), gt(orders.id, after.id)))!);
      }
      const rows = await db
        .select({
          orderId: orders.id,
          orderGroupId: orders.orderGroupId,
          productName: orders.productName,
          productId: orders.productId,
          quantity: orders.quantity,
          versions: orders.versions,
          widthMm: orders.widthMm,
          heightMm: orders.heightMm,
          fixedSize: orders.fixedSize,
          orientation: orders.orientation,
          status: orders.status,
          express: orders.express,
          deliveryDate: orders.deliveryDate,
          firstname: users.firstname,
          lastname: users.lastname,
          email: orderGroups.userEmail,
          blind: orderGroups.blindShipping,
        })
        .from(orders)
        .innerJoin(orderGroups, eq(orderGroups.id, orders.orderGroupId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(...where))
        .orderBy(asc(orders.deliveryDate), asc(orders.id))
        .limit(limit + 1);
      // Counts of the work in hand (finished items are history and not counted on every look).
      const countRows = await db
        .select({ status: orders.status, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(notInArray(orders.status, FINISHED))
        .groupBy(orders.status);
      const counts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.filter((s) => !FINISHED.includes(s)).map((s) => [s, 0]));
      for (const row of countRows) counts[row.status] = Number(row.n);
      const entries = rows.slice(0, limit).map((row) => ({
        orderId: row.orderId,
        orderGroupId: row.orderGroupId,
        productName: row.productName,
        productId: row.productId,
        quantity: row.quantity,
        versions: row.versions,
        size: lineSizeLabel(row),
        status: row.status,
        express: row.express,
        deliveryDate: row.deliveryDate,
        customerName: `${row.firstname} ${row.lastname}`.trim(),
        customerEmail: row.email,
        urgency: urgency(row.status, row.deliveryDate, now),
        shipUnbranded: row.blind !== null,
      }));
      const last = entries.at(-1);
      return { entries, counts, next: rows.length > limit && last ? { deliveryDate: last.deliveryDate, id: last.orderId } : null };
    },

    async job(orderGroupId) {
      const group = await deps.orders.group(orderGroupId);
      if (!group) return null;
      const [customer] = await db
        .select({ firstname: users.firstname, lastname: users.lastname, email: users.email, telephone: users.telephone })
        .from(users)
        .where(eq(users.id, group.userId));
      return { ...group, customer: customer ?? { firstname: "", lastname: "", email: group.userEmail, telephone: "" } };
    },
  };
}
