import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { basisPointsToPercent } from "../../../domain/totals";
import { bearerToken } from "../../plugins/auth";
import { NEW_CUSTOMERS_ONLY_MESSAGE } from "../../services/checkout-service";
import { replies } from "../schemas";
import { declare } from "../declare";

export const PROMO_APPLIED = "Promo code applied!";

/**
 * The spec's answer: `discount` is the percentage off Sub Total. A code a manager made a fixed amount
 * answers `discount: 0` and adds `amountOffPence`, the pence it takes off (never more than Sub Total).
 */
export const promoAnswer = z.object({ success: z.boolean(), discount: z.number(), amountOffPence: z.number().int().optional(), message: z.string() });

export const applyPromoBody = z.object({ promoCode: z.string({ error: "promoCode is required" }).max(64, "promoCode is too long") });

export async function promotionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { promos, accounts, checkout } = app.services;

  app.post(
    "/apply-promo",
    declare({ auth: "public", tag: "promotions", limit: { max: 10, timeWindow: "1 minute" }, summary: "Checks a promo code; discount is a percentage off Sub Total, or amountOffPence a fixed amount off it" }, {
      body: applyPromoBody,
      response: replies({ 200: promoAnswer }, 400, 429),
    }),
    async (request) => {
      const result = await promos.check(request.body.promoCode);
      if (!result.ok) return { success: false, discount: 0, message: result.message };
      // A signed-in returning customer hears now that a new-customer code is not for them; everyone is
      // checked again when payment starts (a guest's email is only known then).
      if (result.newCustomersOnly) {
        const token = bearerToken(request);
        const user = token ? await accounts.authenticate(token) : null;
        if (user && (await checkout.isReturningCustomer(user.userId))) {
          return { success: false, discount: 0, message: NEW_CUSTOMERS_ONLY_MESSAGE };
        }
      }
      // The spec's `discount` is a percentage; basis points everywhere else.
      if (result.amountOffPence !== null) return { success: true, discount: 0, amountOffPence: result.amountOffPence, message: PROMO_APPLIED };
      return { success: true, discount: basisPointsToPercent(result.basisPoints), message: PROMO_APPLIED };
    },
  );
}
