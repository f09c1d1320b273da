// Promo codes in the back office (server/api/back-office/routes.ts): every code with its limits, usage and
// state, making one and changing one (`/api/manage/promotions…`).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PROMO_KINDS, promotionFormSchema } from "../../../domain/promotion";
import type { PromotionRow } from "../../services/back-office/promotion-admin";
import { declare } from "../declare";
import { sendFailure } from "../failure";
import { idParams, replies } from "../schemas";
import { iso, type BackOfficeRouteContext } from "./route-context";

const promotionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** Percent off Sub Total (0 for an amount code). */
  percent: z.number(),
  /** Pence off Sub Total (null for a percentage code). */
  amountPence: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  minSpendPence: z.number().int(),
  newCustomersOnly: z.boolean(),
  paused: z.boolean(),
  uses: z.number().int(),
  held: z.number().int(),
  state: z.enum(["active", "paused", "scheduled", "ended", "used up"]),
});
export const promotionListAnswer = z.object({ promotions: z.array(promotionSchema) });
export const promotionAnswer = z.object({ promotion: promotionSchema });

function promotionView(p: PromotionRow): z.infer<typeof promotionSchema> {
  return {
    id: p.id,
    code: p.code,
    description: p.description,
    kind: p.amountOffPence !== null ? "amount" : "percent",
    percent: p.basisPoints / 100,
    amountPence: p.amountOffPence,
    startsAt: p.activeFrom ? iso(p.activeFrom) : null,
    endsAt: p.activeTo ? iso(p.activeTo) : null,
    usageLimit: p.usageLimit,
    perCustomerLimit: p.perCustomerLimit,
    minSpendPence: p.minSpendPence,
    newCustomersOnly: p.newCustomersOnly,
    paused: p.paused,
    uses: p.uses,
    held: p.held,
    state: p.state,
  };
}

export function promotionRoutes(fastify: FastifyInstance, context: BackOfficeRouteContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { promotionAdmin } = app.services;
  const { actor } = context;

  app.get(
    "/manage/promotions",
    declare({ auth: "manager", tag: "back office", summary: "Every promo code with its limits, usage and state" }, { response: replies({ 200: promotionListAnswer }, 401, 404) }),
    async () => ({ promotions: (await promotionAdmin.list()).map(promotionView) }),
  );

  app.post(
    "/manage/promotions",
    declare({ auth: "manager", tag: "back office", summary: "Creates a promo code (codes are unique in any case)" }, { body: promotionFormSchema, response: replies({ 200: promotionAnswer }, 400, 401, 404, 409) }),
    async (request, reply) => {
      const result = await promotionAdmin.create(request.body, await actor(request));
      return result.ok ? { promotion: promotionView(result.promotion) } : sendFailure(reply, result);
    },
  );

  app.put(
    "/manage/promotions/:promotionId",
    declare({ auth: "manager", tag: "back office", summary: "Changes a promo code: its terms, limits, dates, or paused" }, {
      params: idParams("promotionId"),
      body: promotionFormSchema,
      response: replies({ 200: promotionAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await promotionAdmin.update(request.params.promotionId as number, request.body, await actor(request));
      return result.ok ? { promotion: promotionView(result.promotion) } : sendFailure(reply, result);
    },
  );
}
