// The built-in test card page (issue 39, item 5): whoever holds its link sees what a card page shows —
// what is being paid for and how much — and not who is paying.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../tests/setup/test-app";
import { loggedPath } from "../../logging";
import { createTestPaymentProvider } from "./test-provider";

const EMAIL = "payer.private@example.com";
let db: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

describe("the test payment page", () => {
  it("is given the items, the total, the state and the way back: not the payer's email", async () => {
    const provider = createTestPaymentProvider(db.db);
    const session = await provider.createCheckoutSession({
      clientReference: "chk_view_test",
      customerEmail: EMAIL,
      lineItems: [{ name: "PVC banner", description: "1 × 304 × 304 mm", amountPence: 1200, quantity: 1 }],
      totalPence: 1200,
      currency: "gbp",
      successUrl: "/checkout/success?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "/checkout/address-and-delivery?payment=cancelled",
      idempotencyKey: "view-test-1",
    });
    const view = await provider.view(session.id);
    expect(Object.keys(view!).sort()).toEqual(["amountTotalPence", "cancelUrl", "id", "lineItems", "status"]);
    expect(JSON.stringify(view)).not.toContain(EMAIL);
  });

  it("is logged without its session id: the id is the only key to the page", () => {
    expect(loggedPath("/checkout/test-payment/cs_test_abcDEF0123456789abcdef01")).toBe("/checkout/test-payment/cs_…");
    expect(loggedPath("/checkout/test-payment/cs_test_abcDEF0123456789abcdef01.data?_routes=x")).toBe("/checkout/test-payment/cs_…?…");
    expect(loggedPath("/api/stripe/session/cs_live_a1B2c3")).toBe("/api/stripe/session/cs_…");
    expect(loggedPath("/api/orders/12")).toBe("/api/orders/12");
  });
});
