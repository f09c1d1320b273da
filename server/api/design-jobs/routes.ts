// The design service's API (DECISIONS rule 23). Customers: their designed item's brief, files, proofs,
// amends and approval (`/api/orders/:orderId/design…`, only their own). Staff: the designers' desk
// (`/api/staff/design…`). Files: brief files and proof files, for their customer or staff only. Uploads
// stream to a temporary file and are checked by content (server/api/uploads.ts, server/artwork).
import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { lineSizeLabel } from "../../../domain/checkout";
import {
  approvalQuestion,
  BRIEF_LIMITS,
  DESIGN_STATES,
  deliveryFromApproval,
  dueStatus,
  MAX_DESIGNS_PER_ITEM,
} from "../../../domain/design-service";
import { briefSchema } from "../../../domain/design-brief";
import { isStaffRole } from "../../../domain/roles";
import { requireUser } from "../../plugins/auth";
import type { DesignFileRow, DesignJobDetail, DeskEntry } from "../../services/design-jobs/design-job-service";
import type { RedesignView } from "../../services/design-jobs/redesign-service";
import { contentDisposition } from "../../front-door/content-disposition";
import { errorBody, errorSchema } from "../../front-door/errors";
import { confirm, notFound, sendFailure } from "../failure";
import { preflightSchema } from "../orders/serialise";
import { doneAnswer, idParams, replies, rowId } from "../schemas";
import { receiveMultipart } from "../uploads";
import { declare } from "../declare";

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

