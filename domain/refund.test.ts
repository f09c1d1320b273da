import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderTotals } from "./totals";
import { creditNoteNumberLabel, decideCancellation, decideRefund, refundablePence, refundParts, remainingParts, type CreditLine, type RefundableOrder } from "./refund";
import type { OrderStatus } from "./order-status";

function order(linePences: number[], promoBasisPoints = 0, statuses: OrderStatus[] = []): RefundableOrder {
  const totals = orderTotals(linePences, promoBasisPoints);
  return {
    items: linePences.map((linePence, index) => ({ id: index + 1, productId: 10 + index, productName: `Product ${index + 1}`, quantity: 1, linePence, status: statuses[index] ?? "Awaiting Artwork" })),
    promoDiscountPence: totals.promoDiscountPence,
    deliveryPence: totals.deliveryPence,
    vatPence: totals.vatPence,
    totalPence: totals.totalPence,
  };
}

describe("the parts of an order", () => {
  it("shares the promo and the VAT so the parts add up to the total, to the penny", () => {
    // £12.34 + £56.78 with 12.5% off: Sub Total 6912, promo 864, delivery 995, VAT 1409, total 8452.
    const o = order([1234, 5678], 1250);
    expect(o.totalPence).toBe(8452);
    const parts = refundParts(o);
    expect(parts.map((p) => [p.key, p.netPence, p.vatPence, p.grossPence])).toEqual([
      ["item:1", 1080, 216, 1296],
      ["item:2", 4968, 994, 5962],
      ["delivery", 995, 199, 1194],
    ]);
    expect(parts.reduce((sum, p) => sum + p.grossPence, 0)).toBe(o.totalPence);
    expect(parts.reduce((sum, p) => sum + p.vatPence, 0)).toBe(o.vatPence);
  });

  it("gives back exactly the total when every part is refunded, for any order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 10_000 }), (lines, bp) => {
        const o = order(lines, bp);
        const parts = refundParts(o);
        expect(parts.reduce((sum, p) => sum + p.grossPence, 0)).toBe(o.totalPence);
        expect(parts.every((p) => p.netPence >= 0 && p.vatPence >= 0)).toBe(true);
      }),
    );
  });
});

describe("a manager's refund", () => {
  const o = order([1234, 5678], 1250);
  const parts = refundParts(o);

  it("splits a partial amount into net and VAT in the part's proportion, and the rest takes the rest", () => {
    const first = decideRefund(parts, [], [{ key: "item:2", amountPence: 1000 }]);
    expect(first).toEqual(expect.objectContaining({ ok: true, grossPence: 1000, vatPence: 167, netPence: 833 }));
    if (!first.ok) throw new Error("refused");
    const rest = decideRefund(parts, first.lines, [{ key: "item:2", amountPence: 4962 }]);
    expect(rest).toEqual(expect.objectContaining({ ok: true, grossPence: 4962, vatPence: 994 - 167, netPence: 4968 - 833 }));
  });

  it("refunds delivery alone", () => {
    expect(decideRefund(parts, [], [{ key: "delivery", amountPence: 1194 }])).toEqual(expect.objectContaining({ ok: true, netPence: 995, vatPence: 199, grossPence: 1194 }));
  });

  it("refuses more than is left of a part, a part not on the order, a repeat and nothing", () => {
    expect(decideRefund(parts, [], [{ key: "delivery", amountPence: 1195 }])).toEqual({ ok: false, message: "Delivery: at most £11.94 can still be refunded." });
    const done = decideRefund(parts, [], [{ key: "delivery", amountPence: 1194 }]);
    if (!done.ok) throw new Error("refused");
    expect(decideRefund(parts, done.lines, [{ key: "delivery", amountPence: 1 }])).toEqual({ ok: false, message: "Delivery has already been refunded in full." });
    expect(decideRefund(parts, [], [{ key: "item:9", amountPence: 1 }])).toEqual({ ok: false, message: "Item 9 is not part of this order.", invalid: true });
    expect(decideRefund(parts, [], [{ key: "item:1", amountPence: 1 }, { key: "item:1", amountPence: 2 }])).toEqual({ ok: false, message: "Each item and delivery can appear once in a refund.", invalid: true });
    expect(decideRefund(parts, [], [])).toEqual({ ok: false, message: "Choose at least one amount to refund.", invalid: true });
    expect(decideRefund(parts, [], [{ key: "item:1", amountPence: -5 }])).toEqual({ ok: false, message: "Each amount to refund must be at least 1p.", invalid: true });
  });

  it("never gives back more than was paid, whatever refunds are asked for in whatever order", () => {
    const request = fc.record({ part: fc.integer({ min: 0, max: 8 }), amountPence: fc.integer({ min: 1, max: 2_000_000 }) });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.array(request, { minLength: 1, maxLength: 3 }), { maxLength: 25 }),
        (lines, bp, refunds) => {
          const o = order(lines, bp);
          const ps = refundParts(o);
          let credited: CreditLine[] = [];
          for (const refund of refunds) {
            const asked = refund.map((r) => ({ key: ps[r.part % ps.length]!.key, amountPence: r.amountPence }));
            const decision = decideRefund(ps, credited, asked);
            if (decision.ok) credited = [...credited, ...decision.lines];
          }
          const given = credited.reduce((sum, line) => sum + line.grossPence, 0);
          expect(given).toBeLessThanOrEqual(o.totalPence);
          expect(given + refundablePence(ps, credited)).toBe(o.totalPence);
          for (const part of remainingParts(ps, credited)) {
            expect(part.netPence).toBeGreaterThanOrEqual(0);
            expect(part.vatPence).toBeGreaterThanOrEqual(0);
          }
          expect(credited.reduce((sum, line) => sum + line.vatPence, 0)).toBeLessThanOrEqual(o.vatPence);
        },
      ),
    );
  });
});

