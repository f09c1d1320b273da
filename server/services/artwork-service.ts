// A customer's artwork for their paid items: each version's file is checked (preflight), turned into a
// print-ready PDF at the ordered size with a thumbnail and a proof, kept in storage, approved by the
// customer, and, when every item is complete, the order moves to Print Ready (DECISIONS rule 15).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { orderFiles, orders } from "../../db/schema";
import { ARTWORK_MESSAGES, defaultVersionQuantity, isArtworkComplete, orderedArtworkSize, shortFileName } from "../../domain/artwork";
import { DESIGN_MESSAGES } from "../../domain/design-service";
import type { OrderStatus } from "../../domain/order-status";
import type { FileStorage } from "../integrations/storage/storage";
import type { OrderFileRow, OrderRow, OrderService } from "./order-service";
import { failure, type Failure } from "./outcome";
import { changeItemStatus } from "./status-change";

export type Preflight = { verdict: "pass" | "warn" | "fail"; checks: { code: string; level: "warn" | "fail"; message: string }[] };
export type OrderedArtwork = { widthMm: number; heightMm: number; orientation: "Portrait" | "Landscape" | "Custom"; versions: number };

/** What the artwork library (server/artwork) offers; it runs off the main thread. */
export type ArtworkProcessor = {
  preflight(filePath: string, ordered: OrderedArtwork): Promise<Preflight>;
  processUpload(
    filePath: string,
    ordered: OrderedArtwork,
    outPdfPath: string,
  ): Promise<{ preflight: Preflight; thumbnailJpeg: Buffer | null; pdf: { pageWidthMm: number; pageHeightMm: number } | null }>;
  thumbnail(filePath: string): Promise<Buffer>;
  proof(pdfPath: string): Promise<Buffer>;
  close(): Promise<void>;
};

export type UploadedFile = { path: string; fileName: string; size: number; declaredType: string };

export type StoreResult =
  | { ok: true; file: OrderFileRow }
  | Failure<{ preflight?: Preflight }>;

export type FileKind = "thumbnail" | "pdf" | "proof" | "original";

/** A print PDF made on the server, with its preflight and the previews made from it. */
export type MadeVersion = { ok: true; preflight: Preflight; thumbnailJpeg: Buffer; proofPng: Buffer; sizeBytes: number };

export type ArtworkService = {
  /** The ordered size of an item, for the preflight of its files. */
  orderedFor(item: OrderRow): OrderedArtwork | null;
  /** Whether this customer may send a file for this version now: their item, awaiting artwork, a version it has. */
  canUpload(userId: number, orderId: number, versionNumber: number): Promise<{ ok: true } | Failure>;
  storeVersion(input: { userId: number; orderId: number; versionNumber: number; upload: UploadedFile; quantity?: number | null; notes?: string | null }): Promise<StoreResult>;
  /** The spec's form: a print PDF and a thumbnail the client made itself (checked all the same). */
  storeClientPdf(input: { userId: number; orderId: number; versionNumber: number; pdf: UploadedFile; thumbnail: UploadedFile | null; notes?: string | null }): Promise<StoreResult>;
  /**
   * A version's file made here rather than uploaded (a design from the editor): `make` renders the print
   * PDF at the ordered size into `pdfPath` once the item is known to be the customer's and open for
   * artwork; the file is then stored, unapproved, exactly as an upload would be.
   */
  storeMadeVersion(input: { userId: number; orderId: number; versionNumber: number; fileName: string; make: (ordered: OrderedArtwork, pdfPath: string) => Promise<MadeVersion | Failure>; keepExisting?: boolean }): Promise<StoreResult>;
  updateVersion(userId: number, orderId: number, versionNumber: number, change: { approved?: boolean; quantity?: number; notes?: string }): Promise<StoreResult>;
  removeVersion(userId: number, orderId: number, versionNumber: number): Promise<{ ok: true } | Failure>;
  attachAttributes(userId: number, orderId: number, attributeIds: number[]): Promise<{ ok: true; attached: number[]; already: boolean } | Failure>;
  markPrintReady(userId: number, groupId: number): Promise<{ ok: true; status: OrderStatus } | Failure>;
  /** A stored file for whoever may see it (its owner or staff), or null. */
  openFile(fileId: number, kind: FileKind, viewer: { userId: number; staff: boolean }): Promise<{ file: OrderFileRow; key: string; contentType: string; downloadName: string } | null>;
  /** Copies reordered items' approved artwork (items with reuse_artwork_from and no files yet). Safe to repeat. */
  reuseApprovedArtwork(orderGroupId: number): Promise<number>;
};

export type ArtworkServiceDeps = { db: Db; storage: FileStorage; processor: ArtworkProcessor; orders: OrderService; tmpDir: string };

const CAN_UPLOAD: OrderStatus = "Awaiting Artwork";

