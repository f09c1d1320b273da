// The customer's brief and its files (server/services/design-jobs/design-job-service.ts): saving and
// sending the brief, adding and removing a logo, photo or reference, and opening a brief, amends or proof
// file for the job's customer or staff.
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { designFiles, designJobs, designProofFiles, designProofs, orders } from "../../../db/schema";
import { shortFileName } from "../../../domain/artwork";
import { formatDeliveryDate, ukWallClockToDate } from "../../../domain/delivery";
import { BRIEF_LIMITS, briefProblem, deliveryFromApproval, DESIGN_MESSAGES, firstProofDue, type DesignState } from "../../../domain/design-service";
import { UnreadableArtworkError } from "../../artwork/errors";
import { sniffArtwork } from "../../artwork/sniff";
import { failure, type Outcome } from "../outcome";
import type { DesignJobContext } from "./design-job-context";
import type { DesignFileRow, DesignJobService } from "./design-job-types";

const FILES_WHEN = "Files can be sent with your brief, or with amends once a proof is ready.";
/** Where a file added now goes: the brief before it is sent, amends while a proof waits; nowhere otherwise. */
const stageOf = (state: DesignState) => (state === "brief" ? ("brief" as const) : state === "proof_sent" ? ("amends" as const) : null);

const safeName = (name: string) => name.replace(/\.[^.]+$/, "").replace(/[^\w.-]+/g, "-").slice(0, 60) || "file";
const extensionOf = (kind: string) => (kind === "jpeg" ? "jpg" : kind === "tiff" ? "tif" : kind);

