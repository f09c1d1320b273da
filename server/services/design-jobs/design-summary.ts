// What other parts of the shop need to know of an item's design job: where it stands, for the order page,
// the staff job and the queue, and whether a proof has reached the customer, for a cancellation's refund.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { designJobs, designProofs, users } from "../../../db/schema";
import type { DesignState } from "../../../domain/design-service";

export type DesignSummary = {
  state: DesignState;
  /** When the desk owes the next proof (UK date), or null. */
  proofDue: string | null;
  /** Proofs sent to the customer so far (the latest is version `proofs`). */
  proofs: number;
  designerName: string | null;
  approvedAt: Date | null;
};

/** Each designed item's job, by item id (items without one are absent). */
export async function designSummaries(db: Db | Tx, orderIds: readonly number[]): Promise<Map<number, DesignSummary>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: designJobs.orderId,
      state: designJobs.state,
      proofDue: designJobs.proofDue,
      approvedAt: designJobs.approvedAt,
      designerName: users.firstname,
      proofs: sql<number>`(select count(*)::int from "design_proofs" as "p" where "p"."job_id" = "design_jobs"."id")`,
    })
    .from(designJobs)
    .leftJoin(users, eq(users.id, designJobs.designerUserId))
    .where(inArray(designJobs.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, { state: row.state, proofDue: row.proofDue, proofs: Number(row.proofs), designerName: row.designerName ?? null, approvedAt: row.approvedAt }]));
}

/** The items of these whose design service has been given: a proof has reached the customer (docs/decisions/027-design-service-money-and-dates.md). */
export async function itemsWithProofDelivered(db: Db | Tx, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: designJobs.orderId })
    .from(designJobs)
    .innerJoin(designProofs, eq(designProofs.jobId, designJobs.id))
    .where(and(inArray(designJobs.orderId, [...orderIds])));
  return new Set(rows.map((row) => row.orderId));
}