export function createArtworkService(deps: ArtworkServiceDeps): ArtworkService {
  const { db, storage, processor, tmpDir } = deps;

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

  return {
    orderedFor,

    async canUpload(userId, orderId, versionNumber) {
      const target = await uploadTarget(userId, orderId, versionNumber);
      return target.ok ? { ok: true } : target;
    },

    async storeVersion({ userId, orderId, versionNumber, upload, quantity, notes }) {
      const target = await uploadTarget(userId, orderId, versionNumber);
      if (!target.ok) return target;
      const { item, ordered } = target;

      const workPdf = path.join(tmpDir, `${randomUUID()}.pdf`);
      try {
        const processed = await processor.processUpload(upload.path, ordered, workPdf);
        if (processed.preflight.verdict === "fail" || !processed.pdf || !processed.thumbnailJpeg) {
          return { ok: false, reason: "unprocessable", message: processed.preflight.checks[0]?.message ?? "This file cannot be printed.", preflight: processed.preflight };
        }
        const proof = await processor.proof(workPdf);
        const prefix = `orders/${item.orderGroupId}/${item.id}/v${versionNumber}-${randomUUID()}`;
        const keys = { original: `${prefix}/original`, pdf: `${prefix}/print.pdf`, thumbnail: `${prefix}/thumb.jpg`, proof: `${prefix}/proof.png` };
        await storage.putFile(keys.original, upload.path, "application/octet-stream");
        await storage.putFile(keys.pdf, workPdf, "application/pdf");
        await storage.putBuffer(keys.thumbnail, processed.thumbnailJpeg, "image/jpeg");
        await storage.putBuffer(keys.proof, proof, "image/png");
        return await saveRow(item, versionNumber, prefix, {
          quantity: quantity && quantity >= 1 ? quantity : defaultVersionQuantity(item, versionNumber),
          fileName: shortFileName(upload.fileName),
          contentType: upload.declaredType.slice(0, 100),
          sizeBytes: upload.size,
          originalKey: keys.original,
          pdfKey: keys.pdf,
          thumbnailKey: keys.thumbnail,
          proofKey: keys.proof,
          preflight: processed.preflight,
          approved: false,
          notes: (notes ?? "").slice(0, 2000),
        }, versionNumber === 1 && notes !== undefined && notes !== null ? notes.slice(0, 2000) : null);
      } finally {
        await fs.promises.rm(workPdf, { force: true });
      }
    },

    async storeMadeVersion({ userId, orderId, versionNumber, fileName, make, keepExisting }) {
      const target = await uploadTarget(userId, orderId, versionNumber);
      if (!target.ok) return target;
      const { item, ordered } = target;
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const workPdf = path.join(tmpDir, `${randomUUID()}.pdf`);
      try {
        const made = await make(ordered, workPdf);
        if (!made.ok) return made;
        if (made.preflight.verdict === "fail") return { ok: false, reason: "unprocessable", message: made.preflight.checks[0]?.message ?? "This design cannot be printed.", preflight: made.preflight };
        const prefix = `orders/${item.orderGroupId}/${item.id}/v${versionNumber}-${randomUUID()}`;
        await storage.putFile(`${prefix}/print.pdf`, workPdf, "application/pdf");
        await storage.putBuffer(`${prefix}/thumb.jpg`, made.thumbnailJpeg, "image/jpeg");
        await storage.putBuffer(`${prefix}/proof.png`, made.proofPng, "image/png");
        return await saveRow(item, versionNumber, prefix, {
          quantity: defaultVersionQuantity(item, versionNumber),
          fileName: shortFileName(fileName),
          contentType: "application/pdf",
          sizeBytes: made.sizeBytes,
          originalKey: null,
          pdfKey: `${prefix}/print.pdf`,
          thumbnailKey: `${prefix}/thumb.jpg`,
          proofKey: `${prefix}/proof.png`,
          preflight: made.preflight,
          approved: false,
          notes: "",
        }, null, keepExisting);
      } finally {
        await fs.promises.rm(workPdf, { force: true });
      }
    },

    async storeClientPdf({ userId, orderId, versionNumber, pdf, thumbnail, notes }) {
      const target = await uploadTarget(userId, orderId, versionNumber);
      if (!target.ok) return target;
      const { item, ordered } = target;
      const preflight = await processor.preflight(pdf.path, ordered);
      if (preflight.verdict === "fail") return { ok: false, reason: "unprocessable", message: preflight.checks[0]?.message ?? "This file cannot be printed.", preflight };
      const head = await readHead(pdf.path, 5);
      if (head.toString("latin1") !== "%PDF-") return { ok: false, reason: "unprocessable", message: "The pdf field must hold a PDF." };
      // The thumbnail is made again from the customer's image (or the PDF), so nothing unchecked is ever shown.
      const thumb = await processor.thumbnail(thumbnail?.path ?? pdf.path).catch(() => processor.thumbnail(pdf.path));
      const proof = await processor.proof(pdf.path);
      const prefix = `orders/${item.orderGroupId}/${item.id}/v${versionNumber}-${randomUUID()}`;
      await storage.putFile(`${prefix}/print.pdf`, pdf.path, "application/pdf");
      await storage.putBuffer(`${prefix}/thumb.jpg`, thumb, "image/jpeg");
      await storage.putBuffer(`${prefix}/proof.png`, proof, "image/png");
      return saveRow(item, versionNumber, prefix, {
        quantity: defaultVersionQuantity(item, versionNumber),
        fileName: shortFileName(pdf.fileName),
        contentType: "application/pdf",
        sizeBytes: pdf.size,
        originalKey: null,
        pdfKey: `${prefix}/print.pdf`,
        thumbnailKey: `${prefix}/thumb.jpg`,
        proofKey: `${prefix}/proof.png`,
        preflight,
        approved: false,
        notes: (notes ?? "").slice(0, 2000),
      }, versionNumber === 1 && notes ? notes.slice(0, 2000) : null);
    },

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
      const group = await deps.orders.groupForOwner(userId, groupId);
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
      const after = await deps.orders.groupForOwner(userId, groupId);
      return { ok: true, status: after!.status };
    },

    async reuseApprovedArtwork(orderGroupId) {
      const group = await deps.orders.group(orderGroupId);
      if (!group) return 0;
      let copied = 0;
      for (const item of group.items) {
        if (!item.reuseArtworkFrom || item.files.length > 0 || item.status !== CAN_UPLOAD) continue;
        const [source] = await db.select({ versions: orders.versions, userId: orders.userId }).from(orders).where(eq(orders.id, item.reuseArtworkFrom));
        if (!source || source.userId !== item.userId) continue;
        const files = await db.select().from(orderFiles).where(and(eq(orderFiles.orderId, item.reuseArtworkFrom), eq(orderFiles.approved, true)));
        for (const file of files) {
          const prefix = `orders/${item.orderGroupId}/${item.id}/v${file.versionNumber}-${randomUUID()}`;
          const copy = async (from: string | null, name: string, type: string) => {
            if (!from) return null;
            const to = `${prefix}/${name}`;
            const object = await storage.open(from);
            if (!object) return null;
            const temp = path.join(tmpDir, `${randomUUID()}.copy`);
            await fs.promises.mkdir(tmpDir, { recursive: true });
            try {
              await pipeline(object.stream, fs.createWriteStream(temp));
              await storage.putFile(to, temp, type);
            } finally {
              await fs.promises.rm(temp, { force: true });
            }
            return to;
          };
          const pdfKey = await copy(file.pdfKey, "print.pdf", "application/pdf");
          const thumbnailKey = await copy(file.thumbnailKey, "thumb.jpg", "image/jpeg");
          if (!pdfKey || !thumbnailKey) continue;
          const proofKey = await copy(file.proofKey, "proof.png", "image/png");
          const originalKey = await copy(file.originalKey, "original", "application/octet-stream");
          // With the same versions the quantities still add up unless the quantity changed; then the customer re-checks them.
          const quantities = item.versions === 1 || files.reduce((sum, f) => sum + f.quantity, 0) === item.quantity;
          const inserted = await db
            .insert(orderFiles)
            .values({
              orderId: item.id,
              versionNumber: file.versionNumber,
              quantity: item.versions === 1 ? item.quantity : file.quantity,
              fileName: file.fileName,
              contentType: file.contentType,
              sizeBytes: file.sizeBytes,
              originalKey,
              pdfKey,
              thumbnailKey,
              proofKey,
              preflight: file.preflight,
              approved: quantities,
              notes: file.notes,
            })
            .onConflictDoNothing()
            .returning({ id: orderFiles.id });
          if (inserted.length === 0) await storage.deletePrefix(`${prefix}/`);
          else copied += 1;
        }
      }
      return copied;
    },

    async openFile(fileId, kind, viewer) {
      if (!Number.isSafeInteger(fileId) || fileId < 1) return null;
      const [file] = await db.select().from(orderFiles).where(eq(orderFiles.id, fileId)).limit(1);
      if (!file) return null;
      if (!viewer.staff) {
        const item = await deps.orders.item(file.orderId);
        if (!item || item.userId !== viewer.userId) return null;
      }
      const base = file.fileName.replace(/\.[^.]+$/, "").replace(/[^\w.-]+/g, "-").slice(0, 60) || "artwork";
      switch (kind) {
        case "thumbnail":
          return { file, key: file.thumbnailKey, contentType: "image/jpeg", downloadName: `${base}-thumbnail.jpg` };
        case "proof":
          return file.proofKey ? { file, key: file.proofKey, contentType: "image/png", downloadName: `${base}-proof.png` } : null;
        case "pdf":
          return { file, key: file.pdfKey, contentType: "application/pdf", downloadName: `${base}-print.pdf` };
        case "original":
          return file.originalKey ? { file, key: file.originalKey, contentType: "application/octet-stream", downloadName: file.fileName } : null;
      }
    },
  };
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
