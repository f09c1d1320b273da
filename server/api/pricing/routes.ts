import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { priceConfiguration, validateConfiguration } from "../../../domain/configuration";
import { penceToPounds } from "../../../domain/money";
import { errorBody, errorSchema } from "../../front-door/errors";
import { rowIdOrDigits } from "../schemas";
import type { Services } from "../../services";
import type { CatalogueSnapshot } from "../../services/catalogue-service";
import { declare } from "../declare";

/** A number, or a string holding one (form inputs send strings). Empty means "not given". */
const numeric = (field: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value.trim()) : value),
    z.number({ error: `${field} must be a number` }).finite(`${field} must be a number`).optional(),
  );

export const calculatePriceBody = z.object({
  productId: rowIdOrDigits("productId"),
  customWidth: numeric("customWidth"),
  customHeight: numeric("customHeight"),
  selectedQuantity: numeric("selectedQuantity"),
  attributes: z
    .array(
      z.object({
        group: z.string().optional(),
        subattribute_id: rowIdOrDigits("subattribute_id"),
        subattribute_name: z.string().optional(),
      }),
    )
    .max(50)
    .default([]),
});

const breakdownSchema = z.object({
  basePence: z.number().int(),
  unitPence: z.number().int(),
  quantity: z.number().int(),
  undiscountedLinePence: z.number().int(),
  tierPercent: z.number(),
  linePence: z.number().int(),
  /** True when the product's minimum line charge set linePence. */
  minimumApplied: z.boolean(),
  attributeIds: z.array(z.number().int()),
});

export const priceAnswer = z.object({ total: z.number(), breakdown: breakdownSchema });
const calculatePriceResponse = { 200: priceAnswer, 400: errorSchema };

type CalculatePriceBody = z.output<typeof calculatePriceBody>;

type CalculatePriceAnswer =
  | { status: 200; payload: z.infer<(typeof calculatePriceResponse)[200]> }
  | { status: 400; payload: ReturnType<typeof errorBody> };

/**
 * The price of one configured line: the one handler of both ways in (Fastify's route and the direct one).
 * Synchronous once the catalogue is in memory, which is always but for the first call after a change.
 */
function calculatePrice(services: Services, body: CalculatePriceBody): CalculatePriceAnswer | Promise<CalculatePriceAnswer> {
  const snapshot = services.catalogue.loaded();
  if (snapshot) return priceAgainst(snapshot, body);
  return services.catalogue.snapshot().then((loaded) => priceAgainst(loaded, body));
}

function priceAgainst(snapshot: CatalogueSnapshot, body: CalculatePriceBody): CalculatePriceAnswer {
  if (body.selectedQuantity === undefined) return { status: 400, payload: errorBody("selectedQuantity is required") };
  const product = snapshot.productById.get(body.productId);
  if (!product) return { status: 400, payload: errorBody(`productId: no product with id ${body.productId}`) };
  const checked = validateConfiguration(product, {
    quantity: body.selectedQuantity,
    widthMm: body.customWidth,
    heightMm: body.customHeight,
    attributes: body.attributes,
  });
  if (!checked.ok) return { status: 400, payload: errorBody(checked.error.message) };
  const breakdown = priceConfiguration(product, checked.value);
  return { status: 200, payload: { total: penceToPounds(breakdown.linePence), breakdown: { ...breakdown, attributeIds: checked.value.attributeIds } } };
}

export async function pricingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  app.post(
    "/calculatePrice",
    // Called on every change a customer makes: also answered by the listener ahead of the router.
    declare({ auth: "public", tag: "pricing", direct: (body: CalculatePriceBody) => calculatePrice(services, body), sameForSameCatalogue: true, summary: "The price of one configured line, in pounds (total), with the pence breakdown" }, { body: calculatePriceBody, response: calculatePriceResponse }),
    async (request, reply) => {
      const { status, payload } = await calculatePrice(services, request.body);
      return reply.status(status).send(payload);
    },
  );
}
