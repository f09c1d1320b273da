// The orders desk's API (/api/staff/orders, ADR 024): for staff and managers. The query string is the
// view, so a page of the desk can be bookmarked and shared.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { optionalIsoDate } from "../../../domain/iso-date";
import { ORDER_STATUSES } from "../../../domain/order-status";
import { orderRef } from "../../../domain/order-ref";
import { DESK_PAGE_SIZE, DESK_PAYMENTS, DESK_SORTS, DESK_URGENCIES } from "../../../domain/orders-desk";
import { errorBody } from "../../front-door/errors";
import { decodeDeskCursor, encodeDeskCursor, type DeskFilters, type DeskOrder } from "../../services/orders-desk";
import { declare } from "../declare";
import { replies, rowIdOrDigits } from "../schemas";

/** A day of the desk's calendar: a real date, in a year the shop can have orders in. */
const deskDate = (name: string) => optionalIsoDate(name).refine((date) => date === null || (date >= "2000-01-01" && date <= "2999-12-31"), `${name} must be between 2000-01-01 and 2999-12-31`);

/** The view, as the query string holds it. */
export const ordersDeskQuery = z.object({
  q: z.string().max(100).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  product: rowIdOrDigits("product").optional(),
  payment: z.enum(DESK_PAYMENTS).optional(),
  turnaround: z.enum(["express", "standard"]).optional(),
  placed_from: deskDate("placed_from"),
  placed_to: deskDate("placed_to"),
  dispatch_by: deskDate("dispatch_by"),
  urgency: z.enum(DESK_URGENCIES).optional(),
  sort: z.enum(DESK_SORTS).default("placed"),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(DESK_PAGE_SIZE),
});

export function deskFilters(query: z.output<typeof ordersDeskQuery>): DeskFilters {
  return {
    q: query.q,
    status: query.status,
    productId: query.product,
    payment: query.payment,
    turnaround: query.turnaround,
    placedFrom: query.placed_from ?? undefined,
    placedTo: query.placed_to ?? undefined,
    dispatchBy: query.dispatch_by ?? undefined,
    urgency: query.urgency,
  };
}

const deskOrderSchema = z.object({
  order_group_id: z.number().int(),
  reference: z.string(),
  customer_name: z.string(),
  company: z.string(),
  email: z.string(),
  placed_at: z.string(),
  delivery_date: z.string(),
  dispatch_by: z.string(),
  urgency: z.enum(["late", "at-risk", "on-time", "done"]),
  status: z.enum(ORDER_STATUSES),
  items: z.array(z.object({ order_id: z.number().int(), line_number: z.number().int(), product_name: z.string(), qty: z.number().int(), status: z.enum(ORDER_STATUSES) })),
  total_pence: z.number().int(),
  payment_method: z.string(),
  po_number: z.string().nullable(),
  tracking_number: z.string().nullable(),
  postcode: z.string(),
});

export const ordersDeskAnswer = z.object({ orders: z.array(deskOrderSchema), next_cursor: z.string().nullable() });

export function deskOrderView(order: DeskOrder): z.infer<typeof deskOrderSchema> {
  return {
    order_group_id: order.orderGroupId,
    reference: orderRef(order.orderGroupId),
    customer_name: order.customerName,
    company: order.company,
    email: order.email,
    placed_at: order.placedAt,
    delivery_date: order.deliveryDate,
    dispatch_by: order.dispatchBy,
    urgency: order.urgency,
    status: order.status,
    items: order.items.map((item) => ({ order_id: item.orderId, line_number: item.lineNumber, product_name: item.productName, qty: item.quantity, status: item.status })),
    total_pence: order.totalPence,
    payment_method: order.paymentMethod,
    po_number: order.poNumber,
    tracking_number: order.trackingNumber,
    postcode: order.postcode,
  };
}

export async function ordersDeskRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ordersDesk } = app.services;

  app.get(
    "/staff/orders",
    declare(
      {
        auth: "staff",
        tag: "staff",
        summary:
          "Every order, keyset-paged: search q (reference PW-…, order number, email, name, postcode, PO or tracking number); filters status, product, payment, turnaround, placed_from/placed_to, dispatch_by, urgency; sort placed | dispatch | total.",
      },
      { querystring: ordersDeskQuery, response: replies({ 200: ordersDeskAnswer }, 400, 401, 404) },
    ),
    async (request, reply) => {
      const query = request.query;
      const after = query.after ? decodeDeskCursor(query.after, query.sort) : undefined;
      if (after === null) return reply.status(400).send(errorBody("after is not a cursor this server gave out for this sort", 400));
      const page = await ordersDesk.page(deskFilters(query), query.sort, query.limit, after);
      return { orders: page.orders.map(deskOrderView), next_cursor: page.next ? encodeDeskCursor(page.next) : null };
    },
  );
}
