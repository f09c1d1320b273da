// The design service's answers (server/api/design-jobs/routes.ts): a designed item's job as its page shows
// it, a brief file, the designers' desk, and the bodies of a brief, amends and approval, with the views that
// fill them from the service's rows.
import { z } from "zod";
import { lineSizeLabel } from "../../../domain/checkout";
import { approvalQuestion, BRIEF_LIMITS, DESIGN_STATES, deliveryFromApproval, dueStatus } from "../../../domain/design-service";
import { briefSchema } from "../../../domain/design-brief";
import type { DesignFileRow, DesignJobDetail, DeskEntry } from "../../services/design-jobs/design-job-service";
import { preflightSchema } from "../orders/serialise";

export const designFileSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  uploaded_at: z.string(),
});

const proofFileSchema = z.object({
  id: z.number().int(),
  design_number: z.number().int(),
  file_name: z.string(),
  preflight: preflightSchema,
  thumbnail_url: z.string(),
  preview_url: z.string(),
  pdf_url: z.string(),
  /** The designer's working file: staff only (null for the customer). */
  original_url: z.string().nullable(),
});

/** The designed item a job is for, as both the job and the desk name it. */
const designedItemFields = {
  order_id: z.number().int(),
  order_group_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  size: z.string(),
  designs: z.number().int(),
  state: z.enum(DESIGN_STATES),
};

/** A designed item's job as its page shows it: the brief, the files, every proof and amends, and what approval would mean. */
export const designJobAnswer = z.object({
  ...designedItemFields,
  item_status: z.string(),
  brief: z.object({ wording: z.string(), colours: z.string(), style: z.string(), notes: z.string(), quantities: z.array(z.number().int()), sent_at: z.string().nullable() }),
  brief_files: z.array(designFileSchema),
  /** Files added toward amends not yet sent. */
  pending_files: z.array(designFileSchema),
  proof_due: z.string().nullable(),
  due_status: z.enum(["late", "due-today", "on-time"]).nullable(),
  designer: z.string().nullable(),
  taken_at: z.string().nullable(),
  proofs: z.array(z.object({ version: z.number().int(), note: z.string(), created_at: z.string(), designer: z.string().nullable(), files: z.array(proofFileSchema) })),
  amends: z.array(z.object({ id: z.number().int(), proof_version: z.number().int(), comments: z.string(), proof_due: z.string(), created_at: z.string(), files: z.array(designFileSchema) })),
  approved_version: z.number().int().nullable(),
  approved_at: z.string().nullable(),
  /** The item's delivery date: counted from approval once approved; before, as promised at payment. */
  delivery_date: z.string(),
  /** The delivery date an approval today would give. */
  delivery_if_approved_today: z.string(),
  turnaround_days: z.number().int(),
  /** The confirmation the customer answers before approving the latest proof (null when none waits). */
  approval_question: z.string().nullable(),
  /** Staff only: the customer. */
  customer: z.object({ name: z.string(), email: z.string() }).nullable(),
});

export const designFileAnswer = z.object({ file: designFileSchema });

export const deskAnswer = z.object({
  jobs: z.array(
    z.object({
      ...designedItemFields,
      brief_sent_at: z.string().nullable(),
      proof_due: z.string().nullable(),
      due_status: z.enum(["late", "due-today", "on-time"]).nullable(),
      designer: z.string().nullable(),
      customer_name: z.string(),
      proofs: z.number().int(),
    }),
  ),
});

/** Saves the brief; `send: true` also sends it to the designers. */
export const briefBody = briefSchema.extend({ send: z.boolean().default(false) });
export const amendsBody = z.object({
  version: z.number().int().min(1).max(10_000),
  comments: z.string().max(BRIEF_LIMITS.comments, `The comments must be at most ${BRIEF_LIMITS.comments} characters`),
});
export const approveBody = z.object({ version: z.number().int().min(1).max(10_000) });

