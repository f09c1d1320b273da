import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../../db/schema";
import { makeStaff, type TestCustomer } from "../../../tests/factories/accounts";
import { cmykJpeg } from "../../../tests/factories/artwork";
import { printReadyOrder } from "../../../tests/factories/production";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let printer: TestCustomer;
let manager: TestCustomer;
let art: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  printer = await makeStaff(t.app, "staff");
  manager = await makeStaff(t.app, "manager");
  art = await cmykJpeg(1800, 1800, 150);
});
afterAll(async () => {
  await t?.close();
});

const call = (who: TestCustomer, method: "GET" | "POST", url: string, payload?: object) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const emailCount = async () => (await t.db.db.select().from(emailOutbox)).length;

describe("a manager undoes a mistaken production move", () => {
  it("moves the item back one step with a reason, as an event naming the manager, and emails nobody", async () => {
    const { orderGroupId, orderId } = await printReadyOrder(t.app, art);
    expect((await call(printer, "POST", `/api/staff/items/${orderId}/status`, { status: "Production" })).statusCode).toBe(200);
    expect((await call(printer, "POST", `/api/staff/items/${orderId}/status`, { status: "Part Printed" })).statusCode).toBe(200);
    const before = await emailCount();

    // Production staff may not correct; a reason is required.
    expect((await call(printer, "POST", `/api/staff/items/${orderId}/undo`, { reason: "Pressed the wrong button" })).statusCode).toBe(404);
    expect((await call(manager, "POST", `/api/staff/items/${orderId}/undo`, { reason: "" })).statusCode).toBe(400);

    const undone = await call(manager, "POST", `/api/staff/items/${orderId}/undo`, { reason: "Pressed the wrong button" });
    expect(undone.statusCode, undone.body).toBe(200);
    const job = (await call(manager, "GET", `/api/staff/orders/${orderGroupId}`)).json();
    expect(job.products[0].status).toBe("Production");
    const last = job.events.filter((e: { order_id: number | null }) => e.order_id === orderId).at(-1);
    expect(last).toMatchObject({ from: "Part Printed", to: "Production", note: "Undone (Part Printed was a mistake): Pressed the wrong button" });
    expect(last.by_person).toContain(manager.email);
    const forward = job.events.find((e: { to: string; order_id: number | null }) => e.to === "Part Printed" && e.order_id === orderId);
    expect(forward.by_person).toContain(printer.email);
    expect(await emailCount()).toBe(before);

    // One step only: Production came from Print Ready, so the next undo goes there, and no further.
    expect((await call(manager, "POST", `/api/staff/items/${orderId}/undo`, { reason: "Started the wrong job" })).statusCode).toBe(200);
    const again = await call(manager, "POST", `/api/staff/items/${orderId}/undo`, { reason: "Once more please" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("cannot be moved back");
  });

  it("refuses to undo a move the item did not make (Printed straight from Production goes back to Production)", async () => {
    const { orderId } = await printReadyOrder(t.app, art);
    await call(printer, "POST", `/api/staff/items/${orderId}/status`, { status: "Production" });
    await call(printer, "POST", `/api/staff/items/${orderId}/status`, { status: "Printed" });
    expect((await call(manager, "POST", `/api/staff/items/${orderId}/undo`, { reason: "Not finished yet" })).statusCode).toBe(200);
    const job = (await call(manager, "GET", `/api/staff/orders/${(await t.app.services.orders.item(orderId))!.orderGroupId}`)).json();
    expect(job.products[0].status).toBe("Production");
  });
});
