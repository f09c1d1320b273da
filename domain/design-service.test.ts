import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWorkingDay } from "./delivery";
import {
  amendsDue,
  approvalQuestion,
  briefProblem,
  canMoveDesign,
  DESIGN_CHOICE_LABEL,
  deliveryFromApproval,
  designQuantities,
  dueStatus,
  firstProofDue,
  provisionalDesignDelivery,
  proofRefusal,
  redesignChargePence,
} from "./design-service";
import { briefSchema } from "./design-brief";
import { daysBetween } from "./calendar";

describe("due dates by the shop's working days", () => {
  it("a brief sent on a working morning is due 3 working days later", () => {
    // Tuesday 3 November 2026, 10:00 GMT → Friday 6 November.
    expect(firstProofDue(new Date("2026-11-03T10:00:00Z"))).toBe("2026-11-06");
  });

  it("skips the weekend", () => {
    // Thursday 5 November → Fri 6, Mon 9, Tue 10.
    expect(firstProofDue(new Date("2026-11-05T09:00:00Z"))).toBe("2026-11-10");
  });

  it("counts from the next working day after the 18:00 cut-off, and over a weekend", () => {
    // Friday 27 March 2026, 19:00 GMT (after 18:00): counts from Monday 30 March → Thursday 2 April.
    expect(firstProofDue(new Date("2026-03-27T19:00:00Z"))).toBe("2026-04-02");
    // Saturday 7 November → counts from Monday 9 → Thursday 12.
    expect(firstProofDue(new Date("2026-11-07T12:00:00Z"))).toBe("2026-11-12");
  });

  it("skips England & Wales bank holidays: Easter", () => {
    // Wednesday 1 April 2026 (BST, 10:00 UK): Thu 2, [Good Friday 3, weekend, Easter Monday 6], Tue 7, Wed 8.
    expect(firstProofDue(new Date("2026-04-01T09:00:00Z"))).toBe("2026-04-08");
  });

  it("skips a bank holiday that is the first day counted from", () => {
    // Saturday 2 May 2026: Monday 4 May is the Early May bank holiday, so it counts from Tuesday 5 → Friday 8.
    expect(firstProofDue(new Date("2026-05-02T10:00:00Z"))).toBe("2026-05-08");
  });

  it("amends are due 2 working days after they are asked for, over Christmas and a substitute Boxing Day", () => {
    // Thursday 24 December 2026: [Fri 25 Christmas, weekend, Mon 28 Boxing Day substitute], Tue 29, Wed 30.
    expect(amendsDue(new Date("2026-12-24T10:00:00Z"))).toBe("2026-12-30");
    // Monday 9 November, 17:59 UK is before the cut-off → Wednesday 11.
    expect(amendsDue(new Date("2026-11-09T17:59:00Z"))).toBe("2026-11-11");
    expect(amendsDue(new Date("2026-11-09T18:00:00Z"))).toBe("2026-11-12");
  });

  it("counts Christmas and New Year's substitute bank holidays (the longest run)", () => {
    expect(amendsDue(new Date("2027-12-24T18:00:00Z"))).toBe("2027-12-31");
    expect(firstProofDue(new Date("2027-12-24T18:00:00Z"))).toBe("2028-01-04");
  });

  it("always lands on a working day after the day it was sent (property)", () => {
    const instant = fc.date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2030-12-31T23:59:59Z"), noInvalidDate: true });
    fc.assert(
      fc.property(instant, (sentAt) => {
        const due = firstProofDue(sentAt);
        const amends = amendsDue(sentAt);
        expect(isWorkingDay(due)).toBe(true);
        expect(isWorkingDay(amends)).toBe(true);
        expect(due > amends).toBe(true);
        // 3 working days never take fewer than 3 calendar days, nor more than 11: the longest run is sent on a
        // Friday before Christmas after the cut-off in a year whose Christmas and New Year fall at weekends
        // (2027: sent Friday 24 December, counted from Wednesday 29th, due Tuesday 4 January 2028).
        const sentDay = sentAt.toISOString().slice(0, 10);
        expect(daysBetween(sentDay, due)).toBeGreaterThanOrEqual(3);
        expect(daysBetween(sentDay, due)).toBeLessThanOrEqual(11);
      }),
    );
  });

  it("marks a job late once its due day has passed, in UK dates", () => {
    expect(dueStatus("2026-11-06", new Date("2026-11-05T23:00:00Z"))).toBe("on-time");
    expect(dueStatus("2026-11-06", new Date("2026-11-06T23:59:00Z"))).toBe("due-today");
    expect(dueStatus("2026-11-06", new Date("2026-11-07T00:00:00Z"))).toBe("late");
    // 23:30 UTC on 6 July is 00:30 on 7 July in BST.
    expect(dueStatus("2026-07-06", new Date("2026-07-06T23:30:00Z"))).toBe("late");
  });
});

