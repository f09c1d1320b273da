// After the sale: a customer cancels items not yet printing; a manager refunds; staff raise a reprint
// under the print guarantee; both read the credit notes. Each money-moving call takes an optional
// idempotency key: the same key is the same request, so a retry never refunds twice.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { designKey, itemKey, type RefundRequestLine } from "../../../domain/refund";
import { requireUser } from "../../plugins/auth";
import { notFound, sendFailure, sendPdf } from "../failure";
import { refundSchema, refundView } from "../orders/serialise";
import { idParams, replies, rowId } from "../schemas";
import { declare } from "../declare";

const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "idempotency_key must be 8 to 100 letters, digits, dashes or underscores")
  .optional();
const pence = (name: string) => z.number({ error: `${name} must be a whole number of pence` }).int(`${name} must be a whole number of pence`).min(0, `${name} cannot be negative`).max(100_000_000, `${name} is too large`);

/** A customer's cancel: the items (all of them when left out). */
export const cancelBody = z.object({ order_ids: z.array(rowId("order_ids")).min(1, "Choose at least one item to cancel").max(100).optional(), idempotency_key: idempotencyKey });
/** A manager's refund: amounts of items, of their design service and of delivery, in pence with VAT. */
export const refundBody = z.object({
  items: z.array(z.object({ order_id: rowId("order_id"), amount_pence: pence("amount_pence") })).max(100).default([]),
  /** Amounts of items' design service (VAT included), kept apart from the print. */
  design_fees: z.array(z.object({ order_id: rowId("order_id"), amount_pence: pence("amount_pence") })).max(100).default([]),
  delivery_pence: pence("delivery_pence").default(0),
  reason: z.string().trim().min(3, "Give a reason for the refund (at least 3 characters)").max(300, "Keep the reason under 300 characters"),
  idempotency_key: idempotencyKey,
});
/** A manager cancels items at the customer's request. */
export const staffCancelBody = z.object({
  order_ids: z.array(rowId("order_ids")).min(1, "Choose at least one item to cancel").max(100),
  reason: z.string().trim().min(3, "Say how the customer asked (at least 3 characters)").max(300, "Keep the reason under 300 characters"),
  idempotency_key: idempotencyKey,
});
/** A reprint under the print guarantee. */
export const reprintBody = z.object({
  order_ids: z.array(rowId("order_ids")).min(1, "Choose at least one item to reprint").max(100),
  reason: z.string().trim().min(3, "Give a reason for the reprint (at least 3 characters)").max(300, "Keep the reason under 300 characters"),
});

export const refundAnswer = z.object({ success: z.literal(true), refund: refundSchema });
export const reprintAnswer = z.object({ success: z.literal(true), order_group_id: z.number().int(), print_ready: z.boolean() });

export async function afterSaleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { orders, refunds, reprints } = app.services;

  app.post(
    "/orders/group/:orderGroupId/cancel",
    declare({ auth: "customer", tag: "orders", summary: "Cancels items of the order that have not started printing (all of them when order_ids is left out) and refunds them, with a VAT credit note" }, {
      params: idParams("orderGroupId"),
      body: cancelBody,
      response: replies({ 200: refundAnswer }, 400, 401, 404, 409, 502),
    }),
    async (request, reply) => {
      const result = await refunds.cancel(requireUser(request).userId, request.params.orderGroupId as number, { orderIds: (request.body.order_ids as number[] | undefined) ?? null, idempotencyKey: request.body.idempotency_key });
      if (!result.ok) return sendFailure(reply, result);
      return { success: true as const, refund: refundView(result.refund.orderGroupId, result.refund) };
    },
  );

  app.get(
    "/orders/group/:orderGroupId/credit-notes/:refundId",
    declare({ auth: "customer", tag: "orders", summary: "A VAT credit note of the order (PDF): the same bytes at every download" }, { params: idParams("orderGroupId", "refundId") }),
    async (request, reply) => {
      const group = await orders.groupForOwner(requireUser(request).userId, request.params.orderGroupId as number);
      return sendPdf(reply, group ? await refunds.creditNotePdf(group, request.params.refundId as number) : null, "attachment");
    },
  );

  app.post(
    "/staff/orders/:orderGroupId/refunds",
    declare({ auth: "manager", tag: "staff", summary: "Refunds amounts (VAT included, in pence) of items and of delivery, with a reason; never more than is left to refund. Makes a VAT credit note and emails it." }, {
      params: idParams("orderGroupId"),
      body: refundBody,
      response: replies({ 200: refundAnswer }, 400, 401, 404, 409, 502),
    }),
    async (request, reply) => {
      const lines: RefundRequestLine[] = [
        ...request.body.items.map((item) => ({ key: itemKey(item.order_id as number), amountPence: item.amount_pence })),
        ...request.body.design_fees.map((item) => ({ key: designKey(item.order_id as number), amountPence: item.amount_pence })),
        ...(request.body.delivery_pence > 0 ? [{ key: "delivery" as const, amountPence: request.body.delivery_pence }] : []),
      ];
      const result = await refunds.refund(requireUser(request).userId, request.params.orderGroupId as number, { lines, reason: request.body.reason, idempotencyKey: request.body.idempotency_key });
      if (!result.ok) return sendFailure(reply, result);
      return { success: true as const, refund: refundView(result.refund.orderGroupId, result.refund, "/api/staff/orders") };
    },
  );

  app.post(
    "/staff/orders/:orderGroupId/cancel",
    declare({ auth: "manager", tag: "staff", summary: "Cancels items that have not started printing at the customer's request, with a reason, and refunds them as the customer's own cancellation would" }, {
      params: idParams("orderGroupId"),
      body: staffCancelBody,
      response: replies({ 200: refundAnswer }, 400, 401, 404, 409, 502),
    }),
    async (request, reply) => {
      const result = await refunds.cancelForCustomer(requireUser(request).userId, request.params.orderGroupId as number, {
        orderIds: request.body.order_ids as number[],
        reason: request.body.reason,
        idempotencyKey: request.body.idempotency_key,
      });
      if (!result.ok) return sendFailure(reply, result);
      return { success: true as const, refund: refundView(result.refund.orderGroupId, result.refund, "/api/staff/orders") };
    },
  );

  app.get(
    "/staff/orders/:orderGroupId/credit-notes/:refundId",
    declare({ auth: "staff", tag: "staff", summary: "A VAT credit note of the order (PDF), as the customer has it" }, { params: idParams("orderGroupId", "refundId") }),
    async (request, reply) => {
      const group = await orders.group(request.params.orderGroupId as number);
      if (!group) return notFound(reply);
      return sendPdf(reply, await refunds.creditNotePdf(group, request.params.refundId as number), "attachment");
    },
  );

  app.post(
    "/staff/orders/:orderGroupId/reprints",
    declare({ auth: "staff", tag: "staff", summary: "Raises a reprint of dispatched items under the print guarantee: a new job at no charge, linked to the original, from the approved artwork" }, {
      params: idParams("orderGroupId"),
      body: reprintBody,
      response: replies({ 200: reprintAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await reprints.raise(requireUser(request).userId, request.params.orderGroupId as number, { orderIds: request.body.order_ids as number[], reason: request.body.reason });
      if (!result.ok) return sendFailure(reply, result);
      return { success: true as const, order_group_id: result.reprintId, print_ready: result.printReady };
    },
  );
}