describe("a customer's cancellation", () => {
  it("gives back one item in full, keeping delivery while something is still to be sent", () => {
    const o = order([1234, 5678], 1250);
    const decision = decideCancellation(o, [], [1]);
    expect(decision).toEqual(expect.objectContaining({ ok: true, grossPence: 1296, netPence: 1080, vatPence: 216 }));
  });

  it("gives back everything, delivery included, when the whole order is cancelled", () => {
    const o = order([1234, 5678], 1250, ["Awaiting Artwork", "Print Ready"]);
    expect(decideCancellation(o, [], [1, 2])).toEqual(expect.objectContaining({ ok: true, grossPence: o.totalPence }));
  });

  it("gives back delivery with the last item left, and only what earlier refunds left", () => {
    const o = order([1234, 5678], 0, ["Cancelled", "Print Ready"]);
    const parts = refundParts(o);
    const earlier = decideCancellation({ ...o, items: o.items.map((i) => ({ ...i, status: "Awaiting Artwork" as const })) }, [], [1]);
    if (!earlier.ok) throw new Error("refused");
    const partial = decideRefund(parts, earlier.lines, [{ key: "item:2", amountPence: 500 }]);
    if (!partial.ok) throw new Error("refused");
    const credited = [...earlier.lines, ...partial.lines];
    const last = decideCancellation(o, credited, [2]);
    expect(last).toEqual(expect.objectContaining({ ok: true }));
    if (!last.ok) throw new Error("refused");
    expect(last.lines.map((l) => l.key)).toEqual(["item:2", "delivery"]);
    expect(earlier.grossPence + partial.grossPence + last.grossPence).toBe(o.totalPence);
  });

  it("is refused once printing has started, for an item already cancelled, or for an item not on the order", () => {
    const o = order([1234, 5678], 0, ["Print Ready", "Production"]);
    expect(decideCancellation(o, [], [1, 2])).toEqual({ ok: false, message: "Product 2 cannot be cancelled now: printing has started. Please contact us and we will help." });
    expect(decideCancellation(order([100], 0, ["Cancelled"]), [], [1])).toEqual({ ok: false, message: "Product 1 is already cancelled." });
    expect(decideCancellation(o, [], [7])).toEqual({ ok: false, message: "That item is not part of this order.", invalid: true });
    for (const status of ["Part Printed", "Printed", "Dispatched", "Shipped"] as const) {
      expect(decideCancellation(order([100], 0, [status]), [], [1]).ok).toBe(false);
    }
  });

  it("numbers credit notes as CN-000001", () => {
    expect(creditNoteNumberLabel(7)).toBe("CN-000007");
  });
});

