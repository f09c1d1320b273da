// Bulk actions of the orders desk (ADR 024), for staff and managers: a status move for the selected
// jobs, one PDF of their packing slips, one ZIP of their approved print files (streamed), and a CSV of a selection or of a whole view (streamed).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_ROW_ID } from "../../../domain/ids";
import { orderRef } from "../../../domain/order-ref";
import { requireUser } from "../../plugins/auth";
import { contentDisposition } from "../../front-door/content-disposition";
import { BULK_MAX_ORDERS, BULK_TARGETS, bulkMove, ordersCsv, packingSlips, printFilesZip, type BulkMoveItem } from "../../services/orders-bulk";
import { declare } from "../declare";
import { notFound, sendPdf } from "../failure";
import { replies, rowId } from "../schemas";
import { deskFilters, ordersDeskQuery } from "./orders-desk-routes";

/** `ids=12,15,19`: the ticked orders, at most BULK_MAX_ORDERS. */
const idList = z
  .string()
  .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${BULK_MAX_ORDERS - 1}}$`), `ids must be up to ${BULK_MAX_ORDERS} order numbers separated by commas`)
  .transform((text) => [...new Set(text.split(",").map(Number))])
  .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ROW_ID), "ids must be order numbers");

const movedItem = z.object({ order_group_id: z.number().int(), reference: z.string(), order_id: z.number().int(), product_name: z.string(), from: z.string() });
export const bulkStatusBody = z.object({
  order_group_ids: z.array(rowId("order_group_ids")).min(1, "Tick at least one order").max(BULK_MAX_ORDERS, `At most ${BULK_MAX_ORDERS} orders at once`),
  status: z.enum(BULK_TARGETS, { error: `status must be one of: ${BULK_TARGETS.join(", ")}` }),
});
export const bulkStatusAnswer = z.object({ moved: z.array(movedItem), refused: z.array(movedItem.extend({ message: z.string() })), unchanged: z.array(movedItem) });

const itemView = (item: BulkMoveItem) => ({ order_group_id: item.orderGroupId, reference: orderRef(item.orderGroupId), order_id: item.orderId, product_name: item.productName, from: item.from });

export async function ordersBulkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ordersDesk, production, db, storage } = app.services;

  app.post(
    "/staff/bulk/status",
    declare({ auth: "staff", tag: "staff", summary: "Moves every item of the selected orders to a status; the transition table decides each item, and refusals are listed by job" }, {
      body: bulkStatusBody,
      response: replies({ 200: bulkStatusAnswer }, 400, 401, 404),
    }),
    async (request) => {
      const result = await bulkMove(db.db, production, [...new Set(request.body.order_group_ids)], request.body.status, requireUser(request).userId);
      return { moved: result.moved.map(itemView), refused: result.refused.map((r) => ({ ...itemView(r), message: r.message })), unchanged: result.unchanged.map(itemView) };
    },
  );

  app.get(
    "/staff/bulk/packing-slips.pdf",
    declare({ auth: "staff", tag: "staff", summary: "One PDF with the packing slip of each selected order (ids=12,15,19)" }, { querystring: z.object({ ids: idList }) }),
    async (request, reply) => {
      const pdf = await packingSlips(production, request.query.ids);
      return sendPdf(reply, pdf && { fileName: "packing-slips.pdf", bytes: pdf }, "attachment");
    },
  );

  app.get(
    "/staff/bulk/print-files.zip",
    declare({ auth: "staff", tag: "staff", summary: "One ZIP with the approved print files of the selected orders (ids=12,15,19), streamed; MISSING.txt names the items without one" }, {
      querystring: z.object({ ids: idList }),
    }),
    async (request, reply) => {
      const zip = await printFilesZip(db.db, storage, request.query.ids);
      if (!zip) return notFound(reply);
      reply.header("content-disposition", contentDisposition("attachment", "print-files.zip"));
      reply.header("cache-control", "private, no-store");
      return reply.type("application/zip").send(zip);
    },
  );

  app.get(
    "/staff/orders.csv",
    declare({ auth: "staff", tag: "staff", summary: "The orders of a view (the desk's query) or of a selection (ids=…) as CSV, streamed whatever its size" }, {
      querystring: ordersDeskQuery.omit({ after: true, limit: true }).extend({ ids: idList.optional() }),
    }),
    async (request, reply) => {
      const { ids, ...view } = request.query;
      const filters = { ...deskFilters({ ...view, limit: 1 }), ...(ids ? { orderGroupIds: ids } : {}) };
      reply.header("content-disposition", contentDisposition("attachment", "orders.csv"));
      reply.header("cache-control", "private, no-store");
      return reply.type("text/csv; charset=utf-8").send(ordersCsv(ordersDesk, filters, view.sort));
    },
  );
}
