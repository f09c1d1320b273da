// Dates checked once at the edge, and ids and whole numbers in range everywhere (issue 39, item 2; ADR 038): every integer a request may carry
// — in a path, a query or a JSON body — is declared with a maximum no larger than an `integer` column
// holds, so 2147483648 is a clear 400 at the edge and never an out-of-range query. Read from the live
// API document, so a route added later is held to it with no new case.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ROW_ID } from "../../domain/ids";
import { makeStaff } from "../../tests/factories/accounts";
import { operationsOf, type JsonSchema } from "../../tests/fuzz/openapi-requests";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Where in a schema an integer has no maximum, or one past MAX_ROW_ID. */
function unbounded(schema: JsonSchema | undefined, at: string, out: string[], depth = 0): void {
  if (!schema || depth > 12) return;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes("integer") && (schema.maximum === undefined || schema.maximum > MAX_ROW_ID)) out.push(at);
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) unbounded(variant, at, out, depth + 1);
  for (const [name, sub] of Object.entries(schema.properties ?? {})) unbounded(sub, `${at}.${name}`, out, depth + 1);
  if (schema.items) unbounded(schema.items, `${at}[]`, out, depth + 1);
  if (typeof schema.additionalProperties === "object") unbounded(schema.additionalProperties, `${at}.*`, out, depth + 1);
}

describe("whole numbers a request may carry", () => {
  it("are bounded by what an integer column holds, in every path, query and JSON body", () => {
    const found: string[] = [];
    for (const op of operationsOf(t.app.swagger())) {
      for (const p of op.parameters) unbounded(p.schema, `${op.method} ${op.path} ${p.in} ${p.name}`, found);
      unbounded(op.jsonBody ?? undefined, `${op.method} ${op.path} body`, found);
    }
    expect(found).toEqual([]);
  });

  it("answers 2147483648 as a version to restore with a 400, not an out-of-range query", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/manage/products/1/prices/restore", payload: { version: 2_147_483_648, baseVersion: 1 }, headers: await managerAuth() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/version/);
  });
});

let manager: Promise<Record<string, string>> | null = null;
function managerAuth() {
  manager ??= makeStaff(t.app, "manager").then((m) => m.auth);
  return manager;
}

describe("a date that comes in", () => {
  for (const receivedOn of ["x", "", "2026-13-45", "2026-02-30", "0000-01-01", 20261125]) {
    it(`is checked at the edge: a payment received on ${JSON.stringify(receivedOn)} is a 400`, async () => {
      const res = await t.app.inject({ method: "POST", url: "/api/manage/trade-accounts/1/payments", payload: { orderGroupId: 1, amountPence: 100, receivedOn }, headers: await managerAuth() });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/The date/);
    });
  }

  it("is checked the same way in a promotion (31 February is not a day)", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/manage/promotions", payload: { code: "FEB31", description: "", percent: 5, startsOn: "2026-02-31", endsOn: null, usageLimit: null, perCustomerLimit: null, minSpendPence: 0, newCustomersOnly: false, paused: false }, headers: await managerAuth() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain("The start date is not a real date");
  });
});
