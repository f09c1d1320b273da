import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { designNameSchema, designSchema } from "../../../domain/design/schema";
import { requireUser } from "../../plugins/auth";
import type { DesignRow } from "../../services/design-service";
import { errorBody, errorSchema } from "../../front-door/errors";
import { notFound, sendFailure } from "../failure";
import { doneAnswer, idParams, replies, rowId } from "../schemas";
import { fileView, preflightSchema } from "../orders/serialise";
import { versionAnswer } from "../artwork/routes";
import { receiveMultipart } from "../uploads";
import { declare } from "../declare";

const productSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "productSlug must be a product's slug").max(120);

const designSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  productSlug: z.string(),
  widthMm: z.number(),
  heightMm: z.number(),
  revision: z.number().int(),
  updatedAt: z.string(),
});

/** A saved design: its summary and the document. */
export const designAnswer = z.object({ design: designSummarySchema.extend({ document: designSchema }) });
export const designListAnswer = z.object({ designs: z.array(designSummarySchema) });
export const designBody = z.object({ name: designNameSchema, productSlug: productSlugSchema, document: designSchema });
export const designSaveBody = z.object({ name: designNameSchema.optional(), document: designSchema, revision: rowId("revision") });
export const designProofAnswer = z.object({ preflight: preflightSchema, proof: z.string() });
export const designImageAnswer = z.object({ image: z.object({ id: z.string(), widthPx: z.number().int(), heightPx: z.number().int(), hasAlpha: z.boolean(), fileName: z.string() }) });
export const useDesignBody = z.object({ designId: rowId("designId"), version_number: z.number().int().min(1).max(1000).default(1) });

const imageParams = z.object({ imageId: z.string().regex(/^img_[A-Za-z0-9_-]{8,64}$/, "imageId must name an uploaded image") });

function summary(row: DesignRow) {
  return { id: row.id, name: row.name, productSlug: row.productSlug, widthMm: row.document.widthMm, heightMm: row.document.heightMm, revision: row.revision, updatedAt: row.updatedAt.toISOString() };
}
const full = (row: DesignRow) => ({ design: { ...summary(row), document: row.document } });

