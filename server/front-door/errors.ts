import { z } from "zod";

/**
 * Every error answer: `error` for the spec's clients, `message` for humans, the status repeated, and for
 * a form that failed validation `errors`, a map of field → message to show beside each field.
 */
export const errorSchema = z.object({
  error: z.string(),
  message: z.string(),
  statusCode: z.number().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});

export function errorBody(message: string, statusCode = 400, errors?: Record<string, string>) {
  return errors ? { error: message, message, statusCode, errors } : { error: message, message, statusCode };
}

/** One failed check of a request part, as the zod validator reports it to Fastify. */
export type ValidationIssue = { instancePath: string; message?: string };

/** The 400 for a request that failed its schema: the first field's message, and every field's in `errors`. */
export function validationErrorBody(validation: readonly ValidationIssue[]) {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
    fields[field] ??= issue.message ?? "is invalid";
  }
  const [field, detail] = Object.entries(fields)[0] ?? ["body", "is invalid"];
  const message = field !== "body" && !detail.startsWith(field.split(".")[0]!) ? `${field}: ${detail}` : detail;
  return errorBody(message, 400, fields);
}

export const INVALID_JSON_MESSAGE = "The request body is not valid JSON.";

/** The 500 a customer sees: no detail of ours, and the request id to quote to us. */
export function internalErrorBody(requestId: string) {
  return errorBody(`Something went wrong on our side. Please try again (reference ${requestId}).`, 500);
}
