import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { billingAddressSchema, deliveryAddressSchema } from "../../../domain/address";
import { CHECKOUT_MESSAGES, checkoutLineRequestSchema, MAX_ORDER_POUNDS, purchaseOrderSchema } from "../../../domain/checkout";
import { penceToPounds } from "../../../domain/money";
import { WebhookSignatureError } from "../../integrations/payments/payment-provider";
import { isOwnId, requireUser } from "../../plugins/auth";
import { errorBody, errorSchema } from "../../front-door/errors";
import { notFound, sendFailure } from "../failure";
import { doneWithMessageAnswer, replies, rowId, rowIdOrDigits } from "../schemas";
import { declare } from "../declare";

export const createSessionBody = z.object({
  email: z.string().max(254).optional(),
  userId: rowIdOrDigits("userId"),
  Total: z
    .number({ error: "Total is required (pounds)" })
    .finite()
    .min(0, "Total must not be negative")
    .max(MAX_ORDER_POUNDS, `Total must be at most £${MAX_ORDER_POUNDS.toLocaleString("en-GB")}`),
  // Beside the spec's fields: the basket as it stands, re-priced by the server (docs/decisions/005-checkout-exactly-once.md).
  lines: z.array(checkoutLineRequestSchema).max(100),
  /** Order this quote of the customer's, whole, at its quoted figures while it is valid (`lines` is then not read). */
  quoteId: rowId("quoteId").nullable().optional(),
  promoCode: z.string().max(64).nullable().optional(),
  billing: billingAddressSchema.nullable().optional(),
  delivery: deliveryAddressSchema.nullable().optional(),
  /** The buyer's purchase-order number (optional): printed on the order, the VAT invoice, the packing slip and the job. */
  poNumber: purchaseOrderSchema,
  blindShipping: z
    .object({ senderName: z.string().trim().min(1, "Sender name is required").max(100), returnAddress: billingAddressSchema })
    .nullable()
    .optional(),
});

export const onAccountAnswer = z.object({ order_group_id: z.number().int(), url: z.string(), amount_total: z.number().int() });
export const checkoutSessionAnswer = z.object({ url: z.string(), checkout_id: z.string(), amount_total: z.number().int() });
export const paymentSessionAnswer = z.object({
  id: z.string(),
  amount_total: z.number().int().nullable(),
  client_reference_id: z.string().nullable(),
  payment_status: z.string(),
  status: z.string(),
  currency: z.string().nullable(),
});
export const orderCreatedAnswer = z.object({
  order_group_id: z.number().int(),
  orders: z.array(z.object({ id: z.number().int(), product_id: z.number().int(), product_name: z.string(), qty: z.number().int(), versions: z.number().int(), price: z.number() })),
});

function startInput(userId: number, body: z.output<typeof createSessionBody>) {
  return {
    userId,
    clientTotalPounds: body.Total,
    lines: body.lines,
    promoCode: body.promoCode,
    billing: body.billing,
    delivery: body.delivery,
    blindShipping: body.blindShipping ? { senderName: body.blindShipping.senderName, returnAddress: body.blindShipping.returnAddress } : null,
    poNumber: body.poNumber,
    quoteId: body.quoteId ?? null,
  };
}

/** The spec's body of POST /orders/:clientReference: accepted, never read (the order is made from what the server stored). */
export const createOrderBody = z.object({}).passthrough().optional();
/** The order whose confirmation the spec's client asks for (other fields, addresses included, are ignored). */
export const sendConfirmationBody = z.object({ orderRef: rowIdOrDigits("orderRef") }).passthrough();

