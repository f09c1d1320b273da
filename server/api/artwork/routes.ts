import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isStaffRole } from "../../../domain/roles";
import { requireUser } from "../../plugins/auth";
import type { OrderedArtwork, Preflight } from "../../services/artwork-service";
import { contentDisposition } from "../../front-door/content-disposition";
import { errorBody, errorSchema } from "../../front-door/errors";
import { confirm, notFound, sendFailure } from "../failure";
import { doneAnswer, idParams, replies, rowId } from "../schemas";
import { fileView, orderFileSchema, preflightSchema } from "../orders/serialise";
import { intField, mmField, receiveMultipart, type Received } from "../uploads";
import { declare } from "../declare";

export const thumbnailAnswer = z.object({ thumbnail: z.string(), contentType: z.literal("image/jpeg"), dataUrl: z.string() });
/** An uploaded or changed version of an item's artwork. */
export const versionAnswer = z.object({ file: orderFileSchema });
const multipartNote = "multipart/form-data; see the summary for its fields";
/** The preflight's form, and the print-ready PDF's and thumbnail's (which also take the spec's `size`). */
const CHECK_FORM = { files: ["artwork"], fields: ["width", "height", "orientation", "versions"] } as const;
const MAKE_FORM = { files: ["artwork"], fields: ["size", "width", "height", "orientation", "versions"] } as const;
const orientationOf = (value: string | undefined): OrderedArtwork["orientation"] | null =>
  value === undefined || value === "" ? "Custom" : value === "Portrait" || value === "Landscape" || value === "Custom" ? value : null;

/**
 * Artwork: the stateless checks and conversions of spec section 7 (`/api/artwork/*`), the per-version files
 * of an ordered item (`/api/orders/{orderId}/imgs`), and the files themselves, served only to their owner
 * or staff. Uploads stream to a temporary file (never whole in memory) and are processed off the main thread.
 */
/** A customer approves or un-approves a version's artwork, or changes its quantity or notes. */
export const versionChangeBody = z.object({ approved: z.boolean().optional(), qty: rowId("qty").optional(), notes: z.string().max(2000).optional() });