/** Designs from the online editor (issue 40): every call serves only the signed-in customer's own designs and pictures. */
export async function designRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { config, designs } = services;
  const tmpDir = path.join(config.dataDir, "tmp", "uploads");
  await app.register(multipart);

  app.get(
    "/designs",
    declare({ auth: "customer", tag: "designs", summary: "The signed-in customer's designs, most recently changed first" }, { response: replies({ 200: designListAnswer }, 401) }),
    async (request) => ({ designs: (await designs.list(requireUser(request).userId)).map(summary) }),
  );

  app.post(
    "/designs",
    declare({ auth: "customer", tag: "designs", limit: { max: 60, timeWindow: "10 minutes" }, summary: "Saves a new design (a draft) to the account" }, { body: designBody, response: replies({ 201: designAnswer }, 400, 401, 429) }),
    async (request, reply) => {
      const created = await designs.create(requireUser(request).userId, request.body);
      if (!created.ok) return sendFailure(reply, created);
      return reply.status(201).send(full(created.design));
    },
  );

  app.get(
    "/designs/:designId",
    declare({ auth: "customer", tag: "designs", summary: "One of the customer's designs" }, { params: idParams("designId"), response: replies({ 200: designAnswer }, 401, 404) }),
    async (request, reply) => {
      const row = await designs.get(requireUser(request).userId, request.params.designId as number);
      return row ? full(row) : notFound(reply);
    },
  );

  app.put(
    "/designs/:designId",
    declare({ auth: "customer", tag: "designs", limit: { max: 300, timeWindow: "10 minutes" }, summary: "Saves a design over the revision it was opened at (409 when it was saved elsewhere since)" }, { params: idParams("designId"), body: designSaveBody, response: replies({ 200: designAnswer }, 400, 401, 404, 409) }),
    async (request, reply) => {
      const saved = await designs.save(requireUser(request).userId, request.params.designId as number, request.body);
      return saved.ok ? full(saved.design) : sendFailure(reply, saved);
    },
  );

  app.post(
    "/designs/:designId/copy",
    declare({ auth: "customer", tag: "designs", limit: { max: 60, timeWindow: "10 minutes" }, summary: "Copies a design into a new draft" }, { params: idParams("designId"), response: replies({ 201: designAnswer }, 401, 404, 429) }),
    async (request, reply) => {
      const copied = await designs.copy(requireUser(request).userId, request.params.designId as number);
      if (!copied.ok) return sendFailure(reply, copied);
      return reply.status(201).send(full(copied.design));
    },
  );

  app.delete(
    "/designs/:designId",
    declare({ auth: "customer", tag: "designs", summary: "Deletes a draft (orders already made from it keep their print file)" }, { params: idParams("designId"), response: replies({ 200: doneAnswer }, 401, 404) }),
    async (request, reply) => {
      const removed = await designs.remove(requireUser(request).userId, request.params.designId as number);
      return removed.ok ? { success: true as const } : sendFailure(reply, removed);
    },
  );

  app.post(
    "/designs/:designId/proof",
    declare({ auth: "customer", tag: "designs", limit: { max: 30, timeWindow: "10 minutes" }, summary: "Makes the design's print PDF as it would be ordered and answers its preflight and a PNG proof of it (nothing is kept)" }, { params: idParams("designId"), response: replies({ 200: designProofAnswer }, 400, 401, 404, 422, 429) }),
    async (request, reply) => {
      const made = await designs.proof(requireUser(request).userId, request.params.designId as number);
      if (!made.ok) return sendFailure(reply, made);
      return { preflight: made.preflight, proof: `data:image/png;base64,${made.proofPng.toString("base64")}` };
    },
  );

  app.post(
    "/design-images",
    declare({ auth: "customer", tag: "designs", limit: { max: 60, timeWindow: "10 minutes" }, summary: "Uploads a picture for the editor (multipart field `image`): checked by its content (JPEG, PNG, TIFF or WebP), kept at full resolution in CMYK for printing, with a preview", form: { files: ["image"], fields: [] } }, { consumes: ["multipart/form-data"], response: replies({ 201: designImageAnswer }, 400, 401, 413, 422, 429) }),
    async (request, reply) => {
      const userId = requireUser(request).userId;
      const received = await receiveMultipart(request, reply, { tmpDir, maxFileBytes: config.uploadMaxBytes });
      if (!received.ok) return reply.status(received.status).send(errorBody(received.message, received.status));
      try {
        const file = received.value.files.image;
        if (!file) return reply.status(400).send(errorBody("image is required: attach the picture in the `image` field", 400));
        const stored = await designs.uploadImage(userId, file);
        if (!stored.ok) return sendFailure(reply, stored);
        const { id, widthPx, heightPx, hasAlpha, fileName } = stored.image;
        return reply.status(201).send({ image: { id, widthPx, heightPx, hasAlpha, fileName } });
      } finally {
        await received.cleanup();
      }
    },
  );

  app.get(
    "/design-images/:imageId",
    declare({ auth: "customer", tag: "designs", summary: "The editor's preview of an uploaded picture, for its owner only" }, { params: imageParams }),
    async (request, reply) => {
      const found = await designs.openImage(requireUser(request).userId, request.params.imageId);
      const stored = found ? await services.storage.open(found.key) : null;
      if (!found || !stored) return notFound(reply);
      reply.header("cache-control", "private, max-age=86400, immutable");
      reply.header("content-length", stored.size);
      return reply.type(found.contentType).send(stored.stream);
    },
  );

  app.post(
    "/orders/:orderId/design",
    declare({ auth: "customer", tag: "orders", limit: { max: 60, timeWindow: "10 minutes" }, summary: "Makes one of the customer's designs the artwork of a version of their ordered item: its print PDF is made at the ordered size and stored unapproved, like an upload" }, {
      params: idParams("orderId"),
      body: useDesignBody,
      response: replies({ 201: versionAnswer, 422: errorSchema.merge(preflightSchema.partial()) }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const stored = await designs.useForOrder(requireUser(request).userId, { orderId: request.params.orderId as number, versionNumber: request.body.version_number, designId: request.body.designId });
      if (!stored.ok) return sendFailure(reply, stored, stored.preflight ?? {});
      return reply.status(201).send({ file: fileView(stored.file) });
    },
  );
}
