import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orderEvents, orderFiles, orders, users } from "../../../db/schema";
import { ORDER_STATUSES, ORDER_TRANSITIONS } from "../../../domain/order-status";
import { orderRef, parseOrderRef } from "../../../domain/order-ref";
import { readPdfText, pdfBytesContain } from "../../../tests/support/pdf-text";
import { changeItemStatus } from "../../services/status-change";
import { makeStaff, signUp, testClientAddress, type TestCustomer } from "../../../tests/factories/accounts";
import { cmykJpeg, multipart } from "../../../tests/factories/artwork";
import { bannerLine, placeOrder, saveTestAddresses, startCheckout, TEST_ADDRESS } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let staff: TestCustomer;
let art: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  staff = await makeStaff(t.app);
  art = await cmykJpeg(1800, 1800, 150);
});
afterAll(async () => {
  await t?.close();
});

/** A customer's paid order whose artwork is uploaded, approved and marked Print Ready. */
async function printReadyOrder(options: { blind?: boolean; firstname?: string } = {}) {
  const c = await signUp(t.app, options.firstname ? { firstname: options.firstname } : {});
  await saveTestAddresses(t.app, c);
  const line = await bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 3 });
  let placed;
  if (options.blind) {
    const start = await t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      headers: c.auth,
      remoteAddress: testClientAddress(),
      payload: {
        userId: c.userId,
        Total: (await startCheckout(t.app, c, [line])).json().amount_total / 100,
        lines: [line],
        blindShipping: { senderName: "Brightside Signs", returnAddress: { ...TEST_ADDRESS, company: "Brightside Signs Ltd", address1: "7 Canal Street", town: "Leeds", postcode: "LS1 4AP" } },
      },
    });
    const { checkout_id: checkoutId, url } = start.json();
    await t.app.services.testPayments!.pay(/cs_test_\w+/.exec(url)![0], { digits: "4242424242424242" });
    const made = await t.app.inject({ method: "POST", url: `/api/orders/${checkoutId}`, headers: c.auth, payload: {} });
    placed = { orderGroupId: made.json().order_group_id as number, orders: made.json().orders as { id: number }[] };
  } else {
    placed = await placeOrder(t.app, c, [line]);
  }
  const orderId = placed.orders[0]!.id;
  const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "job.jpg", contentType: "image/jpeg", data: art }]);
  expect((await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/imgs`, headers: { ...c.auth, ...form.headers }, payload: form.payload })).statusCode).toBe(201);
  await t.app.inject({ method: "PATCH", url: `/api/orders/${orderId}/imgs/1`, headers: c.auth, payload: { approved: true } });
  expect((await t.app.inject({ method: "PATCH", url: `/api/orders/group/${placed.orderGroupId}`, headers: c.auth, payload: { status: "Print Ready" } })).statusCode).toBe(200);
  return { customer: c, orderGroupId: placed.orderGroupId, orderId };
}

const staffCall = (method: "GET" | "POST", url: string, payload?: object) => t.app.inject({ method, url, headers: staff.auth, ...(payload ? { payload } : {}) });

describe("staff accounts", () => {
  it("cannot be had by signing up, and a staff member's login is refused to customers' pages of staff", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      remoteAddress: testClientAddress(),
      payload: { firstname: "Eve", lastname: "X", email: "eve.staff@example.com", telephone: "07700900123", password: "Sneaky-Staff-1", role: "staff" },
    });
    const [eve] = await t.db.db.select({ role: users.role }).from(users).where(eq(users.id, res.json().userId));
    expect(eve!.role).toBe("user");
    expect((await t.app.inject({ method: "GET", url: "/api/staff/queue", headers: { authorization: `Bearer ${res.json().token}` } })).statusCode).toBe(404);
  });

  it("refuses to turn a customer's address into a staff account, and removes staff with their sessions", async () => {
    const c = await signUp(t.app);
    expect(await t.app.services.accounts.addStaff(c.email)).toMatchObject({ ok: false });
    const temp = await makeStaff(t.app);
    expect((await t.app.inject({ method: "GET", url: "/api/staff/queue", headers: temp.auth })).statusCode).toBe(200);
    expect(await t.app.services.accounts.removeStaff(temp.email)).toMatchObject({ ok: true });
    expect((await t.app.inject({ method: "GET", url: "/api/staff/queue", headers: temp.auth })).statusCode).toBe(401);
  });
});

describe("the queue", () => {
  it("lists items most urgent first, counts them by status, and finds them by order id, email or name", async () => {
    const { orderGroupId, customer } = await printReadyOrder({ firstname: "Quentin" });
    const queue = (await staffCall("GET", "/api/staff/queue?status=Print%20Ready&limit=100")).json();
    expect(queue.counts["Print Ready"]).toBeGreaterThanOrEqual(1);
    const dates = queue.items.map((i: { delivery_date: string }) => i.delivery_date);
    expect(dates).toEqual([...dates].sort());
    expect(queue.items.some((i: { order_group_id: number }) => i.order_group_id === orderGroupId)).toBe(true);

    for (const q of [String(orderGroupId), orderRef(orderGroupId), orderRef(orderGroupId).toLowerCase().replaceAll("-", " "), customer.email.toUpperCase(), "quentin print"]) {
      const found = (await staffCall("GET", `/api/staff/queue?status=all&q=${encodeURIComponent(q)}`)).json();
      expect(found.items.map((i: { order_group_id: number }) => i.order_group_id), q).toContain(orderGroupId);
    }
    // A reference with a slipped digit names no order, not another one.
    const digits = String(orderGroupId);
    const slipped = `PW-${digits.slice(0, -1)}${(Number(digits.at(-1)) + 1) % 10}-${orderRef(orderGroupId).slice(-1)}`;
    expect(parseOrderRef(slipped).ok).toBe(false);
    expect((await staffCall("GET", `/api/staff/queue?status=all&q=${encodeURIComponent(slipped)}`)).json().items).toEqual([]);
    const express = (await staffCall("GET", `/api/staff/queue?status=all&turnaround=express&q=${orderGroupId}`)).json();
    expect(express.items).toEqual([]);
    expect((await staffCall("GET", "/api/staff/queue?status=Nonsense")).statusCode).toBe(400);
  });

  it("pages by cursor without repeating or skipping an item", async () => {
    for (let i = 0; i < 3; i++) await printReadyOrder();
    const seen: number[] = [];
    let after: string | null = null;
    do {
      const page: { items: { order_id: number }[]; next_cursor: string | null } = (await staffCall("GET", `/api/staff/queue?status=all&limit=2${after ? `&after=${after}` : ""}`)).json();
      seen.push(...page.items.map((i) => i.order_id));
      after = page.next_cursor;
    } while (after);
    const all = await t.db.db.select({ id: orders.id }).from(orders);
    expect(seen.sort((a, b) => a - b)).toEqual(all.map((r) => r.id).sort((a, b) => a - b));
  });
});

describe("moving a job through production", () => {
  it("checks every move against the one transition table", async () => {
    const { orderId } = await printReadyOrder();
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        await t.db.db.update(orders).set({ status: from }).where(eq(orders.id, orderId));
        const outcome = await t.db.db.transaction((tx) => changeItemStatus(tx, orderId, to, { kind: "staff", userId: staff.userId }));
        const allowed = from === to || ORDER_TRANSITIONS[from].includes(to);
        expect(outcome.ok, `${from} → ${to}`).toBe(allowed);
        const [row] = await t.db.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
        expect(row!.status).toBe(allowed ? to : from);
      }
    }
  });

  it("takes an order from Print Ready to Dispatched; the customer sees each step, the tracking number and gets the email", async () => {
    const { orderGroupId, orderId, customer } = await printReadyOrder();
    const status = (s: string) => staffCall("POST", `/api/staff/items/${orderId}/status`, { status: s });
    const customerView = async () => (await t.app.inject({ method: "GET", url: `/api/orders/group/${orderGroupId}`, headers: customer.auth })).json();

    const illegal = await status("Printed");
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().error).toBe("An item that is Print Ready cannot move to Printed: it can only move to Production or Awaiting Artwork.");
    const early = await staffCall("POST", `/api/staff/orders/${orderGroupId}/dispatch`, { carrier: "DPD", trackingNumber: "15501234567890" });
    expect(early.statusCode).toBe(409);

    expect((await status("Production")).statusCode).toBe(200);
    expect((await customerView()).status).toBe("Production");
    expect((await status("Printed")).statusCode).toBe(200);
    expect((await staffCall("POST", `/api/staff/orders/${orderGroupId}/dispatch`, { carrier: "Pigeon", trackingNumber: "1" })).statusCode).toBe(400);
    const dispatched = await staffCall("POST", `/api/staff/orders/${orderGroupId}/dispatch`, { carrier: "DPD", trackingNumber: "15501234567890" });
    expect(dispatched.statusCode, dispatched.body).toBe(200);

    const view = await customerView();
    expect(view).toMatchObject({ status: "Dispatched", carrier: "DPD", tracking_number: "15501234567890" });
    const mail = (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email))).find((m) => m.subject.startsWith("Your order is on its way"));
    expect(mail?.textBody).toContain("Tracking number: 15501234567890");
    const events = await t.db.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((e) => [e.actor, e.fromStatus, e.toStatus, e.actorUserId])).toEqual([
      ["payment", null, "Awaiting Artwork", null],
      ["customer", "Awaiting Artwork", "Print Ready", customer.userId],
      ["staff", "Print Ready", "Production", staff.userId],
      ["staff", "Production", "Printed", staff.userId],
      ["staff", "Printed", "Dispatched", staff.userId],
    ]);
  });

  it("two staff dispatching one order at once: one 200, one clear 409, one email, and the tracking number agrees with the history", async () => {
    const { orderGroupId, orderId, customer } = await printReadyOrder();
    expect((await staffCall("POST", `/api/staff/items/${orderId}/status`, { status: "Production" })).statusCode).toBe(200);
    expect((await staffCall("POST", `/api/staff/items/${orderId}/status`, { status: "Printed" })).statusCode).toBe(200);
    const other = await makeStaff(t.app);
    const [a, b] = await Promise.all([
      staffCall("POST", `/api/staff/orders/${orderGroupId}/dispatch`, { carrier: "DPD", trackingNumber: "DPD-AAAA-1111" }),
      t.app.inject({ method: "POST", url: `/api/staff/orders/${orderGroupId}/dispatch`, headers: other.auth, payload: { carrier: "UPS", trackingNumber: "UPS-BBBB-2222" } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toMatch(new RegExp(`^Order ${orderGroupId} has already been dispatched with (DPD|UPS), tracking number`));
    const mails = (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email))).filter((m) => m.subject.startsWith("Your order is on its way"));
    expect(mails).toHaveLength(1);
    const view = (await t.app.inject({ method: "GET", url: `/api/orders/group/${orderGroupId}`, headers: customer.auth })).json();
    const dispatchedEvents = (await t.db.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((e) => e.toStatus === "Dispatched");
    expect(dispatchedEvents).toHaveLength(1);
    expect(dispatchedEvents[0]!.note).toBe(`${view.carrier} ${view.tracking_number}`);
    expect(mails[0]!.textBody).toContain(`Tracking number: ${view.tracking_number}`);
  });

  it("rejects artwork with a reason the customer sees, and lets them upload again", async () => {
    const { orderGroupId, orderId, customer } = await printReadyOrder();
    expect((await staffCall("POST", `/api/staff/items/${orderId}/reject`, { reason: "no" })).statusCode).toBe(400);
    const res = await staffCall("POST", `/api/staff/items/${orderId}/reject`, { reason: "The logo is cut off at the left edge." });
    expect(res.statusCode).toBe(200);
    const view = (await t.app.inject({ method: "GET", url: `/api/orders/group/${orderGroupId}`, headers: customer.auth })).json();
    expect(view.status).toBe("Awaiting Artwork");
    expect(view.products[0]).toMatchObject({ status: "Awaiting Artwork", rejection_reason: "The logo is cut off at the left edge." });
    expect(view.products[0].files[0].approved).toBe(false);
    const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "fixed.jpg", contentType: "image/jpeg", data: art }]);
    expect((await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/imgs`, headers: { ...customer.auth, ...form.headers }, payload: form.payload })).statusCode).toBe(201);
    const mail = (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email))).find((m) => m.subject.startsWith("New artwork needed"));
    expect(mail?.textBody).toContain("The logo is cut off at the left edge.");
  });
});