export async function artworkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { config } = services;
  const tmpDir = path.join(config.dataDir, "tmp", "uploads");
  await app.register(multipart);

  const receive = (request: Parameters<typeof receiveMultipart>[0], reply: Parameters<typeof receiveMultipart>[1], maxFiles = 1) =>
    receiveMultipart(request, reply, { tmpDir, maxFileBytes: config.uploadMaxBytes, maxFiles });

  /** Reads the ordered size fields shared by preflight, upload and thumbnail. */
  function orderedFrom(fields: Received["fields"]): OrderedArtwork | string {
    const widthMm = mmField(fields, "width");
    const heightMm = mmField(fields, "height");
    if (widthMm === null) return "width is required: the finished width in mm";
    if (heightMm === null) return "height is required: the finished height in mm";
    const orientation = orientationOf(fields.orientation);
    if (!orientation) return "orientation must be Portrait, Landscape or Custom";
    const versions = fields.versions === undefined || fields.versions === "" ? 1 : intField(fields, "versions");
    if (versions === null || versions < 1 || versions > 1000) return "versions must be a whole number of at least 1";
    return { widthMm, heightMm, orientation, versions };
  }

  const refuse = (reply: FastifyReply, status: number, message: string) => reply.status(status).send(errorBody(message, status));

  app.post(
    "/artwork/preflight",
    declare({ auth: "customer", tag: "artwork", limit: { max: 60, timeWindow: "10 minutes" }, summary: "Checks artwork against an ordered size. Multipart fields: width, height (mm), orientation (Portrait, Landscape or Custom), versions, and the file in `artwork`. Answers 200 {verdict, checks} for any file; only an over-size upload is refused (413).", form: CHECK_FORM }, { consumes: ["multipart/form-data"], response: replies({ 200: preflightSchema }, 400, 401, 413, 429) }),
    async (request, reply) => {
      const received = await receive(request, reply);
      if (!received.ok) return refuse(reply, received.status, received.message);
      try {
        const ordered = orderedFrom(received.value.fields);
        if (typeof ordered === "string") return refuse(reply, 400, ordered);
        const file = received.value.files.artwork;
        if (!file) return refuse(reply, 400, "artwork is required: attach the file in the `artwork` field");
        return await services.artworkProcessor.preflight(file.path, ordered);
      } finally {
        await received.cleanup();
      }
    },
  );

  app.post(
    "/artwork/upload",
    declare({ auth: "customer", tag: "artwork", limit: { max: 60, timeWindow: "10 minutes" }, summary: `Answers the print-ready PDF: the artwork placed at exactly width × height mm (MediaBox and TrimBox). Fields: size ('custom'), width, height, orientation (optional), artwork (${multipartNote}). A file that cannot be printed is a 422 with its preflight.`, form: MAKE_FORM }, { consumes: ["multipart/form-data"] }),
    async (request, reply) => {
      const received = await receive(request, reply);
      if (!received.ok) return refuse(reply, received.status, received.message);
      const outPdf = path.join(tmpDir, `${request.id.replace(/[^\w-]/g, "")}-${Date.now()}.pdf`);
      try {
        const ordered = orderedFrom(received.value.fields);
        if (typeof ordered === "string") return refuse(reply, 400, ordered);
        const file = received.value.files.artwork;
        if (!file) return refuse(reply, 400, "artwork is required: attach the file in the `artwork` field");
        const processed = await services.artworkProcessor.processUpload(file.path, ordered, outPdf);
        if (processed.preflight.verdict === "fail" || !processed.pdf) {
          return reply.status(422).send({ ...errorBody(processed.preflight.checks[0]?.message ?? "This file cannot be printed.", 422), ...processed.preflight });
        }
        const fs = await import("node:fs");
        const bytes = await fs.promises.readFile(outPdf);
        reply.header("cache-control", "no-store");
        reply.header("x-preflight-verdict", processed.preflight.verdict);
        reply.header("content-disposition", 'inline; filename="print.pdf"');
        return reply.type("application/pdf").send(bytes);
      } finally {
        await received.cleanup();
        await import("node:fs").then((fs) => fs.promises.rm(outPdf, { force: true }));
      }
    },
  );

  app.post(
    "/artwork/thumbnail",
    declare({ auth: "customer", tag: "artwork", limit: { max: 60, timeWindow: "10 minutes" }, summary: `A JPEG thumbnail of the artwork, base64-encoded. Same form as /api/artwork/upload (${multipartNote}).`, form: MAKE_FORM }, { consumes: ["multipart/form-data"], response: replies({ 200: thumbnailAnswer }, 400, 401, 413, 422) }),
    async (request, reply) => {
      const received = await receive(request, reply);
      if (!received.ok) return refuse(reply, received.status, received.message);
      try {
        const file = received.value.files.artwork;
        if (!file) return refuse(reply, 400, "artwork is required: attach the file in the `artwork` field");
        const ordered = orderedFrom(received.value.fields);
        const check: Preflight | null = typeof ordered === "string" ? null : await services.artworkProcessor.preflight(file.path, ordered);
        const unusable = check?.checks.find((c) => c.code === "type" || c.code === "unreadable" || c.code === "pixels");
        if (unusable) return refuse(reply, 422, unusable.message);
        const jpeg = await services.artworkProcessor.thumbnail(file.path).catch(() => null);
        if (!jpeg) return refuse(reply, 422, "This file could not be read as an image or a PDF.");
        const thumbnail = jpeg.toString("base64");
        return { thumbnail, contentType: "image/jpeg" as const, dataUrl: `data:image/jpeg;base64,${thumbnail}` };
      } finally {
        await received.cleanup();
      }
    },
  );

  app.post(
    "/orders/:orderId/imgs",
    declare({ auth: "customer", tag: "orders", limit: { max: 120, timeWindow: "10 minutes" }, summary: "Stores one version's artwork for an ordered item. Multipart: version_number, then either `artwork` (any image or PDF: checked and made print-ready here) or the spec's `pdf` and `thumbnail`; optional qty and notes (notes are kept with version 1). Replaces that version's earlier file.", form: { files: ["artwork", "pdf", "thumbnail"], fields: ["version_number", "qty", "notes"] } }, {
      consumes: ["multipart/form-data"],
      params: idParams("orderId"),
      response: replies({ 201: versionAnswer, 422: errorSchema.merge(preflightSchema.partial()) }, 400, 401, 404, 409, 413),
    }),
    async (request, reply) => {
      const userId = requireUser(request).userId;
      const orderId = request.params.orderId as number;
      // Someone else's item is refused before a byte of the upload is stored.
      const item = await services.orders.item(orderId);
      if (!item || item.userId !== userId) return notFound(reply);
      const received = await receive(request, reply, 2);
      if (!received.ok) return refuse(reply, received.status, received.message);
      try {
        const { fields, files } = received.value;
        const versionNumber = intField(fields, "version_number");
        if (versionNumber === null) return refuse(reply, 400, "version_number is required");
        const notes = fields.notes ?? null;
        const result = files.artwork
          ? await services.artwork.storeVersion({ userId, orderId, versionNumber, upload: files.artwork, quantity: intField(fields, "qty"), notes })
          : files.pdf
            ? await services.artwork.storeClientPdf({ userId, orderId, versionNumber, pdf: files.pdf, thumbnail: files.thumbnail ?? null, notes })
            : null;
        if (!result) return refuse(reply, 400, "Attach the file in `artwork` (or `pdf` with a `thumbnail`)");
        if (!result.ok) return sendFailure(reply, result, result.preflight ?? {});
        return reply.status(201).send({ file: fileView(result.file) });
      } finally {
        await received.cleanup();
      }
    },
  );

  const versionParams = idParams("orderId").extend({ versionNumber: z.string().regex(/^\d{1,4}$/, "versionNumber must be a number").transform(Number) });

  app.patch(
    "/orders/:orderId/imgs/:versionNumber",
    declare({ auth: "customer", tag: "orders", summary: "Approves or un-approves a version's artwork, or changes its quantity or notes" }, {
      params: versionParams,
      body: versionChangeBody,
      response: replies({ 200: versionAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const { approved, qty, notes } = request.body;
      const result = await services.artwork.updateVersion(requireUser(request).userId, request.params.orderId as number, request.params.versionNumber as number, {
        approved,
        quantity: qty,
        notes,
      });
      if (!result.ok) return sendFailure(reply, result);
      return { file: fileView(result.file) };
    },
  );

  app.delete(
    "/orders/:orderId/imgs/:versionNumber",
    declare({ auth: "customer", tag: "orders", summary: "Removes a version's artwork (before the order is Print Ready)" }, { params: versionParams, response: replies({ 200: doneAnswer }, 401, 404, 409) }),
    async (request, reply) => confirm(reply, await services.artwork.removeVersion(requireUser(request).userId, request.params.orderId as number, request.params.versionNumber as number)),
  );

  app.get(
    "/files/:fileId/:kind",
    declare({ auth: "customer", tag: "orders", summary: "An artwork file (thumbnail, proof, print pdf or the original upload), for its owner or staff only" }, { params: idParams("fileId").extend({ kind: z.enum(["thumbnail", "proof", "pdf", "original"]) }) }),
    async (request, reply) => {
      const user = requireUser(request);
      const found = await services.artwork.openFile(request.params.fileId as number, request.params.kind, { userId: user.userId, staff: isStaffRole(user.role) });
      if (!found) return notFound(reply);
      const stored = await services.storage.open(found.key);
      if (!stored) return notFound(reply);
      const disposition = request.params.kind === "pdf" || request.params.kind === "original" ? "attachment" : "inline";
      reply.header("cache-control", "private, no-store");
      reply.header("content-length", stored.size);
      reply.header("content-disposition", contentDisposition(disposition, found.downloadName));
      return reply.type(found.contentType).send(stored.stream);
    },
  );
}
