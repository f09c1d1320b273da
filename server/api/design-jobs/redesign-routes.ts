// Reprints with new artwork after a damage claim (server/api/design-jobs/routes.ts): a manager raises one,
// staff and the customer list an order's, and the customer pays for one.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../plugins/auth";
import type { RedesignView } from "../../services/design-jobs/redesign-service";
import { declare } from "../declare";
import { notFound, sendFailure } from "../failure";
import { idParams, replies, rowId } from "../schemas";

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

export function redesignRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { redesigns } = app.services;

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
