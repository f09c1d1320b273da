import { z } from "zod";

/** The largest value of a PostgreSQL `integer` (serial) column: a larger id names no row. */
export const MAX_ROW_ID = 2_147_483_647;

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
