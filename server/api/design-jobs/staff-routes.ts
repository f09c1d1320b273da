// The designers' side of a design job (server/api/design-jobs/routes.ts): the desk, a job as the designer
// works on it, taking a brief, and sending the next numbered proof (`/api/staff/design…`).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { BRIEF_LIMITS, MAX_DESIGNS_PER_ITEM } from "../../../domain/design-service";
import { requireUser } from "../../plugins/auth";
import { errorSchema } from "../../front-door/errors";
import { declare } from "../declare";
import { notFound, sendFailure } from "../failure";
import { preflightSchema } from "../orders/serialise";
import { replies } from "../schemas";
import { receiveMultipart } from "../uploads";
import type { DesignRouteContext } from "./route-context";
import { deskAnswer, deskEntryView, designJobAnswer, designJobView } from "./serialise";

const PROOF_FIELDS = Array.from({ length: MAX_DESIGNS_PER_ITEM }, (_, index) => `design_${index + 1}`);

export function staffDesignRoutes(fastify: FastifyInstance, context: DesignRouteContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { designJobs: design, config } = app.services;
  const { tmpDir, refuse, orderParams, answerJob } = context;

  app.get(
    "/staff/design",
    declare({ auth: "staff", tag: "staff", summary: "The designers' desk: every design job not yet approved, proofs owed first by due date (late ones marked), then those with the customer, then briefs not yet sent" }, { response: replies({ 200: deskAnswer }, 401, 404) }),
    async () => {
      const now = new Date();
      return { jobs: (await design.desk()).map((entry) => deskEntryView(entry, now)) };
    },
  );

  app.get(
    "/staff/design/:orderId",
    declare({ auth: "staff", tag: "staff", summary: "A design job as the designer works on it: the brief and files, the proofs with their preflight, the amends, the customer" }, { params: orderParams, response: replies({ 200: designJobAnswer }, 401, 404) }),
    async (request, reply) => {
      const detail = await design.jobForStaff(request.params.orderId as number);
      return detail ? designJobView(detail, "staff") : notFound(reply);
    },
  );

  app.post(
    "/staff/design/:orderId/take",
    declare({ auth: "staff", tag: "staff", summary: "Takes a brief as its designer; of two designers taking it at once, one wins and the other is told who has it (409)" }, { params: orderParams, response: replies({ 200: designJobAnswer }, 401, 404, 409) }),
    async (request, reply) => answerJob(reply, await design.take(requireUser(request).userId, request.params.orderId as number), "staff"),
  );

  app.post(
    "/staff/design/:orderId/proofs",
    declare({ auth: "staff", tag: "staff", limit: { max: 60, timeWindow: "10 minutes" }, summary: `Sends the next numbered proof to the customer. Multipart: note, and one file per design in design_1 … design_${MAX_DESIGNS_PER_ITEM} (PDF or image). Each is preflighted against the ordered size like customer artwork; a proof of the wrong size or one that cannot be printed is a 422 with its preflight.`, form: { files: PROOF_FIELDS, fields: ["note"] } }, {
      consumes: ["multipart/form-data"],
      params: orderParams,
      response: replies({ 201: designJobAnswer, 422: errorSchema.merge(preflightSchema.partial()).extend({ design: z.number().int().optional() }) }, 400, 401, 404, 409, 413, 429),
    }),
    async (request, reply) => {
      const staffUserId = requireUser(request).userId;
      const orderId = request.params.orderId as number;
      if (!(await design.jobForStaff(orderId))) return notFound(reply);
      const received = await receiveMultipart(request, reply, { tmpDir, maxFileBytes: config.uploadMaxBytes, maxFiles: MAX_DESIGNS_PER_ITEM });
      if (!received.ok) return refuse(reply, received.status, received.message);
      try {
        const note = (received.value.fields.note ?? "").slice(0, BRIEF_LIMITS.comments);
        const result = await design.sendProof(staffUserId, orderId, { note, files: PROOF_FIELDS.map((field) => received.value.files[field]) });
        if (!result.ok) return sendFailure(reply, result, { ...(result.preflight ?? {}), ...(result.design ? { design: result.design } : {}) });
        return reply.status(201).send(designJobView(result.detail, "staff"));
      } finally {
        await received.cleanup();
      }
    },
  );
}
