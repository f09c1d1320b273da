// Money is integer pence everywhere (docs/decisions/003-money-and-pricing.md). This module owns the one formatter, the
// conversions to and from the spec's pound fields, and the exact rational arithmetic that the
// pricing and totals rules round from. No floating point is used on the money path.

/** An exact fraction. `den` is always positive. */
export type Rational = { num: bigint; den: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

export function rational(num: bigint, den: bigint = 1n): Rational {
  if (den === 0n) throw new RangeError("Rational with a zero denominator");
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num, den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export function addRational(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function mulRational(a: Rational, b: Rational): Rational {
  return rational(a.num * b.num, a.den * b.den);
}

/**
 * Rounds num/den to the nearest integer, halves away from zero (so 2.5 → 3 and -2.5 → -3; every
 * rounding point in the money rules works on non-negative amounts, where this is plain half-up).
 * Throws if the result is not a safe integer, because it could not be held exactly in a number.
 */
export function roundRationalHalfUp(num: bigint, den: bigint): number {
  if (den === 0n) throw new RangeError("Cannot round a fraction with a zero denominator");
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const rounded = (2n * abs + den) / (2n * den); // floor(abs/den + 1/2)
  const result = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount out of range: ${num}/${den}`);
  return result === 0 ? 0 : result; // never -0
}

export function roundHalfUp(value: Rational): number {
  return roundRationalHalfUp(value.num, value.den);
}

/**
 * The exact decimal value a number is written as (its shortest round-trip string), e.g. 1.005 →
 * 1005/1000 rather than the binary double 1.00499999999999989….  This is what a person typed, so
 * it is what we compute with.
 */
export function decimalToRational(value: number): Rational {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  if (Number.isSafeInteger(value)) return { num: BigInt(value), den: 1n }; // whole numbers: no need to read the digits
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Cannot read ${value} as a decimal`);
  const [, sign = "", intPart = "0", fracPart = "", expPart = "0"] = match;
  const exponent = Number(expPart) - fracPart.length;
  let num = BigInt(intPart + fracPart);
  let den = 1n;
  if (exponent >= 0) num *= 10n ** BigInt(exponent);
  else den = 10n ** BigInt(-exponent);
  return rational(sign === "-" ? -num : num, den);
}

function requireSafeIntegerPence(pence: number, what: string): void {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`${what} must be a whole number of pence, got ${pence}`);
}

/** £1,234.50, £0.00, -£5.00 (en-GB grouping: commas every three digits). */
export function formatPence(pence: number): string {
  requireSafeIntegerPence(pence, "formatPence");
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const pennies = (abs % 100).toString().padStart(2, "0");
  return `${pence < 0 ? "-" : ""}£${pounds}.${pennies}`;
}

/** For the spec's pound fields at the API edge. Exact: the double nearest to the decimal value. */
export function penceToPounds(pence: number): number {
  requireSafeIntegerPence(pence, "penceToPounds");
  const pounds = pence / 100;
  return pounds === 0 ? 0 : pounds;
}

/**
 * Pounds as written (19.99, 0.285, 1.005) to pence, rounded half-up: 1999, 29, 101. Round-trips
 * with penceToPounds for any amount of up to 15 significant digits (under £10 trillion).
 */
export function poundsToPence(pounds: number): number {
  const value = decimalToRational(pounds);
  return roundRationalHalfUp(value.num * 100n, value.den);
}

/** Pence as pounds with two decimals, no symbol or grouping, as a form field or a spreadsheet holds it: 1250 → "12.50". */
export function penceToPoundsText(pence: number): string {
  requireSafeIntegerPence(pence, "penceToPoundsText");
  const abs = Math.abs(pence);
  return `${pence < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Pounds as a person types them ("12.5", "£1,250.00") to pence, exactly; null for anything else,
 * including a third decimal place, which is refused rather than rounded.
 */
export function poundsTextToPence(text: string): number | null {
  const match = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const pence = Number(match[1]!.replace(/,/g, "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(pence) ? pence : null;
}
