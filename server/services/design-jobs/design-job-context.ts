// What every part of the design service shares (server/services/design-jobs/design-job-service.ts): the
// job read with everything its page shows, the job's row locked for a decision, the latest proof, and the
// email that tells the desk.
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { designAmends, designFiles, designJobs, designProofFiles, designProofs, orders, users } from "../../../db/schema";
import { formatDeliveryDate } from "../../../domain/delivery";
import { DESIGN_MESSAGES, type DesignState } from "../../../domain/design-service";
import { designDeskEmail, type DeskNews } from "../../integrations/email/design-templates";
import { enqueueEmail } from "../email-outbox";
import { failure, type Failure, type Outcome } from "../outcome";
import type { DesignJobDetail, DesignJobRow, DesignJobServiceDeps, DesignProofRow } from "./design-job-types";

export type DesignJobContext = ReturnType<typeof designJobContext>;

export function designJobContext(deps: DesignJobServiceDeps) {
  const { db, shop } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, "");
  const messageIdDomain = shop.email.split("@")[1];

  async function detailOf(job: DesignJobRow): Promise<DesignJobDetail | null> {
    const [item] = await db.select().from(orders).where(eq(orders.id, job.orderId));
    if (!item) return null;
    const [[customer], [designer], files, proofRows, amendRows] = await Promise.all([
      db.select({ firstname: users.firstname, lastname: users.lastname, email: users.email }).from(users).where(eq(users.id, job.userId)),
      job.designerUserId === null ? Promise.resolve([]) : db.select({ firstname: users.firstname }).from(users).where(eq(users.id, job.designerUserId)),
      db.select().from(designFiles).where(eq(designFiles.jobId, job.id)).orderBy(asc(designFiles.id)),
      db
        .select({ proof: designProofs, designerName: users.firstname })
        .from(designProofs)
        .leftJoin(users, eq(users.id, designProofs.designerUserId))
        .where(eq(designProofs.jobId, job.id))
        .orderBy(asc(designProofs.version)),
      db.select().from(designAmends).where(eq(designAmends.jobId, job.id)).orderBy(asc(designAmends.id)),
    ]);
    const proofFiles =
      proofRows.length === 0
        ? []
        : await db
            .select()
            .from(designProofFiles)
            .where(inArray(designProofFiles.proofId, proofRows.map((row) => row.proof.id)))
            .orderBy(asc(designProofFiles.designNumber));
    return {
      job,
      item,
      customer: customer ?? { firstname: "", lastname: "", email: "" },
      designerName: designer?.firstname ?? null,
      briefFiles: files.filter((file) => file.stage === "brief"),
      pendingFiles: files.filter((file) => file.stage === "amends" && file.amendId === null),
      proofs: proofRows.map((row) => ({ ...row.proof, designerName: row.designerName ?? null, files: proofFiles.filter((file) => file.proofId === row.proof.id) })),
      amends: amendRows.map((amend) => ({ ...amend, files: files.filter((file) => file.amendId === amend.id) })),
    };
  }

  async function jobOf(orderId: number): Promise<DesignJobRow | null> {
    if (!Number.isSafeInteger(orderId) || orderId < 1) return null;
    const [job] = await db.select().from(designJobs).where(eq(designJobs.orderId, orderId));
    return job ?? null;
  }

  async function ownedJob(userId: number, orderId: number): Promise<DesignJobRow | null> {
    const job = await jobOf(orderId);
    return job && job.userId === userId ? job : null;
  }

  /** The job's row locked for this transaction, with its item's status: every decision is made on these. */
  async function lockJob(tx: Tx, jobId: number) {
    const [locked] = await tx
      .select({ job: designJobs, status: orders.status })
      .from(designJobs)
      .innerJoin(orders, eq(orders.id, designJobs.orderId))
      .where(eq(designJobs.id, jobId))
      .for("update", { of: designJobs });
    return locked ?? null;
  }

  async function latestProof(tx: Tx | Db, jobId: number): Promise<DesignProofRow | null> {
    const [proof] = await tx.select().from(designProofs).where(eq(designProofs.jobId, jobId)).orderBy(desc(designProofs.version)).limit(1);
    return proof ?? null;
  }

  async function reload(jobId: number): Promise<DesignJobDetail> {
    const [job] = await db.select().from(designJobs).where(eq(designJobs.id, jobId));
    return (await detailOf(job!))!;
  }

  /** Where the desk hears of a job: the designer who took it, else the shop's own inbox. */
  async function deskAddress(tx: Tx, job: DesignJobRow): Promise<string> {
    if (job.designerUserId === null) return shop.email;
    const [designer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, job.designerUserId));
    return designer?.email ?? shop.email;
  }

  /** `deliveryIfApproved`: the delivery date an approval on the day the next proof is due (or today) would give. */
  async function tellDesk(tx: Tx, job: DesignJobRow, item: typeof orders.$inferSelect, deliveryIfApproved: string, news: DeskNews): Promise<void> {
    const [customer] = await tx.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, job.userId));
    const content = designDeskEmail(
      shop,
      {
        orderGroupId: item.orderGroupId,
        productName: item.productName,
        quantity: item.quantity,
        customer: `${customer?.firstname ?? ""} ${customer?.lastname ?? ""}`.trim() || "The customer",
        jobUrl: `${publicUrl}/staff/design/${item.id}`,
        deliveryIfApproved: formatDeliveryDate(deliveryIfApproved),
      },
      news,
    );
    await enqueueEmail(tx, { to: await deskAddress(tx, job), messageIdDomain, ...content });
  }

  const orderUrl = (orderGroupId: number) => `${publicUrl}/my-account/orders/${orderGroupId}`;

  const refusedFor = (state: DesignState, status: string): Failure | null => (status === "Cancelled" ? failure("conflict", DESIGN_MESSAGES.cancelled) : state === "approved" ? failure("conflict", DESIGN_MESSAGES.alreadyApproved) : null);

  /** The job locked with the latest proof the customer is answering: refused when the item is cancelled, the design approved, or no proof waits. */
  async function lockProofSent(tx: Tx, jobId: number): Promise<Outcome<{ job: DesignJobRow; latest: DesignProofRow }>> {
    const locked = await lockJob(tx, jobId);
    if (!locked) return failure("not-found", "Not found");
    const refused = refusedFor(locked.job.state, locked.status);
    if (refused) return refused;
    const latest = await latestProof(tx, locked.job.id);
    if (!latest || locked.job.state !== "proof_sent") return failure("conflict", DESIGN_MESSAGES.noProof);
    return { ok: true, job: locked.job, latest };
  }

  return { ...deps, publicUrl, messageIdDomain, detailOf, jobOf, ownedJob, lockJob, latestProof, reload, tellDesk, orderUrl, refusedFor, lockProofSent };
}
