// What the design-job routes share (server/api/design-jobs/routes.ts): where uploads wait, the refusal of
// an upload, the order's id in the path, and the answer to a change to a job.
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { DesignJobDetail } from "../../services/design-jobs/design-job-service";
import type { Outcome } from "../../services/outcome";
import { errorBody } from "../../front-door/errors";
import { sendFailure } from "../failure";
import { idParams, replies } from "../schemas";
import { designJobAnswer, designJobView } from "./serialise";

export type DesignRouteContext = ReturnType<typeof designRouteContext>;

export function designRouteContext(fastify: FastifyInstance) {
  const { config } = fastify.services;
  const tmpDir = path.join(config.dataDir, "tmp", "uploads");
  const refuse = (reply: FastifyReply, status: number, message: string) => reply.status(status).send(errorBody(message, status));
  const orderParams = idParams("orderId");
  const jobChanged = replies({ 200: designJobAnswer }, 400, 401, 404, 409);
  /** A change to a job answers the job as its customer (or designer) now sees it, or why it was refused. */
  const answerJob = (reply: FastifyReply, result: Outcome<{ detail: DesignJobDetail }>, viewer: "customer" | "staff" = "customer") =>
    result.ok ? designJobView(result.detail, viewer) : sendFailure(reply, result);
  return { tmpDir, refuse, orderParams, jobChanged, answerJob };
}
