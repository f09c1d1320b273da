// The orders desk (/staff/orders, ADR 024): every order, searched, filtered and sorted, keyset-paged so a
// page costs the same at order one million as at order one. Each filter and sort is a condition one
// index of migration 0018 answers; the day rules are domain/orders-desk.ts's.
import { and, arrayContains, eq, inArray, notInArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderGroups, orders } from "../../db/schema";
import { addCalendarDays, daysBetween } from "../../domain/calendar";
import { ukDateParts, ukWallClockToDate } from "../../domain/delivery";
import { MAX_ROW_ID } from "../../domain/ids";
import { isIsoDate } from "../../domain/iso-date";
import type { OrderStatus } from "../../domain/order-status";
import { parseOrderRef } from "../../domain/order-ref";
import {
  deliveryCutoff,
  deliveryDatesDispatchedOn,
  DESK_FINISHED,
  STATUSES_NEEDING_ONE_DAY,
  STATUSES_NEEDING_TWO_DAYS,
  type DeskPayment,
  type DeskSort,
  type DeskUrgency,
} from "../../domain/orders-desk";
import { lastDispatchDay, urgency, type Urgency } from "../../domain/production";
import { compactPostcode } from "../../domain/postcode";

export type DeskFilters = {
  /** A selection: only these orders (the CSV of the ticked rows). */
  orderGroupIds?: number[];
  q?: string;
  status?: OrderStatus;
  productId?: number;
  payment?: DeskPayment;
  turnaround?: "express" | "standard";
  /** UK dates, both inclusive. */
  placedFrom?: string;
  placedTo?: string;
  dispatchBy?: string;
  urgency?: DeskUrgency;
};
export type DeskCursor = { sort: DeskSort; key: string; id: number };

export type DeskItem = { orderId: number; lineNumber: number; productName: string; quantity: number; status: OrderStatus };
export type DeskOrder = {
  orderGroupId: number;
  customerName: string;
  company: string;
  email: string;
  placedAt: string;
  deliveryDate: string;
  dispatchBy: string;
  urgency: Urgency;
  status: OrderStatus;
  items: DeskItem[];
  totalPence: number;
  paymentMethod: string;
  poNumber: string | null;
  trackingNumber: string | null;
  postcode: string;
};

export type OrdersDesk = {
  page(filters: DeskFilters, sort: DeskSort, limit: number, after?: DeskCursor, now?: Date): Promise<{ orders: DeskOrder[]; next: DeskCursor | null }>;
  /** How many orders the view holds: the same conditions as `page`, so a count links to the list it counts. */
  count(filters: DeskFilters, now?: Date): Promise<number>;
};

export function encodeDeskCursor(cursor: DeskCursor): string {
  return Buffer.from(`${cursor.sort}|${cursor.key}|${cursor.id}`).toString("base64url");
}

/** A cursor this server gave out for `sort`, or null. */
export function decodeDeskCursor(value: string, sort: DeskSort): DeskCursor | null {
  const [cursorSort, key, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || cursorSort !== sort || key === undefined || !id || !/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > MAX_ROW_ID) return null;
  const valid =
    sort === "placed" ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key) && isIsoDate(key.slice(0, 10)) && !Number.isNaN(Date.parse(`${key.slice(0, 23)}Z`))
    : sort === "dispatch" ? isIsoDate(key)
    : /^-?\d{1,10}$/.test(key) && Math.abs(Number(key)) <= MAX_ROW_ID;
  return valid ? { sort, key, id: Number(id) } : null;
}

const FINISHED = [...DESK_FINISHED];

/** The search box: a reference or order number, an email, a PO number, a tracking number, a postcode or a name. */
function searchCondition(text: string): SQL {
  const ref = parseOrderRef(text);
  if (ref.ok) return ref.orderGroupId <= MAX_ROW_ID ? eq(orderGroups.id, ref.orderGroupId) : sql`false`;
  if (ref.reason === "check-mismatch") return sql`false`;
  if (text.includes("@")) return sql`lower(${orderGroups.userEmail}) = ${text.toLowerCase()}`;
  const lower = text.toLowerCase();
  const compact = compactPostcode(text);
  // A name starts with what was typed: a range on the text_pattern_ops indexes (~>=~ and ~<~).
  const upperBound = lower.slice(0, -1) + String.fromCodePoint(lower.codePointAt(lower.length - 1)! + 1);
  const fullName = sql`lower((${orderGroups.billing} ->> 'first_name') || ' ' || (${orderGroups.billing} ->> 'last_name'))`;
  const lastName = sql`lower(${orderGroups.billing} ->> 'last_name')`;
  const any: SQL[] = [
    sql`lower(${orderGroups.poNumber}) = ${lower}`,
    sql`upper(replace(${orderGroups.trackingNumber}, ' ', '')) = ${compact}`,
    sql`upper(replace(${orderGroups.delivery} ->> 'postcode', ' ', '')) = ${compact}`,
    sql`upper(replace(${orderGroups.billing} ->> 'postcode', ' ', '')) = ${compact}`,
    sql`(${fullName} ~>=~ ${lower} and ${fullName} ~<~ ${upperBound})`,
    sql`(${lastName} ~>=~ ${lower} and ${lastName} ~<~ ${upperBound})`,
  ];
  if (/^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_ROW_ID) any.unshift(eq(orderGroups.id, Number(text)));
  return or(...any)!;
}

