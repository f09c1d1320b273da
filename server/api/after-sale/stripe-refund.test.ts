// Refunds through the Stripe adapter against a local server that answers in Stripe's format: the refund is
// made on the payment intent that paid, exactly once per request even when the answer is lost and the
// request is sent again, and a refusal leaves nothing recorded and no credit note number spent.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counters, refunds } from "../../../db/schema";
import type { DbHandle } from "../../../db/client";
import type { App } from "../../app";
import type { FakeStripeServer } from "../../../tests/fakes/fake-stripe-server";
import { makeStaff, signUp, type TestCustomer } from "../../../tests/factories/accounts";
import { bannerLine, saveTestAddresses, startCheckout } from "../../../tests/factories/checkout";
import { createStripeShop, type StripeShop } from "../../../tests/setup/stripe-shop";

let shop: StripeShop;
let stripe: FakeStripeServer;
let db: DbHandle;
let app: App;
let manager: TestCustomer;

beforeAll(async () => {
  shop = await createStripeShop();
  ({ stripe, db, app } = shop);
  manager = await makeStaff(app, "manager");
});
afterAll(async () => {
  await shop?.close();
});

/** A customer's order paid at Stripe and made by the signed webhook. */
async function paidAtStripe() {
  const customer = await signUp(app);
  await saveTestAddresses(app, customer);
  const started = await startCheckout(app, customer, [await bannerLine(app)]);
  expect(started.statusCode, started.body).toBe(200);
  const sessionId = /cs_test_\w+/.exec(started.json().url)![0];
  stripe.complete(sessionId);
  const payload = JSON.stringify(stripe.event("checkout.session.completed", sessionId));
  const hook = await shop.signedWebhook(payload);
  expect(hook.statusCode).toBe(200);
  const [group] = (await app.inject({ method: "GET", url: `/api/orders/${customer.userId}`, headers: customer.auth })).json();
  return { customer, sessionId, orderGroupId: group.order_group_id as number, totalPence: group.total_pence as number };
}

const refund = (groupId: number, body: object) => app.inject({ method: "POST", url: `/api/staff/orders/${groupId}/refunds`, headers: manager.auth, payload: body });
const refundRequests = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");

describe("refunds at Stripe", () => {
  it("refunds the payment intent that paid, with an idempotency key, and keeps Stripe's refund id", async () => {
    const order = await paidAtStripe();
    const before = refundRequests().length;
    const res = await refund(order.orderGroupId, { delivery_pence: 1194, reason: "Late delivery", idempotency_key: "stripe-refund-0001" });
    expect(res.statusCode, res.body).toBe(200);
    const made = stripe.refunds(order.sessionId);
    expect(made).toEqual([expect.objectContaining({ amount: 1194, status: "succeeded", payment_intent: stripe.session(order.sessionId)!.payment_intent })]);
    expect(made[0]!.reason).toBeNull();
    const sent = refundRequests().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toMatch(/^refund-\d+-[0-9a-f]{24}$/);
    const [row] = await db.db.select().from(refunds).where(eq(refunds.id, res.json().refund.id));
    expect(row).toMatchObject({ provider: "stripe", providerRefundId: made[0]!.id, status: "succeeded" });
  });

  it("marks a customer's cancellation as requested by the customer, for the whole amount", async () => {
    const order = await paidAtStripe();
    const res = await app.inject({ method: "POST", url: `/api/orders/group/${order.orderGroupId}/cancel`, headers: order.customer.auth, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.refunds(order.sessionId)).toEqual([expect.objectContaining({ amount: order.totalPence, reason: "requested_by_customer" })]);
  });

  it("refunds once when Stripe's answer is lost: the call is sent again with the same key and Stripe replays it", async () => {
    const order = await paidAtStripe();
    stripe.loseNextAnswer("/v1/refunds");
    const res = await refund(order.orderGroupId, { delivery_pence: 500, reason: "Goodwill", idempotency_key: "stripe-refund-lost-1" });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.refunds(order.sessionId)).toHaveLength(1);
    const [lost, replayed] = refundRequests().slice(-2);
    expect(replayed!.idempotencyKey).toBe(lost!.idempotencyKey);
    expect(res.json().refund.credit_note_number).toMatch(/^CN-/);
  });

  it("keeps a refund Stripe did not confirm as pending, and the same request again completes it once", async () => {
    const order = await paidAtStripe();
    stripe.failNext(500, 1, "/v1/refunds");
    const failed = await refund(order.orderGroupId, { delivery_pence: 500, reason: "Goodwill", idempotency_key: "stripe-refund-500-1" });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe("The card processor did not confirm the refund. Nothing will be refunded twice: try again and the same refund is completed.");
    const [pending] = await db.db.select().from(refunds).where(eq(refunds.orderGroupId, order.orderGroupId));
    expect(pending).toMatchObject({ status: "pending", creditNoteNumber: null });
    // Held against what is left: another refund cannot take it meanwhile.
    expect((await refund(order.orderGroupId, { delivery_pence: 1194, reason: "Late delivery" })).json().message).toBe("Delivery: at most £6.94 can still be refunded.");

    const again = await refund(order.orderGroupId, { delivery_pence: 500, reason: "Goodwill", idempotency_key: "stripe-refund-500-1" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refund).toMatchObject({ id: pending!.id, status: "succeeded", amount_pence: 500 });
    expect(stripe.refunds(order.sessionId)).toEqual([expect.objectContaining({ amount: 500 })]);
  });

  it("finishes an unconfirmed refund in the background, once, when nobody sends the request again", async () => {
    const order = await paidAtStripe();
    stripe.failNext(503, 1, "/v1/refunds");
    expect((await refund(order.orderGroupId, { delivery_pence: 300, reason: "Goodwill" })).statusCode).toBe(502);
    // Not yet: the job waits two minutes before asking again.
    expect(await app.services.refunds.settlePending()).toBe(0);
    const later = new Date(Date.now() + 3 * 60_000);
    const [first, second] = await Promise.all([app.services.refunds.settlePending(later), app.services.refunds.settlePending(later)]);
    expect(first! + second!).toBeGreaterThanOrEqual(1);
    const [row] = await db.db.select().from(refunds).where(eq(refunds.orderGroupId, order.orderGroupId));
    expect(row).toMatchObject({ status: "succeeded", amountPence: 300 });
    expect(row!.creditNoteNumber).not.toBeNull();
    expect(stripe.refunds(order.sessionId)).toEqual([expect.objectContaining({ amount: 300 })]);
  });

  it("records nothing and spends no credit note number when Stripe refuses", async () => {
    const order = await paidAtStripe();
    const [before] = await db.db.select().from(counters).where(eq(counters.name, "credit_note"));
    // Somebody refunded the whole payment in Stripe's dashboard: Stripe refuses ours.
    const outside = await fetch(`${stripe.url}/v1/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_intent: stripe.session(order.sessionId)!.payment_intent! }),
    });
    expect(outside.status).toBe(200);
    const res = await refund(order.orderGroupId, { delivery_pence: 1194, reason: "Late delivery" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message, res.body).toMatch(/^The payment could not be refunded, so nothing has changed: Stripe refused creating a refund: 400 charge_already_refunded/);
    expect(stripe.refunds(order.sessionId)).toHaveLength(1);
    const rows = await db.db.select().from(refunds).where(eq(refunds.orderGroupId, order.orderGroupId));
    expect(rows).toEqual([expect.objectContaining({ status: "failed", creditNoteNumber: null })]);
    const [after] = await db.db.select().from(counters).where(eq(counters.name, "credit_note"));
    expect(after?.value).toBe(before?.value);
  });
});
