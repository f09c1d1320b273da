// What a service answers when an expected outcome is not a success. Services speak in reasons; only the
// routes turn a reason into an HTTP status (server/api/failure.ts), so no service knows about HTTP.

/**
 * - `not-found`: no such thing for this caller (another customer's row is not found either);
 * - `invalid`: the request itself is wrong (a quantity below the minimum, an empty basket);
 * - `conflict`: the thing exists but its state forbids this now (already dispatched, no longer awaiting artwork);
 * - `unprocessable`: well-formed but unusable content (a file that cannot be printed);
 * - `limited`: a limit was reached (a credit limit, a usage limit, too many attempts);
 * - `unavailable`: an outside service failed (the payment provider did not answer);
 * - `unauthenticated`: the caller's proof of who they are was not accepted (a wrong email or password);
 * - `forbidden`: the caller is known, but may not do this this way now (the right password on an account under attack).
 */
export type FailureReason = "not-found" | "invalid" | "conflict" | "unprocessable" | "limited" | "unavailable" | "unauthenticated" | "forbidden";

export type Failure<Extra extends object = object> = { ok: false; reason: FailureReason; message: string } & Extra;

export type Outcome<T extends object = object, Extra extends object = object> = ({ ok: true } & T) | Failure<Extra>;

export function failure<const R extends FailureReason>(reason: R, message: string): { ok: false; reason: R; message: string } {
  return { ok: false, reason, message };
}