function filterConditions(filters: DeskFilters, today: string): SQL[] {
  const where: SQL[] = [];
  if (filters.orderGroupIds) where.push(inArray(orderGroups.id, filters.orderGroupIds));
  const q = filters.q?.trim();
  if (q) where.push(searchCondition(q));
  if (filters.status) where.push(eq(orderGroups.status, filters.status));
  if (filters.payment) where.push(eq(orderGroups.paymentMethod, filters.payment));
  // The order's own product ids, which each sort's index carries: read in the sort's order (migration 0021).
  if (filters.productId) where.push(arrayContains(orderGroups.productIds, [filters.productId]));
  if (filters.turnaround) {
    where.push(eq(orderGroups.hasExpress, filters.turnaround === "express"));
  }
  if (filters.placedFrom) where.push(sql`${orderGroups.createdAt} >= ${ukWallClockToDate(filters.placedFrom, 0).toISOString()}::timestamptz`);
  if (filters.placedTo) where.push(sql`${orderGroups.createdAt} < ${ukWallClockToDate(addCalendarDays(filters.placedTo, 1), 0).toISOString()}::timestamptz`);
  if (filters.dispatchBy) {
    const range = deliveryDatesDispatchedOn(filters.dispatchBy);
    where.push(range ? sql`${orderGroups.deliveryDate} > ${range.after} and ${orderGroups.deliveryDate} <= ${range.through}` : sql`false`);
  }
  if (filters.urgency) {
    const lateBound = deliveryCutoff(today, 0);
    const late = sql`${orderGroups.deliveryDate} <= ${lateBound}`;
    const atRisk = sql`(${orderGroups.deliveryDate} > ${lateBound} and (
      (${inArray(orderGroups.status, [...STATUSES_NEEDING_ONE_DAY])} and ${orderGroups.deliveryDate} <= ${deliveryCutoff(today, 1)})
      or (${inArray(orderGroups.status, [...STATUSES_NEEDING_TWO_DAYS])} and ${orderGroups.deliveryDate} <= ${deliveryCutoff(today, 2)})))`;
    where.push(notInArray(orderGroups.status, FINISHED));
    where.push(filters.urgency === "late" ? late : filters.urgency === "at-risk" ? atRisk : sql`(${late} or ${atRisk})`);
  }
  return where;
}

/** Placed ranges up to this many days are read whole and sorted when the view is sorted by another key. */
const SHORT_PLACED_RANGE_DAYS = 31;

/**
 * Whether the view's own range (one dispatch-by day, or a short placed range) should be read whole from its
 * index and then sorted. Dispatch-by and placed move together, and the planner cannot know it: asked for a
 * week placed sorted by dispatch-by, it walks the dispatch-by order from the start and filters every order
 * before that week (seconds at 1M orders, ADR 024). A small range read and sorted costs a few milliseconds.
 */
function sortsItsRange(filters: DeskFilters, sort: DeskSort): boolean {
  if (sort !== "dispatch" && filters.dispatchBy) return true;
  if (sort === "placed" || !filters.placedFrom || !filters.placedTo) return false;
  return daysBetween(filters.placedFrom, filters.placedTo) <= SHORT_PLACED_RANGE_DAYS;
}

/**
 * The sort's key, its direction, and the keyset condition after a cursor. `unindexed` orders by the same
 * values through an expression no index has (`+ 0`), so the planner reads the filtered rows and sorts them.
 */
