import { describe, expect, it } from "vitest";
import { cardBrandOf, cardFormSchema, cardSummary, expiryInFuture, formatCardNumber, parseExpiry, passesLuhn, testCardOutcome } from "./card";

const now = new Date("2026-11-22T12:00:00Z");

describe("test card rules (docs/decisions/010-payment-and-address-providers.md)", () => {
  it("checks numbers with Luhn", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("1234")).toBe(false);
    expect(passesLuhn("42424242424242a2")).toBe(false);
  });

  it("accepts an expiry this month or later, in UK time", () => {
    expect(parseExpiry("11/26")).toEqual({ month: 11, year: 2026 });
    expect(parseExpiry("13/26")).toBeNull();
    expect(expiryInFuture("11/26", now)).toBe(true);
    expect(expiryInFuture("10/26", now)).toBe(false);
    expect(expiryInFuture("01 / 2030", now)).toBe(true);
    expect(expiryInFuture("nonsense", now)).toBe(false);
  });

  it("declines 4000 0000 0000 0002 and pays every other valid card", () => {
    expect(testCardOutcome("4000000000000002")).toBe("declined");
    expect(testCardOutcome("4242424242424242")).toBe("paid");
    expect(testCardOutcome("5555555555554444")).toBe("paid");
  });

  it("validates the whole form with one message per field", () => {
    const schema = cardFormSchema(() => now);
    expect(schema.safeParse({ cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", nameOnCard: "J Printer" }).success).toBe(true);
    const bad = schema.safeParse({ cardNumber: "4242 4242 4242 4241", expiry: "01/20", cvc: "12", nameOnCard: " " });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual(["cardNumber", "cvc", "expiry", "nameOnCard"]);
  });

  it("groups the number in fours as it is typed", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-42")).toBe("4242 42");
  });
});

describe("the paying card, as the order shows it", () => {
  it("names the network from the first digits, in the processor's words", () => {
    expect(cardBrandOf("4242424242424242")).toBe("visa");
    expect(cardBrandOf("5555555555554444")).toBe("mastercard");
    expect(cardBrandOf("2223003122003222")).toBe("mastercard");
    expect(cardBrandOf("378282246310005")).toBe("amex");
    expect(cardBrandOf("9999999999999995")).toBe("unknown");
  });

  it("says brand and last four, or just 'Card' when nothing is known", () => {
    expect(cardSummary("visa", "4242")).toBe("Visa ending 4242");
    expect(cardSummary("amex", "0005")).toBe("American Express ending 0005");
    expect(cardSummary("unknown", "1234")).toBe("Card ending 1234");
    expect(cardSummary(null, null)).toBe("Card");
    expect(cardSummary("visa", "42x2")).toBe("Visa");
  });
});
