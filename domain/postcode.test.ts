import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compactPostcode, isUkPostcode, looksLikePostcodeStart, normaliseUkPostcode, POSTCODE_MESSAGE } from "./postcode";

describe("normaliseUkPostcode", () => {
  it.each([
    ["M1 1AE", "M1 1AE"], // A9 9AA
    ["B33 8TH", "B33 8TH"], // A99 9AA
    ["CR2 6XH", "CR2 6XH"], // AA9 9AA
    ["DN55 1PT", "DN55 1PT"], // AA99 9AA
    ["W1A 0AX", "W1A 0AX"], // A9A 9AA
    ["EC1A 1BB", "EC1A 1BB"], // AA9A 9AA
    ["GIR 0AA", "GIR 0AA"],
    ["sw1a1aa", "SW1A 1AA"],
    [" SW1A  1AA ", "SW1A 1AA"],
    ["e152su", "E15 2SU"],
    ["\tn1  9ez\n", "N1 9EZ"],
    ["gir0aa", "GIR 0AA"],
    ["E1W 2PN", "E1W 2PN"],
    ["CR0 4XJ", "CR0 4XJ"],
    ["BT3 9BP", "BT3 9BP"],
    ["ZE1 0AA", "ZE1 0AA"],
    ["JE2 3QN", "JE2 3QN"],
  ])("%j → %j", (raw, expected) => {
    expect(normaliseUkPostcode(raw)).toBe(expected);
    expect(isUkPostcode(raw)).toBe(true);
  });

  it.each([
    ["", "empty"],
    ["   ", "blank"],
    ["SW1A", "outward code only"],
    ["1AA", "inward code only"],
    ["SW1A 1AA X", "trailing text"],
    ["SW1A-1AA", "hyphen"],
    ["SW1A 1AAA", "inward code too long"],
    ["SW1AA 1AA", "outward code too long"],
    ["QA1 1AA", "Q never starts a postcode"],
    ["VE1 1AA", "V never starts a postcode"],
    ["XW1 1AA", "X never starts a postcode"],
    ["AI1 1AA", "I is never second"],
    ["W1I 1AA", "I is not a third-position letter (A9A)"],
    ["EC1C 1AA", "C is not a fourth-position letter (AA9A)"],
    ["SW1A 1AC", "C is not used in the inward code"],
    ["SW1A 1OA", "O is not used in the inward code"],
    ["SW1A 1IK", "I and K are not used in the inward code"],
    ["ZZ1 1AA", "no postcode area ZZ"],
    ["A1 1AA", "no postcode area A"],
    ["M1A 1AA", "letter districts are central London only"],
    ["BF1 3AA", "BFPO is out of scope"],
    ["BFPO 1234", "BFPO is out of scope"],
    ["SW1A 1A1", "inward code ends in letters"],
    ["11A 1AA", "starts with a letter"],
    ["GIR 0AB", "GIR 0AA is the only GIR postcode"],
  ])("rejects %j (%s)", (raw) => {
    expect(normaliseUkPostcode(raw)).toBeNull();
    expect(isUkPostcode(raw)).toBe(false);
  });

  it("rejects values that are not strings (a form may send anything)", () => {
    expect(normaliseUkPostcode(undefined as unknown as string)).toBeNull();
    expect(normaliseUkPostcode(12345 as unknown as string)).toBeNull();
  });

  const letters = (allowed: string) => fc.constantFrom(...allowed.split(""));
  const digit = fc.constantFrom(..."0123456789".split(""));
  const inward = fc.tuple(digit, letters("ABDEFGHJLNPQRSTUWXYZ"), letters("ABDEFGHJLNPQRSTUWXYZ")).map((parts) => parts.join(""));
  const validPostcode = fc
    .oneof(
      fc.tuple(fc.constantFrom("M", "B", "G", "L", "S", "E", "N", "W"), digit).map((p) => p.join("")),
      fc.tuple(fc.constantFrom("LS", "BS", "CF", "EH", "BT", "YO", "SW", "EC"), digit, digit).map((p) => p.join("")),
      fc.tuple(fc.constantFrom("E", "N", "W"), digit, letters("ABCDEFGHJKPSTUW")).map((p) => p.join("")),
      fc.tuple(fc.constantFrom("EC", "SW", "WC", "NW", "SE"), digit, letters("ABEHMNPRVWXY")).map((p) => p.join("")),
    )
    .chain((outward) => inward.map((code) => `${outward} ${code}`));

  it("gives back any valid postcode unchanged, whatever its case and spacing", () => {
    fc.assert(
      fc.property(validPostcode, fc.boolean(), fc.constantFrom("", " ", "  ", "\t"), (postcode, lower, gap) => {
        const typed = (lower ? postcode.toLowerCase() : postcode).replace(" ", gap);
        expect(normaliseUkPostcode(typed)).toBe(postcode);
        expect(normaliseUkPostcode(postcode)).toBe(postcode);
      }),
    );
  });
});

describe("looksLikePostcodeStart", () => {
  it.each(["SW1", "sw1a", "E15 2", "e152", "E15 2S", "E15 2SU", "e15  2su", "M1", "B33 8T", "EC1A1", "GIR 0", "W1A"])("%j is the start of a postcode", (text) => {
    expect(looksLikePostcodeStart(text)).toBe(true);
  });

  it.each([
    ["SW", "no digit yet"],
    ["Wharf", "a word"],
    ["12 Wharf", "starts with a number"],
    ["unit 4", "an address"],
    ["E15 22", "inward code is 9AA"],
    ["E1 5 2", "a space inside the outward code"],
    ["ZZ1", "no such area"],
    ["QA1", "Q never starts a postcode"],
    ["M1A", "letter districts are central London only"],
    ["SW1A 1AA X", "something after the postcode"],
    ["SW1A1AAA", "too long"],
    ["", "empty"],
  ])("%j is not (%s)", (text) => {
    expect(looksLikePostcodeStart(text)).toBe(false);
  });

  it("accepts every start of a valid postcode once it has a digit", () => {
    for (const postcode of ["SW1A 1AA", "E15 2SU", "DN55 1PT", "W1A 0AX", "M1 1AE", "GIR 0AA"]) {
      const compact = compactPostcode(postcode);
      for (let end = 1; end <= compact.length; end += 1) {
        const start = compact.slice(0, end);
        expect(looksLikePostcodeStart(start), start).toBe(/\d/.test(start));
      }
    }
  });
});

describe("compactPostcode", () => {
  it("removes spaces and upper-cases", () => {
    expect(compactPostcode(" sw1a 1aa ")).toBe("SW1A1AA");
  });
});

it("POSTCODE_MESSAGE is the spec's text", () => {
  expect(POSTCODE_MESSAGE).toBe("Enter a valid UK postcode, e.g. SW1A 1AA");
});
