import type { FastifyReply } from "fastify";
import type { Failure, FailureReason } from "../services/outcome";
import { contentDisposition } from "../front-door/content-disposition";
import { errorBody } from "../front-door/errors";
import { NOT_FOUND_MESSAGE } from "../plugins/auth";

/** The one mapping from a service's reason to an HTTP status. */
export const FAILURE_STATUS = {
  "not-found": 404,
  invalid: 400,
  conflict: 409,
  unprocessable: 422,
  limited: 429,
  unavailable: 502,
  unauthenticated: 401,
  forbidden: 403,
} as const satisfies Record<FailureReason, number>;

export type FailureStatus = (typeof FAILURE_STATUS)[FailureReason];

/**
 * Sends a service's failure as the standard error body, with any extra fields the caller adds. A failure
 * that names the form `field` it is about also answers `errors`, that field → the message, to show beside it.
 */
export function sendFailure(reply: FastifyReply, result: Failure<{ field?: string }>, extra: Record<string, unknown> = {}) {
  const status = FAILURE_STATUS[result.reason];
  return reply.status(status).send({ ...errorBody(result.message, status, result.field === undefined ? undefined : { [result.field]: result.message }), ...extra });
}

/** A call that only confirms: `{ success: true }`, or the service's failure as the standard error. */
export function confirm(reply: FastifyReply, result: { ok: true } | Failure) {
  return result.ok ? { success: true as const } : sendFailure(reply, result);
}

/** The 404 of something this caller may not see or that does not exist: the two are never told apart. */
export function notFound(reply: FastifyReply, message = NOT_FOUND_MESSAGE) {
  return reply.status(404).send(errorBody(message, 404));
}

/** A private document (an invoice, a packing slip), never stored by a browser or proxy; 404 when there is none. */
export function sendPdf(reply: FastifyReply, pdf: { fileName: string; bytes: Uint8Array } | null, disposition: "inline" | "attachment") {
  if (!pdf) return notFound(reply);
  reply.header("content-disposition", contentDisposition(disposition, pdf.fileName));
  reply.header("cache-control", "private, no-store");
  return reply.type("application/pdf").send(Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength));
}
