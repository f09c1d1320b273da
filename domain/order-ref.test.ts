import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_REF_ALPHABET, orderCheckLetter, orderRef, parseOrderRef } from "./order-ref";

const orderNumber = fc.integer({ min: 1, max: 2_147_483_647 });

describe("order references people can read (DECISIONS rule 25)", () => {
  it("reads PW-<number>-<letter>, the letter from an alphabet without I, O or Z", () => {
    expect(ORDER_REF_ALPHABET).toHaveLength(23);
    expect(ORDER_REF_ALPHABET).not.toMatch(/[IOZ]/);
    expect(orderRef(10482)).toMatch(/^PW-10482-[A-HJ-NP-Y]$/);
    expect(orderRef(1)).toBe(`PW-1-${orderCheckLetter("1")}`);
  });

  it("round-trips every order number, however it is typed", () => {
    fc.assert(
      fc.property(orderNumber, (id) => {
        const ref = orderRef(id);
        expect(parseOrderRef(ref)).toEqual({ ok: true, orderGroupId: id });
        expect(parseOrderRef(ref.toLowerCase().replaceAll("-", " "))).toEqual({ ok: true, orderGroupId: id });
        expect(parseOrderRef(ref.replaceAll("-", ""))).toEqual({ ok: true, orderGroupId: id });
      }),
    );
  });

  it("catches every slip of one digit", () => {
    fc.assert(
      fc.property(orderNumber, fc.nat(), fc.integer({ min: 1, max: 9 }), (id, at, shift) => {
        const digits = String(id);
        const position = at % digits.length;
        const slipped = digits.slice(0, position) + String((Number(digits[position]) + shift) % 10) + digits.slice(position + 1);
        expect(orderCheckLetter(slipped.replace(/^0+(?=\d)/, ""))).not.toBe(orderCheckLetter(digits));
        expect(parseOrderRef(`PW-${slipped}-${orderCheckLetter(digits)}`).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("catches every swap of two neighbouring different digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 2_147_483_647 }), fc.nat(), (id, at) => {
        const digits = String(id);
        const position = at % (digits.length - 1);
        fc.pre(digits[position] !== digits[position + 1]);
        const swapped = digits.slice(0, position) + digits[position + 1] + digits[position] + digits.slice(position + 2);
        expect(parseOrderRef(`PW-${swapped}-${orderCheckLetter(digits)}`).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses what is not a reference, and a wrong check letter, without naming another order", () => {
    expect(parseOrderRef("10482")).toEqual({ ok: false, reason: "not-a-reference" });
    expect(parseOrderRef("PW-10482")).toEqual({ ok: false, reason: "not-a-reference" });
    expect(parseOrderRef("PW-0-A").ok).toBe(false);
    const wrong = ORDER_REF_ALPHABET.split("").find((letter) => letter !== orderCheckLetter("10482"))!;
    expect(parseOrderRef(`PW-10482-${wrong}`)).toEqual({ ok: false, reason: "check-mismatch" });
    expect(() => orderRef(0)).toThrow();
  });
});
