// Customers (/api/staff/customers, ADR 045) through the API: found by email, postcode, company, name and
// phone in any case; spend is what the invoices charged less the credit notes, to the penny, with reprints
// and other customers left out; pages by id never skip or repeat; customers get 404.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderGroups, userAddresses } from "../../../db/schema";
import { orderRef } from "../../../domain/order-ref";
import { makeStaff, signUp, type TestCustomer } from "../../../tests/factories/accounts";
import { placeOrder, saveTestAddresses } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let staff: TestCustomer;
let manager: TestCustomer;
let buyer: TestCustomer;
let other: TestCustomer;
let first: { orderGroupId: number; totalPence: number };
let second: { orderGroupId: number; totalPence: number };

type Summary = { user_id: number; email: string; orders: number; spend_pence: number; refunded_pence: number; quotes: number; trade_account: string };
const search = async (query: string, who = staff) => {
  const res = await t.app.inject({ method: "GET", url: `/api/staff/customers?${query}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { customers: Summary[]; next_cursor: string | null };
};
const found = async (q: string) => (await search(`q=${encodeURIComponent(q)}`)).customers.map((c) => c.user_id);
const refund = (groupId: number, body: object) => t.app.inject({ method: "POST", url: `/api/staff/orders/${groupId}/refunds`, headers: manager.auth, payload: body });

async function customer(firstname: string, company: string, postcode: string) {
  const person = await signUp(t.app, { firstname, lastname: "Cust", telephone: `07700 9${String(Math.floor(Math.random() * 90_000) + 10_000)}` });
  await saveTestAddresses(t.app, person);
  await t.db.db.update(userAddresses).set({ company, postcode }).where(eq(userAddresses.userId, person.userId));
  return person;
}
const totalOf = async (id: number) => (await t.db.db.select({ total: orderGroups.totalPence }).from(orderGroups).where(eq(orderGroups.id, id)))[0]!.total;

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager] = await Promise.all([makeStaff(t.app), makeStaff(t.app, "manager")]);
  buyer = await customer("Quentin", "Zebra Signs Ltd", "YO1 7HH");
  other = await customer("Olive", "Otter Print", "BS1 4DJ");
  const a = await placeOrder(t.app, buyer);
  const b = await placeOrder(t.app, buyer);
  first = { orderGroupId: a.orderGroupId, totalPence: await totalOf(a.orderGroupId) };
  second = { orderGroupId: b.orderGroupId, totalPence: await totalOf(b.orderGroupId) };
  await placeOrder(t.app, other);
});
afterAll(async () => {
  await t?.close();
});

describe("customers (/api/staff/customers)", () => {
  it("finds a customer by email, postcode, company, name and phone, in any case", async () => {
    expect(await found(buyer.email.toUpperCase())).toEqual([buyer.userId]);
    expect(await found(buyer.email.slice(0, 12))).toContain(buyer.userId);
    expect(await found("yo17hh")).toEqual([buyer.userId]);
    expect(await found("YO1 7HH")).toEqual([buyer.userId]);
    expect(await found("zebra signs")).toEqual([buyer.userId]);
    expect(await found("quentin cust")).toEqual([buyer.userId]);
    expect(await found("otter")).toEqual([other.userId]);
    expect(await found("no-such-customer-anywhere")).toEqual([]);
    // A LIKE wildcard typed in the box is a character, not "anything".
    expect(await found("%")).toEqual([]);
    const phone: string = (await t.app.inject({ method: "GET", url: `/api/staff/customers/${buyer.userId}`, headers: staff.auth })).json().telephone;
    const lastSix = phone.replace(/\D/g, "").slice(-6);
    expect(await found(`${lastSix.slice(0, 3)} ${lastSix.slice(3)}`)).toContain(buyer.userId);
    // Staff are not customers.
    expect(await found(staff.email)).toEqual([]);
  });

  it("counts orders, and spend is the invoices less the credit notes, to the penny", async () => {
    const before = (await search(`q=${encodeURIComponent(buyer.email)}`)).customers[0]!;
    expect(before).toMatchObject({ orders: 2, spend_pence: first.totalPence + second.totalPence, refunded_pence: 0, quotes: 0, trade_account: "none" });
    const res = await refund(first.orderGroupId, { delivery_pence: 1194, reason: "Late delivery" });
    expect(res.statusCode, res.body).toBe(200);
    const part = await refund(second.orderGroupId, { delivery_pence: 1, reason: "Goodwill" });
    expect(part.statusCode, part.body).toBe(200);
    const after = (await search(`q=${encodeURIComponent(buyer.email)}`)).customers[0]!;
    expect(after).toMatchObject({ orders: 2, refunded_pence: 1195, spend_pence: first.totalPence + second.totalPence - 1195 });
    // The other customer's order is theirs alone.
    const theirs = (await search(`q=${encodeURIComponent(other.email)}`)).customers[0]!;
    expect(theirs.refunded_pence).toBe(0);
    expect(theirs.spend_pence).toBe((await t.db.db.select({ total: orderGroups.totalPence }).from(orderGroups).where(eq(orderGroups.userId, other.userId)))[0]!.total);

    const detail = (await t.app.inject({ method: "GET", url: `/api/staff/customers/${buyer.userId}`, headers: manager.auth })).json();
    expect(detail).toMatchObject({ user_id: buyer.userId, email: buyer.email, company: "Zebra Signs Ltd", postcode: "YO1 7HH", spend_pence: after.spend_pence, refunded_pence: 1195 });
    expect(detail.order_list.map((o: { order_group_id: number; reference: string; refunded_pence: number }) => [o.order_group_id, o.reference, o.refunded_pence])).toEqual([
      [second.orderGroupId, orderRef(second.orderGroupId), 1],
      [first.orderGroupId, orderRef(first.orderGroupId), 1194],
    ]);
  });

  it("pages by customer without skipping or repeating anyone, and refuses a cursor that is not an id", async () => {
    const whole = (await search("limit=200")).customers.map((c) => c.user_id);
    expect(whole).toEqual([...whole].sort((a, b) => b - a));
    expect(whole).toEqual(expect.arrayContaining([buyer.userId, other.userId]));
    const paged: number[] = [];
    let after: string | null = null;
    do {
      const page: { customers: Summary[]; next_cursor: string | null } = await search(`limit=1${after ? `&after=${after}` : ""}`);
      expect(page.customers.length).toBeLessThanOrEqual(1);
      paged.push(...page.customers.map((c) => c.user_id));
      after = page.next_cursor;
    } while (after);
    expect(paged).toEqual(whole);
    expect((await t.app.inject({ method: "GET", url: "/api/staff/customers?after=abc", headers: staff.auth })).statusCode).toBe(400);
  });

  it("answers a customer 404 and nobody signed in 401, and 404 for staff or an unknown id", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/staff/customers", headers: buyer.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/staff/customers/${buyer.userId}`, headers: buyer.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/staff/customers" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: `/api/staff/customers/${staff.userId}`, headers: manager.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/staff/customers/999999", headers: manager.auth })).statusCode).toBe(404);
  });
});
