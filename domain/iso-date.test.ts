import { describe, expect, it } from "vitest";
import { isIsoDate, isoDate, optionalIsoDate } from "./iso-date";

describe("a date coming in", () => {
  it("is a real calendar day written YYYY-MM-DD, and checking it never throws", () => {
    for (const ok of ["2026-11-26", "2024-02-29", "0001-01-01", "9999-12-31"]) expect(isIsoDate(ok), ok).toBe(true);
    for (const bad of ["x", "", "2026-13-45", "2026-02-29", "2026-02-30", "0000-01-01", "2026-1-5", " 2026-11-26", "2026-11-26T00:00:00Z", 20261126, null, undefined]) {
      expect(() => isIsoDate(bad), String(bad)).not.toThrow();
      expect(isIsoDate(bad), String(bad)).toBe(false);
    }
  });

  it("is refused with a message naming it, or left out as null when optional", () => {
    expect(isoDate("The date").safeParse("2026-13-45").error?.issues[0]?.message).toBe("The date is not a real date (YYYY-MM-DD)");
    expect(optionalIsoDate("The end date").parse("")).toBeNull();
    expect(optionalIsoDate("The end date").parse(undefined)).toBeNull();
    expect(optionalIsoDate("The end date").parse(" 2026-12-01 ")).toBe("2026-12-01");
  });
});
