import type { FastifyReply } from "fastify";
import type { Failure, FailureReason } from "../services/outcome";
import { errorBody } from "../front-door/errors";

/** The one mapping from a service's reason to an HTTP status. */
export const FAILURE_STATUS = {
  "not-found": 404,
  invalid: 400,
  conflict: 409,
  unprocessable: 422,
  limited: 429,
  unavailable: 502,
} as const satisfies Record<FailureReason, number>;

export type FailureStatus = (typeof FAILURE_STATUS)[FailureReason];

/** Sends a service's failure as the standard error body, with any extra fields the caller adds. */
export function sendFailure(reply: FastifyReply, result: Failure, extra: Record<string, unknown> = {}) {
  const status = FAILURE_STATUS[result.reason];
  return reply.status(status).send({ ...errorBody(result.message, status), ...extra });
}
