import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderGroups, orders } from "../../../db/schema";
import { addCalendarDays } from "../../../domain/calendar";
import { addWorkingDays, ukDateParts } from "../../../domain/delivery";
import { orderCheckLetter, orderRef } from "../../../domain/order-ref";
import { deliveryCutoff } from "../../../domain/orders-desk";
import { makeStaff, signUp, type TestCustomer } from "../../../tests/factories/accounts";
import { bannerLine, placeOrder, saveTestAddresses, TEST_ADDRESS } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let staff: TestCustomer;
const today = ukDateParts(new Date()).isoDate;
/** Three orders made by checkout, then given the fields each case looks for. */
const made: { id: number; email: string }[] = [];

async function expressBannerLine() {
  const product = (await t.app.services.catalogue.snapshot()).productBySlug.get("pvc-banner")!;
  const express = product.attributes.find((a) => a.group === "Turnaround" && a.name.startsWith("Express"))!;
  return bannerLine(t.app, { attributes: [{ group: express.group, subattribute_id: express.id, subattribute_name: express.name }] });
}

async function order(fields: Partial<typeof orderGroups.$inferInsert>, item: { status?: string; express?: boolean } = {}) {
  const customer = await signUp(t.app, { firstname: "Desk" });
  await saveTestAddresses(t.app, customer);
  // An express order is bought at express turnaround, so the order writer marks it (has_express) as checkout does.
  const placed = await placeOrder(t.app, customer, item.express ? [await expressBannerLine()] : undefined);
  // A total the test chooses, kept consistent with the check constraint (the desk only reads it).
  const totals = fields.totalPence === undefined ? {} : { subTotalPence: fields.totalPence, promoDiscountPence: 0, deliveryPence: 0, vatPence: 0 };
  await t.db.db.update(orderGroups).set({ ...fields, ...totals }).where(eq(orderGroups.id, placed.orderGroupId));
  if (item.status || fields.deliveryDate) {
    await t.db.db
      .update(orders)
      .set({ ...(item.status ? { status: item.status as never } : {}), ...(fields.deliveryDate ? { deliveryDate: fields.deliveryDate } : {}) })
      .where(eq(orders.orderGroupId, placed.orderGroupId));
  }
  made.push({ id: placed.orderGroupId, email: customer.email });
  return placed.orderGroupId;
}

