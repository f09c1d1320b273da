// The whole checkout with the Stripe adapter against a local server that answers in Stripe's format:
// payment starts at Stripe, the signed webhook and the customer's return race, exactly one order results.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orderGroups } from "../../../db/schema";
import type { DbHandle } from "../../../db/client";
import type { App } from "../../app";
import type { FakeStripeServer } from "../../../tests/fakes/fake-stripe-server";
import { signUp, type TestCustomer } from "../../../tests/factories/accounts";
import { bannerLine, saveTestAddresses, startCheckout } from "../../../tests/factories/checkout";
import { createStripeShop, STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET, type StripeShop } from "../../../tests/setup/stripe-shop";

let shop: StripeShop;
let stripe: FakeStripeServer;
let db: DbHandle;
let app: App;

beforeAll(async () => {
  shop = await createStripeShop();
  ({ stripe, db, app } = shop);
});
afterAll(async () => {
  await shop?.close();
});

const signedWebhook = (payload: string, secret?: string) => shop.signedWebhook(payload, secret);

async function paidAtStripe(): Promise<{ customer: TestCustomer; checkoutId: string; sessionId: string; event: string }> {
  const customer = await signUp(app);
  await saveTestAddresses(app, customer);
  const res = await startCheckout(app, customer, [await bannerLine(app)]);
  expect(res.statusCode, res.body).toBe(200);
  const { url, checkout_id: checkoutId } = res.json();
  const sessionId = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)!;
  expect(url).toContain("/c/pay/");
  const created = stripe.session(/cs_test_\w+/.exec(url)![0])!;
  expect(sessionId.form["client_reference_id"]).toBe(checkoutId);
  expect(sessionId.form["success_url"]).toBe("https://shop.example.com/checkout/artwork-uploader?session_id={CHECKOUT_SESSION_ID}");
  expect(Number(sessionId.form["line_items[0][price_data][unit_amount]"])).toBeGreaterThan(0);
  expect(created.amount_total).toBe(res.json().amount_total);
  stripe.complete(created.id);
  return { customer, checkoutId, sessionId: created.id, event: JSON.stringify(stripe.event("checkout.session.completed", created.id)) };
}

const groupsOf = (userId: number) => db.db.select().from(orderGroups).where(eq(orderGroups.userId, userId));
const confirmations = async (email: string) => (await db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((m) => m.subject.includes("confirmed"));

describe("Stripe Checkout", () => {
  it("makes the order from a signed webhook, at the amount Stripe charged", async () => {
    const { customer, event } = await paidAtStripe();
    const res = await signedWebhook(event);
    expect(res.statusCode).toBe(200);
    const [group] = await groupsOf(customer.userId);
    expect(group).toMatchObject({ provider: "stripe", paymentStatus: "paid", status: "Awaiting Artwork" });
    expect(await confirmations(customer.email)).toHaveLength(1);
  });

  it("refuses a forged signature with a 400 and changes nothing", async () => {
    const { customer, event } = await paidAtStripe();
    expect((await signedWebhook(event, "whsec_somebody_else")).statusCode).toBe(400);
    const tampered = await app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }) },
      payload: event.replace('"paid"', '"paid" '),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await app.inject({ method: "POST", url: "/api/stripe/webhook", headers: { "content-type": "application/json" }, payload: event })).statusCode).toBe(400);
    expect(await groupsOf(customer.userId)).toHaveLength(0);
  });

  it("makes exactly one order when webhooks and returns arrive 1 to 10 times, concurrently and out of order", async () => {
    for (const times of [1, 4, 10]) {
      const { customer, checkoutId, event } = await paidAtStripe();
      const calls = Array.from({ length: times }, (_, i) =>
        i % 2 === 0 ? signedWebhook(event) : app.inject({ method: "POST", url: `/api/orders/${checkoutId}`, headers: customer.auth, payload: {} }),
      );
      const answers = await Promise.all(calls.reverse());
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(await groupsOf(customer.userId)).toHaveLength(1);
      expect(await confirmations(customer.email)).toHaveLength(1);
    }
  });

  it("ignores events that are not a paid checkout", async () => {
    const customer = await signUp(app);
    await saveTestAddresses(app, customer);
    const res = await startCheckout(app, customer, [await bannerLine(app)]);
    const id = /cs_test_\w+/.exec(res.json().url)![0];
    expect((await signedWebhook(JSON.stringify(stripe.event("checkout.session.completed", id)))).statusCode).toBe(200);
    stripe.expire(id);
    expect((await signedWebhook(JSON.stringify(stripe.event("checkout.session.expired", id)))).statusCode).toBe(200);
    expect(await groupsOf(customer.userId)).toHaveLength(0);
  });
});