describe("delivery counted from the day of approval", () => {
  it("is the turnaround's working days from the approval day", () => {
    // Approved Thursday 24 December 2026, 11:00: dispatch that day, then 3 working days past Christmas and the Boxing Day substitute → Thursday 31.
    expect(deliveryFromApproval(new Date("2026-12-24T11:00:00Z"), 3)).toBe("2026-12-31");
    // Approved Friday 6 November at 19:00 (after the cut-off): dispatch Monday 9, express 2 days → Wednesday 11.
    expect(deliveryFromApproval(new Date("2026-11-06T19:00:00Z"), 2)).toBe("2026-11-11");
  });

  it("is promised at payment as if the first proof were approved the day it is due", () => {
    // Paid Tuesday 3 November 10:00: first proof due Friday 6; approved then, standard delivery Wednesday 11.
    expect(provisionalDesignDelivery(new Date("2026-11-03T10:00:00Z"), 3)).toBe("2026-11-11");
    expect(deliveryFromApproval(new Date("2026-11-06T10:00:00Z"), 3)).toBe("2026-11-11");
  });
});

describe("the job's moves", () => {
  it("goes brief → designing → proof sent → (amends → designing) or approved, and approved is the end", () => {
    expect(canMoveDesign("brief", "designing")).toBe(true);
    expect(canMoveDesign("designing", "proof_sent")).toBe(true);
    expect(canMoveDesign("proof_sent", "designing")).toBe(true);
    expect(canMoveDesign("proof_sent", "approved")).toBe(true);
    expect(canMoveDesign("designing", "approved")).toBe(false);
    expect(canMoveDesign("brief", "proof_sent")).toBe(false);
    expect(canMoveDesign("approved", "designing")).toBe(false);
  });
});

describe("the brief", () => {
  it("may be saved empty, but is sent only with its wording", () => {
    const draft = briefSchema.parse({});
    expect(draft).toEqual({ wording: "", colours: "", style: "", notes: "", quantities: [] });
    expect(briefProblem(draft, { quantity: 10, designs: 1 })).toBe("Please give the wording, exactly as it should read.");
    expect(briefProblem({ ...draft, wording: "  Grand Opening  " }, { quantity: 10, designs: 1 })).toBeNull();
  });

  it("splits several designs' quantities so they add up to the item", () => {
    const brief = briefSchema.parse({ wording: "Sale", quantities: [4, 5] });
    expect(briefProblem(brief, { quantity: 10, designs: 2 })).toBe("Please split the 10 items between your 2 designs: the quantities must add up to 10.");
    expect(briefProblem({ ...brief, quantities: [4, 6] }, { quantity: 10, designs: 2 })).toBeNull();
    expect(designQuantities({ quantity: 10, designs: 2 }, [4, 6])).toEqual([4, 6]);
    expect(designQuantities({ quantity: 10, designs: 1 }, [])).toEqual([10]);
  });

  it("refuses over-long text with a message naming the field", () => {
    const result = briefSchema.safeParse({ wording: "x".repeat(5001) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("The wording must be at most 5000 characters");
  });
});

describe("a designer's proof", () => {
  it("is refused when it is not the ordered size, or cannot be printed; other warnings pass", () => {
    expect(proofRefusal({ verdict: "pass", checks: [] })).toBeNull();
    expect(proofRefusal({ verdict: "warn", checks: [{ code: "colour", level: "warn", message: "RGB" }] })).toBeNull();
    expect(proofRefusal({ verdict: "warn", checks: [{ code: "proportions", level: "warn", message: "It is 1:1; the order is 3:2." }] })).toBe("This proof cannot go to the customer: It is 1:1; the order is 3:2.");
    expect(proofRefusal({ verdict: "fail", checks: [{ code: "resolution", level: "fail", message: "Too small." }] })).toBe("This proof cannot go to the customer: Too small.");
  });
});

describe("words", () => {
  it("offers the service at its price", () => {
    expect(DESIGN_CHOICE_LABEL).toBe("Design it for me (£6 + VAT per design)");
  });

  it("says what is approved and when it will arrive", () => {
    expect(approvalQuestion({ productName: "PVC Banner", version: 2, designs: 1, deliveryIfApprovedToday: "2026-11-11" })).toBe(
      "Approve proof version 2 of your PVC Banner? We will print this design exactly as shown, and production starts now: delivery by 11-11-2026. You cannot ask for amends after approving.",
    );
  });
});

describe("the reprint with new artwork after a claim", () => {
  it("costs half the item's price, rounded half up to the penny", () => {
    expect(redesignChargePence(4999)).toBe(2500);
    expect(redesignChargePence(5000)).toBe(2500);
    expect(redesignChargePence(0)).toBe(0);
    expect(() => redesignChargePence(-1)).toThrow(RangeError);
  });
});
