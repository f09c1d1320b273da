// Pay on account: a trade customer orders without a card within their credit limit; concurrent orders
// never pass it together; an overdue invoice or a manager's hold stops new on-account orders until paid or
// released; staff record payments whole or part; the statement and the receivables ageing add up.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderGroups } from "../../../db/schema";
import { addCalendarDays } from "../../../domain/calendar";
import type { CheckoutLineRequest } from "../../../domain/checkout";
import { ukDateParts } from "../../../domain/delivery";
import { penceToPounds } from "../../../domain/money";
import { makeStaff, testClientAddress, type TestCustomer } from "../../../tests/factories/accounts";
import { bannerLine, customerWithAddresses, expectedTotalPence } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { readPdfText } from "../../../tests/support/pdf-text";

let t: TestApp;
let manager: TestCustomer;
let line: CheckoutLineRequest;
let orderPence: number;
beforeAll(async () => {
  t = await createTestApp();
  manager = await makeStaff(t.app, "manager");
  line = await bannerLine(t.app, { quantity: 2 });
  orderPence = await expectedTotalPence(t.app, [line]);
});
afterAll(async () => {
  await t?.close();
});

const today = () => ukDateParts(new Date()).isoDate;

function onAccount(customer: TestCustomer, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/checkout/on-account",
    headers: customer.auth,
    payload: { userId: customer.userId, Total: penceToPounds(orderPence), lines: [line], ...extra },
    remoteAddress: testClientAddress(),
  });
}

