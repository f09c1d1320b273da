// The customer's answers on their artwork (server/services/artwork-service.ts): a version approved,
// re-counted, noted or removed, the ordered options confirmed once, and the order sent to Print Ready,
// each decided inside one transaction with the items' rows locked.
import { and, eq, inArray, sql } from "drizzle-orm";
import { orderFiles, orders } from "../../../db/schema";
import { ARTWORK_MESSAGES, isArtworkComplete } from "../../../domain/artwork";
import { changeItemStatus } from "../status-change";
import { CAN_UPLOAD, type ArtworkContext } from "./artwork-context";
import type { ArtworkService, StoreResult } from "./artwork-types";

export function versionChanges(context: ArtworkContext): Pick<ArtworkService, "updateVersion" | "removeVersion" | "attachAttributes" | "markPrintReady"> {
  const { db, storage, ownedItem, versionProblem, closedFor, prefixOf } = context;

  return {
    async updateVersion(userId, orderId, versionNumber, change) {
      const item = await ownedItem(userId, orderId);
      if (!item) return { ok: false, reason: "not-found", message: "Not found" };
      const problem = versionProblem(item, versionNumber);
      if (problem) return problem;
      if (change.quantity !== undefined && (!Number.isInteger(change.quantity) || change.quantity < 1 || change.quantity > item.quantity)) {
        return { ok: false, reason: "invalid", message: change.quantity > item.quantity ? ARTWORK_MESSAGES.tooMany : ARTWORK_MESSAGES.qtyMin };
      }
      return db.transaction(async (tx): Promise<StoreResult> => {
        const closed = await closedFor(tx, item.id);
        if (closed) return { ok: false, reason: "conflict", message: closed };
        const [row] = await tx
          .update(orderFiles)
          .set({
            ...(change.approved !== undefined ? { approved: change.approved } : {}),
            ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
            ...(change.notes !== undefined ? { notes: change.notes.slice(0, 2000) } : {}),
            updatedAt: sql`now()`,
          })
          .where(and(eq(orderFiles.orderId, item.id), eq(orderFiles.versionNumber, versionNumber)))
          .returning();
        if (!row) return { ok: false, reason: "not-found", message: "No file has been uploaded for this version yet." };
        if (change.notes !== undefined && versionNumber === 1) await tx.update(orders).set({ notes: change.notes.slice(0, 2000) }).where(eq(orders.id, item.id));
        return { ok: true, file: row };
      });
    },

    async removeVersion(userId, orderId, versionNumber) {
      const item = await ownedItem(userId, orderId);
      if (!item) return { ok: false, reason: "not-found", message: "Not found" };
      const problem = versionProblem(item, versionNumber);
      if (problem) return problem;
      const removed = await db.transaction(async (tx) => {
        const closed = await closedFor(tx, item.id);
        if (closed) return { closed };
        const [row] = await tx.delete(orderFiles).where(and(eq(orderFiles.orderId, item.id), eq(orderFiles.versionNumber, versionNumber))).returning();
        return { row };
      });
      if ("closed" in removed) return { ok: false, reason: "conflict", message: removed.closed! };
      if (removed.row) await storage.deletePrefix(prefixOf(removed.row.pdfKey));
      return { ok: true };
    },

    async attachAttributes(userId, orderId, attributeIds) {
      const item = await ownedItem(userId, orderId);
      if (!item) return { ok: false, reason: "not-found", message: "Not found" };
      const stored = item.attributes.map((a) => a.subattribute_id).sort((a, b) => a - b);
      const sent = [...new Set(attributeIds)].sort((a, b) => a - b);
      if (sent.length !== stored.length || sent.some((id, i) => id !== stored[i])) {
        return { ok: false, reason: "conflict", message: "These are not the options this item was ordered with." };
      }
      // Once per order: the first call records it, later calls (a reload, a second tab) change nothing.
      const [claimed] = await db
        .update(orders)
        .set({ attributesAttachedAt: sql`now()` })
        .where(and(eq(orders.id, item.id), sql`${orders.attributesAttachedAt} is null`))
        .returning({ id: orders.id });
      return { ok: true, attached: stored, already: !claimed };
    },

    async markPrintReady(userId, groupId) {
      const group = await context.orders.groupForOwner(userId, groupId);
      if (!group) return { ok: false, reason: "not-found", message: "Not found" };
      if (group.items.length === 0) return { ok: false, reason: "conflict", message: ARTWORK_MESSAGES.noItems };
      // A designed item goes to print when its customer approves the design, not here.
      const waiting = group.items.filter((item) => item.status === CAN_UPLOAD && item.designs === 0);
      const incomplete = waiting.filter((item) => !isArtworkComplete(item, item.files));
      if (incomplete.length > 0) return { ok: false, reason: "conflict", message: ARTWORK_MESSAGES.incomplete };
      const refused = await db.transaction(async (tx) => {
        // Locked and checked again here: a file replaced or un-approved since the check above (another
        // tab, a late upload) means the artwork is not complete after all.
        const ids = waiting.map((item) => item.id);
        if (ids.length === 0) return null;
        await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids)).for("update");
        const files = await tx.select().from(orderFiles).where(inArray(orderFiles.orderId, ids));
        for (const item of waiting) {
          if (!isArtworkComplete(item, files.filter((f) => f.orderId === item.id))) return ARTWORK_MESSAGES.incomplete;
        }
        for (const item of waiting) {
          const moved = await changeItemStatus(tx, item.id, "Print Ready", { kind: "customer", userId }, { note: "Artwork approved by the customer", set: { rejectionReason: null } });
          if (!moved.ok) throw new Error(moved.message);
        }
        return null;
      });
      if (refused) return { ok: false, reason: "conflict", message: refused };
      const after = await context.orders.groupForOwner(userId, groupId);
      return { ok: true, status: after!.status };
    },
  };
}
