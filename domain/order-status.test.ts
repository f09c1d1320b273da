import { describe, expect, it } from "vitest";
import { canCancel, canTransition, checkTransition, groupStatus, ORDER_STATUSES, ORDER_TRANSITIONS, paymentLabel, progressStep, type OrderStatus } from "./order-status";

describe("the order lifecycle (docs/decisions/013-order-lifecycle.md)", () => {
  const legal: [OrderStatus, OrderStatus][] = [
    ["Awaiting Artwork", "Print Ready"],
    ["Awaiting Artwork", "Cancelled"],
    ["Print Ready", "Cancelled"],
    ["Print Ready", "Production"],
    ["Print Ready", "Awaiting Artwork"],
    ["Production", "Part Printed"],
    ["Production", "Printed"],
    ["Production", "Awaiting Artwork"],
    ["Part Printed", "Printed"],
    ["Printed", "Dispatched"],
    ["Printed", "Shipped"],
  ];

  it("allows exactly the moves of the table, and no other", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = legal.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
    expect(Object.values(ORDER_TRANSITIONS).flat()).toHaveLength(legal.length);
  });

  it("explains a refused move", () => {
    expect(checkTransition("Awaiting Artwork", "Dispatched")).toEqual({
      ok: false,
      message: "An item that is Awaiting Artwork cannot move to Dispatched: it can only move to Print Ready.",
    });
    expect(checkTransition("Production", "Cancelled")).toEqual({
      ok: false,
      message: "An item that is Production cannot move to Cancelled: it can only move to Part Printed or Printed or Awaiting Artwork.",
    });
    expect(checkTransition("Dispatched", "Printed")).toEqual({ ok: false, message: "An item that is Dispatched cannot move to Printed: it is finished." });
  });

  it("maps every status to the spec's progress step", () => {
    const steps = Object.fromEntries(ORDER_STATUSES.map((s) => [s, progressStep(s)]));
    expect(steps).toEqual({
      "Awaiting Artwork": 0,
      "Print Ready": 2,
      Production: 2,
      "Part Printed": 2,
      Printed: 2,
      Dispatched: 3,
      Shipped: 3,
      Cancelled: 0,
    });
    expect(progressStep("Something else")).toBe(0);
  });

  it("holds a group at its least advanced item", () => {
    expect(groupStatus(["Print Ready", "Awaiting Artwork"])).toBe("Awaiting Artwork");
    expect(groupStatus(["Printed", "Production"])).toBe("Production");
    expect(groupStatus(["Dispatched", "Shipped"])).toBe("Dispatched");
    expect(groupStatus(["Shipped"])).toBe("Shipped");
    // A cancelled item no longer holds the order back; all cancelled is a cancelled order.
    expect(groupStatus(["Cancelled", "Printed"])).toBe("Printed");
    expect(groupStatus(["Awaiting Artwork", "Cancelled"])).toBe("Awaiting Artwork");
    expect(groupStatus(["Cancelled", "Cancelled"])).toBe("Cancelled");
    expect(() => groupStatus([])).toThrow(RangeError);
  });

  it("lets an item be cancelled only before printing starts", () => {
    expect(ORDER_STATUSES.filter(canCancel)).toEqual(["Awaiting Artwork", "Print Ready"]);
  });

  it("labels payment: 'paid' green, anything else Pending", () => {
    expect(paymentLabel("paid")).toEqual({ text: "paid", tone: "paid" });
    expect(paymentLabel("unpaid")).toEqual({ text: "Pending", tone: "pending" });
    expect(paymentLabel(null)).toEqual({ text: "Pending", tone: "pending" });
  });
});