describe("print files and packing slips", () => {
  it("streams every print PDF of the order as one ZIP", async () => {
    const { orderGroupId } = await printReadyOrder();
    const res = await staffCall("GET", `/api/staff/orders/${orderGroupId}/files.zip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(res.rawPayload.toString("latin1")).toContain(`order-${orderGroupId}/item-1-PVC-Banners/v1-qty3.pdf`);
    expect(res.rawPayload.toString("latin1")).toContain("%PDF-");
  });

  it("refuses a ZIP whose print file is missing from storage, naming it, instead of sending an archive without it", async () => {
    const { orderGroupId, orderId } = await printReadyOrder();
    const [file] = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId));
    await t.app.services.storage.delete(file!.pdfKey);
    const res = await staffCall("GET", `/api/staff/orders/${orderGroupId}/files.zip`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("The print file of item 1 (PVC Banners) version 1 is missing from storage. Ask the customer to upload it again.");
  });

  it("answers the plain 404 for the ZIP of an order that does not exist", async () => {
    const res = await staffCall("GET", `/api/staff/orders/987654321/files.zip`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found", message: "Not found", statusCode: 404 });
  });

  it("refuses a ZIP of an order with no print files yet", async () => {
    const c = await signUp(t.app);
    await saveTestAddresses(t.app, c);
    const placed = await placeOrder(t.app, c, [await bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 3 })]);
    const res = await staffCall("GET", `/api/staff/orders/${placed.orderGroupId}/files.zip`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Order ${placed.orderGroupId} has no print files yet.`);
  });

  it("puts the reseller's sender on a blind-shipping slip and label, and nothing of the shop", async () => {
    const { orderGroupId } = await printReadyOrder({ blind: true });
    const slip = await staffCall("GET", `/api/staff/orders/${orderGroupId}/packing-slip`);
    expect(slip.statusCode).toBe(200);
    const bytes = new Uint8Array(slip.rawPayload);
    const text = await readPdfText(bytes);
    expect(text).toContain("Brightside Signs");
    expect(text).toContain("7 Canal Street");
    expect(text).toContain("LS1 4AP");
    for (const shopMark of ["Printwise", "printwise.example.com", "020 7946 0321", "Riverside Trade Park, 12 Wharf Road"]) {
      expect(await pdfBytesContain(bytes, shopMark), shopMark).toBe(false);
    }
    const job = (await staffCall("GET", `/api/staff/orders/${orderGroupId}`)).json();
    expect(job.label.from).toEqual({ name: "Brightside Signs", address: "Brightside Signs Ltd, 7 Canal Street, 12 Wharf Road, Leeds, LS1 4AP" });
    expect(job.blind_shipping.sender_name).toBe("Brightside Signs");
  });

  it("puts the shop's details on an ordinary slip", async () => {
    const { orderGroupId } = await printReadyOrder();
    const text = await readPdfText(new Uint8Array((await staffCall("GET", `/api/staff/orders/${orderGroupId}/packing-slip`)).rawPayload));
    expect(text).toContain("Printwise Trade Print");
    expect(text).toContain(orderRef(orderGroupId));
  });
});

describe("the mail outbox", () => {
  it("lists failed messages with their last error and sends one again", async () => {
    const [row] = await t.db.db
      .insert(emailOutbox)
      .values({ toAddress: "a@example.com", subject: "Stuck", textBody: "x", htmlBody: "x", status: "failed", attempts: 8, lastError: "Error: 550 mailbox unavailable", messageId: `<stuck-${Date.now()}@x>` })
      .returning();
    const list = (await staffCall("GET", "/api/staff/outbox")).json();
    expect(list.find((m: { id: number }) => m.id === row!.id)).toMatchObject({ subject: "Stuck", last_error: "Error: 550 mailbox unavailable", attempts: 8 });
    expect((await staffCall("POST", `/api/staff/outbox/${row!.id}/requeue`)).statusCode).toBe(200);
    const [after] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(after).toMatchObject({ status: "pending", attempts: 0 });
    expect((await staffCall("POST", `/api/staff/outbox/${row!.id}/requeue`)).statusCode).toBe(404);
  });
});
