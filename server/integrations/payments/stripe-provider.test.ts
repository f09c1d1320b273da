import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeStripeServer, type FakeStripeServer } from "../../../tests/fakes/fake-stripe-server";
import { PaymentProviderError, WebhookSignatureError, type CreateCheckoutInput, type PaymentProvider } from "./payment-provider";
import { createStripeProvider, STRIPE_MAX_SESSION_MS, STRIPE_MIN_SESSION_MS, stripeExpiresAt } from "./stripe-provider";
import { freePort, rejectionOf } from "../../../tests/support/net";

const WEBHOOK_SECRET = "whsec_test_printShopWebhookSecret0001";

const fakes: FakeStripeServer[] = [];

afterEach(async () => {
  for (const fake of fakes.splice(0)) await fake.close();
});

async function setup(options: { maxNetworkRetries?: number; secretKey?: string } = {}): Promise<{ fake: FakeStripeServer; provider: PaymentProvider }> {
  const fake = await startFakeStripeServer();
  fakes.push(fake);
  const provider = createStripeProvider({
    secretKey: options.secretKey ?? fake.secretKey,
    webhookSecret: WEBHOOK_SECRET,
    apiBaseUrl: fake.url,
    timeoutMs: 5_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 0,
  });
  return { fake, provider };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** £64.80 in three lines that add up exactly, as the checkout service builds them. */
function checkoutInput(overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput {
  return {
    clientReference: "chk_7f3a9c",
    customerEmail: "jo.bloggs@example.co.uk",
    lineItems: [
      { name: "Vinyl banner × 2", description: "2000 × 500 mm, 2 items", amountPence: 4500, quantity: 1 },
      { name: "Delivery", amountPence: 900, quantity: 1 },
      { name: "VAT at 20%", amountPence: 1080, quantity: 1 },
    ],
    totalPence: 6480,
    currency: "gbp",
    successUrl: "http://shop.test/checkout/artwork-uploader?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://shop.test/checkout/failed?session_id={CHECKOUT_SESSION_ID}",
    idempotencyKey: "chk_7f3a9c",
    metadata: { checkout_id: "chk_7f3a9c", user_id: "42" },
    ...overrides,
  };
}



/** The test checkout's session once paid, as the provider reads it back. */
function paidSession(id: string, card: { brand: string; last4: string } | null) {
  const paid = { status: "complete", paymentStatus: "paid", amountTotalPence: 6480, currency: "gbp" };
  return { id, url: null, ...paid, clientReferenceId: "chk_7f3a9c", customerEmail: "jo.bloggs@example.co.uk", metadata: { checkout_id: "chk_7f3a9c", user_id: "42" }, card };
}

describe("Stripe provider: creating a checkout session", () => {
  it("sends the exact line items, references, URLs and idempotency key, and maps Stripe's answer", async () => {
    const { fake, provider } = await setup();
    const expiresAtSeconds = nowSeconds() + 2 * 60 * 60;

    const session = await provider.createCheckoutSession(checkoutInput({ expiresAt: new Date(expiresAtSeconds * 1000) }));

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent!.method).toBe("POST");
    expect(sent!.path).toBe("/v1/checkout/sessions");
    expect(sent!.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(sent!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(sent!.idempotencyKey).toBe("chk_7f3a9c");
    expect(sent!.form).toEqual({
      mode: "payment",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": "4500",
      "line_items[0][price_data][product_data][name]": "Vinyl banner × 2",
      "line_items[0][price_data][product_data][description]": "2000 × 500 mm, 2 items",
      "line_items[0][quantity]": "1",
      "line_items[1][price_data][currency]": "gbp",
      "line_items[1][price_data][unit_amount]": "900",
      "line_items[1][price_data][product_data][name]": "Delivery",
      "line_items[1][quantity]": "1",
      "line_items[2][price_data][currency]": "gbp",
      "line_items[2][price_data][unit_amount]": "1080",
      "line_items[2][price_data][product_data][name]": "VAT at 20%",
      "line_items[2][quantity]": "1",
      client_reference_id: "chk_7f3a9c",
      customer_email: "jo.bloggs@example.co.uk",
      success_url: "http://shop.test/checkout/artwork-uploader?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://shop.test/checkout/failed?session_id={CHECKOUT_SESSION_ID}",
      "metadata[checkout_id]": "chk_7f3a9c",
      "metadata[user_id]": "42",
      expires_at: String(expiresAtSeconds),
    });

    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session).toEqual({
      id: session.id,
      url: `${fake.url}/c/pay/${session.id}`,
      status: "open",
      paymentStatus: "unpaid",
      amountTotalPence: 6480,
      currency: "gbp",
      clientReferenceId: "chk_7f3a9c",
      customerEmail: "jo.bloggs@example.co.uk",
      metadata: { checkout_id: "chk_7f3a9c", user_id: "42" },
      card: null,
    });
    expect(fake.session(session.id)!.amount_total).toBe(6480);
  });

  it("sends quantities as given and charges amount × quantity", async () => {
    const { fake, provider } = await setup();
    const session = await provider.createCheckoutSession(
      checkoutInput({ lineItems: [{ name: "Sticker sheet", amountPence: 333, quantity: 3 }], totalPence: 999, metadata: undefined }),
    );
    expect(fake.requests[0]!.form["line_items[0][quantity]"]).toBe("3");
    expect(fake.requests[0]!.form["line_items[0][price_data][unit_amount]"]).toBe("333");
    expect(Object.keys(fake.requests[0]!.form).some((field) => field.startsWith("metadata"))).toBe(false);
    expect(session.amountTotalPence).toBe(999);
  });

  it("moves a deadline of exactly 30 minutes far enough out for Stripe to accept it", async () => {
    const { fake, provider } = await setup();
    const before = nowSeconds();
    const session = await provider.createCheckoutSession(checkoutInput({ expiresAt: new Date(Date.now() + 30 * 60_000) }));
    const sent = Number(fake.requests[0]!.form.expires_at);
    expect(sent).toBeGreaterThanOrEqual(before + STRIPE_MIN_SESSION_MS / 1000);
    expect(session.status).toBe("open");
  });

  it("refuses line items that do not add up to the total before sending anything", async () => {
    const { fake, provider } = await setup();
    const error = await rejectionOf(provider.createCheckoutSession(checkoutInput({ totalPence: 6481 })), PaymentProviderError);
    expect(error.message).toBe("Line items add up to 6480p, not 6481p");
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses fractional, negative or zero-quantity lines and an empty basket before sending anything", async () => {
    const { fake, provider } = await setup();
    await rejectionOf(provider.createCheckoutSession(checkoutInput({ lineItems: [{ name: "Poster", amountPence: 12.5, quantity: 2 }], totalPence: 25 })), PaymentProviderError);
    await rejectionOf(provider.createCheckoutSession(checkoutInput({ lineItems: [{ name: "Refund", amountPence: -100, quantity: 1 }], totalPence: -100 })), PaymentProviderError);
    await rejectionOf(provider.createCheckoutSession(checkoutInput({ lineItems: [{ name: "Poster", amountPence: 1000, quantity: 0 }], totalPence: 0 })), PaymentProviderError);
    await rejectionOf(provider.createCheckoutSession(checkoutInput({ lineItems: [], totalPence: 0 })), PaymentProviderError);
    expect(fake.requests).toHaveLength(0);
  });

  it("gives the same session for a retry with the same key and refuses the key with other parameters", async () => {
    const { fake, provider } = await setup();
    const first = await provider.createCheckoutSession(checkoutInput());
    const again = await provider.createCheckoutSession(checkoutInput());
    expect(again.id).toBe(first.id);
    expect(again.amountTotalPence).toBe(6480);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual(["chk_7f3a9c", "chk_7f3a9c"]);

    const error = await rejectionOf(
      provider.createCheckoutSession(checkoutInput({ lineItems: [{ name: "Vinyl banner × 3", amountPence: 6480, quantity: 1 }] })),
    PaymentProviderError,
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe("idempotency_error");
  });

  it("retries an outage with the same idempotency key and makes one session", async () => {
    const { fake, provider } = await setup({ maxNetworkRetries: 1 });
    fake.failNext(503);
    const session = await provider.createCheckoutSession(checkoutInput());
    expect(fake.requests.map((r) => r.status)).toEqual([503, 200]);
    expect(fake.requests[1]!.idempotencyKey).toBe("chk_7f3a9c");
    expect(fake.requests[0]!.idempotencyKey).toBe("chk_7f3a9c");
    expect(fake.session(session.id)!.status).toBe("open");
  });

  it("turns a Stripe server error into a PaymentProviderError with the status", async () => {
    const { fake, provider } = await setup();
    fake.failNext(500);
    const error = await rejectionOf(provider.createCheckoutSession(checkoutInput()), PaymentProviderError);
    expect(error.status).toBe(500);
    expect(error.code).toBe("api_error");
  });

  it("reports a refused key without the key in the message", async () => {
    const wrongKey = "sk_test_wrongKeyABCDEFGH1234567890";
    const { provider } = await setup({ secretKey: wrongKey });
    const error = await rejectionOf(provider.createCheckoutSession(checkoutInput()), PaymentProviderError);
    expect(error.status).toBe(401);
    expect(error.message).toContain("Invalid API Key provided");
    expect(error.message).not.toContain("sk_test");
    expect(error.message).not.toContain("7890");
  });

  it("fails with PaymentProviderError when Stripe cannot be reached", async () => {
    const provider = createStripeProvider({
      secretKey: "sk_test_unreachable0000",
      webhookSecret: WEBHOOK_SECRET,
      apiBaseUrl: `http://127.0.0.1:${await freePort()}`,
      timeoutMs: 2_000,
      maxNetworkRetries: 0,
    });
    const error = await rejectionOf(provider.createCheckoutSession(checkoutInput()), PaymentProviderError);
    expect(error.message).toContain("Stripe could not be reached while creating a checkout session");
    expect(error.message).not.toContain("sk_test");
    expect(error.status).toBeNull();
    await rejectionOf(provider.retrieveSession("cs_test_a1unreachable"), PaymentProviderError);
  });
});

describe("Stripe provider: reading and closing sessions", () => {
  it("reads a session before and after the customer pays", async () => {
    const { fake, provider } = await setup();
    const { id } = await provider.createCheckoutSession(checkoutInput());

    const before = await provider.retrieveSession(id);
    expect(before).toMatchObject({ id, status: "open", paymentStatus: "unpaid", amountTotalPence: 6480, url: `${fake.url}/c/pay/${id}` });

    fake.complete(id, { brand: "mastercard", last4: "4444" });
    const after = await provider.retrieveSession(id);
    expect(after).toEqual(paidSession(id, { brand: "mastercard", last4: "4444" }));
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/checkout/sessions/${id}`, status: 200 });
    // The card comes with the payment intent, expanded in the same call.
    expect(Object.values(fake.requests.at(-1)!.form)).toContain("payment_intent.payment_method");
  });

  it("gives null for an id Stripe does not know, and never sends an id that is not a session id", async () => {
    const { fake, provider } = await setup();
    expect(await provider.retrieveSession("cs_test_a1NoSuchSession000")).toBeNull();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: "GET", path: "/v1/checkout/sessions/cs_test_a1NoSuchSession000", status: 404 });

    expect(await provider.retrieveSession("../../v1/charges")).toBeNull();
    expect(await provider.retrieveSession("")).toBeNull();
    expect(fake.requests).toHaveLength(1);
  });

  it("reads a session that timed out as expired", async () => {
    const { fake, provider } = await setup();
    const { id } = await provider.createCheckoutSession(checkoutInput());
    fake.expire(id);
    expect(await provider.retrieveSession(id)).toMatchObject({ status: "expired", paymentStatus: "unpaid", url: null });
  });

  it("expires an open session and accepts one that is already expired, paid or unknown", async () => {
    const { fake, provider } = await setup();
    const open = await provider.createCheckoutSession(checkoutInput({ idempotencyKey: "key-open" }));
    await provider.expireSession!(open.id);
    expect(fake.session(open.id)!.status).toBe("expired");
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: `/v1/checkout/sessions/${open.id}/expire`, status: 200 });

    await provider.expireSession!(open.id);
    await provider.expireSession!("cs_test_a1NoSuchSession000");

    const paid = await provider.createCheckoutSession(checkoutInput({ idempotencyKey: "key-paid" }));
    fake.complete(paid.id);
    await provider.expireSession!(paid.id);
    // Stripe refused the expiry (400) and the adapter looked the session up before accepting that.
    expect(fake.requests.slice(-2)).toMatchObject([
      { method: "POST", path: `/v1/checkout/sessions/${paid.id}/expire`, status: 400 },
      { method: "GET", path: `/v1/checkout/sessions/${paid.id}`, status: 200 },
    ]);
    expect(fake.session(paid.id)).toMatchObject({ status: "complete", payment_status: "paid" });
  });

  it("reports an expiry that Stripe could not carry out", async () => {
    const { fake, provider } = await setup();
    const { id } = await provider.createCheckoutSession(checkoutInput());
    fake.failNext(500);
    const error = await rejectionOf(provider.expireSession!(id), PaymentProviderError);
    expect(error.message).toContain("expiring a checkout session");
    expect(error.status).toBe(500);
    expect(fake.session(id)!.status).toBe("open");
  });
});

describe("Stripe provider: webhooks", () => {
  async function paidSessionEvent(type = "checkout.session.completed") {
    const { fake, provider } = await setup();
    const { id } = await provider.createCheckoutSession(checkoutInput());
    fake.complete(id);
    const payload = JSON.stringify(fake.event(type, id));
    return { fake, provider, id, payload };
  }

  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });

  function refusal(parse: () => unknown): WebhookSignatureError {
    try {
      parse();
    } catch (error) {
      expect(error).toBeInstanceOf(WebhookSignatureError);
      return error as WebhookSignatureError;
    }
    return expect.fail("expected the webhook to be refused");
  }

  it("parses a correctly signed checkout.session.completed into the event and its paid session", async () => {
    const { provider, id, payload } = await paidSessionEvent();
    const event = provider.parseWebhook(Buffer.from(payload), sign(payload));
    expect(event).toEqual({
      id: JSON.parse(payload).id,
      type: "checkout.session.completed",
      // A webhook's session does not name the card; fulfilment asks for it.
      session: paidSession(id, null),
    });
    expect(event.id).toMatch(/^evt_test_/);
  });

  it("parses an expired session's event, and gives no session for other kinds of event", async () => {
    const { fake, provider } = await setup();
    const { id } = await provider.createCheckoutSession(checkoutInput());
    fake.expire(id);
    const expired = JSON.stringify(fake.event("checkout.session.expired", id));
    expect(provider.parseWebhook(Buffer.from(expired), sign(expired)).session).toMatchObject({ id, status: "expired", paymentStatus: "unpaid" });

    const other = JSON.stringify({ id: "evt_test_other", object: "event", type: "payment_intent.succeeded", data: { object: { id: "pi_test_1", object: "payment_intent" } } });
    expect(provider.parseWebhook(Buffer.from(other), sign(other))).toEqual({ id: "evt_test_other", type: "payment_intent.succeeded", session: null });
  });

  it("reads a session status it does not know as open, never as complete", async () => {
    const { fake, provider } = await setup();
    const { id } = await provider.createCheckoutSession(checkoutInput());
    const event = fake.event("checkout.session.completed", id);
    const payload = JSON.stringify({ ...event, data: { object: { ...event.data.object, status: "some_future_state", payment_status: "some_future_status" } } });
    expect(provider.parseWebhook(Buffer.from(payload), sign(payload)).session).toMatchObject({ status: "open", paymentStatus: "unpaid" });
  });

  it("refuses a forged signature", async () => {
    const { provider, payload } = await paidSessionEvent();
    const forged = `t=${nowSeconds()},v1=${"0".repeat(64)}`;
    refusal(() => provider.parseWebhook(Buffer.from(payload), forged));
  });

  it("refuses a body signed with another secret", async () => {
    const { provider, payload } = await paidSessionEvent();
    refusal(() => provider.parseWebhook(Buffer.from(payload), sign(payload, { secret: "whsec_someoneElsesSecret" })));
  });

  it("refuses a body changed after signing", async () => {
    const { provider, payload } = await paidSessionEvent();
    const header = sign(payload);
    const tampered = payload.replace('"amount_total":6480', '"amount_total":1');
    expect(tampered).not.toBe(payload);
    refusal(() => provider.parseWebhook(Buffer.from(tampered), header));
    // The untouched body still passes with the same header, so it was the change that was refused.
    expect(provider.parseWebhook(Buffer.from(payload), header).type).toBe("checkout.session.completed");
  });

  it("refuses a missing or empty signature header", async () => {
    const { provider, payload } = await paidSessionEvent();
    expect(refusal(() => provider.parseWebhook(Buffer.from(payload), undefined)).message).toBe("The Stripe-Signature header is missing");
    refusal(() => provider.parseWebhook(Buffer.from(payload), ""));
    refusal(() => provider.parseWebhook(Buffer.from(payload), "not a signature header"));
  });

  it("refuses a signature older than the five-minute tolerance", async () => {
    const { provider, payload } = await paidSessionEvent();
    const old = sign(payload, { timestamp: nowSeconds() - 6 * 60 });
    expect(refusal(() => provider.parseWebhook(Buffer.from(payload), old)).message).toMatch(/tolerance/i);
    const recent = sign(payload, { timestamp: nowSeconds() - 60 });
    expect(provider.parseWebhook(Buffer.from(payload), recent).type).toBe("checkout.session.completed");
  });

  it("refuses a correctly signed body that is not JSON", async () => {
    const { provider } = await setup();
    const payload = "not json";
    refusal(() => provider.parseWebhook(Buffer.from(payload), sign(payload)));
  });
});

describe("Stripe provider: configuration and deadlines", () => {
  it("refuses an API address that is not a bare http(s) origin", () => {
    const base = { secretKey: "sk_test_x", webhookSecret: WEBHOOK_SECRET };
    expect(() => createStripeProvider({ ...base, apiBaseUrl: "http://127.0.0.1:12111/v1" })).toThrow(/bare origin/);
    expect(() => createStripeProvider({ ...base, apiBaseUrl: "ftp://127.0.0.1" })).toThrow(/http or https/);
    expect(() => createStripeProvider({ ...base, secretKey: " " })).toThrow(/secret key/);
    expect(() => createStripeProvider({ ...base, webhookSecret: "" })).toThrow(/webhook signing secret/);
  });

  it("keeps a deadline inside Stripe's window and moves one outside it to the nearest edge", () => {
    const nowMs = Date.UTC(2026, 0, 15, 12, 0, 0);
    const twoHours = new Date(nowMs + 2 * 60 * 60_000);
    expect(stripeExpiresAt(twoHours, nowMs)).toBe(twoHours.getTime() / 1000);
    expect(stripeExpiresAt(new Date(nowMs + 30 * 60_000), nowMs)).toBe((nowMs + STRIPE_MIN_SESSION_MS) / 1000);
    expect(stripeExpiresAt(new Date(nowMs - 60_000), nowMs)).toBe((nowMs + STRIPE_MIN_SESSION_MS) / 1000);
    expect(stripeExpiresAt(new Date(nowMs + 48 * 60 * 60_000), nowMs)).toBe((nowMs + STRIPE_MAX_SESSION_MS) / 1000);
    expect(() => stripeExpiresAt(new Date(Number.NaN), nowMs)).toThrow(PaymentProviderError);
  });
});

describe("fake Stripe server: the refusals the adapter's tests rely on", () => {
  async function post(fake: FakeStripeServer, form: Record<string, string>, key: string | null = fake.secretKey) {
    const response = await fetch(`${fake.url}/v1/checkout/sessions`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: new URLSearchParams(form).toString(),
    });
    return { status: response.status, body: (await response.json()) as { error?: { type: string; code?: string; param?: string; message: string } } };
  }

  const minimal = {
    mode: "payment",
    success_url: "http://shop.test/ok",
    "line_items[0][price_data][currency]": "gbp",
    "line_items[0][price_data][unit_amount]": "500",
    "line_items[0][price_data][product_data][name]": "Poster",
    "line_items[0][quantity]": "1",
  };

  it("refuses an expiry under 30 minutes away, as Stripe does", async () => {
    const fake = await startFakeStripeServer();
    fakes.push(fake);
    const answer = await post(fake, { ...minimal, expires_at: String(nowSeconds() + 29 * 60) });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: "invalid_request_error", param: "expires_at" });
    expect((await post(fake, { ...minimal, expires_at: String(nowSeconds() + 31 * 60) })).status).toBe(200);
  });

  it("refuses a missing key and a parameter it does not know", async () => {
    const fake = await startFakeStripeServer();
    fakes.push(fake);
    const unauthenticated = await post(fake, minimal, null);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body.error!.type).toBe("invalid_request_error");
    const unknown = await post(fake, { ...minimal, shipping: "yes" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "parameter_unknown", param: "shipping" });
  });
});
