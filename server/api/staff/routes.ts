import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ORDER_STATUSES } from "../../../domain/order-status";
import { CARRIERS, TRACKING_NUMBER } from "../../../domain/production";
import { personLabel } from "../../../domain/roles";
import { requireUser } from "../../plugins/auth";
import { decodeQueueCursor, encodeQueueCursor, parseStatus, QUEUE_PAGE_SIZE, type QueueEntry } from "../../services/production-service";
import { contentDisposition } from "../../front-door/content-disposition";
import { errorBody } from "../../front-door/errors";
import { confirm, notFound, sendFailure, sendPdf } from "../failure";
import { doneAnswer, idParams, replies, rowIdOrDigits } from "../schemas";
import { orderGroupSchema, orderGroupView, orderItemSchema } from "../orders/serialise";
import { declare } from "../declare";

/** A queue row: the item's own fields as the order shows them, with its order and customer beside them. */
const queueEntrySchema = orderItemSchema.pick({ order_id: true, product_name: true, product_id: true, qty: true, versions: true, size: true, status: true, express: true, delivery_date: true }).extend({
  order_group_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  urgency: z.enum(["late", "at-risk", "on-time", "done"]),
  ship_unbranded: z.boolean(),
});

/** A queue row in the API's field names: the item, then its order and customer. */
function queueEntryView(e: QueueEntry): z.infer<typeof queueEntrySchema> {
  const item = { order_id: e.orderId, product_id: e.productId, product_name: e.productName, qty: e.quantity, versions: e.versions, size: e.size, status: e.status };
  const order = { order_group_id: e.orderGroupId, express: e.express, delivery_date: e.deliveryDate, urgency: e.urgency, ship_unbranded: e.shipUnbranded };
  return { ...item, ...order, customer_name: e.customerName, customer_email: e.customerEmail };
}

export const queuePageAnswer = z.object({ items: z.array(queueEntrySchema), counts: z.record(z.string(), z.number()), next_cursor: z.string().nullable() });
/** The history as staff read it: each line names the person who made the move. */
const staffEventSchema = orderGroupSchema.shape.events.element.extend({ by_person: z.string() });
export const staffJobAnswer = orderGroupSchema.extend({
  events: z.array(staffEventSchema),
  customer: z.object({ firstname: z.string(), lastname: z.string(), email: z.string(), telephone: z.string() }),
  blind_shipping: z.object({ sender_name: z.string(), return_address: z.string() }).nullable(),
  label: z.object({ from: z.object({ name: z.string(), address: z.string() }), to: z.object({ name: z.string(), address: z.string(), phone: z.string().nullable() }) }),
});
export const failedEmailsAnswer = z.array(z.object({ id: z.number().int(), to: z.string(), subject: z.string(), attempts: z.number().int(), last_error: z.string().nullable(), created_at: z.string() }));

/** Staff move an item to another status (never Cancelled: that takes a refund). */
export const moveBody = z.object({
  status: z.enum(ORDER_STATUSES).refine((status) => status !== "Cancelled", "An item is cancelled only with a refund (the customer's Cancel, or a manager's refund), never by hand"),
  note: z.string().max(500).optional(),
});
/** A manager undoes an item's last production move, saying why. */
export const undoBody = z.object({ reason: z.string().trim().min(5, "Say what the mistake was (at least 5 characters)").max(500) });
/** Staff reject an item's artwork with a reason the customer sees. */
export const rejectBody = z.object({ reason: z.string().trim().min(5, "Give the customer a reason (at least 5 characters)").max(1000) });
/** Staff dispatch a printed order. */
export const dispatchBody = z.object({
  carrier: z.enum(CARRIERS, { error: `carrier must be one of: ${CARRIERS.join(", ")}` }),
  trackingNumber: z.string().trim().regex(TRACKING_NUMBER, "Enter the tracking number (4 to 40 letters, digits, spaces or dashes)"),
});

