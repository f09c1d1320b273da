import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ORDER_STATUSES } from "../../../domain/order-status";
import { CARRIERS, TRACKING_NUMBER } from "../../../domain/production";
import { NOT_FOUND_MESSAGE, requireUser } from "../../plugins/auth";
import { decodeQueueCursor, encodeQueueCursor, parseStatus, QUEUE_PAGE_SIZE } from "../../services/production-service";
import { contentDisposition } from "../../front-door/content-disposition";
import { errorBody } from "../../front-door/errors";
import { sendFailure } from "../failure";
import { doneAnswer, idParams, replies, rowIdOrDigits } from "../schemas";
import { orderGroupSchema, orderGroupView, orderStatusSchema } from "../orders/serialise";

const bearer = [{ bearer: [] }];

const queueEntrySchema = z.object({
  order_id: z.number().int(),
  order_group_id: z.number().int(),
  product_name: z.string(),
  product_id: z.number().int(),
  qty: z.number().int(),
  versions: z.number().int(),
  size: z.string(),
  status: orderStatusSchema,
  express: z.boolean(),
  delivery_date: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  urgency: z.enum(["late", "at-risk", "on-time", "done"]),
  ship_unbranded: z.boolean(),
});

export const queuePageAnswer = z.object({ items: z.array(queueEntrySchema), counts: z.record(z.string(), z.number()), next_cursor: z.string().nullable() });
export const staffJobAnswer = orderGroupSchema.extend({
  customer: z.object({ firstname: z.string(), lastname: z.string(), email: z.string(), telephone: z.string() }),
  blind_shipping: z.object({ sender_name: z.string(), return_address: z.string() }).nullable(),
  label: z.object({ from: z.object({ name: z.string(), address: z.string() }), to: z.object({ name: z.string(), address: z.string(), phone: z.string().nullable() }) }),
});
export const failedEmailsAnswer = z.array(z.object({ id: z.number().int(), to: z.string(), subject: z.string(), attempts: z.number().int(), last_error: z.string().nullable(), created_at: z.string() }));