async function openAccount(customer: TestCustomer, creditLimitPence: number, termsDays?: number) {
  const res = await t.app.inject({ method: "POST", url: "/api/manage/trade-accounts", headers: manager.auth, payload: { email: customer.email.toUpperCase(), creditLimitPence, ...(termsDays === undefined ? {} : { termsDays }) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const pay = (customer: TestCustomer, payment: Record<string, unknown>) => t.app.inject({ method: "POST", url: `/api/manage/trade-accounts/${customer.userId}/payments`, headers: manager.auth, payload: payment });
const myAccount = async (customer: TestCustomer) => (await t.app.inject({ method: "GET", url: "/api/account/trade-account", headers: customer.auth })).json().account;

describe("pay on account", () => {
  it("is for trade accounts only", async () => {
    const customer = await customerWithAddresses(t.app);
    const res = await onAccount(customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("You do not have a trade account. Please pay by card.");
    expect(await myAccount(customer)).toBeNull();
  });

  it("makes the order at once, unpaid, invoiced with a due date 30 days on, with the PO number", async () => {
    const customer = await customerWithAddresses(t.app);
    const opened = await openAccount(customer, 50_000);
    expect(opened.termsDays).toBe(30);
    const res = await onAccount(customer, { poNumber: "PO-9001" });
    expect(res.statusCode, res.body).toBe(201);
    const { order_group_id: groupId, url, amount_total } = res.json();
    expect(url).toBe(`/checkout/artwork-uploader?order_group_id=${groupId}`);
    expect(amount_total).toBe(orderPence);

    const [group] = await t.db.db.select().from(orderGroups).where(eq(orderGroups.id, groupId));
    expect(group).toMatchObject({ paymentMethod: "account", paymentStatus: "unpaid", status: "Awaiting Artwork", dueDate: addCalendarDays(today(), 30), poNumber: "PO-9001" });
    const invoice = await t.app.inject({ method: "GET", url: `/api/orders/group/${groupId}/invoice`, headers: customer.auth });
    const text = readPdfText(new Uint8Array(invoice.rawPayload));
    expect(text).toMatch(/Payment method\s+On account/);
    expect(text).toContain("Payment due");
    expect(text).toMatch(/Your PO number\s+PO-9001/);

    const account = await myAccount(customer);
    expect(account).toMatchObject({ creditLimitPence: 50_000, balancePence: orderPence, availablePence: 50_000 - orderPence, onHold: false });
  });

  it("never lets concurrent orders pass the credit limit together", async () => {
    const customer = await customerWithAddresses(t.app);
    const fits = 3;
    await openAccount(customer, orderPence * fits + orderPence - 1);
    const results = await Promise.all(Array.from({ length: 8 }, () => onAccount(customer)));
    const placed = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(placed).toHaveLength(fits);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toMatch(/^This order would take your account balance to £[\d,.]+, over its credit limit of £[\d,.]+\. Please pay by card, or settle an invoice first\.$/);
    }
    expect((await myAccount(customer)).balancePence).toBe(orderPence * fits);
  });

  it("goes on hold when an invoice is overdue, and off when it is paid; a manager's hold until released", async () => {
    const customer = await customerWithAddresses(t.app);
    await openAccount(customer, 100_000, 14);
    const groupId = (await onAccount(customer)).json().order_group_id as number;
    await t.db.db.update(orderGroups).set({ dueDate: addCalendarDays(today(), -1) }).where(eq(orderGroups.id, groupId));

    const held = await onAccount(customer);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toMatch(/^Your trade account is on hold: £[\d,.]+ is overdue\. Please pay it, or pay by card\.$/);
    expect(await myAccount(customer)).toMatchObject({ onHold: true, holdReason: "overdue", overduePence: orderPence });

    const part = await pay(customer, { orderGroupId: groupId, amountPence: 500, receivedOn: today(), reference: "BACS 1" });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().overduePence).toBe(orderPence - 500);
    const over = await pay(customer, { orderGroupId: groupId, amountPence: orderPence, receivedOn: today() });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^That is more than the £[\d,.]+ still owed on INV-\d{6}\.$/);
    const tomorrow = await pay(customer, { orderGroupId: groupId, amountPence: 100, receivedOn: addCalendarDays(today(), 1) });
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().message).toBe("A payment cannot be recorded before it is received: the date is in the future.");
    const rest = await pay(customer, { orderGroupId: groupId, amountPence: orderPence - 500, receivedOn: today(), reference: "BACS 2" });
    expect(rest.json()).toMatchObject({ balancePence: 0, onHold: false });
    const [group] = await t.db.db.select({ paymentStatus: orderGroups.paymentStatus }).from(orderGroups).where(eq(orderGroups.id, groupId));
    expect(group!.paymentStatus).toBe("paid");
    expect((await onAccount(customer)).statusCode).toBe(201);

    const hold = await t.app.inject({ method: "PATCH", url: `/api/manage/trade-accounts/${customer.userId}`, headers: manager.auth, payload: { held: true } });
    expect(hold.json().holdReason).toBe("manual");
    expect((await onAccount(customer)).json().message).toBe("Your trade account is on hold. Please contact us, or pay by card.");
    await t.app.inject({ method: "PATCH", url: `/api/manage/trade-accounts/${customer.userId}`, headers: manager.auth, payload: { held: false } });
    expect((await onAccount(customer)).statusCode).toBe(201);
  });

  it("records concurrent payments without paying an invoice more than its total", async () => {
    const customer = await customerWithAddresses(t.app);
    await openAccount(customer, 100_000);
    const groupId = (await onAccount(customer)).json().order_group_id as number;
    const half = Math.ceil(orderPence / 2);
    const results = await Promise.all(Array.from({ length: 4 }, () => pay(customer, { orderGroupId: groupId, amountPence: half, receivedOn: today() })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(orderPence % 2 === 0 ? 2 : 1);
    const account = await myAccount(customer);
    expect(account.invoices[0].paidPence).toBeLessThanOrEqual(orderPence);
  });

  it("gives the customer a statement whose running balance is the account's balance, as a PDF too", async () => {
    const customer = await customerWithAddresses(t.app);
    await openAccount(customer, 100_000);
    const first = (await onAccount(customer)).json().order_group_id as number;
    await onAccount(customer);
    await pay(customer, { orderGroupId: first, amountPence: orderPence, receivedOn: today(), reference: "Cheque 55" });
    const account = await myAccount(customer);
    expect(account.statement.map((e: { kind: string }) => e.kind)).toEqual(["invoice", "invoice", "payment"]);
    expect(account.statement.at(-1).balancePence).toBe(orderPence);
    expect(account.balancePence).toBe(orderPence);
    const pdf = await t.app.inject({ method: "GET", url: "/api/account/trade-account/statement.pdf", headers: customer.auth });
    expect(pdf.statusCode).toBe(200);
    const text = readPdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain("Statement of account");
    expect(text).toContain("Cheque 55");
    expect(text).toContain(`£${(orderPence / 100).toFixed(2)}`);
  });

  it("orders one quote once, however many tabs place it on account at the same moment", async () => {
    const customer = await customerWithAddresses(t.app);
    await openAccount(customer, 1_000_000);
    const made = await t.app.inject({ method: "POST", url: "/api/quotes", headers: customer.auth, payload: { lines: [line] }, remoteAddress: testClientAddress() });
    const quote = made.json().quote as { id: number; number: string; totals: { totalPence: number } };
    const results = await Promise.all(Array.from({ length: 4 }, () => onAccount(customer, { lines: [], quoteId: quote.id, Total: penceToPounds(quote.totals.totalPence) })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 201)) expect(r.json().message).toBe(`Quote ${quote.number} has already been ordered.`);
  });

  it("opens one account per customer, for customers only", async () => {
    const customer = await customerWithAddresses(t.app);
    await openAccount(customer, 1000);
    const again = await t.app.inject({ method: "POST", url: "/api/manage/trade-accounts", headers: manager.auth, payload: { email: customer.email, creditLimitPence: 1000 } });
    expect(again.statusCode).toBe(409);
    const staff = await t.app.inject({ method: "POST", url: "/api/manage/trade-accounts", headers: manager.auth, payload: { email: manager.email, creditLimitPence: 1000 } });
    expect(staff.statusCode).toBe(400);
    const nobody = await t.app.inject({ method: "POST", url: "/api/manage/trade-accounts", headers: manager.auth, payload: { email: "nobody@example.com", creditLimitPence: 1000 } });
    expect(nobody.statusCode).toBe(404);
  });
});

describe("receivables ageing", () => {
  it("puts each unpaid amount in its age bucket by invoice date, and every row adds up", async () => {
    const customer = await customerWithAddresses(t.app);
    await openAccount(customer, 1_000_000);
    const ages = [5, 45, 75, 120];
    for (const age of ages) {
      const id = (await onAccount(customer)).json().order_group_id as number;
      await t.db.db.update(orderGroups).set({ createdAt: sql`now() - make_interval(days => ${age})`, dueDate: addCalendarDays(today(), 30) }).where(eq(orderGroups.id, id));
    }
    const report = (await t.app.inject({ method: "GET", url: "/api/manage/reports/receivables", headers: manager.auth })).json();
    const row = report.rows.find((r: { userId: number }) => r.userId === customer.userId);
    expect(row.bucketsPence).toEqual([orderPence, orderPence, orderPence, orderPence]);
    expect(row.totalPence).toBe(orderPence * 4);
    for (const r of report.rows) expect(r.bucketsPence.reduce((a: number, b: number) => a + b, 0)).toBe(r.totalPence);
    expect(report.totals.totalPence).toBe(report.rows.reduce((a: number, r: { totalPence: number }) => a + r.totalPence, 0));

    const csv = await t.app.inject({ method: "GET", url: "/api/manage/reports/receivables.csv", headers: manager.auth });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[0]).toBe("Customer,Email,0–30 days,31–60 days,61–90 days,90+ days,Total");
  });
});
