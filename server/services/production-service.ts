// The staff side of an order: the production queue, a job's full picture, status moves (through the one
// transition table), artwork rejection, dispatch with tracking, packing slips, print files as one ZIP, and
// the mail outbox's failures. Nothing here knows about HTTP.
import { PassThrough, type Readable } from "node:stream";
import { and, asc, desc, eq, gt, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import yazl from "yazl";
import type { Db } from "../../db/client";
import { emailOutbox, orderFiles, orderGroups, orders, users } from "../../db/schema";
import { addressLine, type SavedAddress } from "../../domain/address";
import { lineSizeLabel } from "../../domain/checkout";
import { ukDateParts } from "../../domain/delivery";
import { formatDeliveryDate } from "../../domain/format";
import { MAX_ROW_ID } from "../../domain/ids";
import { orderRef, parseOrderRef } from "../../domain/order-ref";
import { DESIGN_MESSAGES } from "../../domain/design-service";
import { canRejectArtwork, isOrderStatus, ORDER_STATUSES, type OrderStatus } from "../../domain/order-status";
import { dispatchReadiness, urgency, type Urgency } from "../../domain/production";
import type { ShopDetails } from "../config";
import { renderPackingSlipPdf, type PackingSlipData } from "../documents/packing-slip-pdf";
import { artworkRejectedEmail, dispatchEmail } from "../integrations/email/templates";
import type { FileStorage } from "../integrations/storage/storage";
import { enqueueEmail, type EmailSender } from "./email-outbox";
import type { OrderGroupDetail, OrderService } from "./order-service";
import { failure, type Outcome } from "./outcome";
import { changeItemStatus, correctItemStatus, type Actor } from "./status-change";

export const QUEUE_PAGE_SIZE = 25;
const FINISHED: OrderStatus[] = ["Dispatched", "Shipped", "Cancelled"];

export type QueueFilters = { status?: OrderStatus | "active" | "all"; q?: string; productId?: number; turnaround?: "express" | "standard" };
export type QueueCursor = { deliveryDate: string; id: number };
export type QueueEntry = {
  orderId: number;
  orderGroupId: number;
  productName: string;
  productId: number;
  quantity: number;
  versions: number;
  size: string;
  status: OrderStatus;
  express: boolean;
  deliveryDate: string;
  customerName: string;
  customerEmail: string;
  urgency: Urgency;
  shipUnbranded: boolean;
};

export type ProductionService = {
  queue(filters: QueueFilters, limit: number, after?: QueueCursor, now?: Date): Promise<{ entries: QueueEntry[]; next: QueueCursor | null; counts: Record<string, number> }>;
  job(orderGroupId: number): Promise<(OrderGroupDetail & { customer: { firstname: string; lastname: string; email: string; telephone: string } }) | null>;
  move(orderId: number, to: OrderStatus, staffUserId: number, note?: string | null): Promise<Outcome>;
  reject(orderId: number, reason: string, staffUserId: number): Promise<Outcome>;
  /** A manager's correction: the item's last production move undone, one step back, with a reason. */
  undo(orderId: number, reason: string, managerUserId: number): Promise<Outcome>;
  dispatch(orderGroupId: number, carrier: string, trackingNumber: string, staffUserId: number): Promise<Outcome>;
  packingSlip(orderGroupId: number): Promise<Uint8Array | null>;
  labelData(group: OrderGroupDetail): { from: { name: string; address: string }; to: { name: string; address: string; phone: string | null } };
  /** Every print PDF of the order as one ZIP, streamed (never held whole in memory). */
  /** `not-found` for an unknown order; a `conflict` naming what is missing rather than an archive without it. */
  printFilesZip(orderGroupId: number): Promise<Outcome<{ stream: Readable; fileName: string }>>;
  failedEmails(): Promise<(typeof emailOutbox.$inferSelect)[]>;
  requeueEmail(id: number): Promise<boolean>;
};

export type ProductionDeps = { db: Db; orders: OrderService; storage: FileStorage; shop: ShopDetails; publicUrl: string; sender: Pick<EmailSender, "kick"> };

export function encodeQueueCursor(cursor: QueueCursor): string {
  return Buffer.from(`${cursor.deliveryDate}|${cursor.id}`).toString("base64url");
}

export function decodeQueueCursor(value: string): QueueCursor | null {
  const [deliveryDate, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !deliveryDate || !/^\d{4}-\d{2}-\d{2}$/.test(deliveryDate) || !id || !/^\d{1,10}$/.test(id)) return null;
  if (Number(id) < 1 || Number(id) > MAX_ROW_ID || Number.isNaN(Date.parse(`${deliveryDate}T00:00:00Z`))) return null;
  return { deliveryDate, id: Number(id) };
}

/** The shop's address as postal lines: "Unit 4, Riverside…, London, E15 2SU" → lines, town, postcode. */
function shopAddress(shop: ShopDetails) {
  const parts = shop.address.split(/,\s*/);
  const postcode = parts.pop() ?? "";
  const town = parts.pop() ?? "";
  return { lines: parts, town, postcode, country: "United Kingdom" };
}

function postal(address: SavedAddress) {
  return {
    name: `${address.first_name} ${address.last_name}`.trim() || undefined,
    company: address.company || undefined,
    lines: [address.address1, address.address2].filter((line) => line && line.trim() !== ""),
    town: address.town,
    county: address.county || undefined,
    postcode: address.postcode,
    country: address.country,
  };
}

export function createProductionService(deps: ProductionDeps): ProductionService {
  const { db, storage, shop, sender } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, "");
  const messageIdDomain = shop.email.split("@")[1];

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

    async move(orderId, to, staffUserId, note) {
      if (to === "Dispatched" || to === "Shipped") return { ok: false, reason: "conflict", message: "Dispatch the order with its carrier and tracking number." };
      if (to === "Awaiting Artwork") return { ok: false, reason: "conflict", message: "Use Reject artwork to send an item back to the customer, with a reason." };
      const current = await deps.orders.item(orderId);
      // A designed item leaves Awaiting Artwork only when its customer approves the design (docs/decisions/027-design-service-money-and-dates.md).
      if (current && current.designs > 0 && current.status === "Awaiting Artwork") return { ok: false, reason: "conflict", message: DESIGN_MESSAGES.notApprovedYet };
      const outcome = await db.transaction((tx) => changeItemStatus(tx, orderId, to, { kind: "staff", userId: staffUserId }, { note }));
      if (!outcome.ok) return outcome;
      return { ok: true };
    },

    async undo(orderId, reason, managerUserId) {
      const outcome = await db.transaction((tx) => correctItemStatus(tx, orderId, { kind: "staff", userId: managerUserId }, reason));
      return outcome.ok ? { ok: true } : outcome;
    },

    async reject(orderId, reason, staffUserId) {
      const actor: Actor = { kind: "staff", userId: staffUserId };
      const current = await deps.orders.item(orderId);
      if (!current) return { ok: false, reason: "not-found", message: "Not found" };
      if (current.designs > 0) return { ok: false, reason: "conflict", message: DESIGN_MESSAGES.rejectDesigned };
      if (!canRejectArtwork(current.status)) {
        return { ok: false, reason: "conflict", message: `Artwork can be rejected while an item is Print Ready or in Production; this one is ${current.status}.` };
      }
      const result = await db.transaction(async (t) => {
        const moved = await changeItemStatus(t, orderId, "Awaiting Artwork", actor, { note: `Artwork rejected: ${reason}`, set: { rejectionReason: reason } });
        if (!moved.ok) return moved;
        // The customer approves again whatever they send next, and sees why.
        await t.update(orderFiles).set({ approved: false, updatedAt: sql`now()` }).where(eq(orderFiles.orderId, orderId));
        const [item] = await t
          .select({ groupId: orders.orderGroupId, productName: orders.productName, email: orderGroups.userEmail, firstname: users.firstname })
          .from(orders)
          .innerJoin(orderGroups, eq(orderGroups.id, orders.orderGroupId))
          .innerJoin(users, eq(users.id, orders.userId))
          .where(eq(orders.id, orderId));
        if (item) {
          const content = artworkRejectedEmail(shop, {
            firstname: item.firstname,
            orderGroupId: item.groupId,
            productName: item.productName,
            reason,
            uploadUrl: `${publicUrl}/checkout/artwork-uploader?order_group_id=${item.groupId}`,
          });
          await enqueueEmail(t, { to: item.email, messageIdDomain, ...content });
        }
        return moved;
      });
      if (!result.ok) return result;
      sender.kick();
      return { ok: true };
    },

    async dispatch(orderGroupId, carrier, trackingNumber, staffUserId) {
      const group = await deps.orders.group(orderGroupId);
      if (!group) return { ok: false, reason: "not-found", message: "Not found" };
      const waiting = group.items.filter((item) => item.status !== "Printed" && item.status !== "Dispatched" && item.status !== "Shipped" && item.status !== "Cancelled");
      if (waiting.length > 0) {
        return { ok: false, reason: "conflict", message: `Every item must be Printed before dispatch: ${waiting.map((i) => `${i.productName} is ${i.status}`).join("; ")}.` };
      }
      const actor: Actor = { kind: "staff", userId: staffUserId };
      const result = await db.transaction(async (t) => {
        // Decided here, under the group's row lock: of two staff dispatching at once, the second waits,
        // then finds the order already out of the door and is told so (409), sending nothing.
        const [locked] = await t
          .select({ carrier: orderGroups.carrier, trackingNumber: orderGroups.trackingNumber })
          .from(orderGroups)
          .where(eq(orderGroups.id, orderGroupId))
          .for("update");
        if (locked?.trackingNumber) {
          return { ok: false as const, message: `Order ${orderGroupId} has already been dispatched with ${locked.carrier ?? "a carrier"}, tracking number ${locked.trackingNumber}.` };
        }
        const items = await t.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.orderGroupId, orderGroupId)).for("update");
        if (!dispatchReadiness(items.map((item) => item.status)).ready) {
          return { ok: false as const, message: `Every item must be Printed before dispatch.` };
        }
        for (const item of items) {
          if (item.status === "Cancelled") continue;
          const moved = await changeItemStatus(t, item.id, "Dispatched", actor, { note: `${carrier} ${trackingNumber}` });
          if (!moved.ok) return moved;
        }
        await t.update(orderGroups).set({ carrier, trackingNumber, dispatchedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(orderGroups.id, orderGroupId));
        const [person] = await t.select({ firstname: users.firstname }).from(users).where(eq(users.id, group.userId));
        const content = dispatchEmail(shop, {
          firstname: person?.firstname ?? "",
          orderGroupId,
          carrier,
          trackingNumber,
          deliveryLine: addressLine(group.delivery),
          deliveryDate: formatDeliveryDate(group.deliveryDate),
          orderUrl: `${publicUrl}/my-account/orders/${orderGroupId}`,
          items: group.items.filter((item) => item.status !== "Cancelled").map((item) => `${item.quantity} × ${item.productName}`),
        });
        await enqueueEmail(t, { to: group.userEmail, messageIdDomain, ...content });
        return { ok: true as const, changed: true };
      });
      if (!result.ok) return { ok: false, reason: "conflict", message: result.message };
      sender.kick();
      return { ok: true };
    },

    labelData(group) {
      const to = postal(group.delivery);
      const toText = [to.name, to.company, ...to.lines, to.town, to.county, to.postcode, to.country].filter(Boolean).join(", ");
      if (group.blindShipping) {
        return { from: { name: group.blindShipping.senderName, address: addressLine(group.blindShipping.returnAddress) }, to: { name: to.name ?? "", address: toText, phone: null } };
      }
      return { from: { name: shop.name, address: shop.address }, to: { name: to.name ?? "", address: toText, phone: null } };
    },

    async packingSlip(orderGroupId) {
      const group = await deps.orders.group(orderGroupId);
      if (!group) return null;
      const blind = group.blindShipping;
      const data: PackingSlipData = {
        sender: blind
          ? { name: blind.senderName, address: { ...postal(blind.returnAddress), name: undefined } }
          : { name: shop.name, address: shopAddress(shop) },
        shipTo: postal(group.delivery),
        orderRef: orderRef(group.id),
        poNumber: group.poNumber,
        ...(group.dispatchedAt ? { dispatchDate: ukDateParts(group.dispatchedAt).isoDate } : {}),
        items: group.items.map((item) => ({
          description: item.productName,
          details: [lineSizeLabel(item), ...item.attributes.map((a) => a.subattribute_name)].filter(Boolean),
          quantity: item.quantity,
        })),
        deliveryInstructions: group.delivery.instructions || null,
        carrier: group.carrier,
        trackingNumber: group.trackingNumber,
        blind: blind !== null,
      };
      return renderPackingSlipPdf(data);
    },

    async printFilesZip(orderGroupId) {
      const group = await deps.orders.group(orderGroupId);
      if (!group) return failure("not-found", "Not found");
      const wanted = group.items.flatMap((item) => item.files.map((file) => ({ item, file })));
      if (wanted.length === 0) return failure("conflict", `Order ${group.id} has no print files yet.`);
      // Every file is checked before the first byte goes out: a missing one is an error the printer
      // sees, never an archive that quietly lacks it.
      const missing: string[] = [];
      for (const { item, file } of wanted) {
        if (!(await storage.exists(file.pdfKey))) missing.push(`item ${item.lineNumber} (${item.productName}) version ${file.versionNumber}`);
      }
      if (missing.length > 0) {
        return failure("conflict", `The print file of ${missing.join(", ")} is missing from storage. Ask the customer to upload it again.`);
      }
      const zip = new yazl.ZipFile();
      const out = new PassThrough();
      zip.outputStream.pipe(out);
      // Each PDF is opened only when the archive reaches it, so one file at a time is in flight.
      (async () => {
        for (const item of group.items) {
          for (const file of item.files) {
            const stored = await storage.open(file.pdfKey);
            // Gone since the check above: the download fails rather than end without the file.
            if (!stored) throw new Error(`print file ${file.pdfKey} disappeared while the archive was being sent`);
            const safe = item.productName.replace(/[^\w.-]+/g, "-").slice(0, 40);
            const name = `order-${group.id}/item-${item.lineNumber}-${safe}/v${file.versionNumber}-qty${file.quantity}.pdf`;
            // PDFs are already compressed: stored without deflate, which also keeps the CPU free.
            zip.addReadStream(stored.stream, name, { compress: false, size: stored.size } as yazl.ReadStreamOptions);
            await new Promise<void>((resolve, reject) => {
              stored.stream.once("end", resolve);
              stored.stream.once("error", reject);
            });
          }
        }
        zip.end();
      })().catch((error: unknown) => out.destroy(error as Error));
      return { ok: true, stream: out, fileName: `order-${group.id}-print-files.zip` };
    },

    async failedEmails() {
      return db.select().from(emailOutbox).where(eq(emailOutbox.status, "failed")).orderBy(desc(emailOutbox.id)).limit(200);
    },

    async requeueEmail(id) {
      const rows = await db
        .update(emailOutbox)
        .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
        .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["failed"])))
        .returning({ id: emailOutbox.id });
      if (rows.length > 0) sender.kick();
      return rows.length > 0;
    },
  };
}

export function parseStatus(value: string | undefined): OrderStatus | "active" | "all" | undefined {
  if (!value) return undefined;
  if (value === "active" || value === "all") return value;
  return isOrderStatus(value) ? value : undefined;
}
