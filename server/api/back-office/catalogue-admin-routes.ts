// The catalogue in the back office (server/api/back-office/routes.ts): categories and subcategories, a
// product's details, and the pictures of both (`/api/manage/categories…`, `/api/manage/products/:id/details`).
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { categoryDetailsSchema, subcategoryDetailsSchema } from "../../../domain/category-details";
import { productDetailsSchema } from "../../../domain/product-details";
import type { Actor } from "../../services/back-office/audit";
import { CATALOGUE_IMAGE_MAX_BYTES } from "../../services/back-office/catalogue-pictures";
import type { Outcome } from "../../services/outcome";
import { errorBody } from "../../front-door/errors";
import { declare } from "../declare";
import { confirm, notFound, sendFailure } from "../failure";
import { doneAnswer, idParams, replies } from "../schemas";
import { receiveMultipart } from "../uploads";
import type { BackOfficeRouteContext } from "./route-context";

export const productDetailsAnswer = z.object({ details: productDetailsSchema, id: z.number().int(), image: z.string().nullable(), redirects: z.array(z.string()) });
export const productDetailsSavedAnswer = z.object({ details: productDetailsSchema });

export const categoryTreeAnswer = z.object({
  categories: z.array(categoryDetailsSchema.extend({ id: z.number().int(), image: z.string().nullable(), subcategories: z.array(subcategoryDetailsSchema.extend({ id: z.number().int() })) })),
});

export const productImageAnswer = z.object({ image: z.string() });

/** Needs @fastify/multipart registered (routes.ts does) for the pictures. */
export function catalogueAdminRoutes(fastify: FastifyInstance, context: BackOfficeRouteContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { actor } = context;
  const tmpDir = path.join(services.config.dataDir, "tmp", "uploads");

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
}
