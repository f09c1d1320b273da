// Row ids as the API accepts them: bounded to the integer column they are looked up in, so a larger
// one is a clear 400 (or 404 in a path), never an overflowing query.
import { z } from "zod";

/** The largest value of a PostgreSQL `integer` (serial) column: a larger id names no row. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id sent as a JSON number. */
export function rowId(name: string) {
  return z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be between 1 and ${MAX_ROW_ID}`)
    .max(MAX_ROW_ID, `${name} must be between 1 and ${MAX_ROW_ID}`);
}

/** A row id sent as a number or a string of digits (the spec's calls do both). */
export function rowIdOrDigits(name: string) {
  return z.union([rowId(name), z.string().regex(/^\d{1,10}$/, `${name} must be a number`).transform(Number).pipe(rowId(name))]);
}
