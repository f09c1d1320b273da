// Bulk actions of the orders desk (ADR 024): a status move for every item of the selected jobs, each
// decided on its own by the transition table inside its own writing transaction (production.move →
// status-change.ts); one PDF of their packing slips; a CSV of a selection or of a whole view, streamed
// page by page so its size never matters; and one ZIP of the selected items' approved print files,
// streamed a file at a time, with a MISSING.txt listing what could not go in.
import { PassThrough, Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { and, asc, eq, inArray } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import type { Db } from "../../db/client";
import yazl from "yazl";
import { orderFiles, orderGroups, orders } from "../../db/schema";
import { csvRows } from "../../domain/csv";
import { formatPence } from "../../domain/money";
import { orderRef } from "../../domain/order-ref";
import { DESK_PAYMENT_LABELS, type DeskPayment, type DeskSort } from "../../domain/orders-desk";
import { formatUkDateTime } from "../../domain/format";
import type { OrderStatus } from "../../domain/order-status";
import type { FileStorage } from "../integrations/storage/storage";
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

type ZipItem = { orderGroupId: number; orderId: number; productName: string; quantity: number; versions: number };
type ZipFile = { orderId: number; versionNumber: number; quantity: number; pdfKey: string };

/** The archive name of one print file: the order reference, item id, product, version and how many to print of it. */
export function printFileName(item: ZipItem, file: Pick<ZipFile, "versionNumber" | "quantity">): string {
  const ref = orderRef(item.orderGroupId);
  const product = item.productName.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "item";
  return `${ref}/${ref}_item-${item.orderId}_${product}_v${file.versionNumber}-of-${item.versions}_qty-${file.quantity}.pdf`;
}

const describeItem = (item: ZipItem) => `${orderRef(item.orderGroupId)} item ${item.orderId} (${item.productName}, qty ${item.quantity})`;

/**
 * One ZIP of the approved print files of every live item of the selected orders, streamed: each file is
 * opened from storage only when the archive reaches it. A version with no approved file, or whose file is
 * gone from storage, is named in MISSING.txt (the last entry) instead of failing the download. Cancelled
 * items are left out. Null when one of the orders is unknown.
 */
export async function printFilesZip(db: Db, storage: FileStorage, orderGroupIds: number[]): Promise<Readable | null> {
  const known = await db.select({ id: orderGroups.id }).from(orderGroups).where(inArray(orderGroups.id, orderGroupIds));
  if (known.length !== new Set(orderGroupIds).size) return null;
  const items: ZipItem[] = (
    await db
      .select({ orderGroupId: orders.orderGroupId, orderId: orders.id, productName: orders.productName, quantity: orders.quantity, versions: orders.versions, status: orders.status })
      .from(orders)
      .where(inArray(orders.orderGroupId, orderGroupIds))
      .orderBy(asc(orders.orderGroupId), asc(orders.lineNumber))
  ).filter((item) => item.status !== "Cancelled");
  const files: ZipFile[] =
    items.length === 0
      ? []
      : await db
          .select({ orderId: orderFiles.orderId, versionNumber: orderFiles.versionNumber, quantity: orderFiles.quantity, pdfKey: orderFiles.pdfKey })
          .from(orderFiles)
          .where(and(inArray(orderFiles.orderId, items.map((item) => item.orderId)), eq(orderFiles.approved, true)))
          .orderBy(asc(orderFiles.orderId), asc(orderFiles.versionNumber));
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  // A client that goes away stops the archive: the file being read is closed and no further one opened.
  let current: Readable | null = null;
  let gone = false;
  out.once("close", () => {
    gone = true;
    current?.destroy();
  });
  (async () => {
    const missing: string[] = [];
    for (const item of items) {
      const approved = files.filter((file) => file.orderId === item.orderId);
      for (let version = 1; version <= item.versions; version++) {
        if (!approved.some((file) => file.versionNumber === version)) missing.push(`${describeItem(item)} version ${version}: no approved print file`);
      }
      for (const file of approved) {
        if (gone) return;
        const stored = await storage.open(file.pdfKey);
        if (!stored) {
          missing.push(`${describeItem(item)} version ${file.versionNumber}: the approved print file is missing from storage`);
          continue;
        }
        // PDFs are already compressed: stored without deflate. One file in flight at a time.
        current = stored.stream;
        zip.addReadStream(stored.stream, printFileName(item, file), { compress: false, size: stored.size } as yazl.ReadStreamOptions);
        await finished(stored.stream);
        current = null;
      }
    }
    if (missing.length > 0) {
      const text = ["These selected items have no print file in this ZIP:", "", ...missing, ""].join("\r\n");
      zip.addBuffer(Buffer.from(text, "utf8"), "MISSING.txt");
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
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
