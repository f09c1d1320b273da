import { z } from "zod";

/** Every error answer: `error` for the spec's clients, `message` for humans, the status repeated. */
export const errorSchema = z.object({ error: z.string(), message: z.string(), statusCode: z.number().optional() });

export function errorBody(message: string, statusCode = 400) {
  return { error: message, message, statusCode };
}