/** The staff console's API: every route needs the staff role (a customer gets 404, nobody signed in 401). */
export async function staffRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { production } = services;
  const staffId = (request: Parameters<typeof requireUser>[0]) => requireUser(request).userId;

  app.get(
    "/staff/queue",
    declare({ auth: "staff", tag: "staff", summary: "Order items by delivery date (most urgent first), keyset-paged, with counts per status. Filters: status, q (order reference PW-…, order id, email or name), product, turnaround." }, {
      querystring: z.object({
        status: z.string().max(40).optional(),
        q: z.string().max(100).optional(),
        product: rowIdOrDigits("product").optional(),
        turnaround: z.enum(["express", "standard"]).optional(),
        after: z.string().max(100).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(QUEUE_PAGE_SIZE),
      }),
      response: replies({ 200: queuePageAnswer }, 400, 401, 404),
    }),
    async (request, reply) => {
      const query = request.query;
      const status = parseStatus(query.status);
      if (query.status && !status) return reply.status(400).send(errorBody(`status must be one of: active, all, ${ORDER_STATUSES.join(", ")}`, 400));
      const after = query.after ? decodeQueueCursor(query.after) : undefined;
      if (after === null) return reply.status(400).send(errorBody("after is not a cursor this server gave out", 400));
      const page = await production.queue({ status, q: query.q, productId: query.product, turnaround: query.turnaround }, query.limit, after);
      return {
        items: page.entries.map(queueEntryView),
        counts: page.counts,
        next_cursor: page.next ? encodeQueueCursor(page.next) : null,
      };
    },
  );

  app.get(
    "/staff/orders/:orderGroupId",
    declare({ auth: "staff", tag: "staff", summary: "A whole job: items, sizes, options, versions, notes, preflight, files, history, customer and label data" }, { params: idParams("orderGroupId"), response: replies({ 200: staffJobAnswer }, 401, 404) }),
    async (request, reply) => {
      const job = await production.job(request.params.orderGroupId as number);
      if (!job) return notFound(reply);
      const view = orderGroupView(job, "/api/staff/orders");
      return {
        ...view,
        events: view.events.map((event, index) => ({ ...event, by_person: personLabel(job.events[index]!.actorPerson, job.events[index]!.actor) })),
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
    declare({ auth: "staff", tag: "staff", summary: "Moves an item to another status, if the transition table allows it (recorded with who and when)" }, {
      params: idParams("orderId"),
      body: moveBody,
      response: replies({ 200: doneAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => confirm(reply, await production.move(request.params.orderId as number, request.body.status, staffId(request), request.body.note ?? null)),
  );

  app.post(
    "/staff/items/:orderId/undo",
    declare({ auth: "manager", tag: "staff", summary: "A manager undoes an item's last production move, one step back as the transition table allows, with a reason (an event in the history)" }, {
      params: idParams("orderId"),
      body: undoBody,
      response: replies({ 200: doneAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => confirm(reply, await production.undo(request.params.orderId as number, request.body.reason, staffId(request))),
  );

  app.post(
    "/staff/items/:orderId/reject",
    declare({ auth: "staff", tag: "staff", summary: "Rejects an item's artwork: back to Awaiting Artwork with a reason the customer sees (and is emailed)" }, {
      params: idParams("orderId"),
      body: rejectBody,
      response: replies({ 200: doneAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => confirm(reply, await production.reject(request.params.orderId as number, request.body.reason, staffId(request))),
  );

  app.post(
    "/staff/orders/:orderGroupId/dispatch",
    declare({ auth: "staff", tag: "staff", summary: "Dispatches a printed order with its carrier and tracking number; the customer is emailed" }, {
      params: idParams("orderGroupId"),
      body: dispatchBody,
      response: replies({ 200: doneAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => confirm(reply, await production.dispatch(request.params.orderGroupId as number, request.body.carrier, request.body.trackingNumber, staffId(request))),
  );

  app.get(
    "/staff/orders/:orderGroupId/packing-slip",
    declare({ auth: "staff", tag: "staff", summary: "The A5 packing slip (PDF); a blind-shipping order carries only the reseller's sender details" }, { params: idParams("orderGroupId") }),
    async (request, reply) => {
      const orderGroupId = request.params.orderGroupId as number;
      const pdf = await production.packingSlip(orderGroupId);
      return sendPdf(reply, pdf && { fileName: `packing-slip-${orderGroupId}.pdf`, bytes: pdf }, "inline");
    },
  );

  app.get(
    "/staff/orders/:orderGroupId/files.zip",
    declare({ auth: "staff", tag: "staff", summary: "Every print PDF of the order as one ZIP, streamed" }, { params: idParams("orderGroupId") }),
    async (request, reply) => {
      const zip = await production.printFilesZip(request.params.orderGroupId as number);
      if (!zip.ok) return sendFailure(reply, zip);
      reply.header("content-disposition", contentDisposition("attachment", zip.fileName));
      reply.header("cache-control", "private, no-store");
      return reply.type("application/zip").send(zip.stream);
    },
  );

  app.get(
    "/staff/outbox",
    declare({ auth: "staff", tag: "staff", summary: "Emails that could not be delivered after every retry, with their last error" }, { response: replies({ 200: failedEmailsAnswer }, 401, 404) }),
    async () => {
      const rows = await production.failedEmails();
      return rows.map((row) => ({ id: row.id, to: row.toAddress, subject: row.subject, attempts: row.attempts, last_error: row.lastError, created_at: row.createdAt.toISOString() }));
    },
  );

  app.post(
    "/staff/outbox/:emailId/requeue",
    declare({ auth: "staff", tag: "staff", summary: "Sends a failed email again (from the first attempt)" }, { params: idParams("emailId"), response: replies({ 200: doneAnswer }, 401, 404) }),
    async (request, reply) => {
      const done = await production.requeueEmail(request.params.emailId as number);
      if (!done) return notFound(reply, "No failed email with that id");
      return { success: true as const };
    },
  );
}