export function briefAndFiles(context: DesignJobContext): Pick<DesignJobService, "saveBrief" | "canAddFile" | "addFile" | "removeFile" | "openFile"> {
  const { db, storage, processor, sender, ownedJob, lockJob, reload, tellDesk } = context;

  return {
    async saveBrief(userId, orderId, brief, send, now = new Date()) {
      const owned = await ownedJob(userId, orderId);
      if (!owned) return failure("not-found", "Not found");
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const locked = await lockJob(tx, owned.id);
        if (!locked) return failure("not-found", "Not found");
        const { job, status } = locked;
        if (status === "Cancelled") return failure("conflict", DESIGN_MESSAGES.cancelled);
        if (job.state !== "brief") return failure("conflict", DESIGN_MESSAGES.briefAlreadySent);
        const [item] = await tx.select().from(orders).where(eq(orders.id, job.orderId));
        const problem = send ? briefProblem(brief, { quantity: item!.quantity, designs: job.designs }) : null;
        if (problem) return failure("invalid", problem);
        const due = send ? firstProofDue(now) : null;
        const [saved] = await tx
          .update(designJobs)
          .set({
            wording: brief.wording,
            colours: brief.colours,
            style: brief.style,
            notes: brief.notes,
            quantities: job.designs > 1 ? brief.quantities : [],
            ...(send ? { state: "designing" as const, briefSentAt: now, proofDue: due } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(designJobs.id, job.id))
          .returning();
        if (send) await tellDesk(tx, saved!, item!, deliveryFromApproval(ukWallClockToDate(due!, 9), item!.turnaroundDays ?? 3), { kind: "brief", dueDate: formatDeliveryDate(due!) });
        return { ok: true };
      });
      if (!outcome.ok) return outcome;
      if (send) sender.kick();
      return { ok: true, detail: await reload(owned.id) };
    },

    async canAddFile(userId, orderId) {
      const owned = await ownedJob(userId, orderId);
      if (!owned) return failure("not-found", "Not found");
      const [item] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, owned.orderId));
      if (!item) return failure("not-found", "Not found");
      if (item.status === "Cancelled") return failure("conflict", DESIGN_MESSAGES.cancelled);
      const stage = stageOf(owned.state);
      if (!stage) return failure("conflict", FILES_WHEN);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(designFiles)
        .where(and(eq(designFiles.jobId, owned.id), eq(designFiles.stage, stage), stage === "amends" ? isNull(designFiles.amendId) : undefined));
      return Number(count?.n ?? 0) >= BRIEF_LIMITS.files ? failure("limited", DESIGN_MESSAGES.tooManyFiles) : { ok: true };
    },

    async addFile(userId, orderId, upload) {
      const owned = await ownedJob(userId, orderId);
      if (!owned) return failure("not-found", "Not found");
      if (!stageOf(owned.state)) return failure("conflict", FILES_WHEN);
      // Checked by what the file is, never by its name or the browser's word.
      const sniffed = await sniffArtwork(upload.path).catch((error: unknown) => {
        if (error instanceof UnreadableArtworkError) return { kind: null, detected: null };
        throw error;
      });
      if (!sniffed.kind) return failure("unprocessable", DESIGN_MESSAGES.fileKind(sniffed.detected));
      const thumb = await processor.thumbnail(upload.path).catch(() => null);
      const prefix = `design/${owned.orderGroupId}/${owned.orderId}/files/${randomUUID()}`;
      const key = `${prefix}/${safeName(upload.fileName)}.${extensionOf(sniffed.kind)}`;
      await storage.putFile(key, upload.path, sniffed.kind === "pdf" ? "application/pdf" : `image/${sniffed.kind}`);
      if (thumb) await storage.putBuffer(`${prefix}/thumb.jpg`, thumb, "image/jpeg");
      const saved = await db.transaction(async (tx): Promise<Outcome<{ file: DesignFileRow }>> => {
        const locked = await lockJob(tx, owned.id);
        if (!locked) return failure("not-found", "Not found");
        if (locked.status === "Cancelled") return failure("conflict", DESIGN_MESSAGES.cancelled);
        const stage = stageOf(locked.job.state);
        if (!stage) return failure("conflict", FILES_WHEN);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(designFiles)
          .where(and(eq(designFiles.jobId, owned.id), eq(designFiles.stage, stage), stage === "amends" ? isNull(designFiles.amendId) : undefined));
        if (Number(count?.n ?? 0) >= BRIEF_LIMITS.files) return failure("limited", DESIGN_MESSAGES.tooManyFiles);
        const [file] = await tx
          .insert(designFiles)
          .values({
            jobId: owned.id,
            stage,
            fileName: shortFileName(upload.fileName),
            contentType: sniffed.kind === "pdf" ? "application/pdf" : `image/${sniffed.kind}`,
            sizeBytes: upload.size,
            key,
            thumbnailKey: thumb ? `${prefix}/thumb.jpg` : null,
          })
          .returning();
        return { ok: true, file: file! };
      });
      if (!saved.ok) await storage.deletePrefix(`${prefix}/`);
      return saved;
    },

    async removeFile(userId, orderId, fileId) {
      const owned = await ownedJob(userId, orderId);
      if (!owned || !Number.isSafeInteger(fileId)) return failure("not-found", "Not found");
      const removed = await db.transaction(async (tx): Promise<Outcome<{ key: string }>> => {
        const locked = await lockJob(tx, owned.id);
        if (!locked) return failure("not-found", "Not found");
        const [file] = await tx.select().from(designFiles).where(and(eq(designFiles.id, fileId), eq(designFiles.jobId, owned.id)));
        if (!file) return failure("not-found", "Not found");
        const pending = (file.stage === "brief" && locked.job.state === "brief") || (file.stage === "amends" && file.amendId === null && locked.job.state === "proof_sent");
        if (!pending) return failure("conflict", DESIGN_MESSAGES.fileSent);
        await tx.delete(designFiles).where(eq(designFiles.id, file.id));
        return { ok: true, key: file.key };
      });
      if (!removed.ok) return removed;
      await storage.deletePrefix(removed.key.slice(0, removed.key.lastIndexOf("/") + 1));
      return { ok: true };
    },

    async openFile(source, fileId, variant, viewer) {
      if (!Number.isSafeInteger(fileId) || fileId < 1) return null;
      if (source === "brief") {
        const [row] = await db
          .select({ file: designFiles, userId: designJobs.userId })
          .from(designFiles)
          .innerJoin(designJobs, eq(designJobs.id, designFiles.jobId))
          .where(eq(designFiles.id, fileId));
        if (!row || (!viewer.staff && row.userId !== viewer.userId)) return null;
        if (variant === "thumbnail") return row.file.thumbnailKey ? { key: row.file.thumbnailKey, contentType: "image/jpeg", downloadName: `${safeName(row.file.fileName)}-thumbnail.jpg` } : null;
        if (variant !== "original") return null;
        return { key: row.file.key, contentType: row.file.contentType, downloadName: row.file.fileName };
      }
      const [row] = await db
        .select({ file: designProofFiles, userId: designJobs.userId, version: designProofs.version })
        .from(designProofFiles)
        .innerJoin(designProofs, eq(designProofs.id, designProofFiles.proofId))
        .innerJoin(designJobs, eq(designJobs.id, designProofs.jobId))
        .where(eq(designProofFiles.id, fileId));
      if (!row || (!viewer.staff && row.userId !== viewer.userId)) return null;
      const base = `proof-v${row.version}-design-${row.file.designNumber}`;
      switch (variant) {
        case "thumbnail":
          return { key: row.file.thumbnailKey, contentType: "image/jpeg", downloadName: `${base}-thumbnail.jpg` };
        case "preview":
          return { key: row.file.previewKey, contentType: "image/png", downloadName: `${base}.png` };
        case "pdf":
          return { key: row.file.pdfKey, contentType: "application/pdf", downloadName: `${base}.pdf` };
        case "original":
          // The designer's working file is the shop's; customers get the PDF and the preview.
          return viewer.staff ? { key: row.file.originalKey, contentType: "application/octet-stream", downloadName: row.file.fileName } : null;
      }
    },
  };
}
