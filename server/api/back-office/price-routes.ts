// Prices in the back office (server/api/back-office/routes.ts): the product list with each price version,
// a product's price inputs, previewing, saving, restoring and the history of its prices, and the whole
// price list as CSV out and in (`/api/manage/products…`, `/api/manage/price-list…`).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { priceInputsSchema } from "../../../domain/price-inputs";
import { contentDisposition } from "../../front-door/content-disposition";
import { declare } from "../declare";
import { notFound, sendFailure } from "../failure";
import { idParams, replies, rowId } from "../schemas";
import { iso, type BackOfficeRouteContext } from "./route-context";

const productSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  subcategory: z.string(),
  visible: z.boolean(),
  /** Shown itself, but hidden from customers with its category or subcategory. */
  hiddenWith: z.enum(["category", "subcategory"]).nullable(),
  priceType: z.enum(["fixed", "sqm"]),
  pricePence: z.number().int(),
  minLinePence: z.number().int(),
  version: z.number().int(),
});
export const productListAnswer = z.object({ products: z.array(productSummarySchema) });
export const productPricesAnswer = z.object({
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), visible: z.boolean() }),
  inputs: priceInputsSchema,
  version: z.number().int(),
});
const sampleSchema = z.object({
  label: z.string(),
  widthMm: z.number().nullable(),
  heightMm: z.number().nullable(),
  quantity: z.number().int(),
  turnaround: z.string().nullable(),
  beforePence: z.number().int().nullable(),
  afterPence: z.number().int().nullable(),
  changePercent: z.number().nullable(),
  warn: z.boolean(),
});
export const pricePreviewAnswer = z.object({ samples: z.array(sampleSchema), changes: z.array(z.string()), warnings: z.number().int() });
export const priceSavedAnswer = z.object({ version: z.number().int(), changes: z.array(z.string()) });
export const priceHistoryAnswer = z.object({
  versions: z.array(
    z.object({
      version: z.number().int(),
      source: z.enum(["catalogue", "editor", "import", "restore"]),
      actorEmail: z.string().nullable(),
      createdAt: z.string().nullable(),
      changes: z.array(z.string()),
      inputs: priceInputsSchema,
    }),
  ),
});
export const priceImportAnswer = z.object({
  applied: z.boolean(),
  changes: z.array(z.object({ row: z.number().int(), slug: z.string(), name: z.string(), changes: z.array(z.string()) })),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});

export const pricePreviewBody = z.object({ inputs: priceInputsSchema });
export const priceSaveBody = z.object({ inputs: priceInputsSchema, baseVersion: rowId("baseVersion") });
export const priceRestoreBody = z.object({ version: rowId("version"), baseVersion: rowId("baseVersion") });
export const priceImportBody = z.object({ csv: z.string().min(1, "csv is empty").max(900_000, "The file is too large (at most 900 KB)"), apply: z.boolean().default(false) });

/** What the price editor opens with: every product with its price version, and one product's price inputs. */
export function productPriceRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { prices } = app.services;

  app.get(
    "/manage/products",
    declare({ auth: "manager", tag: "back office", summary: "Every product, visible or hidden, in catalogue order, with its price and price version" }, { response: replies({ 200: productListAnswer }, 401, 404) }),
    async () => ({ products: await prices.list() }),
  );

  app.get(
    "/manage/products/:productId/prices",
    declare({ auth: "manager", tag: "back office", summary: "A product's price inputs and their version (send the version back when saving)" }, { params: idParams("productId"), response: replies({ 200: productPricesAnswer }, 400, 401, 404) }),
    async (request, reply) => {
      const found = await prices.get(request.params.productId as number);
      if (!found) return notFound(reply);
      const { product, visible, inputs, version } = found;
      return { product: { id: product.id, name: product.name, slug: product.slug, visible }, inputs, version };
    },
  );
}

/** Changing prices: a preview, a save, the history and a restore of one product's; the price list as CSV. */
export function priceChangeRoutes(fastify: FastifyInstance, context: BackOfficeRouteContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { prices } = app.services;
  const { actor } = context;

  app.post(
    "/manage/products/:productId/prices/preview",
    declare({ auth: "manager", tag: "back office", summary: "Old and new line prices for sample sizes × quantities × turnaround; samples moving more than 20% are flagged" }, {
      params: idParams("productId"),
      body: pricePreviewBody,
      response: replies({ 200: pricePreviewAnswer }, 400, 401, 404),
    }),
    async (request, reply) => {
      const result = await prices.preview(request.params.productId as number, request.body.inputs);
      if (!result.ok) return sendFailure(reply, result);
      return { samples: result.samples, changes: result.changes, warnings: result.samples.filter((s) => s.warn).length };
    },
  );

  app.put(
    "/manage/products/:productId/prices",
    declare({ auth: "manager", tag: "back office", summary: "Saves a product's price inputs as a new version; 409 when someone saved since baseVersion" }, {
      params: idParams("productId"),
      body: priceSaveBody,
      response: replies({ 200: priceSavedAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await prices.save(request.params.productId as number, request.body, await actor(request));
      return result.ok ? { version: result.version, changes: result.changes } : sendFailure(reply, result);
    },
  );

  app.get(
    "/manage/products/:productId/prices/history",
    declare({ auth: "manager", tag: "back office", summary: "Every version of a product's prices, newest first: who, when, what changed, and the inputs" }, { params: idParams("productId"), response: replies({ 200: priceHistoryAnswer }, 400, 401, 404) }),
    async (request, reply) => {
      const versions = await prices.history(request.params.productId as number);
      if (!versions) return notFound(reply);
      return { versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.getTime() === 0 ? null : iso(v.createdAt) })) };
    },
  );

  app.post(
    "/manage/products/:productId/prices/restore",
    declare({ auth: "manager", tag: "back office", summary: "Makes an earlier version's prices the current ones (as a new version)" }, {
      params: idParams("productId"),
      body: priceRestoreBody,
      response: replies({ 200: priceSavedAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await prices.restore(request.params.productId as number, request.body.version, request.body.baseVersion, await actor(request));
      return result.ok ? { version: result.version, changes: result.changes } : sendFailure(reply, result);
    },
  );

  app.get(
    "/manage/price-list.csv",
    declare({ auth: "manager", tag: "back office", summary: "Every price input as CSV (columns in the README)" }, { response: replies({ 200: z.string() }, 401, 404) }),
    async (_request, reply) => {
      const csv = await prices.exportCsv();
      const stamp = new Date().toISOString().slice(0, 10);
      reply.header("content-disposition", contentDisposition("attachment", `price-list-${stamp}.csv`));
      return reply.type("text/csv; charset=utf-8").send(csv);
    },
  );

  app.post(
    "/manage/price-list/import",
    declare({ auth: "manager", tag: "back office", summary: "Reads a price list CSV: the changes and every error by row; with apply, makes the changes in one transaction (none if any row is wrong)" }, {
      body: priceImportBody,
      response: replies({ 200: priceImportAnswer }, 400, 401, 404, 413),
    }),
    async (request) => prices.importCsv(request.body.csv, request.body.apply, await actor(request)),
  );
}