/** A designed item's job as its page shows it: the brief, the files, every proof and amends, and what approval would mean. */
export const designJobAnswer = z.object({
  order_id: z.number().int(),
  order_group_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  size: z.string(),
  designs: z.number().int(),
  state: z.enum(DESIGN_STATES),
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
      order_id: z.number().int(),
      order_group_id: z.number().int(),
      product_name: z.string(),
      quantity: z.number().int(),
      size: z.string(),
      designs: z.number().int(),
      state: z.enum(DESIGN_STATES),
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

function fileView(file: DesignFileRow) {
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

function deskEntryView(entry: DeskEntry, now: Date) {
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

export const redesignSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  product_name: z.string(),
  reason: z.string(),
  /** VAT included. */
  amount_pence: z.number().int(),
  status: z.enum(["awaiting payment", "paid", "expired"]),
  pay_by: z.string(),
  /** The order the payment became. */
  paid_order_group_id: z.number().int().nullable(),
  created_at: z.string(),
});
export const redesignListAnswer = z.object({ redesigns: z.array(redesignSchema) });
export const redesignAnswer = z.object({ redesign: redesignSchema });
export const redesignBody = z.object({
  order_id: rowId("order_id"),
  reason: z.string().trim().min(3, "Give a reason for the reprint (at least 3 characters)").max(300, "Keep the reason under 300 characters"),
});
export const paymentLinkAnswer = z.object({ url: z.string() });

function redesignView(view: RedesignView): z.infer<typeof redesignSchema> {
  return {
    id: view.id,
    order_id: view.orderId,
    product_name: view.productName,
    reason: view.reason,
    amount_pence: view.amountPence,
    status: view.status,
    pay_by: view.payBy.toISOString(),
    paid_order_group_id: view.paidOrderGroupId,
    created_at: view.createdAt.toISOString(),
  };
}

const PROOF_FIELDS = Array.from({ length: MAX_DESIGNS_PER_ITEM }, (_, index) => `design_${index + 1}`);

export async function designJobRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { designJobs: design, redesigns, config } = services;
  const tmpDir = path.join(config.dataDir, "tmp", "uploads");
  await app.register(multipart);
  const refuse = (reply: FastifyReply, status: number, message: string) => reply.status(status).send(errorBody(message, status));
  const orderParams = idParams("orderId");

  app.get(
    "/orders/:orderId/design",
    declare({ auth: "customer", tag: "design", summary: "A designed item's design job: the brief, its files, every numbered proof, the amends, and what approving today would mean" }, { params: orderParams, response: replies({ 200: designJobAnswer }, 401, 404) }),
    async (request, reply) => {
      const detail = await design.jobForOwner(requireUser(request).userId, request.params.orderId as number);
      return detail ? designJobView(detail, "customer") : notFound(reply);
    },
  );

  app.put(
    "/orders/:orderId/design/brief",
    declare({ auth: "customer", tag: "design", summary: "Saves the brief (wording, colours, style, notes, each design's quantity); with send: true also sends it to the designers, and the first proof falls due in 3 working days" }, {
      params: orderParams,
      body: briefBody,
      response: replies({ 200: designJobAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const { send, ...brief } = request.body;
      const result = await design.saveBrief(requireUser(request).userId, request.params.orderId as number, brief, send);
      return result.ok ? designJobView(result.detail, "customer") : sendFailure(reply, result);
    },
  );

  app.post(
    "/orders/:orderId/design/files",
    declare({ auth: "customer", tag: "design", limit: { max: 60, timeWindow: "10 minutes" }, summary: "Adds a logo, photo or reference (JPG, PNG, TIFF, WebP or PDF, checked by content) to the brief, or to amends while a proof waits. Multipart: the file in `file`.", form: { files: ["file"], fields: [] } }, {
      consumes: ["multipart/form-data"],
      params: orderParams,
      response: replies({ 201: designFileAnswer }, 400, 401, 404, 409, 413, 422, 429),
    }),
    async (request, reply) => {
      const userId = requireUser(request).userId;
      const orderId = request.params.orderId as number;
      // Someone else's item is refused before a byte of the upload is stored.
      if (!(await design.jobForOwner(userId, orderId))) return notFound(reply);
      const received = await receiveMultipart(request, reply, { tmpDir, maxFileBytes: config.uploadMaxBytes });
      if (!received.ok) return refuse(reply, received.status, received.message);
      try {
        const file = received.value.files.file;
        if (!file) return refuse(reply, 400, "file is required: attach it in the `file` field");
        const result = await design.addFile(userId, orderId, file);
        if (!result.ok) return sendFailure(reply, result);
        return reply.status(201).send({ file: fileView(result.file) });
      } finally {
        await received.cleanup();
      }
    },
  );

  app.delete(
    "/orders/:orderId/design/files/:fileId",
    declare({ auth: "customer", tag: "design", summary: "Removes a file not yet sent to the designer" }, { params: idParams("orderId", "fileId"), response: replies({ 200: doneAnswer }, 401, 404, 409) }),
    async (request, reply) => confirm(reply, await design.removeFile(requireUser(request).userId, request.params.orderId as number, request.params.fileId as number)),
  );

  app.post(
    "/orders/:orderId/design/amends",
    declare({ auth: "customer", tag: "design", summary: "Asks for amends to the latest proof (its version), with comments and any files added since; the next proof falls due in 2 working days" }, {
      params: orderParams,
      body: amendsBody,
      response: replies({ 200: designJobAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await design.askAmends(requireUser(request).userId, request.params.orderId as number, request.body);
      return result.ok ? designJobView(result.detail, "customer") : sendFailure(reply, result);
    },
  );

  app.post(
    "/orders/:orderId/design/approve",
    declare({ auth: "customer", tag: "design", summary: "Approves the latest proof (its version): it becomes the item's print artwork, the item moves to Print Ready, and delivery is counted from today. Of two approvals at once, one moves the item; the other is told it is approved." }, {
      params: orderParams,
      body: approveBody,
      response: replies({ 200: designJobAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await design.approve(requireUser(request).userId, request.params.orderId as number, request.body.version);
      return result.ok ? designJobView(result.detail, "customer") : sendFailure(reply, result);
    },
  );

  const sendStored = async (reply: FastifyReply, found: { key: string; contentType: string; downloadName: string } | null, disposition: "inline" | "attachment") => {
    if (!found) return notFound(reply);
    const stored = await services.storage.open(found.key);
    if (!stored) return notFound(reply);
    reply.header("cache-control", "private, no-store");
    reply.header("content-length", stored.size);
    reply.header("content-disposition", contentDisposition(disposition, found.downloadName));
    return reply.type(found.contentType).send(stored.stream);
  };

  app.get(
    "/design/brief-files/:fileId/:kind",
    declare({ auth: "customer", tag: "design", summary: "A brief or amends file (the original, or its thumbnail), for its customer or staff only" }, { params: idParams("fileId").extend({ kind: z.enum(["original", "thumbnail"]) }) }),
    async (request, reply) => {
      const user = requireUser(request);
      const found = await design.openFile("brief", request.params.fileId as number, request.params.kind, { userId: user.userId, staff: isStaffRole(user.role) });
      return sendStored(reply, found, request.params.kind === "original" ? "attachment" : "inline");
    },
  );

  app.get(
    "/design/proof-files/:fileId/:kind",
    declare({ auth: "customer", tag: "design", summary: "A proof's design: thumbnail, preview (PNG), print PDF, or (staff only) the designer's original; for its customer or staff only" }, { params: idParams("fileId").extend({ kind: z.enum(["thumbnail", "preview", "pdf", "original"]) }) }),
    async (request, reply) => {
      const user = requireUser(request);
      const found = await design.openFile("proof", request.params.fileId as number, request.params.kind, { userId: user.userId, staff: isStaffRole(user.role) });
      return sendStored(reply, found, request.params.kind === "pdf" || request.params.kind === "original" ? "attachment" : "inline");
    },
  );

  app.get(
    "/staff/design",
    declare({ auth: "staff", tag: "staff", summary: "The designers' desk: every design job not yet approved, proofs owed first by due date (late ones marked), then those with the customer, then briefs not yet sent" }, { response: replies({ 200: deskAnswer }, 401, 404) }),
    async () => {
      const now = new Date();
      return { jobs: (await design.desk()).map((entry) => deskEntryView(entry, now)) };
    },
  );

  app.get(
    "/staff/design/:orderId",
    declare({ auth: "staff", tag: "staff", summary: "A design job as the designer works on it: the brief and files, the proofs with their preflight, the amends, the customer" }, { params: orderParams, response: replies({ 200: designJobAnswer }, 401, 404) }),
    async (request, reply) => {
      const detail = await design.jobForStaff(request.params.orderId as number);
      return detail ? designJobView(detail, "staff") : notFound(reply);
    },
  );

  app.post(
    "/staff/design/:orderId/take",
    declare({ auth: "staff", tag: "staff", summary: "Takes a brief as its designer; of two designers taking it at once, one wins and the other is told who has it (409)" }, { params: orderParams, response: replies({ 200: designJobAnswer }, 401, 404, 409) }),
    async (request, reply) => {
      const result = await design.take(requireUser(request).userId, request.params.orderId as number);
      return result.ok ? designJobView(result.detail, "staff") : sendFailure(reply, result);
    },
  );

  app.post(
    "/staff/design/:orderId/proofs",
    declare({ auth: "staff", tag: "staff", limit: { max: 60, timeWindow: "10 minutes" }, summary: `Sends the next numbered proof to the customer. Multipart: note, and one file per design in design_1 … design_${MAX_DESIGNS_PER_ITEM} (PDF or image). Each is preflighted against the ordered size like customer artwork; a proof of the wrong size or one that cannot be printed is a 422 with its preflight.`, form: { files: PROOF_FIELDS, fields: ["note"] } }, {
      consumes: ["multipart/form-data"],
      params: orderParams,
      response: replies({ 201: designJobAnswer, 422: errorSchema.merge(preflightSchema.partial()).extend({ design: z.number().int().optional() }) }, 400, 401, 404, 409, 413, 429),
    }),
    async (request, reply) => {
      const staffUserId = requireUser(request).userId;
      const orderId = request.params.orderId as number;
      if (!(await design.jobForStaff(orderId))) return notFound(reply);
      const received = await receiveMultipart(request, reply, { tmpDir, maxFileBytes: config.uploadMaxBytes, maxFiles: MAX_DESIGNS_PER_ITEM });
      if (!received.ok) return refuse(reply, received.status, received.message);
      try {
        const note = (received.value.fields.note ?? "").slice(0, BRIEF_LIMITS.comments);
        const result = await design.sendProof(staffUserId, orderId, { note, files: PROOF_FIELDS.map((field) => received.value.files[field]) });
        if (!result.ok) return sendFailure(reply, result, { ...(result.preflight ?? {}), ...(result.design ? { design: result.design } : {}) });
        return reply.status(201).send(designJobView(result.detail, "staff"));
      } finally {
        await received.cleanup();
      }
    },
  );

  app.post(
    "/staff/orders/:orderGroupId/redesigns",
    declare({ auth: "manager", tag: "staff", summary: "Raises a reprint of a dispatched item with new artwork after a damage claim, at 50% of the item's price (VAT added, no delivery charge): the customer is emailed a link to pay for it from their order page" }, {
      params: idParams("orderGroupId"),
      body: redesignBody,
      response: replies({ 200: redesignAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await redesigns.raise(requireUser(request).userId, request.params.orderGroupId as number, { orderId: request.body.order_id as number, reason: request.body.reason });
      return result.ok ? { redesign: redesignView(result.redesign) } : sendFailure(reply, result);
    },
  );

  app.get(
    "/staff/orders/:orderGroupId/redesigns",
    declare({ auth: "staff", tag: "staff", summary: "The order's reprints with new artwork: what each costs, and whether it is paid" }, { params: idParams("orderGroupId"), response: replies({ 200: redesignListAnswer }, 401, 404) }),
    async (request, reply) => {
      const list = await redesigns.list(request.params.orderGroupId as number);
      return list ? { redesigns: list.map(redesignView) } : notFound(reply);
    },
  );

  app.get(
    "/orders/group/:orderGroupId/redesigns",
    declare({ auth: "customer", tag: "orders", summary: "The reprints with new artwork the shop has asked this customer to pay for on this order" }, { params: idParams("orderGroupId"), response: replies({ 200: redesignListAnswer }, 401, 404) }),
    async (request, reply) => {
      const list = await redesigns.list(request.params.orderGroupId as number, requireUser(request).userId);
      return list ? { redesigns: list.map(redesignView) } : notFound(reply);
    },
  );

  app.post(
    "/orders/group/:orderGroupId/redesigns/:redesignId/pay",
    declare({ auth: "customer", tag: "orders", summary: "The card payment page for a reprint with new artwork (the one already made while it can be paid); after paying, the new order asks for its artwork" }, {
      params: idParams("orderGroupId", "redesignId"),
      response: replies({ 200: paymentLinkAnswer }, 401, 404, 409, 502),
    }),
    async (request, reply) => {
      const result = await redesigns.pay(requireUser(request).userId, request.params.orderGroupId as number, request.params.redesignId as number);
      return result.ok ? { url: result.url } : sendFailure(reply, result);
    },
  );
}
