import { describe, expect, it } from "vitest";
import { invoiceNumberLabel } from "./invoice";

describe("invoice numbers", () => {
  it("are INV- and six digits, growing past a million without losing digits", () => {
    expect(invoiceNumberLabel(42)).toBe("INV-000042");
    expect(invoiceNumberLabel(1_234_567)).toBe("INV-1234567");
    expect(invoiceNumberLabel(null)).toBeNull();
  });
});