export function fileView(file: DesignFileRow) {
  return {
    id: file.id,
    file_name: file.fileName,
    content_type: file.contentType,
    size_bytes: file.sizeBytes,
    url: `/api/design/brief-files/${file.id}/original`,
    thumbnail_url: file.thumbnailKey ? `/api/design/brief-files/${file.id}/thumbnail` : null,
    uploaded_at: file.createdAt.toISOString(),
  };
}

export function designJobView(detail: DesignJobDetail, viewer: "customer" | "staff", now = new Date()): z.infer<typeof designJobAnswer> {
  const { job, item } = detail;
  const latest = detail.proofs.at(-1);
  const approved = detail.proofs.find((proof) => proof.id === job.approvedProofId);
  const ifApprovedToday = deliveryFromApproval(now, item.turnaroundDays ?? 3);
  return {
    order_id: item.id,
    order_group_id: item.orderGroupId,
    product_name: item.productName,
    quantity: item.quantity,
    size: lineSizeLabel(item),
    designs: job.designs,
    state: job.state,
    item_status: item.status,
    brief: { wording: job.wording, colours: job.colours, style: job.style, notes: job.notes, quantities: job.quantities, sent_at: job.briefSentAt?.toISOString() ?? null },
    brief_files: detail.briefFiles.map(fileView),
    pending_files: detail.pendingFiles.map(fileView),
    proof_due: job.proofDue,
    due_status: job.proofDue ? dueStatus(job.proofDue, now) : null,
    designer: detail.designerName,
    taken_at: job.takenAt?.toISOString() ?? null,
    proofs: detail.proofs.map((proof) => ({
      version: proof.version,
      note: proof.note,
      created_at: proof.createdAt.toISOString(),
      designer: proof.designerName,
      files: proof.files.map((file) => ({
        id: file.id,
        design_number: file.designNumber,
        file_name: file.fileName,
        preflight: file.preflight,
        thumbnail_url: `/api/design/proof-files/${file.id}/thumbnail`,
        preview_url: `/api/design/proof-files/${file.id}/preview`,
        pdf_url: `/api/design/proof-files/${file.id}/pdf`,
        original_url: viewer === "staff" ? `/api/design/proof-files/${file.id}/original` : null,
      })),
    })),
    amends: detail.amends.map((amend) => ({
      id: amend.id,
      proof_version: detail.proofs.find((proof) => proof.id === amend.proofId)?.version ?? 0,
      comments: amend.comments,
      proof_due: amend.proofDue,
      created_at: amend.createdAt.toISOString(),
      files: amend.files.map(fileView),
    })),
    approved_version: approved?.version ?? null,
    approved_at: job.approvedAt?.toISOString() ?? null,
    delivery_date: item.deliveryDate,
    delivery_if_approved_today: ifApprovedToday,
    turnaround_days: item.turnaroundDays ?? 3,
    approval_question:
      job.state === "proof_sent" && latest ? approvalQuestion({ productName: item.productName, version: latest.version, designs: job.designs, deliveryIfApprovedToday: ifApprovedToday }) : null,
    customer: viewer === "staff" ? { name: `${detail.customer.firstname} ${detail.customer.lastname}`.trim(), email: detail.customer.email } : null,
  };
}

export function deskEntryView(entry: DeskEntry, now: Date) {
  return {
    order_id: entry.item.id,
    order_group_id: entry.item.orderGroupId,
    product_name: entry.item.productName,
    quantity: entry.item.quantity,
    size: lineSizeLabel(entry.item),
    designs: entry.job.designs,
    state: entry.job.state,
    brief_sent_at: entry.job.briefSentAt?.toISOString() ?? null,
    proof_due: entry.job.proofDue,
    due_status: entry.job.proofDue ? dueStatus(entry.job.proofDue, now) : null,
    designer: entry.designerName,
    customer_name: entry.customerName,
    proofs: entry.proofs,
  };
}
