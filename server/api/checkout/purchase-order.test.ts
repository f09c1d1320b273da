// A business buyer's purchase-order number: given at checkout, it is on the order, the VAT invoice, the
// packing slip and the staff job; a number that would not print the same everywhere is refused by name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStaff, type TestCustomer } from "../../../tests/factories/accounts";
import { bannerLine, customerWithAddresses, payWithTestCard, startCheckout } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { readPdfText } from "../../../tests/support/pdf-text";

let t: TestApp;
let staff: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  staff = await makeStaff(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function orderWith(customer: TestCustomer, poNumber?: string): Promise<number> {
  const { checkoutId } = await payWithTestCard(t.app, customer, [await bannerLine(t.app, { quantity: 2 })], poNumber === undefined ? {} : { poNumber });
  const res = await t.app.inject({ method: "POST", url: `/api/orders/${checkoutId}`, headers: customer.auth, payload: { status: "Awaiting Artwork", payment_status: "paid" } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order_group_id as number;
}

describe("purchase-order numbers", () => {
  it("appear on the order, the VAT invoice, the packing slip and the staff job, as the buyer typed them", async () => {
    const customer = await customerWithAddresses(t.app);
    const groupId = await orderWith(customer, "  ACME  PO-2026/0042 ");
    const order = (await t.app.inject({ method: "GET", url: `/api/orders/group/${groupId}`, headers: customer.auth })).json();
    expect(order.po_number).toBe("ACME PO-2026/0042");

    const invoice = await t.app.inject({ method: "GET", url: `/api/orders/group/${groupId}/invoice`, headers: customer.auth });
    expect(invoice.statusCode).toBe(200);
    expect(readPdfText(new Uint8Array(invoice.rawPayload))).toMatch(/Your PO number\s+ACME PO-2026\/0042/);

    const slip = await t.app.inject({ method: "GET", url: `/api/staff/orders/${groupId}/packing-slip`, headers: staff.auth });
    expect(slip.statusCode).toBe(200);
    expect(readPdfText(new Uint8Array(slip.rawPayload))).toMatch(/PO number\s+ACME PO-2026\/0042/);

    const job = (await t.app.inject({ method: "GET", url: `/api/staff/orders/${groupId}`, headers: staff.auth })).json();
    expect(job.po_number).toBe("ACME PO-2026/0042");
  });

  it("is optional: without one the order has none and the invoice no PO line", async () => {
    const customer = await customerWithAddresses(t.app);
    const groupId = await orderWith(customer);
    expect((await t.app.inject({ method: "GET", url: `/api/orders/group/${groupId}`, headers: customer.auth })).json().po_number).toBeNull();
    const invoice = await t.app.inject({ method: "GET", url: `/api/orders/group/${groupId}/invoice`, headers: customer.auth });
    expect(readPdfText(new Uint8Array(invoice.rawPayload))).not.toContain("PO number");
  });

  it("refuses a number that would not print the same everywhere, before anything is charged", async () => {
    const customer = await customerWithAddresses(t.app);
    const line = await bannerLine(t.app);
    const refused = await startCheckout(t.app, customer, [line], { poNumber: "PO<42>" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("The purchase-order number may contain letters, digits, spaces and / - . _ # only");
    const tooLong = await startCheckout(t.app, customer, [line], { poNumber: "P".repeat(36) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain("The purchase-order number must be at most 35 characters");
  });
});
