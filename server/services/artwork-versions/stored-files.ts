// Stored artwork files (server/services/artwork-service.ts): a reordered item's approved artwork copied
// from the item it repeats, and a stored file opened for whoever may see it.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { orderFiles, orders } from "../../../db/schema";
import { copyStoredObject } from "../../integrations/storage/copy-object";
import { CAN_UPLOAD, type ArtworkContext } from "./artwork-context";
import type { ArtworkService } from "./artwork-types";

export function storedFiles(context: ArtworkContext): Pick<ArtworkService, "reuseApprovedArtwork" | "openFile"> {
  const { db, storage, tmpDir } = context;

  return {
    async reuseApprovedArtwork(orderGroupId) {
      const group = await context.orders.group(orderGroupId);
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
            return (await copyStoredObject(storage, tmpDir, from, to, type)) ? to : null;
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
        const item = await context.orders.item(file.orderId);
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
