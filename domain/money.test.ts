import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { decimalToRational, formatPence, penceToPounds, poundsToPence, roundRationalHalfUp } from "./money";

// Beyond 15 significant digits a double cannot hold every pound-and-pence amount exactly.
const MAX_EXACT_PENCE = 999_999_999_999_999;

describe("formatPence", () => {
  it("formats with en-GB grouping and two decimals", () => {
    expect(formatPence(123450)).toBe("£1,234.50");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(-0)).toBe("£0.00");
    expect(formatPence(-500)).toBe("-£5.00");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(99)).toBe("£0.99");
    expect(formatPence(100_000_000)).toBe("£1,000,000.00");
    expect(formatPence(-123456789)).toBe("-£1,234,567.89");
  });

  it("rejects amounts that are not whole pence", () => {
    expect(() => formatPence(1.5)).toThrow(RangeError);
    expect(() => formatPence(Number.NaN)).toThrow(RangeError);
  });

  it("agrees with Intl's en-GB GBP currency format", () => {
    const intl = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
    fc.assert(
      fc.property(fc.integer({ min: -MAX_EXACT_PENCE, max: MAX_EXACT_PENCE }), (pence) => {
        expect(formatPence(pence)).toBe(intl.format(penceToPounds(pence)));
      }),
    );
  });
});

describe("penceToPounds / poundsToPence", () => {
  it("converts to the spec's pound fields", () => {
    expect(penceToPounds(123450)).toBe(1234.5);
    expect(penceToPounds(1999)).toBe(19.99);
    expect(penceToPounds(0)).toBe(0);
    expect(Object.is(penceToPounds(-0), 0)).toBe(true);
  });

  it("reads pounds as written and rounds half-up", () => {
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.285)).toBe(29);
    expect(poundsToPence(1.005)).toBe(101); // the double is 1.00499999…, but the value written is 1.005
    expect(poundsToPence(0.284)).toBe(28);
    expect(poundsToPence(9.95)).toBe(995);
    expect(poundsToPence(1e-7)).toBe(0);
    expect(poundsToPence(12)).toBe(1200);
    expect(poundsToPence(-0.005)).toBe(-1); // halves go away from zero
    expect(poundsToPence(-19.99)).toBe(-1999);
  });

  it("rejects values that are not finite or too large to hold exactly", () => {
    expect(() => poundsToPence(Number.NaN)).toThrow(RangeError);
    expect(() => poundsToPence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => poundsToPence(1e21)).toThrow(RangeError);
    expect(() => penceToPounds(0.5)).toThrow(RangeError);
  });

  it("round-trips whole pence through pounds and through the formatted text", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_EXACT_PENCE, max: MAX_EXACT_PENCE }), (pence) => {
        expect(poundsToPence(penceToPounds(pence))).toBe(pence);
        const formatted = formatPence(pence);
        expect(formatted).toMatch(/^-?£\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(poundsToPence(Number(formatted.replace(/[£,]/g, "")))).toBe(pence);
      }),
    );
  });
});

describe("roundRationalHalfUp", () => {
  it("rounds halves up (away from zero) and everything else to nearest", () => {
    expect(roundRationalHalfUp(5n, 2n)).toBe(3);
    expect(roundRationalHalfUp(3n, 2n)).toBe(2);
    expect(roundRationalHalfUp(-5n, 2n)).toBe(-3);
    expect(roundRationalHalfUp(5n, -2n)).toBe(-3);
    expect(roundRationalHalfUp(1n, 3n)).toBe(0);
    expect(roundRationalHalfUp(2n, 3n)).toBe(1);
    expect(roundRationalHalfUp(-1n, 3n)).toBe(0);
    expect(Object.is(roundRationalHalfUp(-1n, 3n), 0)).toBe(true);
    expect(roundRationalHalfUp(60_030n, 100n)).toBe(600);
    expect(roundRationalHalfUp(4_999_999n, 10_000n)).toBe(500);
  });

  it("throws on a zero denominator or an unsafe result", () => {
    expect(() => roundRationalHalfUp(1n, 0n)).toThrow(RangeError);
    expect(() => roundRationalHalfUp(2n ** 60n, 1n)).toThrow(RangeError);
  });

  it("is within half of the exact value", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (num, den) => {
        const r = BigInt(roundRationalHalfUp(num, den));
        const twiceError = 2n * (r * den - num); // 2·(r − num/den)·den
        expect(twiceError <= den && twiceError >= -den).toBe(true);
        if (twiceError === den) expect(num < 0n).toBe(false); // a tie below zero never rounds up
        if (twiceError === -den) expect(num > 0n).toBe(false); // a tie above zero never rounds down
      }),
    );
  });
});

describe("decimalToRational", () => {
  it("reads the decimal a number is written as", () => {
    expect(decimalToRational(1.005)).toEqual({ num: 201n, den: 200n });
    expect(decimalToRational(1000.5)).toEqual({ num: 2001n, den: 2n });
    expect(decimalToRational(12.5)).toEqual({ num: 25n, den: 2n });
    expect(decimalToRational(-0.25)).toEqual({ num: -1n, den: 4n });
    expect(decimalToRational(1e21)).toEqual({ num: 10n ** 21n, den: 1n });
    expect(decimalToRational(1.5e-7)).toEqual({ num: 3n, den: 20_000_000n });
    expect(decimalToRational(0)).toEqual({ num: 0n, den: 1n });
  });
});