function sortParts(sort: DeskSort, after?: DeskCursor, unindexed = false) {
  const first = (column: SQLWrapper, zero: SQL) => (unindexed ? sql`(${column} + ${zero})` : sql`${column}`);
  if (sort === "dispatch") {
    return {
      key: sql<string>`${orderGroups.deliveryDate}::text`,
      order: sql`${first(orderGroups.deliveryDate, sql`0`)} asc, ${orderGroups.id} asc`,
      after: after ? sql`(${orderGroups.deliveryDate}, ${orderGroups.id}) > (${after.key}::date, ${after.id})` : undefined,
    };
  }
  if (sort === "total") {
    return {
      key: sql<string>`${orderGroups.totalPence}::text`,
      order: sql`${first(orderGroups.totalPence, sql`0`)} desc, ${orderGroups.id} desc`,
      after: after ? sql`(${orderGroups.totalPence}, ${orderGroups.id}) < (${Number(after.key)}::int, ${after.id})` : undefined,
    };
  }
  return {
    // To the microsecond, in UTC: a JavaScript Date would round the key and skip or repeat a row.
    key: sql<string>`to_char(${orderGroups.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    order: sql`${first(orderGroups.createdAt, sql`interval '0'`)} desc, ${orderGroups.id} desc`,
    after: after ? sql`(${orderGroups.createdAt}, ${orderGroups.id}) < (${after.key}::timestamptz, ${after.id})` : undefined,
  };
}

export function createOrdersDesk(db: Db): OrdersDesk {
  return {
    async count(filters, now = new Date()) {
      const where = filterConditions(filters, ukDateParts(now).isoDate);
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orderGroups).where(where.length ? and(...where) : undefined);
      return row?.n ?? 0;
    },
    async page(filters, sort, limit, after, now = new Date()) {
      const today = ukDateParts(now).isoDate;
      const parts = sortParts(sort, after);
      const where = filterConditions(filters, today);
      if (parts.after) where.push(parts.after);
      const chosenOrder = sortsItsRange(filters, sort) ? sortParts(sort, after, true).order : parts.order;
      // The page's ids first, then their rows: PostgreSQL can pick the ids from index entries alone when one
      // index holds every column the view's condition and order name, so a week placed, sorted by dispatch-by
      // or total, reads that week's index entries (migration 0019) instead of walking the other order's index
      // and the table rows of every order before it.
      const chosen = db
        .select({ id: orderGroups.id })
        .from(orderGroups)
        .where(where.length ? and(...where) : undefined)
        .orderBy(chosenOrder)
        .limit(limit + 1);
      const rows = await db
        .select({
          id: orderGroups.id,
          key: parts.key,
          email: orderGroups.userEmail,
          billing: orderGroups.billing,
          delivery: orderGroups.delivery,
          createdAt: orderGroups.createdAt,
          deliveryDate: orderGroups.deliveryDate,
          status: orderGroups.status,
          totalPence: orderGroups.totalPence,
          paymentMethod: orderGroups.paymentMethod,
          poNumber: orderGroups.poNumber,
          trackingNumber: orderGroups.trackingNumber,
        })
        .from(orderGroups)
        .where(inArray(orderGroups.id, chosen))
        .orderBy(parts.order);
      const pageRows = rows.slice(0, limit);
      const ids = pageRows.map((row) => row.id);
      const itemRows = ids.length
        ? await db
            .select({ orderGroupId: orders.orderGroupId, orderId: orders.id, lineNumber: orders.lineNumber, productName: orders.productName, quantity: orders.quantity, status: orders.status })
            .from(orders)
            .where(inArray(orders.orderGroupId, ids))
            .orderBy(orders.orderGroupId, orders.lineNumber)
        : [];
      const itemsByGroup = new Map<number, DeskItem[]>();
      for (const { orderGroupId, ...item } of itemRows) itemsByGroup.set(orderGroupId, [...(itemsByGroup.get(orderGroupId) ?? []), item]);
      const list = pageRows.map((row) => ({
        orderGroupId: row.id,
        customerName: `${row.billing.first_name} ${row.billing.last_name}`.trim(),
        company: row.billing.company ?? "",
        email: row.email,
        placedAt: row.createdAt.toISOString(),
        deliveryDate: row.deliveryDate,
        dispatchBy: lastDispatchDay(row.deliveryDate),
        urgency: urgency(row.status, row.deliveryDate, now),
        status: row.status,
        items: itemsByGroup.get(row.id) ?? [],
        totalPence: row.totalPence,
        paymentMethod: row.paymentMethod,
        poNumber: row.poNumber,
        trackingNumber: row.trackingNumber,
        postcode: row.delivery.postcode,
      }));
      const last = pageRows.at(-1);
      return { orders: list, next: rows.length > limit && last ? { sort, key: last.key, id: last.id } : null };
    },
  };
}
