// Promo codes as a manager makes them, and as checkout honours their terms: a total limit (exact under
// concurrency), a limit per customer (guests matched by email), a minimum spend, pause, and a code that
// takes nothing off using no slot.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStaff, signUp, type TestCustomer } from "../../../tests/factories/accounts";
import { bannerLine, customerWithAddresses, payWithTestCard, startCheckout } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import type { PromoOff } from "../../../domain/totals";

let t: TestApp;
let manager: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  manager = await makeStaff(t.app, "manager");
});
afterAll(async () => {
  await t?.close();
});

const form = (code: string, terms: Record<string, unknown> = {}) => ({
  code,
  description: "",
  percent: 10,
  startsOn: null,
  endsOn: null,
  usageLimit: null,
  perCustomerLimit: null,
  minSpendPence: 0,
  newCustomersOnly: false,
  paused: false,
  ...terms,
});
type Promotion = { id: number; code: string; uses: number; held: number; state: string; percent: number };

async function createPromo(code: string, terms: Record<string, unknown> = {}): Promise<Promotion> {
  const res = await t.app.inject({ method: "POST", url: "/api/manage/promotions", headers: manager.auth, payload: form(code, terms) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().promotion as Promotion;
}
async function listed(code: string): Promise<Promotion> {
  const res = await t.app.inject({ method: "GET", url: "/api/manage/promotions", headers: manager.auth });
  return (res.json().promotions as Promotion[]).find((p) => p.code === code)!;
}
const basket = () => bannerLine(t.app, { quantity: 1 });

/** Pays with a code and comes back to the shop, which makes the order (and counts the use). */
async function orderWithCode(customer: TestCustomer, line: Awaited<ReturnType<typeof basket>>, code: string, basisPoints: PromoOff) {
  const { checkoutId } = await payWithTestCard(t.app, customer, [line], { promoCode: code, promoBasisPoints: basisPoints });
  const res = await t.app.inject({ method: "POST", url: `/api/orders/${checkoutId}`, headers: customer.auth, payload: { status: "Awaiting Artwork", payment_status: "paid" } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { order_group_id: number };
}

describe("promo codes in the back office", () => {
  it("creates a code, refuses the same code in another case, and refuses bad terms by name", async () => {
    const created = await createPromo("Spring25", { percent: 12.5, startsOn: "2026-03-01", endsOn: "2026-05-31" });
    expect(created).toMatchObject({ code: "Spring25", percent: 12.5, uses: 0, state: "ended" });
    const duplicate = await t.app.inject({ method: "POST", url: "/api/manage/promotions", headers: manager.auth, payload: form("SPRING25") });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A promo code "SPRING25" already exists (codes are the same in any case).');
    for (const [terms, message] of [
      [{ percent: 0 }, "The discount must be more than 0%"],
      [{ percent: 12.345 }, "The discount may have at most 2 decimal places"],
      [{ startsOn: "2026-06-01", endsOn: "2026-05-01" }, "The end date must not be before the start date"],
      [{ perCustomerLimit: 0 }, "The limit per customer must be at least 1"],
      [{ code: "no spaces" }, "The code must be 2 to 32 letters, digits, - or _, starting with a letter or digit"],
    ] as const) {
      const res = await t.app.inject({ method: "POST", url: "/api/manage/promotions", headers: manager.auth, payload: form("Fresh1", terms) });
      expect(res.statusCode, JSON.stringify(terms)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it("a limit of 3: three customers get the discount, the fourth is refused", async () => {
    await createPromo("THREE", { usageLimit: 3 });
    const line = await basket();
    for (let i = 0; i < 3; i++) {
      const customer = await customerWithAddresses(t.app);
      await orderWithCode(customer, line, "THREE", 1000);
    }
    expect(await listed("THREE")).toMatchObject({ uses: 3, held: 0, state: "used up" });
    const fourth = await customerWithAddresses(t.app);
    const res = await startCheckout(t.app, fourth, [line], { promoCode: "three", promoBasisPoints: 1000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This promo code is no longer available.");
    const applied = await t.app.inject({ method: "POST", url: "/api/apply-promo", payload: { promoCode: "THREE" } });
    expect(applied.json()).toEqual({ success: false, discount: 0, message: "This promo code is no longer available." });
  });

  it("a limit of 10 under 50 concurrent checkouts gives exactly 10", async () => {
    await createPromo("TEN", { usageLimit: 10 });
    const line = await basket();
    const customers = await Promise.all(Array.from({ length: 50 }, () => customerWithAddresses(t.app)));
    const results = await Promise.all(customers.map((c) => startCheckout(t.app, c, [line], { promoCode: "TEN", promoBasisPoints: 1000 })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40);
    expect(await listed("TEN")).toMatchObject({ uses: 0, held: 10 });
  });

  it("a limit per customer counts that customer's discounted orders and open checkouts", async () => {
    await createPromo("ONCE", { perCustomerLimit: 1 });
    const line = await basket();
    const customer = await customerWithAddresses(t.app);
    await orderWithCode(customer, line, "ONCE", 1000);
    const again = await startCheckout(t.app, customer, [line], { promoCode: "ONCE", promoBasisPoints: 1000 });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("You have already used this promo code as many times as it allows.");
    // Another account is another customer.
    const other = await customerWithAddresses(t.app);
    expect((await startCheckout(t.app, other, [line], { promoCode: "ONCE", promoBasisPoints: 1000 })).statusCode).toBe(200);
    expect(await listed("ONCE")).toMatchObject({ uses: 1, held: 1 });
  });

  it("needs the minimum spend, and a paused code is refused until resumed", async () => {
    const line = await basket();
    const customer = await customerWithAddresses(t.app);
    await createPromo("BIGSPEND", { minSpendPence: 100_000_00 });
    const small = await startCheckout(t.app, customer, [line], { promoCode: "BIGSPEND", promoBasisPoints: 1000 });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe("This promo code needs a Sub Total of at least £100,000.00.");

    const paused = await createPromo("RESTING", { paused: true });
    expect(paused.state).toBe("paused");
    const refused = await t.app.inject({ method: "POST", url: "/api/apply-promo", payload: { promoCode: "resting" } });
    expect(refused.json()).toEqual({ success: false, discount: 0, message: "This promo code is not active at the moment." });
    const resumed = await t.app.inject({ method: "PUT", url: `/api/manage/promotions/${paused.id}`, headers: manager.auth, payload: form("RESTING") });
    expect(resumed.json().promotion.state).toBe("active");
    const applied = await t.app.inject({ method: "POST", url: "/api/apply-promo", payload: { promoCode: "resting" } });
    expect(applied.json()).toEqual({ success: true, discount: 10, message: "Promo code applied!" });
    const audit = (await t.app.inject({ method: "GET", url: `/api/manage/audit?entityType=promotion&entityId=${paused.id}`, headers: manager.auth })).json().entries;
    expect(audit.map((e: { summary: string }) => e.summary)).toEqual(["Promo code RESTING resumed", "Promo code RESTING created"]);
  });

  it("a fixed amount off: the apply-promo answer names it, and the order takes exactly that much, or Sub Total if less", async () => {
    const created = await createPromo("FIVEOFF", { kind: "amount", percent: null, amountPence: 500 });
    expect(created).toMatchObject({ kind: "amount", amountPence: 500, percent: 0 });
    const applied = await t.app.inject({ method: "POST", url: "/api/apply-promo", payload: { promoCode: "fiveoff" } });
    expect(applied.json()).toEqual({ success: true, discount: 0, amountOffPence: 500, message: "Promo code applied!" });

    const line = await basket();
    const customer = await customerWithAddresses(t.app);
    const { order_group_id: groupId } = await orderWithCode(customer, line, "FIVEOFF", { amountPence: 500 });
    const order = (await t.app.inject({ method: "GET", url: `/api/orders/group/${groupId}`, headers: customer.auth })).json();
    const sub = order.sub_total_pence as number;
    expect(order.promo_discount_pence).toBe(500);
    // VAT on Sub Total less the £5.00 plus delivery; the total adds up.
    expect(order.vat_pence).toBe(Math.round(((sub - 500 + 995) * 20) / 100));
    expect(order.total_pence).toBe(sub - 500 + 995 + order.vat_pence);
    expect(await listed("FIVEOFF")).toMatchObject({ uses: 1 });

    // £500 off a basket worth less takes the basket's Sub Total, never more: delivery and its VAT are still paid.
    await createPromo("HUGEOFF", { kind: "amount", percent: null, amountPence: 50_000 });
    const small = await customerWithAddresses(t.app);
    const { order_group_id: smallGroup } = await orderWithCode(small, line, "HUGEOFF", { amountPence: 50_000 });
    const smallOrder = (await t.app.inject({ method: "GET", url: `/api/orders/group/${smallGroup}`, headers: small.auth })).json();
    expect(smallOrder.promo_discount_pence).toBe(smallOrder.sub_total_pence);
    expect(smallOrder.total_pence).toBe(995 + 199);

    // An amount code must say how much; a percentage code must say what percentage.
    for (const [terms, message] of [
      [{ kind: "amount", percent: null, amountPence: null }, "Enter the amount off"],
      [{ kind: "amount", percent: null, amountPence: 0 }, "The amount off must be more than £0.00"],
      [{ kind: "amount", percent: null, amountPence: 2.5 }, "The amount off must be whole pence"],
      [{ kind: "percent", percent: null }, "Enter the percentage off"],
      [{ kind: "half" }, "The discount must be a percentage (percent) or a fixed amount (amount)"],
    ] as const) {
      const res = await t.app.inject({ method: "POST", url: "/api/manage/promotions", headers: manager.auth, payload: form("Fresh2", terms) });
      expect(res.statusCode, JSON.stringify(terms)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it("a code that takes nothing off uses no slot", async () => {
    // 0.01% of a £22.80 banner is 0.228p, which rounds to nothing: no discount, so no use of the only slot.
    await createPromo("CRUMB", { percent: 0.01, usageLimit: 1 });
    const line = await basket();
    const customer = await customerWithAddresses(t.app);
    await orderWithCode(customer, line, "CRUMB", 0);
    expect(await listed("CRUMB")).toMatchObject({ uses: 0, held: 0, state: "active" });
    const someoneElse = await customerWithAddresses(t.app);
    expect((await startCheckout(t.app, someoneElse, [await bannerLine(t.app, { quantity: 40 })], { promoCode: "CRUMB", promoBasisPoints: 1 })).statusCode).toBe(200);
  });

  it("is not for production staff or customers", async () => {
    const staff = await makeStaff(t.app);
    const customer = await signUp(t.app);
    for (const who of [staff, customer]) {
      const res = await t.app.inject({ method: "POST", url: "/api/manage/promotions", headers: who.auth, payload: form("SNEAKY") });
      expect(res.statusCode).toBe(404);
    }
    expect(await listed("SNEAKY")).toBeUndefined();
  });
});
