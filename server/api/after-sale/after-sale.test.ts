// After the sale, through the API on the built-in test card processor: a customer cancels before printing
// and is refunded with a VAT credit note; cancelling is refused once printing starts; managers refund
// parts of an order, never more than was paid even when refunds race; credit notes are numbered without
// gaps and read back from their PDFs; staff reprint dispatched items at no charge from the approved
// artwork; the books take credit notes off and leave reprints out.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counters, emailOutbox, orderGroups, orders, refunds, testPaymentRefunds } from "../../../db/schema";
import { ukDateParts } from "../../../domain/delivery";
import { makeStaff, signUp, testClientAddress, type TestCustomer } from "../../../tests/factories/accounts";
import { cmykJpeg, multipart } from "../../../tests/factories/artwork";
import { penceToPounds } from "../../../domain/money";
import { bannerLine, customerWithAddresses, expectedTotalPence, placeOrder, saveTestAddresses } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { readPdfText } from "../../../tests/support/pdf-text";

let t: TestApp;
let staff: TestCustomer;
let manager: TestCustomer;
let art: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  [staff, manager] = await Promise.all([makeStaff(t.app), makeStaff(t.app, "manager")]);
  art = await cmykJpeg(1800, 1800, 150);
});
afterAll(async () => {
  await t?.close();
});

/** A paid order of `lines` banners; with `printReady` its artwork is uploaded, approved and sent to print. */
async function paidOrder(options: { lines?: number; printReady?: boolean } = {}) {
  const customer = await signUp(t.app);
  await saveTestAddresses(t.app, customer);
  const lines = [];
  for (let i = 0; i < (options.lines ?? 1); i++) lines.push(await bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 2 + i }));
  const placed = await placeOrder(t.app, customer, lines);
  if (options.printReady) {
    for (const item of placed.orders) {
      const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "job.jpg", contentType: "image/jpeg", data: art }]);
      expect((await t.app.inject({ method: "POST", url: `/api/orders/${item.id}/imgs`, headers: { ...customer.auth, ...form.headers }, payload: form.payload, remoteAddress: testClientAddress() })).statusCode).toBe(201);
      await t.app.inject({ method: "PATCH", url: `/api/orders/${item.id}/imgs/1`, headers: customer.auth, payload: { approved: true } });
    }
    expect((await t.app.inject({ method: "PATCH", url: `/api/orders/group/${placed.orderGroupId}`, headers: customer.auth, payload: { status: "Print Ready" } })).statusCode).toBe(200);
  }
  const view = await t.app.inject({ method: "GET", url: `/api/orders/group/${placed.orderGroupId}`, headers: customer.auth });
  return { customer, ...placed, view: view.json() };
}

const cancel = (customer: TestCustomer, groupId: number, body: object = {}) => t.app.inject({ method: "POST", url: `/api/orders/group/${groupId}/cancel`, headers: customer.auth, payload: body });
const refund = (groupId: number, body: object, who = manager) => t.app.inject({ method: "POST", url: `/api/staff/orders/${groupId}/refunds`, headers: who.auth, payload: body });
const move = (orderId: number, status: string) => t.app.inject({ method: "POST", url: `/api/staff/items/${orderId}/status`, headers: staff.auth, payload: { status } });
const orderOf = async (customer: TestCustomer, groupId: number) => (await t.app.inject({ method: "GET", url: `/api/orders/group/${groupId}`, headers: customer.auth })).json();
const providerRefunds = (sessionId: string) => t.db.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.sessionId, sessionId));

async function dispatched(options: { lines?: number } = {}) {
  const order = await paidOrder({ ...options, printReady: true });
  for (const item of order.orders) {
    expect((await move(item.id, "Production")).statusCode).toBe(200);
    expect((await move(item.id, "Printed")).statusCode).toBe(200);
  }
  const sent = await t.app.inject({ method: "POST", url: `/api/staff/orders/${order.orderGroupId}/dispatch`, headers: staff.auth, payload: { carrier: "DPD", trackingNumber: "15501234567890" } });
  expect(sent.statusCode, sent.body).toBe(200);
  return order;
}