describe("the design service after the sale (docs/decisions/027-design-service-money-and-dates.md)", () => {
  // Item 1: print £20.00 + design £6.00; item 2: print £10.00. 10% off the print only.
  function designed(proofDelivered: boolean, promoBasisPoints = 1000): RefundableOrder {
    const totals = orderTotals([{ linePence: 2600, designFeePence: 600 }, 1000], promoBasisPoints);
    return {
      items: [
        { id: 1, productId: 10, productName: "PVC Banner", quantity: 2, linePence: 2600, designFeePence: 600, designs: 1, proofDelivered, status: "Awaiting Artwork" },
        { id: 2, productId: 11, productName: "Poster", quantity: 1, linePence: 1000, status: "Awaiting Artwork" },
      ],
      promoDiscountPence: totals.promoDiscountPence,
      deliveryPence: totals.deliveryPence,
      vatPence: totals.vatPence,
      totalPence: totals.totalPence,
    };
  }

  it("is its own part, never sharing the promo, with its share of the VAT", () => {
    const parts = refundParts(designed(false));
    expect(parts.map((p) => [p.key, p.description, p.netPence])).toEqual([
      ["item:1", "PVC Banner", 1800],
      ["design:1", "Design service (PVC Banner)", 600],
      ["item:2", "Poster", 900],
      ["delivery", "Delivery", 995],
    ]);
    expect(parts.reduce((sum, p) => sum + p.grossPence, 0)).toBe(designed(false).totalPence);
  });

  it("comes back with an item cancelled before its first proof", () => {
    const decision = decideCancellation(designed(false), [], [1]);
    if (!decision.ok) throw new Error(decision.message);
    expect(decision.lines.map((l) => l.key)).toEqual(["item:1", "design:1"]);
  });

  it("is kept once a proof has reached the customer", () => {
    const decision = decideCancellation(designed(true), [], [1]);
    if (!decision.ok) throw new Error(decision.message);
    expect(decision.lines.map((l) => l.key)).toEqual(["item:1"]);
    const all = decideCancellation(designed(true), [], [1, 2]);
    if (!all.ok) throw new Error(all.message);
    expect(all.lines.map((l) => l.key)).toEqual(["item:1", "item:2", "delivery"]);
    // What stays is exactly the design service with its VAT.
    const design = refundParts(designed(true)).find((p) => p.key === "design:1")!;
    expect(designed(true).totalPence - all.grossPence).toBe(design.grossPence);
  });

  it("the parts still add back to the total, whatever the mix (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ print: fc.integer({ min: 0, max: 1_000_000 }), designs: fc.integer({ min: 0, max: 5 }) }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, bp) => {
          const totals = orderTotals(lines.map((l) => ({ linePence: l.print + l.designs * 600, designFeePence: l.designs * 600 })), bp);
          const o: RefundableOrder = {
            items: lines.map((l, i) => ({ id: i + 1, productId: 1, productName: `P${i}`, quantity: 1, linePence: l.print + l.designs * 600, designFeePence: l.designs * 600, designs: l.designs, status: "Awaiting Artwork" })),
            ...totals,
          };
          const parts = refundParts(o);
          expect(parts.reduce((sum, p) => sum + p.grossPence, 0)).toBe(o.totalPence);
          expect(parts.filter((p) => p.key.startsWith("design:")).reduce((sum, p) => sum + p.netPence, 0)).toBe(lines.reduce((sum, l) => sum + l.designs * 600, 0));
          expect(parts.every((p) => p.netPence >= 0 && p.vatPence >= 0)).toBe(true);
        },
      ),
    );
  });
});
