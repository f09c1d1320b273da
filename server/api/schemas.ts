import { z } from "zod";
import { MAX_ROW_ID } from "../../domain/ids";
import { errorSchema } from "../front-door/errors";

export { MAX_ROW_ID, rowId, rowIdOrDigits } from "../../domain/ids";

/** A row id written in a path: digits only, 1 … MAX_ROW_ID, so a lookup never overflows the column. */
export function rowIdString(name: string) {
  return z
    .string()
    .regex(/^\d{1,10}$/, `${name} must be a number`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ROW_ID, `${name} must be between 1 and ${MAX_ROW_ID}`);
}

/** Path parameters that are all row ids: `idParams("orderId")` → `{ orderId: number }`. */
export function idParams<const Names extends readonly string[]>(...names: Names) {
  const shape = Object.fromEntries(names.map((name) => [name, rowIdString(name)])) as { [K in Names[number]]: ReturnType<typeof rowIdString> };
  return z.object(shape);
}

/** The error statuses a route may answer, each in the one error shape. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 423 | 429 | 502 | 503;

/**
 * A route's `response` schemas: what it answers on success (and any error with extra fields), then the
 * error statuses it may send in the standard shape. `replies({ 200: sessionAnswer }, 400, 401)`.
 */
export function replies<const Declared extends Record<number, z.ZodType>, const Errors extends readonly ErrorStatus[]>(
  declared: Declared,
  ...errors: Errors
): Declared & { [Status in Exclude<Errors[number], keyof Declared>]: typeof errorSchema } {
  const answers: Record<number, z.ZodType> = { ...declared };
  for (const status of errors) answers[status] ??= errorSchema;
  return answers as Declared & { [Status in Exclude<Errors[number], keyof Declared>]: typeof errorSchema };
}

/** The answer of a call that only confirms it was done. */
export const doneAnswer = z.object({ success: z.literal(true) });

/** The answer of a call that was done, with words for the customer. */
export const doneWithMessageAnswer = z.object({ success: z.literal(true), message: z.string() });
