// Bulk actions of the orders desk (ADR 024): a status move for every item of the selected jobs, each
// decided on its own by the transition table inside its own writing transaction (production.move →
// status-change.ts); one PDF of their packing slips; a CSV of a selection or of a whole view, streamed
// page by page so its size never matters.
import { Readable } from "node:stream";
import { inArray } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { csvRows } from "../../domain/csv";
import { formatPence } from "../../domain/money";
import { orderRef } from "../../domain/order-ref";
import { DESK_PAYMENT_LABELS, type DeskPayment, type DeskSort } from "../../domain/orders-desk";
import { formatUkDateTime } from "../../domain/format";
import type { OrderStatus } from "../../domain/order-status";
import type { DeskCursor, DeskFilters, OrdersDesk } from "./orders-desk";
import type { ProductionService } from "./production-service";

export const BULK_TARGETS = ["Print Ready", "Production", "Part Printed", "Printed"] as const satisfies readonly OrderStatus[];
export type BulkTarget = (typeof BULK_TARGETS)[number];
export const BULK_MAX_ORDERS = 200;

export type BulkMoveItem = { orderGroupId: number; orderId: number; productName: string; from: OrderStatus };
export type BulkMoveResult = { moved: BulkMoveItem[]; refused: (BulkMoveItem & { message: string })[]; unchanged: BulkMoveItem[] };

/** Every live item of the selected orders towards `to`: moved where the table allows, refused (with why) where not. */
export async function bulkMove(db: Db, production: ProductionService, orderGroupIds: number[], to: BulkTarget, staffUserId: number): Promise<BulkMoveResult> {
  const items = await db
    .select({ orderGroupId: orders.orderGroupId, orderId: orders.id, productName: orders.productName, from: orders.status })
    .from(orders)
    .where(inArray(orders.orderGroupId, orderGroupIds))
    .orderBy(orders.orderGroupId, orders.lineNumber);
  const result: BulkMoveResult = { moved: [], refused: [], unchanged: [] };
  for (const item of items) {
    if (item.from === to) {
      result.unchanged.push(item);
      continue;
    }
    const outcome = await production.move(item.orderId, to, staffUserId, "Moved with others from the orders desk");
    if (outcome.ok) result.moved.push(item);
    else result.refused.push({ ...item, message: outcome.message });
  }
  return result;
}

/** One PDF holding the packing slip of each selected order, in the order given; null if one is unknown. */
export async function packingSlips(production: ProductionService, orderGroupIds: number[]): Promise<Uint8Array | null> {
  const merged = await PDFDocument.create();
  for (const id of orderGroupIds) {
    const bytes = await production.packingSlip(id);
    if (!bytes) return null;
    const slip = await PDFDocument.load(bytes);
    for (const page of await merged.copyPages(slip, slip.getPageIndices())) merged.addPage(page);
  }
  merged.setTitle("Packing slips");
  return merged.save();
}

const CSV_HEADER = ["Reference", "Order ID", "Customer", "Company", "Email", "Postcode", "Placed", "Dispatch by", "Status", "Items", "Total", "Payment", "PO number", "Tracking number"];
const CSV_PAGE = 500;

/** The view (or selection) as CSV, read a keyset page at a time while the client takes it. */
export function ordersCsv(desk: OrdersDesk, filters: DeskFilters, sort: DeskSort): Readable {
  let after: DeskCursor | undefined;
  let started = false;
  let done = false;
  return new Readable({
    async read() {
      try {
        if (!started) {
          started = true;
          this.push(csvRows([CSV_HEADER]));
          return;
        }
        if (done) {
          this.push(null);
          return;
        }
        const page = await desk.page(filters, sort, CSV_PAGE, after);
        const rows = page.orders.map((o) => [
          orderRef(o.orderGroupId),
          String(o.orderGroupId),
          o.customerName,
          o.company,
          o.email,
          o.postcode,
          formatUkDateTime(o.placedAt),
          o.dispatchBy,
          o.status,
          o.items.map((item) => `${item.quantity} × ${item.productName} (${item.status})`).join("; "),
          formatPence(o.totalPence),
          DESK_PAYMENT_LABELS[o.paymentMethod as DeskPayment] ?? o.paymentMethod,
          o.poNumber ?? "",
          o.trackingNumber ?? "",
        ]);
        if (page.next) after = page.next;
        else done = true;
        this.push(rows.length ? csvRows(rows) : null);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}
