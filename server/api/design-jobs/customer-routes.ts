// The customer's side of a design job (server/api/design-jobs/routes.ts): their designed item's job, the
// brief, its files, amends and approval (`/api/orders/:orderId/design…`, only their own).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireUser } from "../../plugins/auth";
import { declare } from "../declare";
import { confirm, notFound, sendFailure } from "../failure";
import { doneAnswer, idParams, replies } from "../schemas";
import { receiveMultipart } from "../uploads";
import type { DesignRouteContext } from "./route-context";
import { amendsBody, approveBody, briefBody, designFileAnswer, designJobAnswer, designJobView, fileView } from "./serialise";

export function customerDesignRoutes(fastify: FastifyInstance, context: DesignRouteContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { designJobs: design, config } = app.services;
  const { tmpDir, refuse, orderParams, jobChanged, answerJob } = context;

  app.get(
    "/orders/:orderId/design",
    declare({ auth: "customer", tag: "design", summary: "A designed item's design job: the brief, its files, every numbered proof, the amends, and what approving today would mean" }, { params: orderParams, response: replies({ 200: designJobAnswer }, 401, 404) }),
    async (request, reply) => {
      const detail = await design.jobForOwner(requireUser(request).userId, request.params.orderId as number);
      return detail ? designJobView(detail, "customer") : notFound(reply);
    },
  );

  app.put(
    "/orders/:orderId/design/brief",
    declare({ auth: "customer", tag: "design", summary: "Saves the brief (wording, colours, style, notes, each design's quantity); with send: true also sends it to the designers, and the first proof falls due in 3 working days" }, {
      params: orderParams,
      body: briefBody,
      response: jobChanged,
    }),
    async (request, reply) => {
      const { send, ...brief } = request.body;
      return answerJob(reply, await design.saveBrief(requireUser(request).userId, request.params.orderId as number, brief, send));
    },
  );

  app.post(
    "/orders/:orderId/design/files",
    declare({ auth: "customer", tag: "design", limit: { max: 60, timeWindow: "10 minutes" }, summary: "Adds a logo, photo or reference (JPG, PNG, TIFF, WebP or PDF, checked by content) to the brief, or to amends while a proof waits. Multipart: the file in `file`.", form: { files: ["file"], fields: [] } }, {
      consumes: ["multipart/form-data"],
      params: orderParams,
      response: replies({ 201: designFileAnswer }, 400, 401, 404, 409, 413, 422, 429),
    }),
    async (request, reply) => {
      const userId = requireUser(request).userId;
      const orderId = request.params.orderId as number;
      // Someone else's item is refused before a byte of the upload is stored.
      if (!(await design.jobForOwner(userId, orderId))) return notFound(reply);
      const received = await receiveMultipart(request, reply, { tmpDir, maxFileBytes: config.uploadMaxBytes });
      if (!received.ok) return refuse(reply, received.status, received.message);
      try {
        const file = received.value.files.file;
        if (!file) return refuse(reply, 400, "file is required: attach it in the `file` field");
        const result = await design.addFile(userId, orderId, file);
        if (!result.ok) return sendFailure(reply, result);
        return reply.status(201).send({ file: fileView(result.file) });
      } finally {
        await received.cleanup();
      }
    },
  );

  app.delete(
    "/orders/:orderId/design/files/:fileId",
    declare({ auth: "customer", tag: "design", summary: "Removes a file not yet sent to the designer" }, { params: idParams("orderId", "fileId"), response: replies({ 200: doneAnswer }, 401, 404, 409) }),
    async (request, reply) => confirm(reply, await design.removeFile(requireUser(request).userId, request.params.orderId as number, request.params.fileId as number)),
  );

  app.post(
    "/orders/:orderId/design/amends",
    declare({ auth: "customer", tag: "design", summary: "Asks for amends to the latest proof (its version), with comments and any files added since; the next proof falls due in 2 working days" }, {
      params: orderParams,
      body: amendsBody,
      response: jobChanged,
    }),
    async (request, reply) => answerJob(reply, await design.askAmends(requireUser(request).userId, request.params.orderId as number, request.body)),
  );

  app.post(
    "/orders/:orderId/design/approve",
    declare({ auth: "customer", tag: "design", summary: "Approves the latest proof (its version): it becomes the item's print artwork, the item moves to Print Ready, and delivery is counted from today. Of two approvals at once, one moves the item; the other is told it is approved." }, {
      params: orderParams,
      body: approveBody,
      response: jobChanged,
    }),
    async (request, reply) => answerJob(reply, await design.approve(requireUser(request).userId, request.params.orderId as number, request.body.version)),
  );
}
