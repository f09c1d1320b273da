import { describe, expect, it } from "vitest";
import { dispatchReadiness, lastDispatchDay, PRINT_ROOM_STATUS, trackingUrl, urgency } from "./production";
import { ORDER_STATUSES } from "./order-status";

// Monday 23 November 2026, 10:00 UK.
const monday = new Date("2026-11-23T10:00:00Z");

describe("job urgency", () => {
  it("dispatches the working day before delivery, skipping weekends", () => {
    expect(lastDispatchDay("2026-11-26")).toBe("2026-11-25");
    expect(lastDispatchDay("2026-11-30")).toBe("2026-11-27"); // Monday delivery: dispatch on Friday
  });

  it("is on time when the work left fits before the last dispatch day", () => {
    expect(urgency("Print Ready", "2026-11-26", monday)).toBe("on-time");
    expect(urgency("Awaiting Artwork", "2026-11-26", monday)).toBe("on-time");
  });

  it("is at risk when it no longer fits, and late once the last dispatch day has passed", () => {
    expect(urgency("Awaiting Artwork", "2026-11-25", monday)).toBe("at-risk");
    expect(urgency("Print Ready", "2026-11-24", monday)).toBe("at-risk");
    expect(urgency("Printed", "2026-11-24", monday)).toBe("on-time");
    expect(urgency("Production", "2026-11-23", monday)).toBe("late");
  });

  it("is done once dispatched, whatever the date", () => {
    expect(urgency("Dispatched", "2020-01-01", monday)).toBe("done");
  });
});

describe("dispatch readiness", () => {
  it("is ready only when every item is Printed", () => {
    expect(dispatchReadiness(["Printed", "Printed"])).toEqual({ ready: true, printed: 2, total: 2 });
    expect(dispatchReadiness(["Printed", "Production"])).toEqual({ ready: false, printed: 1, total: 2 });
    expect(dispatchReadiness(["Dispatched"])).toEqual({ ready: false, printed: 0, total: 1 });
    expect(dispatchReadiness([])).toEqual({ ready: false, printed: 0, total: 0 });
  });

  it("has a print-room word for every status", () => {
    for (const status of ORDER_STATUSES) expect(PRINT_ROOM_STATUS[status]).toBeTruthy();
  });
});

describe("trackingUrl", () => {
  it("links a known carrier's tracking page with the number, spaces dropped and escaped", () => {
    expect(trackingUrl("Royal Mail", "AB 1234 5678 GB")).toBe("https://www.royalmail.com/track-your-item#/tracking-results/AB12345678GB");
    expect(trackingUrl("UPS", "1Z999AA10123456784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(trackingUrl("DPD", "1550-2")).toBe("https://www.dpd.co.uk/apps/tracking/?reference=1550-2");
  });

  it("has no link for the shop's own van, an unknown carrier or an empty number", () => {
    expect(trackingUrl("Own van", "VAN-0042")).toBeNull();
    expect(trackingUrl("Pigeon Post", "1234")).toBeNull();
    expect(trackingUrl("toString", "1234")).toBeNull();
    expect(trackingUrl("DHL", "  ")).toBeNull();
  });
});
