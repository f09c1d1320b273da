import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addCalendarDays } from "./calendar";
import { ukWallClockToDate } from "./delivery";
import type { OrderStatus } from "./order-status";
import { deliveryCutoff, deliveryDatesDispatchedOn, dispatchDayText, STATUSES_NEEDING_ONE_DAY, STATUSES_NEEDING_TWO_DAYS } from "./orders-desk";
import { lastDispatchDay, urgency } from "./production";

const day = fc.integer({ min: 0, max: 3 * 365 }).map((n) => addCalendarDays("2026-01-01", n));
const live: OrderStatus[] = ["Awaiting Artwork", "Print Ready", "Production", "Part Printed", "Printed"];

describe("the orders desk's day rules", () => {
  it("a dispatch-by day names exactly the delivery dates whose last dispatch day it is", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -3, max: 10 }), (dispatchDay, offset) => {
        const delivery = addCalendarDays(dispatchDay, offset);
        const range = deliveryDatesDispatchedOn(dispatchDay);
        const inRange = range !== null && delivery > range.after && delivery <= range.through;
        expect(inRange, `${dispatchDay} / ${delivery}`).toBe(lastDispatchDay(delivery) === dispatchDay);
      }),
      { numRuns: 3000 },
    );
    expect(deliveryDatesDispatchedOn("2026-11-28")).toBeNull(); // a Saturday
  });

  it("late and at risk as delivery-date bounds agree with the production queue's urgency", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -10, max: 10 }), fc.constantFrom(...live), (today, offset, status) => {
        const delivery = addCalendarDays(today, offset);
        const now = ukWallClockToDate(today, 10);
        const late = delivery <= deliveryCutoff(today, 0);
        const needed = STATUSES_NEEDING_TWO_DAYS.includes(status) ? 2 : STATUSES_NEEDING_ONE_DAY.includes(status) ? 1 : 0;
        const atRisk = !late && delivery <= deliveryCutoff(today, needed);
        expect(late ? "late" : atRisk ? "at-risk" : "on-time", `${status} due ${delivery}, today ${today}`).toBe(urgency(status, delivery, now));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads a dispatch-by day with its weekday", () => {
    expect(dispatchDayText("2026-11-30")).toBe("Mon 30 Nov");
  });
});
