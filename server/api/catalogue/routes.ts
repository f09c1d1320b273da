import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { prepareAnswer } from "../../response-cache";
import { declare } from "../declare";
import { notFound } from "../failure";
import { CATALOGUE_IMAGE_FOLDER, CATALOGUE_IMAGE_PREFIX } from "../../services/back-office/catalogue-pictures";

export const CATALOGUE_URL = "/api/data";

const pageMeta = { page_title: z.string(), page_description: z.string(), page_keywords: z.string() };

/** A product as the catalogue JSON gives it: the spec's field names, pounds for prices, basis points ÷ 100 for percentages. */
const catalogueProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  order: z.number().int(),
  // The spec's clients read several spellings of the same field.
  product_name: z.string(), product_short_desc: z.string(), description: z.string(), product_description: z.string(),
  image_url: z.string().nullable(), img: z.string().nullable(),
  price: z.number(), price_type: z.enum(["fixed", "sqm"]),
  size_limits: z.object({ min_width: z.number(), min_height: z.number(), max_width: z.number(), max_height: z.number() }).nullable(),
  qty_limits: z.object({ min_qty: z.number().int(), max_qty: z.number().int(), orientation: z.enum(["both", "portrait", "landscape"]), fixed_size: z.string().nullable() }),
  /** Beside the spec's fields: this product's quantity discounts, and the least a line costs (pounds). */
  quantity_tiers: z.array(z.object({ min_qty: z.number().int(), percent: z.number().int() })),
  min_line_charge: z.number(),
  attributes: z.array(
    z.object({
      group: z.string(),
      subattribute_id: z.number().int(),
      subattribute_name: z.string(),
      is_default: z.boolean(),
      cost: z.number(),
      /** `sqm`: pounds per square metre of the item, added to the unit price. */
      cost_unit: z.enum(["fixed", "sqm", "percentage"]),
      display_type: z.enum(["Dropdown", "Radio buttons", "Turnaround"]),
      /** Turnaround options: working days from dispatch to delivery; null keeps the standard 3 (express 2). */
      working_days: z.number().int().nullable(),
    }),
  ),
  productSpecifications: z.string(),
  product_specifications: z.string(),
  variants: z.array(z.object({ attributeIds: z.array(z.number().int()) })),
  ...pageMeta,
});

/**
 * The whole catalogue, as `GET /api/data` answers it. The body is prepared once per catalogue version
 * (server/services/catalogue-service.ts) and sent as bytes, so this schema documents it and the catalogue
 * tests hold the prepared body to it, field for field.
 */
export const catalogueAnswer = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      image: z.string().nullable(),
      order: z.number().int(),
      ...pageMeta,
      subcategories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), order: z.number().int(), ...pageMeta, products: z.array(catalogueProductSchema) })),
    }),
  ),
});

export async function catalogueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services, responseCache } = app;

  // The body is serialised and compressed once per catalogue version and kept in the response cache, from
  // which later requests are answered before they reach this route (the cache is emptied on a change).
  app.get(
    "/data",
    declare({ auth: "public", tag: "catalogue", summary: "The whole catalogue: categories → subcategories → products" }, { response: { 200: catalogueAnswer } }),
    async (request, reply) => {
      let answer = responseCache.get(CATALOGUE_URL);
      // HIT when the answer was already prepared (HEAD, or a request `inject` sends), as the listener says.
      const state = answer ? "HIT" : "MISS";
      if (!answer) {
        const snapshot = await services.catalogue.snapshot();
        answer = prepareAnswer({
          status: 200,
          headers: [
            ["content-type", "application/json; charset=utf-8"],
            ["cache-control", "public, max-age=0, must-revalidate"],
          ],
          body: snapshot.apiBody,
          etag: snapshot.apiEtag,
        });
        // Only the current catalogue is kept: a change while this snapshot was read has dropped it.
        if ((await services.catalogue.snapshot()) === snapshot) responseCache.set(CATALOGUE_URL, answer);
      }
      return responseCache.send(request, reply, answer, state);
    },
  );

  // Product and category pictures a manager uploaded: the one kind of stored file anyone may fetch. Named by their
  // content, so a name never shows other bytes and the browser may keep it for a year.
  app.get(
    "/catalogue/images/:folder/:file",
    declare({ auth: "public", tag: "catalogue", summary: "A product picture (folder: the product's id) or a category picture (folder: c and its id) uploaded in the back office (WebP)" }, {
      params: z.object({ folder: z.string().regex(CATALOGUE_IMAGE_FOLDER, "folder must be a product id, or c and a category id"), file: z.string().regex(/^[0-9a-f]{20}\.webp$/, "Not a picture name") }),
    }),
    async (request, reply) => {
      const stored = await services.storage.open(`${CATALOGUE_IMAGE_PREFIX}${request.params.folder}/${request.params.file}`);
      if (!stored) return notFound(reply);
      reply.header("cache-control", "public, max-age=31536000, immutable");
      reply.header("content-length", String(stored.size));
      return reply.type("image/webp").send(stored.stream);
    },
  );
}
