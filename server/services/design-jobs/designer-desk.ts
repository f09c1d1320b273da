// The designers' side (server/services/design-jobs/design-job-service.ts): the desk of jobs not yet
// approved, taking a brief, and sending the next numbered proof, each design preflighted against the
// ordered size like customer artwork.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { designJobs, designProofFiles, designProofs, orderGroups, orders, users } from "../../../db/schema";
import { orderedArtworkSize, shortFileName } from "../../../domain/artwork";
import { formatDeliveryDate } from "../../../domain/delivery";
import { BRIEF_LIMITS, canMoveDesign, deliveryFromApproval, DESIGN_MESSAGES, proofRefusal } from "../../../domain/design-service";
import { proofReadyEmail } from "../../integrations/email/design-templates";
import { enqueueEmail } from "../email-outbox";
import { failure, type Outcome } from "../outcome";
import type { DesignJobContext } from "./design-job-context";
import type { DesignJobService } from "./design-job-types";

export function designerDesk(context: DesignJobContext): Pick<DesignJobService, "desk" | "take" | "sendProof"> {
  const { db, storage, processor, shop, sender, tmpDir, messageIdDomain, jobOf, lockJob, latestProof, reload, refusedFor, orderUrl } = context;

  return {
    async desk() {
      const rows = await db
        .select({
          job: designJobs,
          item: {
            id: orders.id,
            orderGroupId: orders.orderGroupId,
            productName: orders.productName,
            quantity: orders.quantity,
            widthMm: orders.widthMm,
            heightMm: orders.heightMm,
            fixedSize: orders.fixedSize,
            orientation: orders.orientation,
            status: orders.status,
          },
          firstname: users.firstname,
          lastname: users.lastname,
          proofs: sql<number>`(select count(*)::int from "design_proofs" as "p" where "p"."job_id" = "design_jobs"."id")`,
          designerName: sql<string | null>`(select "d"."firstname" from "users" as "d" where "d"."id" = "design_jobs"."designer_user_id")`,
        })
        .from(designJobs)
        .innerJoin(orders, eq(orders.id, designJobs.orderId))
        .innerJoin(users, eq(users.id, designJobs.userId))
        .where(and(ne(designJobs.state, "approved"), ne(orders.status, "Cancelled")))
        // Proofs owed first, most urgent first; then jobs with the customer, then briefs not yet sent.
        .orderBy(sql`case ${designJobs.state} when 'designing' then 0 when 'proof_sent' then 1 else 2 end`, asc(designJobs.proofDue), asc(designJobs.id))
        .limit(500);
      return rows.map((row) => ({ job: row.job, item: row.item, customerName: `${row.firstname} ${row.lastname}`.trim(), designerName: row.designerName ?? null, proofs: Number(row.proofs) }));
    },

    async take(staffUserId, orderId) {
      const job = await jobOf(orderId);
      if (!job) return failure("not-found", "Not found");
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const locked = await lockJob(tx, job.id);
        if (!locked) return failure("not-found", "Not found");
        const refused = refusedFor(locked.job.state, locked.status);
        if (refused) return refused;
        if (locked.job.designerUserId === staffUserId) return { ok: true };
        if (locked.job.designerUserId !== null) {
          const [holder] = await tx.select({ firstname: users.firstname }).from(users).where(eq(users.id, locked.job.designerUserId));
          return failure("conflict", DESIGN_MESSAGES.takenBy(holder?.firstname ?? "Another designer"));
        }
        await tx.update(designJobs).set({ designerUserId: staffUserId, takenAt: sql`now()`, updatedAt: sql`now()` }).where(eq(designJobs.id, job.id));
        return { ok: true };
      });
      if (!outcome.ok) return outcome;
      return { ok: true, detail: await reload(job.id) };
    },

    async sendProof(staffUserId, orderId, input, now = new Date()) {
      const job = await jobOf(orderId);
      if (!job) return failure("not-found", "Not found");
      const [item] = await db.select().from(orders).where(eq(orders.id, job.orderId));
      if (!item) return failure("not-found", "Not found");
      const early = refusedFor(job.state, item.status);
      if (early) return early;
      if (job.designerUserId === null) return failure("conflict", DESIGN_MESSAGES.notTaken);
      if (job.designerUserId !== staffUserId) {
        const [holder] = await db.select({ firstname: users.firstname }).from(users).where(eq(users.id, job.designerUserId));
        return failure("conflict", DESIGN_MESSAGES.takenBy(holder?.firstname ?? "Another designer"));
      }
      if (job.state !== "designing") return failure("conflict", DESIGN_MESSAGES.notDesigning(job.state));
      const size = orderedArtworkSize(item);
      if (!size) return failure("conflict", "This item has no size to check the proof against.");
      for (let design = 1; design <= job.designs; design++) {
        if (!input.files[design - 1]) return failure("invalid", DESIGN_MESSAGES.proofFile(design));
      }

      // Each design is checked and made print-ready like customer artwork, at the ordered size.
      const folder = `design/${job.orderGroupId}/${job.orderId}/proof-${randomUUID()}`;
      const made: Omit<typeof designProofFiles.$inferInsert, "proofId">[] = [];
      try {
        for (let design = 1; design <= job.designs; design++) {
          const upload = input.files[design - 1]!;
          const workPdf = path.join(tmpDir, `${randomUUID()}.pdf`);
          try {
            const processed = await processor.processUpload(upload.path, { ...size, versions: 1 }, workPdf);
            const refusal = proofRefusal(processed.preflight);
            if (refusal || !processed.pdf || !processed.thumbnailJpeg) {
              await storage.deletePrefix(`${folder}/`);
              return { ok: false, reason: "unprocessable", message: job.designs > 1 ? `Design ${design}: ${refusal ?? "This file cannot be printed."}` : (refusal ?? "This file cannot be printed."), preflight: processed.preflight, design };
            }
            const preview = await processor.proof(workPdf);
            const keys = { original: `${folder}/d${design}/original`, pdf: `${folder}/d${design}/print.pdf`, thumb: `${folder}/d${design}/thumb.jpg`, preview: `${folder}/d${design}/preview.png` };
            await storage.putFile(keys.original, upload.path, "application/octet-stream");
            await storage.putFile(keys.pdf, workPdf, "application/pdf");
            await storage.putBuffer(keys.thumb, processed.thumbnailJpeg, "image/jpeg");
            await storage.putBuffer(keys.preview, preview, "image/png");
            made.push({
              designNumber: design,
              fileName: shortFileName(upload.fileName),
              contentType: upload.declaredType.slice(0, 100),
              sizeBytes: upload.size,
              originalKey: keys.original,
              pdfKey: keys.pdf,
              thumbnailKey: keys.thumb,
              previewKey: keys.preview,
              preflight: processed.preflight,
            });
          } finally {
            await fs.promises.rm(workPdf, { force: true });
          }
        }
      } catch (error) {
        await storage.deletePrefix(`${folder}/`);
        throw error;
      }

      const outcome = await db.transaction(async (tx): Promise<Outcome<{ version: number }>> => {
        const locked = await lockJob(tx, job.id);
        if (!locked) return failure("not-found", "Not found");
        const refused = refusedFor(locked.job.state, locked.status);
        if (refused) return refused;
        if (locked.job.designerUserId !== staffUserId) return failure("conflict", DESIGN_MESSAGES.notTaken);
        if (!canMoveDesign(locked.job.state, "proof_sent")) return failure("conflict", DESIGN_MESSAGES.notDesigning(locked.job.state));
        const latest = await latestProof(tx, job.id);
        const version = (latest?.version ?? 0) + 1;
        const [proof] = await tx.insert(designProofs).values({ jobId: job.id, version, note: input.note.trim().slice(0, BRIEF_LIMITS.comments), designerUserId: staffUserId }).returning();
        await tx.insert(designProofFiles).values(made.map((file) => ({ ...file, proofId: proof!.id })));
        await tx.update(designJobs).set({ state: "proof_sent", proofDue: null, updatedAt: sql`now()` }).where(eq(designJobs.id, job.id));
        const [customer] = await tx.select({ firstname: users.firstname }).from(users).where(eq(users.id, job.userId));
        const [group] = await tx.select({ email: orderGroups.userEmail }).from(orderGroups).where(eq(orderGroups.id, job.orderGroupId));
        await enqueueEmail(tx, {
          to: group!.email,
          messageIdDomain,
          ...proofReadyEmail(shop, {
            orderGroupId: item.orderGroupId,
            productName: item.productName,
            quantity: item.quantity,
            firstname: customer?.firstname ?? "",
            version,
            note: proof!.note,
            deliveryIfApprovedToday: formatDeliveryDate(deliveryFromApproval(now, item.turnaroundDays ?? 3)),
            orderUrl: orderUrl(item.orderGroupId),
          }),
        });
        return { ok: true, version };
      });
      if (!outcome.ok) {
        await storage.deletePrefix(`${folder}/`);
        return outcome;
      }
      sender.kick();
      return { ok: true, detail: await reload(job.id) };
    },
  };
}
