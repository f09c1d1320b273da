// Customers (/api/staff/customers, ADR 045): for staff and managers, as the orders desk is. A search
// (name, email, company, postcode, phone; any case) keyset-paged by customer, newest first; and one
// customer with their orders, quotes and trade account. Nothing here is logged: it is all personal.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ORDER_STATUSES } from "../../../domain/order-status";
import { orderRef } from "../../../domain/order-ref";
import { QUOTE_STATUSES } from "../../../domain/quote";
import type { CustomerSummary } from "../../services/customers";
import { declare } from "../declare";
import { notFound } from "../failure";
import { idParams, replies, rowIdOrDigits } from "../schemas";

export const CUSTOMERS_PAGE_SIZE = 50;

export const customersQuery = z.object({
  q: z.string().max(100).optional(),
  after: rowIdOrDigits("after").optional(),
  limit: z.coerce.number().int().min(1).max(200).default(CUSTOMERS_PAGE_SIZE),
});

const customerSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  company: z.string(),
  postcode: z.string(),
  orders: z.number().int(),
  spend_pence: z.number().int(),
  refunded_pence: z.number().int(),
  quotes: z.number().int(),
  trade_account: z.enum(["none", "open", "held"]),
});

export const customersAnswer = z.object({ customers: z.array(customerSchema), next_cursor: z.string().nullable() });

export const customerAnswer = customerSchema.extend({
  since: z.string(),
  order_list: z.array(
    z.object({
      order_group_id: z.number().int(),
      reference: z.string(),
      placed_at: z.string(),
      status: z.enum(ORDER_STATUSES),
      total_pence: z.number().int(),
      refunded_pence: z.number().int(),
      payment_method: z.string(),
      reprint_of: z.number().int().nullable(),
    }),
  ),
  quote_list: z.array(z.object({ id: z.number().int(), number: z.number().int(), status: z.enum(QUOTE_STATUSES), total_pence: z.number().int(), created_at: z.string() })),
});

function customerView(c: CustomerSummary): z.infer<typeof customerSchema> {
  return {
    user_id: c.userId,
    name: c.name,
    email: c.email,
    telephone: c.telephone,
    company: c.company,
    postcode: c.postcode,
    orders: c.orders,
    spend_pence: c.spendPence,
    refunded_pence: c.refundedPence,
    quotes: c.quotes,
    trade_account: c.trade,
  };
}

export async function customersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { customers } = app.services;

  app.get(
    "/staff/customers",
    declare(
      {
        auth: "staff",
        tag: "staff",
        summary: "Customers, newest first, keyset-paged (after = the last customer's id): search q by name, email, company, postcode or phone, any case; each with orders, spend (invoiced less credit notes), refunds, quotes and trade account.",
      },
      { querystring: customersQuery, response: replies({ 200: customersAnswer }, 400, 401, 404) },
    ),
    async (request) => {
      const { q, after, limit } = request.query;
      const page = await customers.page(q, limit, after);
      return { customers: page.customers.map(customerView), next_cursor: page.next === null ? null : String(page.next) };
    },
  );

  app.get(
    "/staff/customers/:userId",
    declare(
      { auth: "staff", tag: "staff", summary: "One customer: their figures, every order (with what was refunded on it), every quote, and their trade account status" },
      { params: idParams("userId"), response: replies({ 200: customerAnswer }, 401, 404) },
    ),
    async (request, reply) => {
      const found = await customers.detail(request.params.userId);
      if (!found) return notFound(reply, "Customer not found");
      return {
        ...customerView(found),
        since: found.since,
        order_list: found.orderList.map((o) => ({
          order_group_id: o.orderGroupId,
          reference: orderRef(o.orderGroupId),
          placed_at: o.placedAt,
          status: o.status,
          total_pence: o.totalPence,
          refunded_pence: o.refundedPence,
          payment_method: o.paymentMethod,
          reprint_of: o.reprintOf,
        })),
        quote_list: found.quoteList.map((q) => ({ id: q.id, number: q.number, status: q.status, total_pence: q.totalPence, created_at: q.createdAt })),
      };
    },
  );
}
