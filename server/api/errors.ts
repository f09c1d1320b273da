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
