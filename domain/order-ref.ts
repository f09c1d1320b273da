// Order references people read aloud and type (DECISIONS rule 25): `PW-<order number>-<check>`. The
// check character is a weighted sum of the digits modulo 23 (a prime), weights 1, 2, 3 … from the right,
// drawn from 23 letters that cannot be mistaken for digits or for each other (no I, O or Z). Because 23
// is prime and bigger than any digit difference or weight, a slip of one digit changes the sum by
// weight × difference ≢ 0, and a swap of two neighbours by (difference of weights = 1) × difference ≢ 0:
// both always give another check letter. The spec's numeric ids stay what the API speaks.

/** 23 capitals without I, O and Z. */
export const ORDER_REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXY";
const MODULUS = ORDER_REF_ALPHABET.length;
/** Up to 10 digits: every order group id fits an integer column (weights 1 … 10 stay below 23). */
const MAX_DIGITS = 10;

/** The check letter for a string of digits. */
export function orderCheckLetter(digits: string): string {
  if (!/^\d+$/.test(digits) || digits.length > MAX_DIGITS) throw new Error(`not an order number: ${digits}`);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const weight = digits.length - i; // 1 for the last digit
    sum += weight * Number(digits[i]);
  }
  return ORDER_REF_ALPHABET[sum % MODULUS]!;
}

/** `PW-10482-K` for order group 10482. */
export function orderRef(orderGroupId: number): string {
  if (!Number.isSafeInteger(orderGroupId) || orderGroupId < 1) throw new Error(`not an order number: ${orderGroupId}`);
  const digits = String(orderGroupId);
  return `PW-${digits}-${orderCheckLetter(digits)}`;
}

export type ParsedOrderRef = { ok: true; orderGroupId: number } | { ok: false; reason: "not-a-reference" | "check-mismatch" };

/**
 * Reads what someone typed: `PW-10482-K`, `pw 10482 k`, `PW10482K`. A reference whose check letter
 * does not match is refused (a mistyped digit), never taken for another order.
 */
export function parseOrderRef(text: string): ParsedOrderRef {
  const match = /^\s*PW[\s-]*(\d{1,10})[\s-]*([A-Z])\s*$/i.exec(text);
  if (!match) return { ok: false, reason: "not-a-reference" };
  const digits = match[1]!.replace(/^0+(?=\d)/, "");
  if (orderCheckLetter(digits) !== match[2]!.toUpperCase()) return { ok: false, reason: "check-mismatch" };
  const id = Number(digits);
  return id >= 1 ? { ok: true, orderGroupId: id } : { ok: false, reason: "not-a-reference" };
}
