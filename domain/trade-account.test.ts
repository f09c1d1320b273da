import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accountStanding, ageingBucket, creditCheck, invoiceDueDate, isOverdue, receivablesAgeing, statementEntries, type AccountInvoice } from "./trade-account";

const invoice = (over: Partial<AccountInvoice>): AccountInvoice => ({ orderGroupId: 1, invoiceNumber: 1, invoiceDate: "2026-11-01", dueDate: "2026-12-01", totalPence: 10_000, paidPence: 0, ...over });

describe("a trade account's standing", () => {
  it("owes what its invoices still owe, and may order up to its limit", () => {
    const standing = accountStanding({ creditLimitPence: 50_000, held: false }, [invoice({ totalPence: 12_000, paidPence: 2_000 }), invoice({ orderGroupId: 2, totalPence: 5_000 })], "2026-11-20");
    expect(standing).toMatchObject({ balancePence: 15_000, availablePence: 35_000, overduePence: 0, onHold: false, holdReason: null });
    expect(creditCheck(standing, 35_000)).toEqual({ ok: true });
    expect(creditCheck(standing, 35_001)).toEqual({ ok: false, message: "This order would take your account balance to £500.01, over its credit limit of £500.00. Please pay by card, or settle an invoice first." });
  });

  it("is on hold from the day after an unpaid invoice's due date, and a manager's hold comes first", () => {
    const due = invoice({ dueDate: "2026-12-01", totalPence: 4_000, paidPence: 1_000 });
    expect(isOverdue(due, "2026-12-01")).toBe(false);
    expect(isOverdue(due, "2026-12-02")).toBe(true);
    expect(isOverdue({ ...due, paidPence: 4_000 }, "2027-01-01")).toBe(false);
    const overdue = accountStanding({ creditLimitPence: 100_000, held: false }, [due], "2026-12-02");
    expect(overdue).toMatchObject({ onHold: true, holdReason: "overdue", overduePence: 3_000 });
    expect(creditCheck(overdue, 1)).toEqual({ ok: false, message: "Your trade account is on hold: £30.00 is overdue. Please pay it, or pay by card." });
    const held = accountStanding({ creditLimitPence: 100_000, held: true }, [due], "2026-12-02");
    expect(held.holdReason).toBe("manual");
    expect(creditCheck(held, 1)).toEqual({ ok: false, message: "Your trade account is on hold. Please contact us, or pay by card." });
  });

  it("counts terms in calendar days from the invoice date, across month and year ends", () => {
    expect(invoiceDueDate("2026-11-25", 30)).toBe("2026-12-25");
    expect(invoiceDueDate("2026-12-15", 30)).toBe("2027-01-14");
    expect(invoiceDueDate("2028-02-10", 30)).toBe("2028-03-11");
  });

  it("never lets a run of orders, each checked against the balance before it, pass the limit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 30 }), (limit, orders) => {
        const invoices: AccountInvoice[] = [];
        for (const [index, total] of orders.entries()) {
          const standing = accountStanding({ creditLimitPence: limit, held: false }, invoices, "2026-11-25");
          if (creditCheck(standing, total).ok) invoices.push(invoice({ orderGroupId: index, totalPence: total, invoiceDate: "2026-11-25", dueDate: "2026-12-25" }));
        }
        expect(invoices.reduce((sum, i) => sum + i.totalPence, 0)).toBeLessThanOrEqual(limit);
      }),
    );
  });
});

describe("the statement", () => {
  it("lists invoices and payments in date order with the running balance", () => {
    const entries = statementEntries(
      [invoice({ orderGroupId: 7, invoiceNumber: 12, invoiceDate: "2026-11-02", dueDate: "2026-12-02", totalPence: 9_000 }), invoice({ orderGroupId: 8, invoiceNumber: 13, invoiceDate: "2026-11-10", dueDate: "2026-12-10", totalPence: 1_500 })],
      [{ id: 1, orderGroupId: 7, invoiceNumber: 12, receivedOn: "2026-11-10", amountPence: 4_000, reference: "BACS 1" }],
      (n) => `INV-${String(n).padStart(6, "0")}`,
    );
    expect(entries.map((e) => [e.date, e.reference, e.debitPence, e.creditPence, e.balancePence])).toEqual([
      ["2026-11-02", "INV-000012", 9_000, 0, 9_000],
      ["2026-11-10", "INV-000013", 1_500, 0, 10_500],
      ["2026-11-10", "BACS 1", 0, 4_000, 6_500],
    ]);
    expect(entries[0]!.description).toBe("Order 7, due 02/12/2026");
  });
});

describe("receivables ageing", () => {
  it("buckets by days since the invoice date: 0–30, 31–60, 61–90, 90+", () => {
    expect(["2026-11-25", "2026-10-26", "2026-10-25", "2026-09-26", "2026-09-25", "2026-08-27", "2026-08-26"].map((d) => ageingBucket(d, "2026-11-25"))).toEqual([0, 0, 1, 1, 2, 2, 3]);
  });

  it("adds each row across and the totals down, leaving out what is paid", () => {
    const ageing = receivablesAgeing(
      [
        { userId: 1, customer: "A", email: "a@x", invoices: [invoice({ invoiceDate: "2026-11-20", totalPence: 100 }), invoice({ invoiceDate: "2026-07-01", totalPence: 300, paidPence: 50 })] },
        { userId: 2, customer: "B", email: "b@x", invoices: [invoice({ invoiceDate: "2026-10-01", totalPence: 700, paidPence: 700 })] },
      ],
      "2026-11-25",
    );
    expect(ageing.rows).toEqual([{ userId: 1, customer: "A", email: "a@x", bucketsPence: [100, 0, 0, 250], totalPence: 350 }]);
    expect(ageing.totals).toEqual({ bucketsPence: [100, 0, 0, 250], totalPence: 350 });
  });
});
