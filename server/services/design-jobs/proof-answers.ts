// The customer's answer to a proof (server/services/design-jobs/design-job-service.ts): amends, which send
// the job back to the designer, or approval, which makes the proof the item's print artwork and moves the
// item to Print Ready.
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { designAmends, designFiles, designJobs, designProofFiles, orderFiles, orderGroups, orders, users } from "../../../db/schema";
import { formatDeliveryDate, ukWallClockToDate } from "../../../domain/delivery";
import { amendsDue, BRIEF_LIMITS, canMoveDesign, deliveryFromApproval, DESIGN_MESSAGES, designQuantities } from "../../../domain/design-service";
import { designApprovedEmail } from "../../integrations/email/design-templates";
import { copyStoredObject } from "../../integrations/storage/copy-object";
import { enqueueEmail } from "../email-outbox";
import { failure, type Outcome } from "../outcome";
import { changeItemStatus } from "../status-change";
import type { DesignJobContext } from "./design-job-context";
import type { DesignJobService } from "./design-job-types";

export function proofAnswers(context: DesignJobContext): Pick<DesignJobService, "askAmends" | "approve"> {
  const { db, storage, shop, sender, tmpDir, messageIdDomain, ownedJob, latestProof, lockProofSent, reload, tellDesk, orderUrl } = context;

  async function copyObject(from: string, to: string, contentType: string): Promise<void> {
    if (!(await copyStoredObject(storage, tmpDir, from, to, contentType))) throw new Error(`stored design file ${from} is missing`);
  }

  return {
    async askAmends(userId, orderId, input, now = new Date()) {
      const owned = await ownedJob(userId, orderId);
      if (!owned) return failure("not-found", "Not found");
      const comments = input.comments.trim();
      if (comments === "") return failure("invalid", DESIGN_MESSAGES.commentsRequired);
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const waiting = await lockProofSent(tx, owned.id);
        if (!waiting.ok) return waiting;
        const { job, latest } = waiting;
        if (latest.version !== input.version) return failure("conflict", DESIGN_MESSAGES.notLatest(latest.version));
        if (!canMoveDesign(job.state, "designing")) return failure("conflict", DESIGN_MESSAGES.noProof);
        const due = amendsDue(now);
        const [amend] = await tx.insert(designAmends).values({ jobId: job.id, proofId: latest.id, comments: comments.slice(0, BRIEF_LIMITS.comments), proofDue: due }).returning();
        const attached = await tx
          .update(designFiles)
          .set({ amendId: amend!.id })
          .where(and(eq(designFiles.jobId, job.id), eq(designFiles.stage, "amends"), isNull(designFiles.amendId)))
          .returning({ id: designFiles.id });
        const [saved] = await tx.update(designJobs).set({ state: "designing", proofDue: due, updatedAt: sql`now()` }).where(eq(designJobs.id, job.id)).returning();
        const [item] = await tx.select().from(orders).where(eq(orders.id, job.orderId));
        await tellDesk(tx, saved!, item!, deliveryFromApproval(ukWallClockToDate(due, 9), item!.turnaroundDays ?? 3), { kind: "amends", version: latest.version, comments, dueDate: formatDeliveryDate(due), files: attached.length });
        return { ok: true };
      });
      if (!outcome.ok) return outcome;
      sender.kick();
      return { ok: true, detail: await reload(owned.id) };
    },

    async approve(userId, orderId, version, now = new Date()) {
      const owned = await ownedJob(userId, orderId);
      if (!owned) return failure("not-found", "Not found");
      const proof = await latestProof(db, owned.id);
      if (!proof || owned.state === "brief" || owned.state === "designing") return failure("conflict", DESIGN_MESSAGES.noProof);
      if (owned.state === "approved") return failure("conflict", DESIGN_MESSAGES.alreadyApproved);
      if (proof.version !== version) return failure("conflict", DESIGN_MESSAGES.notLatest(proof.version));
      const files = await db.select().from(designProofFiles).where(eq(designProofFiles.proofId, proof.id)).orderBy(asc(designProofFiles.designNumber));
      // The approved proof becomes the item's print artwork: its files are copied into the item's artwork
      // folders first (storage is not transactional); the transaction below decides, and a loser's copies go.
      const prefix = `orders/${owned.orderGroupId}/${owned.orderId}`;
      const copies = files.map((file) => ({ file, folder: `${prefix}/v${file.designNumber}-${randomUUID()}` }));
      for (const { file, folder } of copies) {
        await copyObject(file.pdfKey, `${folder}/print.pdf`, "application/pdf");
        await copyObject(file.thumbnailKey, `${folder}/thumb.jpg`, "image/jpeg");
        await copyObject(file.previewKey, `${folder}/proof.png`, "image/png");
        await copyObject(file.originalKey, `${folder}/original`, "application/octet-stream");
      }
      const dropCopies = () => Promise.all(copies.map(({ folder }) => storage.deletePrefix(`${folder}/`)));
      let outcome: Outcome<{ deliveryDate: string; unsentKeys: string[] }>;
      try {
        outcome = await db.transaction(async (tx): Promise<Outcome<{ deliveryDate: string; unsentKeys: string[] }>> => {
          const waiting = await lockProofSent(tx, owned.id);
          if (!waiting.ok) return waiting;
          const { job, latest } = waiting;
          if (latest.id !== proof.id) return failure("conflict", DESIGN_MESSAGES.notLatest(latest.version));
          const [item] = await tx.select().from(orders).where(eq(orders.id, job.orderId));
          const quantities = designQuantities({ quantity: item!.quantity, designs: job.designs }, job.quantities);
          await tx.delete(orderFiles).where(eq(orderFiles.orderId, job.orderId));
          await tx.insert(orderFiles).values(
            copies.map(({ file, folder }) => ({
              orderId: job.orderId,
              versionNumber: file.designNumber,
              quantity: quantities[file.designNumber - 1] ?? item!.quantity,
              fileName: file.fileName,
              contentType: file.contentType,
              sizeBytes: file.sizeBytes,
              originalKey: `${folder}/original`,
              pdfKey: `${folder}/print.pdf`,
              thumbnailKey: `${folder}/thumb.jpg`,
              proofKey: `${folder}/proof.png`,
              preflight: file.preflight,
              approved: true,
              notes: `Design proof version ${proof.version}, approved by the customer`,
            })),
          );
          // Production lead times begin at approval: the item's delivery date is counted from today.
          const deliveryDate = deliveryFromApproval(now, item!.turnaroundDays ?? 3);
          const moved = await changeItemStatus(tx, job.orderId, "Print Ready", { kind: "customer", userId }, {
            note: `Design proof version ${proof.version} approved; delivery by ${formatDeliveryDate(deliveryDate)}`,
            set: { deliveryDate, rejectionReason: null },
          });
          if (!moved.ok) return moved;
          if (!moved.changed) return failure("conflict", DESIGN_MESSAGES.alreadyApproved);
          const [saved] = await tx
            .update(designJobs)
            .set({ state: "approved", approvedProofId: proof.id, approvedAt: now, proofDue: null, updatedAt: sql`now()` })
            .where(eq(designJobs.id, job.id))
            .returning();
          // The order arrives when its last item does.
          const [latestDate] = await tx
            .select({ date: sql<string>`max(${orders.deliveryDate})::text` })
            .from(orders)
            .where(and(eq(orders.orderGroupId, item!.orderGroupId), ne(orders.status, "Cancelled")));
          if (latestDate?.date) await tx.update(orderGroups).set({ deliveryDate: latestDate.date, updatedAt: sql`now()` }).where(eq(orderGroups.id, item!.orderGroupId));
          const [customer] = await tx.select({ firstname: users.firstname, email: users.email }).from(users).where(eq(users.id, job.userId));
          const [group] = await tx.select({ email: orderGroups.userEmail }).from(orderGroups).where(eq(orderGroups.id, item!.orderGroupId));
          const words = { orderGroupId: item!.orderGroupId, productName: item!.productName, quantity: item!.quantity };
          await enqueueEmail(tx, {
            to: group?.email ?? customer!.email,
            messageIdDomain,
            ...designApprovedEmail(shop, { ...words, firstname: customer?.firstname ?? "", version: proof.version, deliveryDate: formatDeliveryDate(deliveryDate), orderUrl: orderUrl(item!.orderGroupId) }),
          });
          await tellDesk(tx, saved!, item!, deliveryDate, { kind: "approved", version: proof.version, deliveryDate: formatDeliveryDate(deliveryDate) });
          // Files added towards amends that were never asked for: approval ends the rounds, so nobody would see them.
          const unsent = await tx
            .delete(designFiles)
            .where(and(eq(designFiles.jobId, job.id), eq(designFiles.stage, "amends"), isNull(designFiles.amendId)))
            .returning({ key: designFiles.key });
          return { ok: true, deliveryDate, unsentKeys: unsent.map((file) => file.key) };
        });
      } catch (error) {
        await dropCopies();
        throw error;
      }
      if (!outcome.ok) {
        await dropCopies();
        return outcome;
      }
      for (const key of outcome.unsentKeys) await storage.deletePrefix(key.slice(0, key.lastIndexOf("/") + 1));
      sender.kick();
      return { ok: true, detail: await reload(owned.id) };
    },
  };
}
