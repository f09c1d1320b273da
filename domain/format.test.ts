import { describe, expect, it } from "vitest";
import { formatDeliveryDate, formatLongDate, formatPence, formatUkDate, formatUkDateTime } from "./format";

describe("one way to write each kind of date", () => {
  it("writes the UK day of an instant, across midnight and the clock change", () => {
    expect(formatUkDate("2026-11-22T23:30:00Z")).toBe("22/11/2026"); // GMT
    expect(formatUkDate("2026-07-01T23:30:00Z")).toBe("02/07/2026"); // BST: already the 2nd in London
    expect(formatUkDate(new Date("2026-03-29T00:30:00Z"))).toBe("29/03/2026");
    expect(formatUkDate("2026-11-22")).toBe("22/11/2026"); // a calendar day stays that day
  });

  it("writes moments to the minute in UK time", () => {
    expect(formatUkDateTime("2026-07-01T13:05:59Z")).toBe("01/07/2026, 14:05");
    expect(formatUkDateTime(new Date("2026-11-22T09:00:00Z"))).toBe("22/11/2026, 09:00");
  });

  it("keeps the spec's DD-MM-YYYY for delivery days, and long dates for prose", () => {
    expect(formatDeliveryDate("2026-11-25")).toBe("25-11-2026");
    expect(formatLongDate("2026-11-02")).toBe("2 November 2026");
    expect(formatPence(123456)).toBe("£1,234.56");
  });

  it("refuses what is not a date", () => {
    expect(() => formatUkDate("yesterday")).toThrow(RangeError);
    expect(() => formatUkDate("2026-02-30")).toThrow(RangeError);
    expect(() => formatUkDateTime("")).toThrow(RangeError);
  });
});
