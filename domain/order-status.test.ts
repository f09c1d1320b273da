import { describe, expect, it } from "vitest";
import { canCancel, canTransition, checkCancellationUndo, checkCorrection, checkTransition, customerToldOf, ORDER_CORRECTIONS, groupStatus, ORDER_STATUSES, ORDER_TRANSITIONS, paymentLabel, progressStep, type OrderStatus } from "./order-status";

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

describe("corrections: a mistaken production move undone one step back", () => {
  it("allows only the backward moves the table names, to the status the item came from", () => {
    expect(checkCorrection("Printed", "Part Printed")).toEqual({ ok: true, to: "Part Printed" });
    expect(checkCorrection("Printed", "Production")).toEqual({ ok: true, to: "Production" });
    expect(checkCorrection("Production", "Print Ready")).toEqual({ ok: true, to: "Print Ready" });
    expect(checkCorrection("Part Printed", "Production")).toEqual({ ok: true, to: "Production" });
    expect(checkCorrection("Dispatched", "Printed").ok).toBe(false);
    expect(checkCorrection("Print Ready", "Awaiting Artwork").ok).toBe(false);
    expect(checkCorrection("Cancelled", "Print Ready").ok).toBe(false);
    expect(checkCorrection("Printed", null).ok).toBe(false);
    expect(checkCorrection("Production", "Awaiting Artwork").ok).toBe(false);
  });

  it("never undoes a move the customer was emailed about, nor moves back into one", () => {
    for (const [from, backs] of Object.entries(ORDER_CORRECTIONS) as [OrderStatus, readonly OrderStatus[]][]) {
      expect(customerToldOf(from)).toBe(false);
      for (const back of backs) {
        expect(customerToldOf(back)).toBe(false);
        // Each backward move reverses a forward move the transition table allows.
        expect(canTransition(back, from)).toBe(true);
      }
    }
  });
});

describe("a cancellation undone when its refund is refused", () => {
  it("goes back exactly to a status the item could have been cancelled from, and from nowhere but Cancelled", () => {
    for (const back of ORDER_STATUSES) {
      const check = checkCancellationUndo("Cancelled", back);
      expect(check.ok, back).toBe(canCancel(back));
      if (check.ok) expect(check.to).toBe(back);
    }
    for (const from of ORDER_STATUSES.filter((status) => status !== "Cancelled")) expect(checkCancellationUndo(from, "Print Ready").ok, from).toBe(false);
    expect(checkCancellationUndo("Cancelled", "Lost in the post").ok).toBe(false);
  });
});
