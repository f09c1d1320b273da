import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { priceInputsSchema } from "../../../domain/price-inputs";
import { categoryDetailsSchema, subcategoryDetailsSchema } from "../../../domain/category-details";
import { productDetailsSchema } from "../../../domain/product-details";
import { PROMO_KINDS, promotionFormSchema } from "../../../domain/promotion";
import { requireUser } from "../../plugins/auth";
import { actorOf, type Actor } from "../../services/back-office/audit";
import type { Outcome } from "../../services/outcome";
import type { PromotionRow } from "../../services/back-office/promotion-admin";
import { CATALOGUE_IMAGE_MAX_BYTES } from "../../services/back-office/catalogue-pictures";
import { contentDisposition } from "../../front-door/content-disposition";
import { errorBody } from "../../front-door/errors";
import { receiveMultipart } from "../uploads";
import { confirm, notFound, sendFailure } from "../failure";
import { doneAnswer, idParams, replies, rowId } from "../schemas";
import { declare } from "../declare";

const iso = (d: Date) => d.toISOString();

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
export const productDetailsAnswer = z.object({ details: productDetailsSchema, id: z.number().int(), image: z.string().nullable(), redirects: z.array(z.string()) });
export const productDetailsSavedAnswer = z.object({ details: productDetailsSchema });

export const categoryTreeAnswer = z.object({
  categories: z.array(categoryDetailsSchema.extend({ id: z.number().int(), image: z.string().nullable(), subcategories: z.array(subcategoryDetailsSchema.extend({ id: z.number().int() })) })),
});

export const productImageAnswer = z.object({ image: z.string() });

export const pricePreviewBody = z.object({ inputs: priceInputsSchema });
export const priceSaveBody = z.object({ inputs: priceInputsSchema, baseVersion: rowId("baseVersion") });
export const priceRestoreBody = z.object({ version: rowId("version"), baseVersion: rowId("baseVersion") });
export const priceImportBody = z.object({ csv: z.string().min(1, "csv is empty").max(900_000, "The file is too large (at most 900 KB)"), apply: z.boolean().default(false) });

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

/** The back office: managers only (production staff and customers get 404, nobody signed in 401). */
export async function backOfficeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { prices, promotionAdmin } = services;
  const actor = (request: FastifyRequest) => actorOf(services.db.db, requireUser(request).userId);
  const tmpDir = path.join(services.config.dataDir, "tmp", "uploads");
  await app.register(multipart);

  /**
   * POST /manage/<kind>s/:<kind>Id/image: a catalogue picture sent as multipart (field `image`), handed to
   * `save` as a file; the temporary file is removed after.
   */
  function pictureRoute(kind: "product" | "category", save: (id: number, filePath: string, who: Actor) => Promise<Outcome<{ image: string }>>) {
    const idName = `${kind}Id` as const;
    app.post(
      `/manage/${kind === "product" ? "products" : "categories"}/:${idName}/image`,
      declare({ auth: "manager", tag: "back office", summary: `A new picture for a ${kind}: multipart with the file in \`image\` (JPEG, PNG or WebP, read by content, at most 10 MB); stored resized to 1200 px as WebP`, form: { files: ["image"], fields: [] } }, {
        params: idParams(idName),
        consumes: ["multipart/form-data"],
        response: replies({ 200: productImageAnswer }, 400, 401, 404, 413, 422),
      }),
      async (request, reply) => {
        const id = (request.params as Record<string, number>)[idName]!;
        const received = await receiveMultipart(request, reply, { tmpDir, maxFileBytes: CATALOGUE_IMAGE_MAX_BYTES });
        if (!received.ok) return reply.status(received.status).send(errorBody(received.message, received.status));
        try {
          const file = received.value.files.image;
          if (!file) return reply.status(400).send(errorBody("Choose a picture to upload (the form field is image).", 400));
          const result = await save(id, file.path, await actor(request));
          return result.ok ? { image: result.image } : sendFailure(reply, result);
        } finally {
          await received.cleanup();
        }
      },
    );
  }

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

  app.get(
    "/manage/categories",
    declare({ auth: "manager", tag: "back office", summary: "Categories with their subcategories, in menu order, with their details" }, { response: replies({ 200: categoryTreeAnswer }, 401, 404) }),
    async () => ({ categories: await services.categoryAdmin.tree() }),
  );

  app.put(
    "/manage/categories/:categoryId",
    declare({ auth: "manager", tag: "back office", summary: "Changes a category's name, slug (the old address answers 301), words, search listing or position" }, {
      params: idParams("categoryId"),
      body: categoryDetailsSchema,
      response: replies({ 200: doneAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => confirm(reply, await services.categoryAdmin.saveCategory(request.params.categoryId as number, request.body, await actor(request))),
  );

  pictureRoute("category", (id, filePath, who) => services.categoryAdmin.setImage(id, filePath, who));

  app.put(
    "/manage/subcategories/:subcategoryId",
    declare({ auth: "manager", tag: "back office", summary: "Changes a subcategory's name, slug, search listing or position" }, {
      params: idParams("subcategoryId"),
      body: subcategoryDetailsSchema,
      response: replies({ 200: doneAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => confirm(reply, await services.categoryAdmin.saveSubcategory(request.params.subcategoryId as number, request.body, await actor(request))),
  );

  app.get(
    "/manage/products/:productId/details",
    declare({ auth: "manager", tag: "back office", summary: "A product's names, slug, words, search listing, visibility and position, with its old slugs" }, { params: idParams("productId"), response: replies({ 200: productDetailsAnswer }, 400, 401, 404) }),
    async (request, reply) => {
      const found = await services.productAdmin.details(request.params.productId as number);
      if (!found) return notFound(reply);
      const { id, image, redirects, ...details } = found;
      return { id, image, redirects, details };
    },
  );

  app.put(
    "/manage/products/:productId/details",
    declare({ auth: "manager", tag: "back office", summary: "Changes a product's details; a new slug leaves a 301 from the old one; hidden products are 404 to customers" }, {
      params: idParams("productId"),
      body: productDetailsSchema,
      response: replies({ 200: productDetailsSavedAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await services.productAdmin.saveDetails(request.params.productId as number, request.body, await actor(request));
      return result.ok ? { details: result.details } : sendFailure(reply, result);
    },
  );

  pictureRoute("product", (id, filePath, who) => services.productAdmin.setImage(id, filePath, who));

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
