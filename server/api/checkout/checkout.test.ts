import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts, emailOutbox, orderEvents, orderGroups, orders, promoCodes } from "../../../db/schema";
import { CHECKOUT_MESSAGES } from "../../../domain/checkout";
import { orderRef } from "../../../domain/order-ref";
import { buildApp } from "../../app";
import { signUp } from "../../../tests/factories/accounts";
import {
  bannerLine,
  customerWithAddresses,
  expectedTotalPence,
  payWithTestCard,
  placeOrder,
  saveTestAddresses,
  sessionIdOf,
  startCheckout,
} from "../../../tests/factories/checkout";
import { createTestApp, testConfig, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const customerWithAddress = () => customerWithAddresses(t.app);

const groupsOf = (userId: number) => t.db.db.select().from(orderGroups).where(eq(orderGroups.userId, userId));
const confirmationsTo = async (email: string) =>
  (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((row) => row.subject.includes("confirmed"));

describe("POST /api/stripe/create-checkout-session", () => {
  it("stores the checkout at the server's prices and answers the hosted page's url", async () => {
    const customer = await customerWithAddress();
    const lines = [await bannerLine(t.app), await bannerLine(t.app, { quantity: 3, customWidth: 2000, customHeight: 1000 })];
    const res = await startCheckout(t.app, customer, lines);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.url).toMatch(/^\/checkout\/test-payment\/cs_test_[A-Za-z0-9]{24}$/);
    const [row] = await t.db.db.select().from(checkouts).where(eq(checkouts.id, body.checkout_id));
    expect(row!.totalPence).toBe(await expectedTotalPence(t.app, lines));
    expect(row!.lines.map((l) => [l.productName, l.quantity, l.linePence])).toEqual([
      ["PVC Banners", 12, row!.lines[0]!.linePence],
      ["PVC Banners", 3, row!.lines[1]!.linePence],
    ]);
    // 12 × (1.2 m × 0.8 m × £8.50 = £8.16) = £97.92, less the 10% tier = £88.13.
    expect(row!.lines[0]!.linePence).toBe(8813);
    expect(row!.billing.postcode).toBe("E15 2SU");
    expect(row!.delivery.instructions).toBe("Goods in at the rear");
    expect(body.amount_total).toBe(row!.totalPence);
  });

  it("accepts a Total 1p away from its own, refuses 2p with a 409 naming both figures", async () => {
    const customer = await customerWithAddress();
    const lines = [await bannerLine(t.app)];
    const server = await expectedTotalPence(t.app, lines);
    expect((await startCheckout(t.app, customer, lines, { totalPence: server + 1 })).statusCode).toBe(200);
    const off = await startCheckout(t.app, customer, lines, { totalPence: server - 2 });
    expect(off.statusCode).toBe(409);
    expect(off.json().amount_total).toBe(server);
    expect(off.json().error).toMatch(/^The total has changed from £\d+\.\d\d to £\d+\.\d\d\. Please check your basket before paying\.$/);
  });

  it("refuses an empty or unpriceable basket with a 400, and a missing address", async () => {
    const customer = await customerWithAddress();
    const empty = await startCheckout(t.app, customer, [], { totalPence: 0 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(CHECKOUT_MESSAGES.emptyBasket);
    const tooSmall = await startCheckout(t.app, customer, [await bannerLine(t.app, { customWidth: 100 })], { totalPence: 1000 });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().error).toContain("customWidth must be at least 304 mm");
    const unknown = await startCheckout(t.app, customer, [{ ...(await bannerLine(t.app)), productId: 999999 }], { totalPence: 1000 });
    expect(unknown.statusCode).toBe(400);
    const noAddress = await startCheckout(t.app, await signUp(t.app), [await bannerLine(t.app)]);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error).toBe(CHECKOUT_MESSAGES.noAddress);
  });

  it("answers 404 with the account message for another customer's userId", async () => {
    const customer = await customerWithAddress();
    const other = await customerWithAddress();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      headers: customer.auth,
      payload: { email: other.email, userId: other.userId, Total: 10, lines: [await bannerLine(t.app)] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(CHECKOUT_MESSAGES.accountProblem);
  });

  it("gives Welcome to a new customer and refuses it once they have a paid order", async () => {
    const customer = await customerWithAddress();
    const lines = [await bannerLine(t.app)];
    const first = await startCheckout(t.app, customer, lines, { promoCode: "welcome", promoBasisPoints: 1000 });
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await t.db.db.select().from(checkouts).where(eq(checkouts.id, first.json().checkout_id));
    expect(row!.promoDiscountPence).toBe(881); // 10% of £88.13, half-up
    await placeOrder(t.app, customer);
    const again = await startCheckout(t.app, customer, lines, { promoCode: "Welcome", promoBasisPoints: 1000 });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("This promo code is for new customers only.");
    // The basket's promo box says so too, for a signed-in customer.
    const box = await t.app.inject({ method: "POST", url: "/api/apply-promo", headers: customer.auth, payload: { promoCode: "welcome" }, remoteAddress: "10.99.0.1" });
    expect(box.json()).toEqual({ success: false, discount: 0, message: "This promo code is for new customers only." });
    const anonymous = await t.app.inject({ method: "POST", url: "/api/apply-promo", payload: { promoCode: "welcome" }, remoteAddress: "10.99.0.2" });
    expect(anonymous.json().success).toBe(true);
  });

  it("refuses Welcome to a new account using an email that already has a paid order", async () => {
    const returning = await customerWithAddress();
    await placeOrder(t.app, returning);
    // The customer moves their account to a new address; somebody signs up with the old one.
    await t.app.inject({
      method: "PUT",
      url: "/api/user/me",
      headers: returning.auth,
      payload: { firstname: "Jane", lastname: "Printer", email: `moved.${returning.email}`, telephone: "07700900123" },
    });
    const newcomer = await signUp(t.app, { email: returning.email });
    await saveTestAddresses(t.app, newcomer);
    const res = await startCheckout(t.app, newcomer, [await bannerLine(t.app)], { promoCode: "Welcome", promoBasisPoints: 1000 });
    expect(res.statusCode).toBe(400);
  });

  it("holds a limited promo's last use for the checkout that took it", async () => {
    await t.db.db.insert(promoCodes).values({ code: "LASTONE", percentBasisPoints: 500, usageLimit: 1 });
    const a = await customerWithAddress();
    const b = await customerWithAddress();
    const lines = [await bannerLine(t.app)];
    expect((await startCheckout(t.app, a, lines, { promoCode: "LASTONE", promoBasisPoints: 500 })).statusCode).toBe(200);
    const second = await startCheckout(t.app, b, lines, { promoCode: "LASTONE", promoBasisPoints: 500 });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe("This promo code is no longer available.");
  });

  it("replaces the customer's earlier unpaid checkout and closes its payment page", async () => {
    const customer = await customerWithAddress();
    const lines = [await bannerLine(t.app)];
    const first = (await startCheckout(t.app, customer, lines)).json();
    const second = (await startCheckout(t.app, customer, lines)).json();
    const [old] = await t.db.db.select().from(checkouts).where(eq(checkouts.id, first.checkout_id));
    expect(old!.status).toBe("superseded");
    await expect.poll(async () => (await t.app.services.testPayments!.view(sessionIdOf(first.url)))!.status).toBe("expired");
    expect((await t.app.services.testPayments!.view(sessionIdOf(second.url)))!.status).toBe("open");
  });
});

describe("paying and making the order", () => {
  it("makes one order at the stored prices, with a snapshot, events and one confirmation email", async () => {
    const customer = await customerWithAddress();
    const lines = [await bannerLine(t.app, { versions: 2 })];
    const { checkoutId, sessionId } = await payWithTestCard(t.app, customer, lines);

    const session = await t.app.inject({ method: "GET", url: `/api/stripe/session/${sessionId}`, headers: customer.auth });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ amount_total: await expectedTotalPence(t.app, lines), client_reference_id: checkoutId, payment_status: "paid" });

    // The body's money is ignored: a browser claiming £0.01 changes nothing.
    const res = await t.app.inject({
      method: "POST",
      url: `/api/orders/${checkoutId}`,
      headers: customer.auth,
      payload: { status: "Awaiting Artwork", payment_status: "paid", products: [{ product_id: 1, qty: 1, price: 0.01 }], total_amount: 0.01 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orders).toEqual([{ id: expect.any(Number), product_id: lines[0]!.productId, product_name: "PVC Banners", qty: 12, versions: 2, price: 88.13 }]);

    const [group] = await groupsOf(customer.userId);
    expect(group).toMatchObject({ id: body.order_group_id, status: "Awaiting Artwork", paymentStatus: "paid", totalPence: await expectedTotalPence(t.app, lines) });
    expect(group!.invoiceNumber).toBeGreaterThan(0);
    // The card that paid, as the order page and invoice show it: brand and last four, never more.
    expect(group).toMatchObject({ cardBrand: "visa", cardLast4: "4242" });
    const view = await t.app.inject({ method: "GET", url: `/api/orders/group/${group!.id}`, headers: customer.auth });
    expect(view.json()).toMatchObject({ card_brand: "visa", card_last4: "4242" });
    const items = await t.db.db.select().from(orders).where(eq(orders.orderGroupId, group!.id));
    expect(items[0]).toMatchObject({ productName: "PVC Banners", widthMm: 1200, heightMm: 800, quantity: 12, versions: 2, unitPence: 816, tierPercent: 10, linePence: 8813, status: "Awaiting Artwork" });
    const events = await t.db.db.select().from(orderEvents).where(eq(orderEvents.orderGroupId, group!.id));
    expect(events.map((e) => [e.actor, e.fromStatus, e.toStatus])).toEqual([
      ["payment", null, "Awaiting Artwork"],
      ["payment", null, "Awaiting Artwork"],
    ]);
    const mails = await confirmationsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`Order ID: ${group!.id}`);
    expect(mails[0]!.textBody).toContain(`Reference: ${orderRef(group!.id)}`);
    expect(mails[0]!.textBody).toContain("Total: £");
    expect(mails[0]!.textBody).toContain("Payment: Visa ending 4242");

    // The spec's send-confirmation call is accepted and queues nothing more.
    const send = await t.app.inject({ method: "POST", url: "/api/email/send-confirmation", headers: customer.auth, payload: { to: "someone@else.example.com", orderRef: group!.id } });
    expect(send.statusCode).toBe(202);
    expect(await confirmationsTo(customer.email)).toHaveLength(1);
    expect(await confirmationsTo("someone@else.example.com")).toHaveLength(0);
  });

  it("creates exactly one order however often, concurrently and in any order, the return and the 'webhook' arrive", async () => {
    for (const times of [1, 3, 10]) {
      const customer = await customerWithAddress();
      const { checkoutId, sessionId } = await payWithTestCard(t.app, customer, [await bannerLine(t.app)]);
      const calls = Array.from({ length: times }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({ method: "POST", url: `/api/orders/${checkoutId}`, headers: customer.auth, payload: {} }).then((r) => r.json().order_group_id as number)
          : t.app.services.checkout.fulfilSession(sessionId).then((r) => (r.ok ? r.orderGroupId : -1)),
      );
      const ids = await Promise.all(calls.reverse());
      expect(new Set(ids).size, `${times} calls`).toBe(1);
      expect(await groupsOf(customer.userId)).toHaveLength(1);
      expect(await confirmationsTo(customer.email)).toHaveLength(1);
    }
  });

  it("still makes exactly one order when the server died between payment and the customer's return", async () => {
    const customer = await customerWithAddress();
    const lines = [await bannerLine(t.app)];
    const start = (await startCheckout(t.app, customer, lines)).json();
    // The card is charged, then the process stops before anything else happens.
    await t.app.services.testPayments!.pay(sessionIdOf(start.url), { digits: "4242424242424242" });
    const restarted = await buildApp({ config: testConfig(), db: t.db, logger: false });
    await restarted.ready();
    try {
      const [a, b] = await Promise.all([
        restarted.inject({ method: "POST", url: `/api/orders/${start.checkout_id}`, headers: customer.auth, payload: {} }),
        restarted.services.checkout.fulfilSession(sessionIdOf(start.url)),
      ]);
      expect(a.statusCode).toBe(200);
      expect(b).toMatchObject({ ok: true, orderGroupId: a.json().order_group_id });
      expect(await groupsOf(customer.userId)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  it("two copies of the paid card form sent at once both go on to the artwork page, and make one order", async () => {
    for (let round = 0; round < 5; round++) {
      const customer = await customerWithAddress();
      const start = (await startCheckout(t.app, customer, [await bannerLine(t.app)])).json();
      const sessionId = sessionIdOf(start.url);
      const copies = await Promise.all([0, 1, 2].map(() => t.app.services.testPayments!.pay(sessionId, { digits: "4242424242424242" })));
      expect(copies.filter((c) => c.outcome === "paid")).toHaveLength(1);
      for (const copy of copies) expect(copy.redirectTo).toBe(`/checkout/artwork-uploader?session_id=${sessionId}`);
      await Promise.all(copies.map(() => t.app.services.checkout.fulfilSession(sessionId)));
      expect(await groupsOf(customer.userId)).toHaveLength(1);
    }
  });

  it("makes no order for an unpaid or declined session", async () => {
    const customer = await customerWithAddress();
    const start = (await startCheckout(t.app, customer, [await bannerLine(t.app)])).json();
    const declined = await t.app.services.testPayments!.pay(sessionIdOf(start.url), { digits: "4000000000000002" });
    expect(declined.outcome).toBe("declined");
    expect(declined.redirectTo).toBe(`/checkout/failed?session_id=${sessionIdOf(start.url)}`);
    // 'Cancel and go back' is another place: the address step, which fills itself from the saved addresses.
    expect((await t.app.services.testPayments!.view(sessionIdOf(start.url)))!.cancelUrl).toMatch(/\/checkout\/address-and-delivery\?payment=cancelled$/);
    const res = await t.app.inject({ method: "POST", url: `/api/orders/${start.checkout_id}`, headers: customer.auth, payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(CHECKOUT_MESSAGES.notPaid);
    expect(await groupsOf(customer.userId)).toHaveLength(0);
    // The page stays open: the customer can try another card.
    expect((await t.app.services.testPayments!.view(sessionIdOf(start.url)))!.status).toBe("open");
  });

  it("never makes an order for money that does not match what was stored", async () => {
    const customer = await customerWithAddress();
    const start = (await startCheckout(t.app, customer, [await bannerLine(t.app)])).json();
    await t.app.services.testPayments!.pay(sessionIdOf(start.url), { digits: "4242424242424242" });
    await t.db.db.execute(sql`update test_payment_sessions set amount_total_pence = amount_total_pence - 100 where client_reference_id = ${start.checkout_id}`);
    expect(await t.app.services.checkout.fulfilSession(sessionIdOf(start.url))).toEqual({ ok: false, reason: "conflict", message: CHECKOUT_MESSAGES.notPaid });
    expect(await groupsOf(customer.userId)).toHaveLength(0);
  });

  it("counts a promo use once the order is made, and numbers invoices without gaps", async () => {
    await t.db.db.insert(promoCodes).values({ code: "TRADE5", percentBasisPoints: 500 });
    const before = (await t.db.db.select().from(promoCodes).where(eq(promoCodes.code, "TRADE5")))[0]!.uses;
    const a = await customerWithAddress();
    const { checkoutId } = await payWithTestCard(t.app, a, [await bannerLine(t.app)], { promoCode: "TRADE5", promoBasisPoints: 500 });
    await t.app.inject({ method: "POST", url: `/api/orders/${checkoutId}`, headers: a.auth, payload: {} });
    await t.app.inject({ method: "POST", url: `/api/orders/${checkoutId}`, headers: a.auth, payload: {} });
    expect((await t.db.db.select().from(promoCodes).where(eq(promoCodes.code, "TRADE5")))[0]!.uses).toBe(before + 1);

    const numbers = (await t.db.db.select({ n: orderGroups.invoiceNumber }).from(orderGroups)).map((r) => r.n!).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });

  it("keeps another customer out of a checkout and its session", async () => {
    const owner = await customerWithAddress();
    const other = await customerWithAddress();
    const { checkoutId, sessionId } = await payWithTestCard(t.app, owner, [await bannerLine(t.app)]);
    expect((await t.app.inject({ method: "POST", url: `/api/orders/${checkoutId}`, headers: other.auth, payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/stripe/session/${sessionId}`, headers: other.auth })).statusCode).toBe(404);
    expect(await groupsOf(owner.userId)).toHaveLength(0);
  });
});
