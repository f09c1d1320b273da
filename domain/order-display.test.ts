import { describe, expect, it } from "vitest";
import { orderDateText, orderTotalText, priceText, quantityText } from "./order-display";

describe("order figures in the account area", () => {
  it("formats a total, and shows 'error' when it is missing", () => {
    expect(orderTotalText(1234.5)).toBe("£1,234.50");
    expect(orderTotalText(undefined)).toBe("error");
    expect(orderTotalText(null)).toBe("error");
    expect(orderTotalText(Number.NaN)).toBe("error");
  });

  it("shows a quantity, and 'Error' when it is missing", () => {
    expect(quantityText(12)).toBe("12");
    expect(quantityText(undefined)).toBe("Error");
  });

  it("formats a price (numbers or numeric text), and ' Error' otherwise", () => {
    expect(priceText(88.13)).toBe("£88.13");
    expect(priceText("88.1")).toBe("£88.10");
    expect(priceText("abc")).toBe(" Error");
    expect(priceText(undefined)).toBe(" Error");
    expect(priceText("")).toBe(" Error");
  });

  it("dates orders en-GB in UK time, whatever the machine's zone", () => {
    expect(orderDateText("2026-11-22T23:30:00Z")).toBe("22/11/2026");
    expect(orderDateText("2026-07-01T23:30:00Z")).toBe("02/07/2026");
  });
});
