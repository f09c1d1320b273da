// Checkout journeys for API tests: a customer with addresses, basket lines, a started checkout, a payment.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { CheckoutLineRequest } from "../../domain/checkout";
import { priceCheckoutLines, totalsLine } from "../../domain/checkout";
import { penceToPounds } from "../../domain/money";
import { orderTotals, type PromoOff } from "../../domain/totals";
import { signUp, testClientAddress, type TestCustomer } from "./accounts";

export const TEST_ADDRESS = {
  first_name: "Jane",
  last_name: "Printer",
  company: "Signs Ltd",
  address1: "Unit 4, Riverside Trade Park",
  address2: "12 Wharf Road",
  town: "London",
  county: "",
  postcode: "E15 2SU",
  country: "United Kingdom" as const,
};

export async function saveTestAddresses(app: FastifyInstance, customer: TestCustomer): Promise<void> {
  const res = await app.inject({
    method: "POST",
    url: "/api/checkout/address",
    headers: customer.auth,
    payload: { userId: customer.userId, billing: TEST_ADDRESS, delivery: { ...TEST_ADDRESS, instructions: "Goods in at the rear" } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A signed-up customer whose billing and delivery addresses are saved: ready to check out. */
export async function customerWithAddresses(app: FastifyInstance, overrides: Parameters<typeof signUp>[1] = {}): Promise<TestCustomer> {
  const customer = await signUp(app, overrides);
  await saveTestAddresses(app, customer);
  return customer;
}

/** A PVC banner line by slug, with the product's defaults for every option. */
export async function bannerLine(app: FastifyInstance, overrides: Partial<CheckoutLineRequest> & { slug?: string } = {}): Promise<CheckoutLineRequest> {
  const snapshot = await app.services.catalogue.snapshot();
  const product = snapshot.productBySlug.get(overrides.slug ?? "pvc-banner")!;
  const { slug: _slug, ...rest } = overrides;
  return { productId: product.id, customWidth: 1200, customHeight: 800, quantity: 12, versions: 1, orientation: null, attributes: [], designService: false, ...rest };
}

/** What the server will charge for these lines and promo (basis points, or an amount off), by the same domain rules. */
export async function expectedTotalPence(app: FastifyInstance, lines: CheckoutLineRequest[], promo: PromoOff = 0): Promise<number> {
  const snapshot = await app.services.catalogue.snapshot();
  const priced = priceCheckoutLines(lines, (id) => snapshot.productById.get(id), new Date());
  if (!priced.ok) throw new Error(priced.problems.map((p) => p.message).join("; "));
  return orderTotals(priced.lines.map(totalsLine), promo).totalPence;
}

export async function startCheckout(
  app: FastifyInstance,
  customer: TestCustomer,
  lines: CheckoutLineRequest[],
  options: { promoCode?: string; promoBasisPoints?: PromoOff; totalPence?: number; poNumber?: string } = {},
) {
  const totalPence = options.totalPence ?? (await expectedTotalPence(app, lines, options.promoBasisPoints ?? 0));
  return app.inject({
    method: "POST",
    url: "/api/stripe/create-checkout-session",
    headers: customer.auth,
    payload: { email: customer.email, userId: customer.userId, Total: penceToPounds(totalPence), lines, promoCode: options.promoCode ?? null, ...(options.poNumber !== undefined ? { poNumber: options.poNumber } : {}) },
    remoteAddress: testClientAddress(),
  });
}

export const sessionIdOf = (url: string) => /cs_test_[A-Za-z0-9]+/.exec(url)![0];

/** Starts a checkout and pays it on the built-in test processor, without the customer's return. */
export async function payWithTestCard(app: FastifyInstance, customer: TestCustomer, lines: CheckoutLineRequest[], options: { promoCode?: string; promoBasisPoints?: PromoOff; poNumber?: string } = {}) {
  const res = await startCheckout(app, customer, lines, options);
  expect(res.statusCode, res.body).toBe(200);
  const { url, checkout_id: checkoutId } = res.json() as { url: string; checkout_id: string };
  const sessionId = sessionIdOf(url);
  const paid = await app.services.testPayments!.pay(sessionId, { digits: "4242424242424242" });
  expect(paid.outcome).toBe("paid");
  return { checkoutId, sessionId };
}

/** A paid order, as the customer's return to the shop makes it. */
export async function placeOrder(app: FastifyInstance, customer: TestCustomer, lines?: CheckoutLineRequest[]) {
  const { checkoutId, sessionId } = await payWithTestCard(app, customer, lines ?? [await bannerLine(app)]);
  const res = await app.inject({ method: "POST", url: `/api/orders/${checkoutId}`, headers: customer.auth, payload: { status: "Awaiting Artwork", payment_status: "paid" } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { order_group_id: number; orders: { id: number; product_id: number; qty: number; versions: number }[] };
  return { checkoutId, sessionId, orderGroupId: body.order_group_id, orders: body.orders };
}
