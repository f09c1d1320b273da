// The Today page's figures against orders placed at known moments of a fixed Wednesday (2026-11-25, UK):
// sales are the sales report's (invoices dated by UK day, so 23:59 yesterday is not today), jobs are the
// orders desk's, and each job figure's link opens a desk view that holds exactly that many orders.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orderGroups } from "../../../db/schema";
import { ukWallClockToDate } from "../../../domain/delivery";
import { makeStaff, type TestCustomer } from "../../../tests/factories/accounts";
import { customerWithAddresses, placeOrder } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { todayFigures, type TodayAnswer } from "../../services/back-office/today";

const NOW = ukWallClockToDate("2026-11-25", 12);
let t: TestApp;
let manager: TestCustomer;
let figures: TodayAnswer;
const totals: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  manager = await makeStaff(t.app, "manager");
  const db = t.db.db;
  // name → placed (UK wall clock), delivery date, status
  const plan = {
    today: { placed: ukWallClockToDate("2026-11-25", 0, 0, 30), delivery: "2026-11-26", status: "Awaiting Artwork" }, // dispatch by today
    yesterdayLate: { placed: ukWallClockToDate("2026-11-24", 23, 59), delivery: "2026-11-27", status: "Print Ready" }, // dispatch by tomorrow
    monday: { placed: ukWallClockToDate("2026-11-23", 9), delivery: "2026-11-24", status: "Awaiting Artwork" }, // late, artwork awaited since Monday
    lastFriday: { placed: ukWallClockToDate("2026-11-20", 15), delivery: "2026-12-10", status: "Production" },
    twoMonthsAgo: { placed: ukWallClockToDate("2026-09-01", 10), delivery: "2026-09-04", status: "Dispatched" },
  } as const;
  for (const [name, order] of Object.entries(plan)) {
    const customer = await customerWithAddresses(t.app);
    const { orderGroupId } = await placeOrder(t.app, customer);
    const [row] = await db.update(orderGroups).set({ createdAt: order.placed, deliveryDate: order.delivery, status: order.status }).where(eq(orderGroups.id, orderGroupId)).returning();
    totals[name] = row!.totalPence;
  }
  const asked = await t.app.services.quotes.request(manager.userId, { productKind: "Hoardings", size: "2440 × 1220 mm", quantity: 6, material: "", deadline: "", notes: "" }, []);
  if (!asked.ok) throw new Error(asked.message);
  const [mail] = await db.select({ id: emailOutbox.id }).from(emailOutbox).limit(1);
  await db.update(emailOutbox).set({ status: "failed" }).where(inArray(emailOutbox.id, [mail!.id]));
  figures = await todayFigures(db, t.app.services.ordersDesk, NOW);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("the Today figures", () => {
  it("count orders and takings by the invoice's UK day: 23:59 yesterday is this week, not today", () => {
    expect(figures.date).toBe("2026-11-25");
    expect(figures.weekFrom).toBe("2026-11-23");
    expect(figures.today).toEqual({ orders: 1, takingsPence: totals.today });
    expect(figures.week).toEqual({ orders: 3, takingsPence: totals.today! + totals.yesterdayLate! + totals.monday! });
  });

  it("chart the last 30 days, one entry a day, zeros included, and the days add up to their totals", () => {
    expect(figures.days).toHaveLength(30);
    expect(figures.days[0]!.date).toBe("2026-10-27");
    expect(figures.days.at(-1)!.date).toBe("2026-11-25");
    expect(figures.days.find((d) => d.date === "2026-11-24")).toEqual({ date: "2026-11-24", orders: 1, takingsPence: totals.yesterdayLate });
    expect(figures.days.find((d) => d.date === "2026-11-20")).toEqual({ date: "2026-11-20", orders: 1, takingsPence: totals.lastFriday });
    expect(figures.days.filter((d) => d.orders > 0)).toHaveLength(4);
    expect(figures.days.reduce((sum, d) => sum + d.takingsPence, 0)).toBe(totals.today! + totals.yesterdayLate! + totals.monday! + totals.lastFriday!);
  });

  it("agree with the sales report for the same days", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/manage/reports/sales?from=2026-11-23&to=2026-11-25&by=day", headers: manager.auth });
    expect(res.json().totals.invoices).toBe(figures.week.orders);
    expect(res.json().totals.grossPence).toBe(figures.week.takingsPence);
  });

  it("count jobs due out, late jobs, artwork awaited, quotes to price, overdue invoices and failed emails", () => {
    expect(figures.dueToday).toEqual({ count: 1, href: "/staff/orders?dispatch_by=2026-11-25&sort=dispatch" });
    expect(figures.nextWorkingDay).toBe("2026-11-26");
    expect(figures.dueNextWorkingDay).toEqual({ count: 1, href: "/staff/orders?dispatch_by=2026-11-26&sort=dispatch" });
    expect(figures.late).toEqual({ count: 1, href: "/staff/orders?urgency=late&sort=dispatch" });
    expect(figures.artworkWaiting).toEqual({ count: 1, href: "/staff/orders?status=Awaiting+Artwork&placed_to=2026-11-23&sort=dispatch" });
    expect(figures.quotesToPrice).toEqual({ count: 1, href: "/staff/quotes" });
    expect(figures.overdueInvoices).toEqual({ count: 0, href: "/staff/accounts" });
    expect(figures.failedEmails).toEqual({ count: 1, href: "/staff/outbox" });
  });

  it("link each dated job figure to a desk view holding exactly those orders", async () => {
    for (const figure of [figures.dueToday, figures.dueNextWorkingDay, figures.artworkWaiting]) {
      const res = await t.app.inject({ method: "GET", url: figure.href.replace("/staff/orders", "/api/staff/orders"), headers: manager.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().orders).toHaveLength(figure.count);
    }
  });

  it("answer managers in one request, and nobody else", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/manage/today", headers: manager.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days).toHaveLength(30);
    const staff = await makeStaff(t.app, "staff");
    expect((await t.app.inject({ method: "GET", url: "/api/manage/today", headers: staff.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/manage/today" })).statusCode).toBe(401);
  });
});
