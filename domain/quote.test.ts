import { describe, expect, it } from "vitest";
import { customQuoteLine, quoteIsValid, quoteNumberLabel, quoteValidUntil } from "./quote";

describe("quotes", () => {
  it("are numbered Q- and six digits", () => {
    expect(quoteNumberLabel(12)).toBe("Q-000012");
    expect(quoteNumberLabel(1_234_567)).toBe("Q-1234567");
  });

  it("hold their prices for 30 UK days, through the whole of the last one", () => {
    // 23:30 on 25 November in London is still the 25th; the quote holds until the end of 25 December.
    const priced = new Date("2026-11-25T23:30:00Z");
    expect(quoteValidUntil(priced)).toBe("2026-12-25");
    expect(quoteIsValid("2026-12-25", new Date("2026-12-25T23:59:00Z"))).toBe(true);
    expect(quoteIsValid("2026-12-25", new Date("2026-12-26T00:00:00Z"))).toBe(false);
    // Summer time: 23:30 UTC on 30 June is already 1 July in London.
    expect(quoteValidUntil(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-31");
    expect(quoteIsValid(null, new Date())).toBe(false);
  });

  it("keep a manager's line amount as the line's price, whatever the quantity", () => {
    const line = customQuoteLine({ description: "Hoarding panels", widthMm: 2440, heightMm: 1220, quantity: 3, amountPence: 1_000 }, "2026-12-01");
    expect(line).toMatchObject({ productId: 0, productName: "Hoarding panels", widthMm: 2440, heightMm: 1220, quantity: 3, linePence: 1_000, undiscountedLinePence: 1_000, tierPercent: 0, versions: 1 });
  });
});
