import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isOwnId, requireUser } from "../../plugins/auth";
import { decodeCursor, encodeCursor } from "../../services/order-service";
import { errorBody } from "../../front-door/errors";
import { notFound, sendFailure, sendPdf } from "../failure";
import { idParams, replies, rowId, rowIdOrDigits } from "../schemas";
import { orderGroupSchema, orderGroupView, orderListEntrySchema, orderListEntryView, orderStatusSchema } from "./serialise";
import { declare } from "../declare";

export const ORDER_PAGE_SIZE = 10;

export const orderListAnswer = z.array(orderListEntrySchema);
export const attributesAttachedAnswer = z.object({ success: z.literal(true), attributes: z.array(z.number().int()), already_attached: z.boolean() });
export const groupStatusAnswer = z.object({ success: z.literal(true), status: orderStatusSchema });

/** The item's options (subattribute ids). */
export const attributesBody = z.object({ attributes: z.array(rowIdOrDigits("attributes")).max(50) });
/** A customer marks the order's artwork complete. */
export const printReadyBody = z.object({
  status: z.literal("Print Ready", { error: "Customers can only set status 'Print Ready'" }),
  products: z.array(z.object({ product_id: rowId("product_id").optional(), orientation: z.string().nullable().optional() }).passthrough()).max(100).optional(),
});

export async function orderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { orders, artwork, invoices } = app.services;

  app.get(
    "/orders/:userId",
    declare({ auth: "customer", tag: "orders", summary: "The customer's order groups, newest first, 10 at a time. The next page's cursor is in the x-next-cursor header (and a Link rel=next)." }, {
      params: z.object({ userId: z.string().max(20) }),
      querystring: z.object({ after: z.string().max(100).optional(), limit: z.coerce.number().int().min(1).max(50).default(ORDER_PAGE_SIZE) }),
      response: replies({ 200: orderListAnswer }, 400, 401, 404),
    }),
    async (request, reply) => {
      if (!isOwnId(request, request.params.userId)) return notFound(reply);
      const after = request.query.after ? decodeCursor(request.query.after) : undefined;
      if (after === null) return reply.status(400).send(errorBody("after is not a cursor this server gave out", 400));
      const page = await orders.listForOwner(requireUser(request).userId, request.query.limit, after);
      if (page.next) {
        const cursor = encodeCursor(page.next);
        reply.header("x-next-cursor", cursor);
        reply.header("link", `</api/orders/${request.params.userId}?after=${cursor}&limit=${request.query.limit}>; rel="next"`);
      }
      return page.entries.map(orderListEntryView);
    },
  );

  app.get(
    "/orders/group/:orderGroupId",
    declare({ auth: "customer", tag: "orders", summary: "One order group with its products, artwork files, addresses, payment and progress" }, { params: idParams("orderGroupId"), response: replies({ 200: orderGroupSchema }, 400, 401, 404) }),
    async (request, reply) => {
      const group = await orders.groupForOwner(requireUser(request).userId, request.params.orderGroupId as number);
      if (!group) return notFound(reply);
      return orderGroupView(group);
    },
  );

  app.get(
    "/orders/group/:orderGroupId/invoice",
    declare({ auth: "customer", tag: "orders", summary: "The order's VAT invoice (PDF): the same number and the same bytes at every download" }, { params: idParams("orderGroupId") }),
    async (request, reply) => {
      const group = await orders.groupForOwner(requireUser(request).userId, request.params.orderGroupId as number);
      return sendPdf(reply, group ? await invoices.pdfFor(group) : null, "attachment");
    },
  );

  app.post(
    "/orders/:orderId/attributes",
    declare({ auth: "customer", tag: "orders", summary: "Attaches the item's options (subattribute ids) once; later calls change nothing" }, {
      params: idParams("orderId"),
      body: attributesBody,
      response: replies({ 200: attributesAttachedAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await artwork.attachAttributes(requireUser(request).userId, request.params.orderId as number, request.body.attributes as number[]);
      if (!result.ok) return sendFailure(reply, result);
      return { success: true as const, attributes: result.attached, already_attached: result.already };
    },
  );

  app.patch(
    "/orders/group/:orderGroupId",
    declare({ auth: "customer", tag: "orders", summary: "Marks the order's artwork complete (status 'Print Ready'). Refused until every item has approved artwork for each version." }, {
      params: idParams("orderGroupId"),
      body: printReadyBody,
      response: replies({ 200: groupStatusAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await artwork.markPrintReady(requireUser(request).userId, request.params.orderGroupId as number);
      if (!result.ok) return sendFailure(reply, result);
      return { success: true as const, status: result.status };
    },
  );
}
