import { z } from "zod";
import { MAX_ROW_ID } from "../../domain/ids";

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
