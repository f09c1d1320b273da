import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  addCalendarDays,
  easterSunday,
  englandWalesBankHolidays,
  isEnglandWalesBankHoliday,
  parseIsoDate,
  weekdayOf,
} from "./uk-bank-holidays";

describe("englandWalesBankHolidays: the published lists", () => {
  it.each([
    [2024, ["2024-01-01", "2024-03-29", "2024-04-01", "2024-05-06", "2024-05-27", "2024-08-26", "2024-12-25", "2024-12-26"]],
    [2025, ["2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25", "2025-12-26"]],
    [2026, ["2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31", "2026-12-25", "2026-12-28"]],
    [2027, ["2027-01-01", "2027-03-26", "2027-03-29", "2027-05-03", "2027-05-31", "2027-08-30", "2027-12-27", "2027-12-28"]],
    [2021, ["2021-01-01", "2021-04-02", "2021-04-05", "2021-05-03", "2021-05-31", "2021-08-30", "2021-12-27", "2021-12-28"]],
  ])("%i", (year, expected) => {
    expect(englandWalesBankHolidays(year)).toEqual(expected);
  });

  it("includes the announced one-off changes", () => {
    // 2020: Early May moved to Friday 8 May (VE Day)
    expect(englandWalesBankHolidays(2020)).toEqual([
      "2020-01-01", "2020-04-10", "2020-04-13", "2020-05-08", "2020-05-25", "2020-08-31", "2020-12-25", "2020-12-28",
    ]);
    // 2022: Spring moved to Thu 2 June, Platinum Jubilee Fri 3 June, State Funeral Mon 19 Sept;
    // Christmas on a Sunday gives Mon 26 and Tue 27 Dec; New Year on a Saturday gives Mon 3 Jan.
    expect(englandWalesBankHolidays(2022)).toEqual([
      "2022-01-03", "2022-04-15", "2022-04-18", "2022-05-02", "2022-06-02", "2022-06-03", "2022-08-29", "2022-09-19",
      "2022-12-26", "2022-12-27",
    ]);
    // 2023: Coronation Mon 8 May
    expect(englandWalesBankHolidays(2023)).toEqual([
      "2023-01-02", "2023-04-07", "2023-04-10", "2023-05-01", "2023-05-08", "2023-05-29", "2023-08-28", "2023-12-25",
      "2023-12-26",
    ]);
    expect(isEnglandWalesBankHoliday("2022-05-30")).toBe(false);
    expect(isEnglandWalesBankHoliday("2020-05-04")).toBe(false);
  });

  it("answers single dates", () => {
    expect(isEnglandWalesBankHoliday("2026-12-28")).toBe(true);
    expect(isEnglandWalesBankHoliday("2026-12-26")).toBe(false); // Saturday; its substitute is the 28th
    expect(isEnglandWalesBankHoliday("2026-12-29")).toBe(false);
    expect(() => isEnglandWalesBankHoliday("2026-13-01")).toThrow(RangeError);
    expect(() => englandWalesBankHolidays(2026.5)).toThrow(RangeError);
  });
});

describe("easterSunday", () => {
  it.each([
    [1943, "1943-04-25"], // latest possible
    [1961, "1961-04-02"],
    [2000, "2000-04-23"],
    [2008, "2008-03-23"],
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"], // earliest possible
  ])("%i → %s", (year, date) => {
    expect(easterSunday(year)).toBe(date);
    expect(weekdayOf(date)).toBe(0);
  });
});

describe("englandWalesBankHolidays: properties", () => {
  it("every year has eight sorted weekday holidays (outside announced changes)", () => {
    const changed = new Set([1995, 1999, 2002, 2011, 2012, 2020, 2022, 2023]);
    fc.assert(
      fc.property(fc.integer({ min: 1978, max: 2500 }), (year) => {
        const holidays = englandWalesBankHolidays(year);
        if (!changed.has(year)) expect(holidays).toHaveLength(8);
        expect([...holidays].sort()).toEqual(holidays);
        expect(new Set(holidays).size).toBe(holidays.length);
        for (const date of holidays) {
          expect(parseIsoDate(date).year).toBe(year);
          expect([1, 2, 3, 4, 5]).toContain(weekdayOf(date));
        }
      }),
    );
  });
});

describe("calendar helpers", () => {
  it("add days across months, years and leap days", () => {
    expect(addCalendarDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addCalendarDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(addCalendarDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addCalendarDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(weekdayOf("2026-07-01")).toBe(3);
    expect(weekdayOf("1970-01-01")).toBe(4);
    expect(weekdayOf("1969-12-28")).toBe(0);
  });

  it("reject dates that do not exist", () => {
    for (const bad of ["2026-02-29", "2026-2-03", "2026-04-31", "26-04-01", "", "2026-04-01T00:00"]) {
      expect(() => parseIsoDate(bad)).toThrow(RangeError);
    }
  });
});
