import { describe, expect, it } from "vitest";
import { nextWorkingDayName, salesByDay, salesSince, todayDays } from "./today";

describe("todayDays", () => {
  it("starts the week on Monday, even on a Sunday, and the chart 29 days back", () => {
    expect(todayDays("2026-11-25")).toEqual({ today: "2026-11-25", nextWorkingDay: "2026-11-26", weekFrom: "2026-11-23", chartFrom: "2026-10-27", artworkPlacedTo: "2026-11-23" });
    expect(todayDays("2026-11-29").weekFrom).toBe("2026-11-23");
    expect(todayDays("2026-11-23").weekFrom).toBe("2026-11-23");
  });

  it("names the next working day: tomorrow in the week, Monday on a Friday or a Saturday, past bank holidays", () => {
    expect(nextWorkingDayName("2026-11-25", todayDays("2026-11-25").nextWorkingDay)).toBe("tomorrow");
    expect(todayDays("2026-11-27").nextWorkingDay).toBe("2026-11-30");
    expect(nextWorkingDayName("2026-11-27", todayDays("2026-11-27").nextWorkingDay)).toBe("Monday");
    expect(nextWorkingDayName("2026-11-28", todayDays("2026-11-28").nextWorkingDay)).toBe("Monday");
    // Christmas Eve 2026 is a Thursday; Christmas and Boxing Day (moved to Monday 28th) are not working days.
    expect(todayDays("2026-12-24").nextWorkingDay).toBe("2026-12-29");
    expect(nextWorkingDayName("2026-12-24", "2026-12-29")).toBe("Tuesday");
  });

  it("counts artwork waits in working days: on a Monday, an order from the Thursday before has waited over one", () => {
    expect(todayDays("2026-11-30").artworkPlacedTo).toBe("2026-11-26");
    // Christmas and Boxing Day (moved to Monday 28th in 2026) are not working days.
    expect(todayDays("2026-12-29").artworkPlacedTo).toBe("2026-12-23");
  });
});

describe("salesByDay", () => {
  it("reads orders and takings off the report's days, with zeros between, and they add up", () => {
    const days = salesByDay({ periods: [{ period: "2026-11-24", invoices: 2, grossPence: 1_234, creditNotes: 0, goodsPence: 0, discountsPence: 0, deliveryPence: 0, netPence: 0, vatPence: 0 }] }, "2026-11-23", "2026-11-25");
    expect(days).toEqual([
      { date: "2026-11-23", orders: 0, takingsPence: 0 },
      { date: "2026-11-24", orders: 2, takingsPence: 1_234 },
      { date: "2026-11-25", orders: 0, takingsPence: 0 },
    ]);
    expect(salesSince(days, "2026-11-24")).toEqual({ orders: 2, takingsPence: 1_234 });
    expect(salesSince(days, "2026-11-25")).toEqual({ orders: 0, takingsPence: 0 });
  });
});