const desk = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/staff/orders?${query}`, headers: staff.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orders: { order_group_id: number; reference: string; dispatch_by: string; total_pence: number; placed_at: string; items: { status: string }[] }[]; next_cursor: string | null };
};
const ids = async (query: string) => (await desk(query)).orders.map((o) => o.order_group_id);

let late: number, atRisk: number, onTime: number, dispatched: number;
beforeAll(async () => {
  t = await createTestApp();
  staff = await makeStaff(t.app);
  // Late: its dispatch-by day has passed. At risk: still awaiting artwork (two working days of work) and due
  // out on the next dispatch day, today on a working day. Not Print Ready (one day of work): on a Saturday the
  // next dispatch day is Monday and one day's work still fits, so it would be on time, and due out on Friday
  // it would be late (this file failed on a Saturday that way). On time: a week away.
  late = await order({ deliveryDate: addWorkingDays(today, -1), status: "Production", poNumber: "PO-7781", totalPence: 9_000, createdAt: new Date(Date.now() - 3 * 86_400_000) }, { status: "Production" });
  atRisk = await order(
    { deliveryDate: addWorkingDays(deliveryCutoff(today, 0), 1), status: "Awaiting Artwork", paymentMethod: "account", delivery: { ...TEST_ADDRESS, postcode: "LS1 4AP", instructions: "" }, totalPence: 12_000, createdAt: new Date(Date.now() - 2 * 86_400_000) },
    { status: "Awaiting Artwork", express: true },
  );
  onTime = await order({ deliveryDate: addWorkingDays(today, 6), status: "Awaiting Artwork", totalPence: 3_000, createdAt: new Date(Date.now() - 86_400_000) });
  dispatched = await order({ deliveryDate: addWorkingDays(today, -3), status: "Dispatched", trackingNumber: "JD0002 2345 67", carrier: "DPD", paymentMethod: "reprint", totalPence: 0 }, { status: "Dispatched" });
});
afterAll(async () => {
  await t?.close();
});

describe("the orders desk (/api/staff/orders)", () => {
  it("finds an order by reference, number, email, PO number, tracking number, postcode and name", async () => {
    expect(await ids(`q=${encodeURIComponent(orderRef(late))}`)).toEqual([late]);
    expect(await ids(`q=${late}`)).toEqual([late]);
    expect(await ids(`q=PW-9999999999-${orderCheckLetter("9999999999")}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent(made[2]!.email.toUpperCase())}`)).toEqual([onTime]);
    expect(await ids("q=po-7781")).toEqual([late]);
    expect(await ids("q=jd00022345%2067")).toEqual([dispatched]);
    expect(await ids("q=ls14ap")).toEqual([atRisk]);
    expect(await ids("q=LS1%204AP")).toEqual([atRisk]);
    expect((await ids("q=jane%20pri")).sort()).toEqual([late, atRisk, onTime, dispatched].sort());
    expect(await ids("q=printer%20jane")).toEqual([]);
    // A reference with a slipped digit finds nothing rather than another order.
    const digits = String(late);
    expect(await ids(`q=PW-${digits.slice(0, -1)}${(Number(digits.at(-1)) + 1) % 10}-${orderRef(late).at(-1)}`)).toEqual([]);
  });

  it("filters by status, payment, product, turnaround, placed dates, dispatch-by day and urgency", async () => {
    expect(await ids("status=Dispatched")).toEqual([dispatched]);
    expect(await ids("payment=account")).toEqual([atRisk]);
    expect(await ids("payment=reprint")).toEqual([dispatched]);
    expect(await ids("turnaround=express")).toEqual([atRisk]);
    expect((await ids("turnaround=standard")).sort()).toEqual([late, onTime, dispatched].sort());
    const [item] = await t.db.db.select({ productId: orders.productId }).from(orders).where(eq(orders.orderGroupId, late));
    expect((await ids(`product=${item!.productId}`)).sort()).toEqual([late, atRisk, onTime, dispatched].sort());
    expect(await ids("product=999999")).toEqual([]);
    const day = (offset: number) => ukDateParts(new Date(Date.now() + offset * 86_400_000)).isoDate;
    expect(await ids(`placed_from=${day(-2)}&placed_to=${day(-2)}`)).toEqual([atRisk]);
    expect((await ids(`placed_from=${day(-2)}`)).sort()).toEqual([atRisk, onTime, dispatched].sort());
    const atRiskOrder = (await desk(`q=${atRisk}`)).orders[0]!;
    expect((await ids(`dispatch_by=${atRiskOrder.dispatch_by}`))).toContain(atRisk);
    expect(await ids("urgency=late")).toEqual([late]);
    expect(await ids("urgency=at-risk")).toEqual([atRisk]);
    expect((await ids("urgency=late-or-at-risk")).sort()).toEqual([late, atRisk].sort());
    expect(await ids(`dispatch_by=${addCalendarDays(today, (6 - new Date(`${today}T12:00:00Z`).getUTCDay() + 7) % 7 || 7)}`)).toEqual([]); // a Saturday
  });

  it("sorts by placed, dispatch-by and total, and pages by cursor without repeating or skipping", async () => {
    for (const [sort, key, direction] of [["placed", "placed_at", -1], ["dispatch", "dispatch_by", 1], ["total", "total_pence", -1]] as const) {
      const seen: (string | number)[] = [];
      const all: number[] = [];
      let after: string | null = null;
      do {
        const page = await desk(`sort=${sort}&limit=1${after ? `&after=${after}` : ""}`);
        for (const o of page.orders) {
          all.push(o.order_group_id);
          seen.push(o[key]);
        }
        after = page.next_cursor;
      } while (after);
      expect(all.sort(), sort).toEqual([late, atRisk, onTime, dispatched].sort());
      const sorted = [...seen].sort((a, b) => (a < b ? -direction : a > b ? direction : 0));
      expect(seen, sort).toEqual(sorted);
    }
  });

  it("pages a short placed range sorted by dispatch-by or total, which it reads whole and sorts, in the same order as the whole list", async () => {
    const day = (offset: number) => ukDateParts(new Date(Date.now() + offset * 86_400_000)).isoDate;
    const walk = async (query: string) => {
      const all: number[] = [];
      let after: string | null = null;
      do {
        const page = await desk(`${query}&limit=1${after ? `&after=${after}` : ""}`);
        all.push(...page.orders.map((o) => o.order_group_id));
        after = page.next_cursor;
      } while (after);
      return all;
    };
    expect(await walk(`placed_from=${day(-4)}&placed_to=${day(0)}&sort=total`)).toEqual([atRisk, late, onTime, dispatched]);
    expect(await walk(`placed_from=${day(-4)}&placed_to=${day(0)}&sort=dispatch`)).toEqual([dispatched, late, atRisk, onTime]);
    const atRiskOrder = (await desk(`q=${atRisk}`)).orders[0]!;
    expect(await walk(`dispatch_by=${atRiskOrder.dispatch_by}&sort=total`)).toContain(atRisk);
  });

  it("answers bad views with a clear 400", async () => {
    for (const query of ["placed_from=2026-02-30", "dispatch_by=tomorrow", "sort=price", "payment=cash", "urgency=soon", "status=Nonsense", "limit=0", "after=bm9uc2Vuc2U", "placed_to=9999-12-31", `sort=total&after=${Buffer.from("total|9999999999|1").toString("base64url")}`, `sort=dispatch&after=${Buffer.from("dispatch|0000-01-01|1").toString("base64url")}`]) {
      const res = await t.app.inject({ method: "GET", url: `/api/staff/orders?${query}`, headers: staff.auth });
      expect(res.statusCode, query).toBe(400);
    }
    const first = await desk("sort=total&limit=1");
    expect((await t.app.inject({ method: "GET", url: `/api/staff/orders?sort=placed&after=${first.next_cursor}`, headers: staff.auth })).statusCode).toBe(400);
  });
});

describe("bulk actions on selected jobs", () => {
  it("lists a view or a selection as CSV, with the reference in each row", async () => {
    const csv = async (query: string) => {
      const res = await t.app.inject({ method: "GET", url: `/api/staff/orders.csv?${query}`, headers: staff.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/csv/);
      return res.body.trimEnd().split("\r\n");
    };
    const view = await csv("status=Dispatched");
    expect(view[0]).toMatch(/^Reference,Order ID,Customer/);
    expect(view.slice(1).map((line) => line.split(",")[0])).toEqual([orderRef(dispatched)]);
    const selection = await csv(`ids=${late},${atRisk}&sort=total`);
    expect(selection.slice(1).map((line) => line.split(",")[0])).toEqual([orderRef(atRisk), orderRef(late)]);
    expect(selection[2]).toContain("PO-7781");
    expect((await t.app.inject({ method: "GET", url: "/api/staff/orders.csv?ids=1,x", headers: staff.auth })).statusCode).toBe(400);
  });

  it("puts the packing slips of the selected orders in one PDF", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/staff/bulk/packing-slips.pdf?ids=${late},${atRisk}`, headers: staff.auth });
    expect(res.statusCode).toBe(200);
    const { PDFDocument } = await import("pdf-lib");
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(2);
    expect((await t.app.inject({ method: "GET", url: "/api/staff/bulk/packing-slips.pdf?ids=2147483647", headers: staff.auth })).statusCode).toBe(404);
  });

  it("moves each item the transition table allows, and lists the refusals by job", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/staff/bulk/status", headers: staff.auth, payload: { order_group_ids: [late, atRisk, dispatched], status: "Printed" } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { moved: { order_group_id: number; reference: string }[]; refused: { order_group_id: number; message: string }[]; unchanged: unknown[] };
    expect(body.moved.map((m) => [m.order_group_id, m.reference])).toEqual([[late, orderRef(late)]]);
    expect(body.refused.map((r) => r.order_group_id).sort()).toEqual([atRisk, dispatched].sort());
    expect(body.refused.every((r) => r.message.length > 0)).toBe(true);
    const [item] = await t.db.db.select({ status: orders.status }).from(orders).where(eq(orders.orderGroupId, late));
    expect(item!.status).toBe("Printed");
    const again = (await t.app.inject({ method: "POST", url: "/api/staff/bulk/status", headers: staff.auth, payload: { order_group_ids: [late], status: "Printed" } })).json();
    expect(again.unchanged).toHaveLength(1);
    expect((await t.app.inject({ method: "POST", url: "/api/staff/bulk/status", headers: staff.auth, payload: { order_group_ids: [late], status: "Dispatched" } })).statusCode).toBe(400);
  });
});
