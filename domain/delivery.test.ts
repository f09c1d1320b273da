import { afterEach, describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  addWorkingDays,
  CUTOFF_HOUR_UK,
  cutoffCountdown,
  deliveryDate,
  deliveryDateAfterDispatch,
  dispatchDate,
  dispatchDay,
  formatCountdown,
  formatDeliveryDate,
  isExpressTurnaround,
  isWorkingDay,
  ukDateParts,
  ukWallClockToDate,
} from "./delivery";

const at = (iso: string) => new Date(iso);

describe("ukDateParts", () => {
  it("reads UK wall-clock time in BST and GMT", () => {
    // 23:30Z in summer is 00:30 BST the next day (a Thursday)
    expect(ukDateParts(at("2026-07-01T23:30:00Z"))).toEqual({ isoDate: "2026-07-02", hour: 0, minute: 30, second: 0, weekday: 4 });
    // 23:30Z in winter is still the same day
    expect(ukDateParts(at("2026-01-14T23:30:00Z"))).toEqual({ isoDate: "2026-01-14", hour: 23, minute: 30, second: 0, weekday: 3 });
    expect(ukDateParts(at("2026-01-15T00:00:00Z")).hour).toBe(0);
  });

  it("follows the clocks across both changes", () => {
    // Sunday 29 March 2026: 01:00 GMT becomes 02:00 BST
    expect(ukDateParts(at("2026-03-29T00:59:59Z"))).toMatchObject({ hour: 0, minute: 59, second: 59 });
    expect(ukDateParts(at("2026-03-29T01:00:00Z"))).toMatchObject({ hour: 2, minute: 0, second: 0 });
    // Sunday 25 October 2026: 02:00 BST becomes 01:00 GMT
    expect(ukDateParts(at("2026-10-25T00:59:59Z"))).toMatchObject({ hour: 1, minute: 59, second: 59 });
    expect(ukDateParts(at("2026-10-25T01:00:00Z"))).toMatchObject({ hour: 1, minute: 0, second: 0 });
  });

  it("rejects an invalid Date", () => {
    expect(() => ukDateParts(new Date(Number.NaN))).toThrow(RangeError);
  });

  // The summer-time rule against the runtime's zone data (Node carries the full tz database). Swedish
  // dates read "YYYY-MM-DD HH:MM:SS", so the reference needs no parts to put back together.
  const zoneData = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/London", dateStyle: "short", timeStyle: "medium" });
  const fromZoneData = (instant: Date) => {
    const [isoDate, clock] = zoneData.format(instant).split(" ");
    const [hour, minute, second] = clock!.split(":").map(Number);
    return { isoDate, hour: hour! % 24, minute, second, weekday: new Date(`${isoDate}T12:00:00Z`).getUTCDay() };
  };

  it("agrees with the zone database every 15 minutes over two days either side of every clock change, 1990–2099", () => {
    const mismatches: unknown[] = [];
    for (let year = 1990; year <= 2099; year++) {
      for (const month of [3, 10]) {
        const lastOfMonth = new Date(Date.UTC(year, month, 0));
        const lastSunday = lastOfMonth.getTime() - lastOfMonth.getUTCDay() * 86_400_000;
        for (let ms = lastSunday - 2 * 86_400_000; ms <= lastSunday + 2 * 86_400_000; ms += 900_000) {
          const ours = ukDateParts(new Date(ms));
          const theirs = fromZoneData(new Date(ms));
          if (JSON.stringify(ours) !== JSON.stringify(theirs)) mismatches.push({ at: new Date(ms).toISOString(), ours, theirs });
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("agrees with the zone database at any instant from 1970 to 2100, to the second", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true }), (instant) => {
        expect(ukDateParts(instant)).toEqual(fromZoneData(instant));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("ukWallClockToDate", () => {
  it("puts 18:00 UK at 17:00Z in summer and 18:00Z in winter, including on change days", () => {
    expect(ukWallClockToDate("2026-06-17", 18).toISOString()).toBe("2026-06-17T17:00:00.000Z");
    expect(ukWallClockToDate("2026-01-14", 18).toISOString()).toBe("2026-01-14T18:00:00.000Z");
    expect(ukWallClockToDate("2026-03-29", 18).toISOString()).toBe("2026-03-29T17:00:00.000Z");
    expect(ukWallClockToDate("2026-10-25", 18).toISOString()).toBe("2026-10-25T18:00:00.000Z");
    expect(ukWallClockToDate("2026-03-28", 18).toISOString()).toBe("2026-03-28T18:00:00.000Z");
    expect(ukWallClockToDate("2026-10-24", 18).toISOString()).toBe("2026-10-24T17:00:00.000Z");
  });

  it("handles times either side of the change hours on change days", () => {
    expect(ukWallClockToDate("2026-03-29", 0, 30).toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(ukWallClockToDate("2026-03-29", 2, 30).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(ukWallClockToDate("2026-10-25", 0, 30).toISOString()).toBe("2026-10-24T23:30:00.000Z");
    expect(ukWallClockToDate("2026-10-25", 2, 30).toISOString()).toBe("2026-10-25T02:30:00.000Z");
  });
});

describe("working days", () => {
  it("are Monday to Friday except bank holidays", () => {
    expect(isWorkingDay("2026-06-17")).toBe(true); // Wednesday
    expect(isWorkingDay("2026-06-20")).toBe(false); // Saturday
    expect(isWorkingDay("2026-06-21")).toBe(false); // Sunday
    expect(isWorkingDay("2026-05-25")).toBe(false); // Spring bank holiday
  });

  it("are counted skipping weekends and holidays", () => {
    expect(addWorkingDays("2026-06-19", 1)).toBe("2026-06-22"); // Fri → Mon
    expect(addWorkingDays("2026-05-22", 1)).toBe("2026-05-26"); // Fri → Tue after the bank holiday
    expect(addWorkingDays("2026-12-24", 1)).toBe("2026-12-29");
    expect(addWorkingDays("2026-06-20", 0)).toBe("2026-06-20");
    expect(addWorkingDays("2026-06-22", -1)).toBe("2026-06-19");
    expect(() => addWorkingDays("2026-06-22", 1.5)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-06-31", 1)).toThrow(RangeError);
  });
});

describe("cutoffCountdown", () => {
  it("counts the last second before 18:00 UK on a Wednesday (BST and GMT)", () => {
    const summer = cutoffCountdown(at("2026-06-17T16:59:59Z"));
    expect(summer.deadline.toISOString()).toBe("2026-06-17T17:00:00.000Z");
    expect(summer.msRemaining).toBe(1000);
    expect(summer.label).toBe("0h 00m 01s");
    const winter = cutoffCountdown(at("2026-01-14T17:59:59Z"));
    expect(winter.deadline.toISOString()).toBe("2026-01-14T18:00:00.000Z");
    expect(winter.msRemaining).toBe(1000);
  });

  it("at 18:00 on a Friday runs to Monday 18:00", () => {
    const countdown = cutoffCountdown(at("2026-06-12T17:00:00Z")); // Fri 18:00 BST
    expect(countdown.deadline.toISOString()).toBe("2026-06-15T17:00:00.000Z");
    expect(countdown.msRemaining).toBe(72 * 3600 * 1000);
    expect(countdown.label).toBe("3d 0h 00m 00s");
  });

  it("spans the spring clock change: Friday 18:00 GMT to Monday 18:00 BST is 71 hours", () => {
    const countdown = cutoffCountdown(at("2026-03-27T18:00:00Z"));
    expect(countdown.deadline.toISOString()).toBe("2026-03-30T17:00:00.000Z");
    expect(countdown.msRemaining).toBe(71 * 3600 * 1000);
    expect(countdown.label).toBe("2d 23h 00m 00s");
  });

  it("spans the autumn clock change: Friday 18:00 BST to Monday 18:00 GMT is 73 hours", () => {
    const countdown = cutoffCountdown(at("2026-10-23T17:00:00Z"));
    expect(countdown.deadline.toISOString()).toBe("2026-10-26T18:00:00.000Z");
    expect(countdown.msRemaining).toBe(73 * 3600 * 1000);
    expect(countdown.label).toBe("3d 1h 00m 00s");
  });

  it("runs to today's cut-off during a working morning", () => {
    const countdown = cutoffCountdown(at("2026-06-17T07:56:51Z")); // 08:56:51 BST
    expect(countdown.label).toBe("9h 03m 09s");
  });

  it("formats labels with days only from 24 hours up, rounding seconds up", () => {
    expect(formatCountdown(0)).toBe("0h 00m 00s");
    expect(formatCountdown(1)).toBe("0h 00m 01s");
    expect(formatCountdown(5 * 3600_000 + 3 * 60_000 + 9_000)).toBe("5h 03m 09s");
    expect(formatCountdown(24 * 3600_000 - 1000)).toBe("23h 59m 59s");
    expect(formatCountdown(24 * 3600_000)).toBe("1d 0h 00m 00s");
    expect(formatCountdown((2 * 24 + 5) * 3600_000 + 3 * 60_000 + 9_000)).toBe("2d 5h 03m 09s");
    expect(() => formatCountdown(-1)).toThrow(RangeError);
  });
});

describe("dispatch and delivery dates", () => {
  it("dispatches today before the cut-off on a working day", () => {
    expect(dispatchDate(at("2026-06-17T16:59:59Z"))).toBe("2026-06-17");
    expect(dispatchDate(at("2026-06-17T17:00:00Z"))).toBe("2026-06-18");
  });

  it("after the cut-off on a Friday before a bank-holiday Monday, dispatches on Tuesday", () => {
    const now = at("2026-05-22T17:30:00Z"); // Fri 18:30 BST; Mon 25 May is the Spring bank holiday
    expect(dispatchDate(now)).toBe("2026-05-26");
    expect(deliveryDate(now, "standard")).toBe("2026-05-29");
    expect(deliveryDate(now, "express")).toBe("2026-05-28");
    expect(cutoffCountdown(now).deadline.toISOString()).toBe("2026-05-26T17:00:00.000Z");
  });

  it("across a weekend: standard +3 and express +2 working days", () => {
    const thursday = at("2026-06-18T09:00:00Z");
    expect(dispatchDate(thursday)).toBe("2026-06-18");
    expect(deliveryDate(thursday, "standard")).toBe("2026-06-23");
    expect(deliveryDate(thursday, "express")).toBe("2026-06-22");
    const saturday = at("2026-06-20T09:00:00Z");
    expect(dispatchDate(saturday)).toBe("2026-06-22");
    expect(deliveryDate(saturday, "standard")).toBe("2026-06-25");
    expect(deliveryDate(saturday, "express")).toBe("2026-06-24");
  });

  it("across Christmas 2026 (Christmas Fri, Boxing Day substitute Mon 28)", () => {
    const now = at("2026-12-23T10:00:00Z"); // 10:00 GMT
    expect(dispatchDate(now)).toBe("2026-12-23");
    expect(deliveryDate(now, "standard")).toBe("2026-12-30"); // 24, 29, 30
    expect(deliveryDate(now, "express")).toBe("2026-12-29"); // 24, 29
    expect(formatDeliveryDate(deliveryDate(now, "standard"))).toBe("30-12-2026");
  });

  it("uses the UK date, not the UTC date, late at night in summer", () => {
    expect(dispatchDate(at("2026-07-01T23:30:00Z"))).toBe("2026-07-02"); // Thu 00:30 BST
    expect(dispatchDate(at("2026-07-03T23:30:00Z"))).toBe("2026-07-06"); // Sat 00:30 BST → Mon
  });

  it("formats as DD-MM-YYYY", () => {
    expect(formatDeliveryDate("2026-01-05")).toBe("05-01-2026");
    expect(() => formatDeliveryDate("05-01-2026")).toThrow(RangeError);
  });
});

describe("dispatchDay: the dispatch day and how long it holds", () => {
  it("holds until 18:00 UK on the dispatch day itself, across a weekend and a bank holiday", () => {
    // Friday 22 May 2026 18:30 BST: dispatch Tue 26 (Mon 25 is a bank holiday) until Tue 26 18:00 BST.
    expect(dispatchDay(at("2026-05-22T17:30:00Z"))).toEqual({ isoDate: "2026-05-26", isToday: false, untilMs: at("2026-05-26T17:00:00Z").getTime() });
    expect(dispatchDay(at("2026-06-17T09:00:00Z"))).toEqual({ isoDate: "2026-06-17", isToday: true, untilMs: at("2026-06-17T17:00:00Z").getTime() });
    expect(dispatchDay(at("2026-12-23T18:00:00Z"))).toEqual({ isoDate: "2026-12-24", isToday: false, untilMs: at("2026-12-24T18:00:00Z").getTime() });
  });

  it("every instant before untilMs has the same dispatch day, and untilMs has the next", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true }), fc.double({ min: 0, max: 1, noNaN: true }), (now, fraction) => {
        const day = dispatchDay(now);
        expect(day.untilMs).toBeGreaterThan(now.getTime());
        const between = new Date(now.getTime() + Math.floor((day.untilMs - 1 - now.getTime()) * fraction));
        expect(dispatchDate(between)).toBe(day.isoDate);
        expect(dispatchDate(new Date(day.untilMs - 1))).toBe(day.isoDate);
        expect(dispatchDate(new Date(day.untilMs))).not.toBe(day.isoDate);
        expect(deliveryDateAfterDispatch(day.isoDate, 3)).toBe(deliveryDate(now, 3));
      }),
    );
  });
});

describe("isExpressTurnaround", () => {
  it("is true when any name mentions express, in any case", () => {
    expect(isExpressTurnaround(["Gloss", "EXPRESS (2 working days)"])).toBe(true);
    expect(isExpressTurnaround(["next-day express"])).toBe(true);
    expect(isExpressTurnaround(["Standard", "Gloss"])).toBe(false);
    expect(isExpressTurnaround([])).toBe(false);
  });
});

describe("whatever the runtime's time zone", () => {
  // Tests run on Node, which applies a changed TZ to local-time Date methods at once. Reached
  // through globalThis so this file type-checks without Node's types.
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process!.env;
  const originalTz = env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete env.TZ;
    else env.TZ = originalTz;
  });

  it.each([
    ["Pacific/Auckland", -720],
    ["America/Los_Angeles", 420],
    ["UTC", 0],
  ])("gives the same answers in %s", (tz, julyOffsetMinutes) => {
    env.TZ = tz;
    expect(at("2026-07-01T23:30:00Z").getTimezoneOffset()).toBe(julyOffsetMinutes); // the switch took effect
    expect(ukDateParts(at("2026-07-01T23:30:00Z")).isoDate).toBe("2026-07-02");
    expect(cutoffCountdown(at("2026-03-27T18:00:00Z")).deadline.toISOString()).toBe("2026-03-30T17:00:00.000Z");
    expect(deliveryDate(at("2026-12-23T10:00:00Z"), "standard")).toBe("2026-12-30");
    expect(dispatchDate(at("2026-07-03T23:30:00Z"))).toBe("2026-07-06");
  });
});

describe("properties", () => {
  const instantArb = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true });

  it("dispatch is a working day on or after the UK date, and never today after the cut-off", () => {
    fc.assert(
      fc.property(instantArb, (now) => {
        const uk = ukDateParts(now);
        const dispatch = dispatchDate(now);
        expect(isWorkingDay(dispatch)).toBe(true);
        expect(dispatch >= uk.isoDate).toBe(true);
        if (dispatch === uk.isoDate) expect(uk.hour).toBeLessThan(CUTOFF_HOUR_UK);
        else expect(addWorkingDays(uk.isoDate, 1)).toBe(dispatch);
      }),
    );
  });

  it("delivery is exactly 3 (standard) or 2 (express) working days after dispatch", () => {
    fc.assert(
      fc.property(instantArb, (now) => {
        const dispatch = dispatchDate(now);
        const standard = deliveryDate(now, "standard");
        const express = deliveryDate(now, "express");
        expect(isWorkingDay(standard) && isWorkingDay(express)).toBe(true);
        expect(express < standard).toBe(true);
        expect(addWorkingDays(dispatch, 2)).toBe(express);
        expect(addWorkingDays(express, 1)).toBe(standard);
      }),
    );
  });

  it("the cut-off deadline is 18:00:00 UK on the dispatch day, in the future, within a week", () => {
    fc.assert(
      fc.property(instantArb, (now) => {
        const { deadline, msRemaining, label } = cutoffCountdown(now);
        expect(ukDateParts(deadline)).toMatchObject({ isoDate: dispatchDate(now), hour: 18, minute: 0, second: 0 });
        expect(msRemaining).toBe(deadline.getTime() - now.getTime());
        expect(msRemaining).toBeGreaterThan(0);
        expect(msRemaining).toBeLessThanOrEqual(7 * 24 * 3600_000);
        expect(label).toMatch(/^(\d+d )?\d{1,2}h \d{2}m \d{2}s$/);
      }),
    );
  });
});