/** The staff console's API: every route needs the staff role (a customer gets 404, nobody signed in 401). */
export async function staffRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { production } = services;
  const staffId = (request: Parameters<typeof requireUser>[0]) => requireUser(request).userId;

  app.get(
    "/staff/queue",
    {
      config: { auth: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Order items by delivery date (most urgent first), keyset-paged, with counts per status. Filters: status, q (order id, email or name), product, turnaround.",
        security: bearer,
        querystring: z.object({
          status: z.string().max(40).optional(),
          q: z.string().max(100).optional(),
          product: rowIdOrDigits("product").optional(),
          turnaround: z.enum(["express", "standard"]).optional(),
          after: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(QUEUE_PAGE_SIZE),
        }),
        response: replies({ 200: queuePageAnswer }, 400, 401, 404),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const status = parseStatus(query.status);
      if (query.status && !status) return reply.status(400).send(errorBody(`status must be one of: active, all, ${ORDER_STATUSES.join(", ")}`, 400));
      const after = query.after ? decodeQueueCursor(query.after) : undefined;
      if (after === null) return reply.status(400).send(errorBody("after is not a cursor this server gave out", 400));
      const page = await production.queue({ status, q: query.q, productId: query.product, turnaround: query.turnaround }, query.limit, after);
      return {
        items: page.entries.map((e) => ({
          order_id: e.orderId,
          order_group_id: e.orderGroupId,
          product_name: e.productName,
          product_id: e.productId,
          qty: e.quantity,
          versions: e.versions,
          size: e.size,
          status: e.status,
          express: e.express,
          delivery_date: e.deliveryDate,
          customer_name: e.customerName,
          customer_email: e.customerEmail,
          urgency: e.urgency,
          ship_unbranded: e.shipUnbranded,
        })),
        counts: page.counts,
        next_cursor: page.next ? encodeQueueCursor(page.next) : null,
      };
    },
  );

  app.get(
    "/staff/orders/:orderGroupId",
    {
      config: { auth: "staff" },
      schema: {
        tags: ["staff"],
        summary: "A whole job: items, sizes, options, versions, notes, preflight, files, history, customer and label data",
        security: bearer,
        params: idParams("orderGroupId"),
        response: replies({ 200: staffJobAnswer }, 401, 404),
      },
    },
    async (request, reply) => {
      const job = await production.job(request.params.orderGroupId as number);
      if (!job) return reply.status(404).send(errorBody(NOT_FOUND_MESSAGE, 404));
      return {
        ...orderGroupView(job),
        customer: job.customer,
        blind_shipping: job.blindShipping
          ? { sender_name: job.blindShipping.senderName, return_address: [job.blindShipping.returnAddress.company, job.blindShipping.returnAddress.address1, job.blindShipping.returnAddress.address2, job.blindShipping.returnAddress.town, job.blindShipping.returnAddress.postcode].filter(Boolean).join(", ") }
          : null,
        label: production.labelData(job),
      };
    },
  );

  app.post(
    "/staff/items/:orderId/status",
    {
      config: { auth: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Moves an item to another status, if the transition table allows it (recorded with who and when)",
        security: bearer,
        params: idParams("orderId"),
        body: z.object({ status: z.enum(ORDER_STATUSES), note: z.string().max(500).optional() }),
        response: replies({ 200: doneAnswer }, 400, 401, 404, 409),
      },
    },
    async (request, reply) => {
      const result = await production.move(request.params.orderId as number, request.body.status, staffId(request), request.body.note ?? null);
      if (!result.ok) return sendFailure(reply, result);
      return { success: true as const };
    },
  );

  app.post(
    "/staff/items/:orderId/reject",
    {
      config: { auth: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Rejects an item's artwork: back to Awaiting Artwork with a reason the customer sees (and is emailed)",
        security: bearer,
        params: idParams("orderId"),
        body: z.object({ reason: z.string().trim().min(5, "Give the customer a reason (at least 5 characters)").max(1000) }),
        response: replies({ 200: doneAnswer }, 400, 401, 404, 409),
      },
    },
    async (request, reply) => {
      const result = await production.reject(request.params.orderId as number, request.body.reason, staffId(request));
      if (!result.ok) return sendFailure(reply, result);
      return { success: true as const };
    },
  );

  app.post(
    "/staff/orders/:orderGroupId/dispatch",
    {
      config: { auth: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Dispatches a printed order with its carrier and tracking number; the customer is emailed",
        security: bearer,
        params: idParams("orderGroupId"),
        body: z.object({
          carrier: z.enum(CARRIERS, { error: `carrier must be one of: ${CARRIERS.join(", ")}` }),
          trackingNumber: z.string().trim().regex(TRACKING_NUMBER, "Enter the tracking number (4 to 40 letters, digits, spaces or dashes)"),
        }),
        response: replies({ 200: doneAnswer }, 400, 401, 404, 409),
      },
    },
    async (request, reply) => {
      const result = await production.dispatch(request.params.orderGroupId as number, request.body.carrier, request.body.trackingNumber, staffId(request));
      if (!result.ok) return sendFailure(reply, result);
      return { success: true as const };
    },
  );

  app.get(
    "/staff/orders/:orderGroupId/packing-slip",
    {
      config: { auth: "staff" },
      schema: { tags: ["staff"], summary: "The A5 packing slip (PDF); a blind-shipping order carries only the reseller's sender details", security: bearer, params: idParams("orderGroupId") },
    },
    async (request, reply) => {
      const pdf = await production.packingSlip(request.params.orderGroupId as number);
      if (!pdf) return reply.status(404).send(errorBody(NOT_FOUND_MESSAGE, 404));
      reply.header("content-disposition", contentDisposition("inline", `packing-slip-${request.params.orderGroupId}.pdf`));
      reply.header("cache-control", "private, no-store");
      return reply.type("application/pdf").send(Buffer.from(pdf));
    },
  );

  app.get(
    "/staff/orders/:orderGroupId/files.zip",
    {
      config: { auth: "staff" },
      schema: { tags: ["staff"], summary: "Every print PDF of the order as one ZIP, streamed", security: bearer, params: idParams("orderGroupId") },
    },
    async (request, reply) => {
      const zip = await production.printFilesZip(request.params.orderGroupId as number);
      if (!zip) return reply.status(404).send(errorBody(NOT_FOUND_MESSAGE, 404));
      if (!zip.ok) return reply.status(409).send(errorBody(zip.message, 409));
      reply.header("content-disposition", contentDisposition("attachment", zip.fileName));
      reply.header("cache-control", "private, no-store");
      return reply.type("application/zip").send(zip.stream);
    },
  );

  app.get(
    "/staff/outbox",
    {
      config: { auth: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Emails that could not be delivered after every retry, with their last error",
        security: bearer,
        response: replies({ 200: failedEmailsAnswer }, 401, 404),
      },
    },
    async () => {
      const rows = await production.failedEmails();
      return rows.map((row) => ({ id: row.id, to: row.toAddress, subject: row.subject, attempts: row.attempts, last_error: row.lastError, created_at: row.createdAt.toISOString() }));
    },
  );

  app.post(
    "/staff/outbox/:emailId/requeue",
    {
      config: { auth: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Sends a failed email again (from the first attempt)",
        security: bearer,
        params: idParams("emailId"),
        response: replies({ 200: doneAnswer }, 401, 404),
      },
    },
    async (request, reply) => {
      const done = await production.requeueEmail(request.params.emailId as number);
      if (!done) return reply.status(404).send(errorBody("No failed email with that id", 404));
      return { success: true as const };
    },
  );
}