export async function checkoutRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { checkout, orders } = app.services;

  app.post(
    "/stripe/create-checkout-session",
    declare({ auth: "customer", tag: "checkout", limit: { max: 30, timeWindow: "10 minutes" }, summary: "Re-prices the basket, re-checks the promo, stores the checkout and answers the hosted payment page's url" }, {
      body: createSessionBody,
      response: replies({ 200: checkoutSessionAnswer, 409: errorSchema.extend({ amount_total: z.number().int().optional() }) }, 400, 401, 404, 429, 502),
    }),
    async (request, reply) => {
      const body = request.body;
      if (!isOwnId(request, body.userId)) return notFound(reply, CHECKOUT_MESSAGES.accountProblem);
      const result = await checkout.start(startInput(requireUser(request).userId, body));
      if (!result.ok) {
        return sendFailure(reply, result, result.serverTotalPence !== undefined ? { amount_total: result.serverTotalPence } : {});
      }
      return { url: result.url, checkout_id: result.checkoutId, amount_total: result.totalPence };
    },
  );

  app.post(
    "/checkout/on-account",
    declare({ auth: "customer", tag: "checkout", limit: { max: 30, timeWindow: "10 minutes" }, summary: "Pay on account: the same body as create-checkout-session; a trade customer within their credit limit and not on hold gets the order at once, invoiced with a due date, and goes on to artwork" }, {
      body: createSessionBody,
      response: replies({ 201: onAccountAnswer, 409: errorSchema.extend({ amount_total: z.number().int().optional() }) }, 400, 401, 404, 429),
    }),
    async (request, reply) => {
      const body = request.body;
      if (!isOwnId(request, body.userId)) return notFound(reply, CHECKOUT_MESSAGES.accountProblem);
      const result = await checkout.placeOnAccount(startInput(requireUser(request).userId, body));
      if (!result.ok) return sendFailure(reply, result, result.serverTotalPence !== undefined ? { amount_total: result.serverTotalPence } : {});
      return reply.status(201).send({ order_group_id: result.orderGroupId, url: `/checkout/artwork-uploader?order_group_id=${result.orderGroupId}`, amount_total: result.totalPence });
    },
  );

  app.get(
    "/stripe/session/:sessionId",
    declare({ auth: "customer", tag: "checkout", summary: "A payment session of this customer: amount_total in pence and the client reference" }, { params: z.object({ sessionId: z.string().max(255) }), response: replies({ 200: paymentSessionAnswer }, 401, 404) }),
    async (request, reply) => {
      const session = await checkout.sessionForOwner(requireUser(request).userId, request.params.sessionId);
      if (!session) return notFound(reply);
      return {
        id: session.id,
        amount_total: session.amountTotalPence,
        client_reference_id: session.clientReferenceId,
        payment_status: session.paymentStatus,
        status: session.status,
        currency: session.currency,
      };
    },
  );

  app.post(
    "/orders/:clientReference",
    declare({ auth: "customer", tag: "orders", summary: "Creates the order for a paid checkout (once; later calls answer the same order). Amounts in the body are ignored: the order is made from what the server stored." }, {
      params: z.object({ clientReference: z.string().max(64) }),
      // The spec's body is accepted but not used: money never comes from the browser (docs/decisions/005-checkout-exactly-once.md).
      body: createOrderBody,
      response: replies({ 200: orderCreatedAnswer }, 401, 404, 409),
    }),
    async (request, reply) => {
      const userId = requireUser(request).userId;
      const result = await checkout.fulfilForOwner(userId, request.params.clientReference);
      if (!result.ok) return sendFailure(reply, result);
      const group = await orders.groupForOwner(userId, result.orderGroupId);
      return {
        order_group_id: result.orderGroupId,
        orders: (group?.items ?? []).map((item) => ({
          id: item.id,
          product_id: item.productId,
          product_name: item.productName,
          qty: item.quantity,
          versions: item.versions,
          price: penceToPounds(item.linePence),
        })),
      };
    },
  );

  // Stripe's webhook: the signature is checked over the raw bytes, so this route keeps its body unparsed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      "/stripe/webhook",
      declare({ auth: "public", tag: "checkout", hide: false, summary: "Stripe events (signature verified); a paid checkout becomes its order" }, {}),
      async (request, reply) => {
        let event;
        try {
          event = checkout.provider.parseWebhook(request.body as Buffer, request.headers["stripe-signature"] as string | undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            request.log.warn({ err: error.message }, "webhook refused");
            return reply.status(400).send(errorBody("Invalid webhook signature", 400));
          }
          throw error;
        }
        const paidTypes = ["checkout.session.completed", "checkout.session.async_payment_succeeded"];
        if (paidTypes.includes(event.type) && event.session && event.session.paymentStatus === "paid") {
          const result = await checkout.fulfilSession(event.session.id, event.session);
          request.log.info({ eventId: event.id, type: event.type, result }, "webhook handled");
          // A mismatch is for staff to look at; answering an error would only make Stripe retry it forever.
        }
        return { received: true };
      },
    );
  });

  app.post(
    "/email/send-confirmation",
    declare({ auth: "customer", tag: "orders", summary: "Accepted for the spec's clients. The confirmation email is queued once, when the order is made, from the stored order; this call sends nothing new and ignores addresses in the body." }, { body: sendConfirmationBody, response: replies({ 202: doneWithMessageAnswer }, 400, 401, 404) }),
    async (request, reply) => {
      const group = await orders.groupForOwner(requireUser(request).userId, Number(request.body.orderRef));
      if (!group) return notFound(reply);
      return reply.status(202).send({ success: true as const, message: "Your order confirmation is on its way to your inbox." });
    },
  );
}
