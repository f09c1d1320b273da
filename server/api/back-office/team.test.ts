import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, sessions } from "../../../db/schema";
import { makeStaff, type TestCustomer } from "../../../tests/factories/accounts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let manager: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  manager = await makeStaff(t.app, "manager");
});
afterAll(async () => {
  await t?.close();
});

const asManager = (url: string, payload?: object) => t.app.inject({ method: "POST", url, headers: manager.auth, ...(payload ? { payload } : {}) });

describe("the Team page's changes", () => {
  it("removes a member: their open session is refused at once, and the audit entry names who did it", async () => {
    const printer = await makeStaff(t.app, "staff");
    expect((await t.app.inject({ method: "GET", url: "/api/staff/queue", headers: printer.auth })).statusCode).toBe(200);
    const res = await asManager(`/api/manage/staff/${printer.userId}/remove`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/staff/queue", headers: printer.auth })).statusCode).toBe(401);
    expect(await t.db.db.select().from(sessions).where(eq(sessions.userId, printer.userId))).toEqual([]);
    const [entry] = await t.db.db.select().from(auditLog).where(eq(auditLog.entityId, String(printer.userId)));
    expect(entry).toMatchObject({ action: "staff.remove", actorEmail: manager.email });
    expect((await asManager(`/api/manage/staff/${printer.userId}/remove`)).statusCode).toBe(404);
  });

  it("changes a role and ends the member's sessions; a manager cannot remove or demote themselves", async () => {
    const printer = await makeStaff(t.app, "staff");
    const res = await asManager(`/api/manage/staff/${printer.userId}/role`, { role: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/staff/queue", headers: printer.auth })).statusCode).toBe(401);
    expect((await asManager(`/api/manage/staff/${printer.userId}/role`, { role: "manager" })).statusCode).toBe(409);
    expect((await asManager(`/api/manage/staff/${manager.userId}/remove`)).statusCode).toBe(409);
    expect((await asManager(`/api/manage/staff/${manager.userId}/role`, { role: "staff" })).statusCode).toBe(409);
  });

  it("filters the audit log by person, kind and date", async () => {
    const other = await makeStaff(t.app, "manager");
    const invited = await t.app.inject({ method: "POST", url: "/api/manage/staff", headers: other.auth, payload: { email: `new.${other.userId}@printwise.example.com`, role: "staff" } });
    expect(invited.statusCode, invited.body).toBe(200);
    const get = (query: string) => t.app.inject({ method: "GET", url: `/api/manage/audit?${query}`, headers: manager.auth });
    const byOther = (await get(`person=${encodeURIComponent(other.email)}`)).json();
    expect(byOther.entries.length).toBe(1);
    expect(byOther.entries[0]).toMatchObject({ action: "staff.invite", actorEmail: other.email });
    expect(byOther.people).toContain(other.email);
    expect((await get(`person=${encodeURIComponent(other.email)}&entityType=promotion`)).json().entries).toEqual([]);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
    expect((await get(`person=${encodeURIComponent(other.email)}&from=${today}&to=${today}`)).json().entries.length).toBe(1);
    expect((await get(`person=${encodeURIComponent(other.email)}&to=2020-01-01`)).json().entries).toEqual([]);
    expect((await get("from=2026-02-30")).statusCode).toBe(400);
  });
});
