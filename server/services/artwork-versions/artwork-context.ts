// What every part of the artwork service shares (server/services/artwork-service.ts): the ordered size of
// an item, the customer's own item, whether a version may change now, the item's row locked for a
// decision, and the one transaction that writes a version's file row.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { orderFiles, orders } from "../../../db/schema";
import { orderedArtworkSize } from "../../../domain/artwork";
import { DESIGN_MESSAGES } from "../../../domain/design-service";
import type { OrderStatus } from "../../../domain/order-status";
import type { OrderRow } from "../order-service";
import { failure, type Failure } from "../outcome";
import type { ArtworkServiceDeps, OrderedArtwork, StoreResult } from "./artwork-types";

export const CAN_UPLOAD: OrderStatus = "Awaiting Artwork";

export type ArtworkContext = ReturnType<typeof artworkContext>;

export function artworkContext(deps: ArtworkServiceDeps) {
  const { db, storage } = deps;

  function orderedFor(item: OrderRow): OrderedArtwork | null {
    const size = orderedArtworkSize(item);
    return size ? { ...size, versions: item.versions } : null;
  }

  async function ownedItem(userId: number, orderId: number): Promise<OrderRow | null> {
    const item = await deps.orders.item(orderId);
    return item && item.userId === userId ? item : null;
  }

  function versionProblem(item: OrderRow, versionNumber: number): Failure | null {
    if (!Number.isInteger(versionNumber) || versionNumber < 1 || versionNumber > item.versions) {
      return failure("invalid", `version_number must be between 1 and ${item.versions} for this item`);
    }
    if (item.status !== CAN_UPLOAD) return failure("conflict", `Artwork can no longer be changed: this item is ${item.status}.`);
    // A designed item's artwork is the proof its customer approves (server/services/design).
    if (item.designs > 0) return failure("conflict", DESIGN_MESSAGES.uploadNotNeeded);
    return null;
  }

  /**
   * Locks the item's row and answers its status when artwork may no longer change. Every write of a file
   * row runs after it in the same transaction, so an upload that finishes after the item went Print Ready
   * (a second tab, a slow connection) is refused and never replaces or un-approves what was approved.
   */
  async function closedFor(tx: Tx, orderId: number): Promise<string | null> {
    const [locked] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!locked) return "This item no longer exists.";
    return locked.status === CAN_UPLOAD ? null : `Artwork can no longer be changed: this item is ${locked.status}.`;
  }

  /**
   * The new objects are stored first; then, in one transaction with the item locked, the file row and the
   * item's notes. A refused write deletes the new objects; a replaced file's objects go once the row no
   * longer names them.
   */
  async function saveRow(
    item: OrderRow,
    versionNumber: number,
    newPrefix: string,
    values: Omit<typeof orderFiles.$inferInsert, "orderId" | "versionNumber">,
    itemNotes: string | null,
    keepExisting = false,
  ): Promise<StoreResult> {
    // The new files are already stored: a row that cannot be written (a conflict or an error) takes them away again.
    const outcome = await db
      .transaction(async (tx) => {
        const closed = await closedFor(tx, item.id);
        if (closed) return { ok: false as const, message: closed };
        const [previous] = await tx.select().from(orderFiles).where(and(eq(orderFiles.orderId, item.id), eq(orderFiles.versionNumber, versionNumber)));
        if (previous && keepExisting) return { ok: false as const, message: "This version already has artwork." };
        const [row] = await tx
          .insert(orderFiles)
          .values({ orderId: item.id, versionNumber, ...values })
          .onConflictDoUpdate({ target: [orderFiles.orderId, orderFiles.versionNumber], set: { ...values, updatedAt: sql`now()` } })
          .returning();
        if (itemNotes !== null) await tx.update(orders).set({ notes: itemNotes }).where(eq(orders.id, item.id));
        return { ok: true as const, file: row!, previous };
      })
      .catch(async (error: unknown) => {
        await storage.deletePrefix(`${newPrefix}/`).catch(() => {});
        throw error;
      });
    if (!outcome.ok) {
      await storage.deletePrefix(`${newPrefix}/`);
      return { ok: false, reason: "conflict", message: outcome.message };
    }
    if (outcome.previous) await storage.deletePrefix(prefixOf(outcome.previous.pdfKey));
    return { ok: true, file: outcome.file };
  }

  /** The item a new version's file is for, and its ordered size: only while artwork may still change. */
  async function uploadTarget(userId: number, orderId: number, versionNumber: number): Promise<{ ok: true; item: OrderRow; ordered: OrderedArtwork } | Failure> {
    const item = await ownedItem(userId, orderId);
    if (!item) return failure("not-found", "Not found");
    const problem = versionProblem(item, versionNumber);
    if (problem) return problem;
    const ordered = orderedFor(item);
    if (!ordered) return failure("conflict", "This item has no size to check the artwork against.");
    return { ok: true, item, ordered };
  }

  const prefixOf = (key: string) => `${key.slice(0, key.lastIndexOf("/"))}/`;

  return { ...deps, orderedFor, ownedItem, versionProblem, closedFor, saveRow, uploadTarget, prefixOf };
}
