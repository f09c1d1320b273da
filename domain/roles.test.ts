import { describe, expect, it } from "vitest";
import { personLabel } from "./roles";

describe("a history line names the person", () => {
  it("by name and email, leaving out the invitation's surname placeholder", () => {
    expect(personLabel({ firstname: "Jane", lastname: "Smith", email: "jane@shop.test" }, "staff")).toBe("Jane Smith (jane@shop.test)");
    expect(personLabel({ firstname: "Printer", lastname: "(staff)", email: "printer@shop.test" }, "staff")).toBe("Printer (printer@shop.test)");
    expect(personLabel({ firstname: "", lastname: "", email: "x@shop.test" }, "staff")).toBe("x@shop.test");
  });
  it("says when the account behind an event is gone, and names the system as itself", () => {
    expect(personLabel(null, "staff")).toBe("staff (account removed)");
    expect(personLabel(null, "system")).toBe("system");
    expect(personLabel(null, "payment")).toBe("payment");
  });
});