describe("a customer cancels before printing", () => {
  it("cancels the whole order, refunds every penny to the card with a credit note, and emails it", async () => {
    const order = await paidOrder({ lines: 2 });
    expect(order.view.cancellable_order_ids).toEqual(order.orders.map((o) => o.id));
    const res = await cancel(order.customer, order.orderGroupId, { idempotency_key: "cancel-key-0001" });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().refund;
    expect(made).toMatchObject({ kind: "cancellation", status: "succeeded", amount_pence: order.view.total_pence });
    expect(made.credit_note_number).toMatch(/^CN-\d{6}$/);
    expect(made.lines.map((l: { description: string }) => l.description)).toEqual(["PVC Banners", "PVC Banners", "Delivery"]);

    const after = await orderOf(order.customer, order.orderGroupId);
    expect(after.status).toBe("Cancelled");
    expect(after.products.map((p: { status: string }) => p.status)).toEqual(["Cancelled", "Cancelled"]);
    expect(after).toMatchObject({ refunded_pence: order.view.total_pence, refundable_pence: 0, cancellable_order_ids: [] });
    expect(after.events.some((e: { note: string | null }) => e.note?.startsWith(`Refunded £`) && e.note.includes(made.credit_note_number))).toBe(true);

    // The test processor recorded exactly one refund of the whole amount.
    const recorded = await providerRefunds(order.sessionId);
    expect(recorded.map((r) => r.amountPence)).toEqual([order.view.total_pence]);

    // The same request again is the same refund: nothing more is refunded.
    const again = await cancel(order.customer, order.orderGroupId, { idempotency_key: "cancel-key-0001" });
    expect(again.statusCode).toBe(200);
    expect(again.json().refund.id).toBe(made.id);
    expect(await providerRefunds(order.sessionId)).toHaveLength(1);

    // The credit note: the same bytes twice, with its own number, the invoice's number and date, and the figures.
    const first = await t.app.inject({ method: "GET", url: made.credit_note_url, headers: order.customer.auth });
    const second = await t.app.inject({ method: "GET", url: made.credit_note_url, headers: order.customer.auth });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/pdf");
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    const text = readPdfText(first.rawPayload);
    const invoiceDate = ukDateParts(new Date()).isoDate.split("-").reverse().join("/");
    for (const words of ["Credit Note", made.credit_note_number, after.invoice_number, invoiceDate, "PVC Banners", "Cancelled by the customer before printing"]) expect(text).toContain(words);
    expect(text).toContain(`£${(order.view.total_pence / 100).toFixed(2)}`);
    expect(text).toContain(`£${(order.view.vat_pence / 100).toFixed(2)}`);

    const [mail] = (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, order.customer.email))).filter((m) => m.subject.includes("cancelled and refunded"));
    expect(mail?.attachments?.map((a) => a.fileName)).toEqual([`${made.credit_note_number}.pdf`]);
  });

  it("cancels one item: the other stays, and so does delivery", async () => {
    const order = await paidOrder({ lines: 2 });
    const [one, other] = order.orders;
    const res = await cancel(order.customer, order.orderGroupId, { order_ids: [one!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund.lines.map((l: { order_id: number | null }) => l.order_id)).toEqual([one!.id]);
    const after = await orderOf(order.customer, order.orderGroupId);
    expect(after.status).toBe("Awaiting Artwork");
    expect(after.cancellable_order_ids).toEqual([other!.id]);
    // The last item takes delivery with it; the two refunds together are the whole order.
    const last = await cancel(order.customer, order.orderGroupId, { order_ids: [other!.id] });
    expect(last.json().refund.lines.map((l: { description: string }) => l.description)).toEqual(["PVC Banners", "Delivery"]);
    expect(res.json().refund.amount_pence + last.json().refund.amount_pence).toBe(order.view.total_pence);
  });

  it("is refused once an item is in production, and for items already cancelled, with nothing refunded", async () => {
    const order = await paidOrder({ printReady: true });
    expect((await move(order.orders[0]!.id, "Production")).statusCode).toBe(200);
    const res = await cancel(order.customer, order.orderGroupId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("PVC Banners cannot be cancelled now: printing has started. Please contact us and we will help.");
    expect(await providerRefunds(order.sessionId)).toHaveLength(0);
    expect((await orderOf(order.customer, order.orderGroupId)).cancellable_order_ids).toEqual([]);

    const done = await paidOrder();
    expect((await cancel(done.customer, done.orderGroupId)).statusCode).toBe(200);
    const twice = await cancel(done.customer, done.orderGroupId, { order_ids: [done.orders[0]!.id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("PVC Banners is already cancelled.");
    // A cancelled item cannot be moved on by staff either.
    expect((await move(done.orders[0]!.id, "Print Ready")).statusCode).toBe(409);
  });

  it("lets only the customer who owns the order cancel it, and names what is wrong in a request", async () => {
    const order = await paidOrder();
    const stranger = await signUp(t.app);
    expect((await cancel(stranger, order.orderGroupId)).statusCode).toBe(404);
    expect((await cancel(order.customer, order.orderGroupId, { order_ids: [] })).json().message).toBe("order_ids: Choose at least one item to cancel");
    expect((await cancel(order.customer, order.orderGroupId, { idempotency_key: "x" })).statusCode).toBe(400);
    expect((await cancel(order.customer, order.orderGroupId, { order_ids: [999999] })).json().message).toBe("That item is not part of this order.");
    // Staff cannot set Cancelled by hand: that would skip the refund.
    expect((await move(order.orders[0]!.id, "Cancelled")).statusCode).toBe(400);
  });

  it("puts the items back when the card processor refuses the refund, and spends no credit note number", async () => {
    const order = await paidOrder();
    // Somebody refunded the payment at the processor already: ours is refused.
    await t.db.db.insert(testPaymentRefunds).values({ id: `re_test_outside${order.orderGroupId}`, sessionId: order.sessionId, amountPence: order.view.total_pence, idempotencyKey: `outside-${order.orderGroupId}` });
    const [before] = await t.db.db.select().from(counters).where(eq(counters.name, "credit_note"));
    const res = await cancel(order.customer, order.orderGroupId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^The payment could not be refunded, so nothing has changed: /);
    const after = await orderOf(order.customer, order.orderGroupId);
    expect(after.status).toBe("Awaiting Artwork");
    expect(after.products[0].status).toBe("Awaiting Artwork");
    expect(after.refunds).toEqual([expect.objectContaining({ status: "failed", credit_note_number: null })]);
    expect(after.refundable_pence).toBe(order.view.total_pence);
    const [now] = await t.db.db.select().from(counters).where(eq(counters.name, "credit_note"));
    expect(now?.value).toBe(before?.value);
  });
});

describe("a manager cancels for the customer", () => {
  it("cancels an unprinted item at the customer's request and refunds it, and only a manager may", async () => {
    const order = await paidOrder({ lines: 2 });
    const [one, other] = order.orders;
    const call = (who: TestCustomer, body: object) => t.app.inject({ method: "POST", url: `/api/staff/orders/${order.orderGroupId}/cancel`, headers: who.auth, payload: body });
    expect((await call(staff, { order_ids: [one!.id], reason: "Phoned on Monday" })).statusCode).toBe(404);
    expect((await call(manager, { order_ids: [one!.id], reason: "" })).json().message).toBe("reason: Say how the customer asked (at least 3 characters)");
    const res = await call(manager, { order_ids: [one!.id], reason: "Phoned on Monday" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toMatchObject({ kind: "cancellation", reason: "Cancelled at the customer's request: Phoned on Monday", status: "succeeded" });
    expect(res.json().refund.credit_note_url).toBe(`/api/staff/orders/${order.orderGroupId}/credit-notes/${res.json().refund.id}`);
    const after = await orderOf(order.customer, order.orderGroupId);
    expect(after.products.map((p: { status: string }) => p.status)).toEqual(["Cancelled", "Awaiting Artwork"]);
    expect(after.cancellable_order_ids).toEqual([other!.id]);
    // Printing has started on the other: refused, as for the customer.
    const ready = await paidOrder({ printReady: true });
    expect((await move(ready.orders[0]!.id, "Production")).statusCode).toBe(200);
    const late = await t.app.inject({ method: "POST", url: `/api/staff/orders/${ready.orderGroupId}/cancel`, headers: manager.auth, payload: { order_ids: [ready.orders[0]!.id], reason: "Emailed" } });
    expect(late.statusCode).toBe(409);
  });
});

describe("orders on a trade account", () => {
  it("credits a cancelled on-account order to the account: no card refund, and the balance owes nothing for it", async () => {
    const customer = await customerWithAddresses(t.app);
    const opened = await t.app.inject({ method: "POST", url: "/api/manage/trade-accounts", headers: manager.auth, payload: { email: customer.email, creditLimitPence: 100_000 } });
    expect(opened.statusCode, opened.body).toBe(201);
    const line = await bannerLine(t.app, { quantity: 2 });
    const total = await expectedTotalPence(t.app, [line]);
    const placed = await t.app.inject({ method: "POST", url: "/api/checkout/on-account", headers: customer.auth, payload: { userId: customer.userId, Total: penceToPounds(total), lines: [line] }, remoteAddress: testClientAddress() });
    expect(placed.statusCode, placed.body).toBe(201);
    const account = async () => (await t.app.inject({ method: "GET", url: "/api/account/trade-account", headers: customer.auth })).json().account;
    expect((await account()).balancePence).toBe(total);

    const res = await cancel(customer, placed.json().order_group_id);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.db.select().from(refunds).where(eq(refunds.id, res.json().refund.id));
    expect(row).toMatchObject({ provider: "account", providerRefundId: null, amountPence: total });
    expect((await account()).balancePence).toBe(0);
    const view = await orderOf(customer, placed.json().order_group_id);
    expect(view.refunds[0].credit_note_number).toMatch(/^CN-/);
  });
});

describe("refunds by managers", () => {
  it("refunds part of an item and the delivery, each with its credit note, and never more than is left", async () => {
    const order = await paidOrder();
    const item = order.orders[0]!;
    const part = await refund(order.orderGroupId, { items: [{ order_id: item.id, amount_pence: 100 }], reason: "Faulty print" });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().refund).toMatchObject({ kind: "refund", status: "succeeded", amount_pence: 100, vat_pence: 17, net_pence: 83 });
    const delivery = await refund(order.orderGroupId, { delivery_pence: 1194, reason: "Late delivery" });
    expect(delivery.statusCode, delivery.body).toBe(200);
    expect(delivery.json().refund).toMatchObject({ amount_pence: 1194, net_pence: 995, vat_pence: 199 });
    const numbers = [part, delivery].map((r) => Number(r.json().refund.credit_note_number.slice(3)));
    expect(numbers[1]).toBe(numbers[0]! + 1);

    const tooMuch = await refund(order.orderGroupId, { delivery_pence: 1, reason: "Late delivery" });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe("Delivery has already been refunded in full.");
    const left = (await orderOf(order.customer, order.orderGroupId)).refundable_pence;
    expect(left).toBe(order.view.total_pence - 100 - 1194);
    const over = await refund(order.orderGroupId, { items: [{ order_id: item.id, amount_pence: left + 1 }], reason: "Goodwill" });
    expect(over.json().message).toBe(`PVC Banners: at most £${(left / 100).toFixed(2)} can still be refunded.`);
    expect((await refund(order.orderGroupId, { items: [], reason: "Goodwill" })).json().message).toBe("Choose at least one amount to refund.");
    expect((await refund(order.orderGroupId, { delivery_pence: 5, reason: "" })).json().message).toBe("reason: Give a reason for the refund (at least 3 characters)");
    expect((await refund(order.orderGroupId, { delivery_pence: 5, reason: "Goodwill" }, staff)).statusCode).toBe(404);
    expect((await providerRefunds(order.sessionId)).reduce((sum, r) => sum + r.amountPence, 0)).toBe(1294);

    // The staff console reads the credit notes too.
    const note = await t.app.inject({ method: "GET", url: delivery.json().refund.credit_note_url, headers: staff.auth });
    expect(note.statusCode).toBe(200);
    expect(readPdfText(note.rawPayload)).toContain("Delivery");
  });

  it("lets only as many concurrent refunds through as fit in what was paid", async () => {
    const order = await paidOrder();
    // Delivery is worth £11.94 with its VAT: two refunds of £4.77 fit in it, a third does not.
    const each = 477;
    const results = await Promise.all(Array.from({ length: 6 }, () => refund(order.orderGroupId, { delivery_pence: each, reason: "Goodwill" })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409)) expect(refused.json().message).toBe("Delivery: at most £2.40 can still be refunded.");
    const given = await t.db.db.select().from(refunds).where(and(eq(refunds.orderGroupId, order.orderGroupId), eq(refunds.status, "succeeded")));
    expect(given.reduce((sum, r) => sum + r.amountPence, 0)).toBe(2 * each);
    expect((await providerRefunds(order.sessionId)).reduce((sum, r) => sum + r.amountPence, 0)).toBe(2 * each);
    const numbers = given.map((r) => r.creditNoteNumber!).sort((a, b) => a - b);
    expect(numbers[1]).toBe(numbers[0]! + 1);
  });

  it("takes credit notes off the sales report of their day", async () => {
    const day = ukDateParts(new Date()).isoDate;
    const report = async () => (await t.app.inject({ method: "GET", url: `/api/manage/reports/sales?from=${day}&to=${day}&by=day`, headers: manager.auth })).json().totals;
    const before = await report();
    const order = await paidOrder();
    const mid = await report();
    expect(mid.grossPence - before.grossPence).toBe(order.view.total_pence);
    expect((await refund(order.orderGroupId, { delivery_pence: 1194, reason: "Late delivery" })).statusCode).toBe(200);
    const after = await report();
    expect(after.creditNotes - mid.creditNotes).toBe(1);
    expect(mid.grossPence - after.grossPence).toBe(1194);
    expect(mid.vatPence - after.vatPence).toBe(199);
    expect(mid.deliveryPence - after.deliveryPence).toBe(995);
  });
});

describe("reprints under the print guarantee", () => {
  it("makes a dispatched item again at no charge, in the queue with the approved artwork, linked both ways", async () => {
    const order = await dispatched({ lines: 2 });
    const chosen = order.orders[1]!;
    const early = await paidOrder({ printReady: true });
    expect((await t.app.inject({ method: "POST", url: `/api/staff/orders/${early.orderGroupId}/reprints`, headers: staff.auth, payload: { order_ids: [early.orders[0]!.id], reason: "Faulty print" } })).json().message).toBe(
      "Only a dispatched order can be reprinted. Until then, reprint it as part of the job.",
    );

    const res = await t.app.inject({ method: "POST", url: `/api/staff/orders/${order.orderGroupId}/reprints`, headers: staff.auth, payload: { order_ids: [chosen.id], reason: "Damaged in transit" } });
    expect(res.statusCode, res.body).toBe(200);
    const { order_group_id: reprintId, print_ready } = res.json();
    expect(print_ready).toBe(true);

    const reprint = await orderOf(order.customer, reprintId);
    expect(reprint).toMatchObject({ reprint_of: order.orderGroupId, reprint_reason: "Damaged in transit", total_pence: 0, invoice_number: null, invoice_url: null, status: "Print Ready", refundable_pence: 0, cancellable_order_ids: [] });
    expect(reprint.products).toHaveLength(1);
    expect(reprint.products[0]).toMatchObject({ product_name: "PVC Banners", qty: chosen.qty, price_pence: 0, status: "Print Ready" });
    expect(reprint.products[0].files).toEqual([expect.objectContaining({ approved: true, file_name: "job.jpg" })]);
    const original = await orderOf(order.customer, order.orderGroupId);
    expect(original.reprints).toEqual([expect.objectContaining({ order_group_id: reprintId, reason: "Damaged in transit" })]);
    expect(original.events.map((e: { note: string | null }) => e.note ?? "")).toContainEqual(expect.stringContaining(`Reprint raised as order ${reprintId}: Damaged in transit.`));

    // In the print queue, and in the customer's orders.
    const queue = (await t.app.inject({ method: "GET", url: "/api/staff/queue?status=Print%20Ready&limit=100", headers: staff.auth })).json();
    expect(queue.items.some((i: { order_group_id: number }) => i.order_group_id === reprintId)).toBe(true);
    const list = (await t.app.inject({ method: "GET", url: `/api/orders/${order.customer.userId}`, headers: order.customer.auth })).json();
    expect(list.map((o: { order_group_id: number }) => o.order_group_id)).toContain(reprintId);
    const [mail] = (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, order.customer.email))).filter((m) => m.subject.includes("at no charge"));
    expect(mail?.textBody).toContain(`as order ${reprintId}`);

    // Not twice while the first reprint is still being made; not a refund either.
    const twice = await t.app.inject({ method: "POST", url: `/api/staff/orders/${order.orderGroupId}/reprints`, headers: staff.auth, payload: { order_ids: [chosen.id], reason: "Faulty print" } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`PVC Banners already has a reprint in progress: order ${reprintId}.`);
    expect((await refund(reprintId, { delivery_pence: 1, reason: "Goodwill" })).json().message).toBe("A reprint costs nothing, so there is nothing to refund or cancel.");
    const [row] = await t.db.db.select().from(orderGroups).where(eq(orderGroups.id, reprintId));
    // Made at express turnaround, so the orders desk lists it under Express, and under its items' product.
    const items = await t.db.db.select().from(orders).where(eq(orders.orderGroupId, reprintId));
    expect(row).toMatchObject({ checkoutId: null, invoiceNumber: null, paymentMethod: "reprint", hasExpress: true, productIds: [items[0]!.productId] });
    expect(items[0]?.reuseArtworkFrom).toBe(chosen.id);
  });

  it("is kept out of the sales report", async () => {
    const day = ukDateParts(new Date()).isoDate;
    const report = async () => (await t.app.inject({ method: "GET", url: `/api/manage/reports/sales?from=${day}&to=${day}&by=day`, headers: manager.auth })).json().totals;
    const order = await dispatched();
    const before = await report();
    const res = await t.app.inject({ method: "POST", url: `/api/staff/orders/${order.orderGroupId}/reprints`, headers: staff.auth, payload: { order_ids: [order.orders[0]!.id], reason: "Faulty print" } });
    expect(res.statusCode).toBe(200);
    expect(await report()).toEqual(before);
  });
});
