// The authorisation matrix, generated from the app's own route table (DECISIONS rule 9): every API route
// declares who may call it, and every guarded route is called anonymously, as another customer and as
// its owner (or as a customer and as staff).
//
// A case that changes nothing (a GET or HEAD, or one whose expected answer is a refusal) runs on one fixture
// built once for the file, with every part (trade, refund, design, design service); a case that changes
// something gets a fixture of its own, so no case sees another's change. The people in them (another
// customer, staff, a manager) are made once per app (tests/authz/cases.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTHZ_CASES, makeFixture, type AuthzCase, type Fixture } from "../../tests/authz/cases";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";

let t: TestApp;
let shared: Promise<Fixture> | null = null;
/** The fixture every case that changes nothing shares: made on first use, once. */
const sharedFixture = () => (shared ??= makeFixture(t.app, { trade: true, refund: true, design: true, designJobs: "redesign" }));
/** A read, or a call the shop refuses: nothing in the fixture is different afterwards. */
const changesNothing = (route: string, entry: AuthzCase) => route.startsWith("GET ") || route.startsWith("HEAD ") || entry.ok >= 400;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Fastify's own HEAD beside every GET is left out; a HEAD route of its own (tus) is checked like any other.
const apiRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith("/api/") && (route.method !== "HEAD" || route.ownHead) && route.method !== "OPTIONS");
const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe("the route table", () => {
  it("declares who may call every API route", () => {
    const undeclared = apiRoutes().filter((route) => !route.access).map(key);
    expect(undeclared).toEqual([]);
  });

  it("has a matrix case for every guarded route, and no case for a route that does not exist", () => {
    const guarded = apiRoutes().filter((route) => route.access !== "public").map(key);
    expect(guarded.filter((route) => !(route in AUTHZ_CASES))).toEqual([]);
    const known = new Set(apiRoutes().map(key));
    expect(Object.keys(AUTHZ_CASES).filter((route) => !known.has(route))).toEqual([]);
  });

  it("matches each case's scope to the route's declared access", () => {
    for (const route of apiRoutes()) {
      const entry = AUTHZ_CASES[key(route)];
      if (!entry) continue;
      expect(entry.scope === "owned" || entry.scope === "self" ? "customer" : entry.scope, key(route)).toBe(route.access);
    }
  });
});

describe.each(Object.entries(AUTHZ_CASES))("%s", (route, entry) => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = changesNothing(route, entry)
      ? await sharedFixture()
      : await makeFixture(t.app, { trade: entry.trade === true, refund: entry.refund === true, design: entry.design === true, designJobs: entry.designJobs ?? false });
  }, 120_000);

  const call = (auth: Record<string, string>) => {
    const request = entry.request(fx);
    return t.app.inject({ ...request, headers: { ...(request.headers ?? {}), ...auth } });
  };

  it("anonymous → 401", async () => {
    const res = await call({});
    expect(res.statusCode, res.body).toBe(401);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  if (entry.scope === "owned") {
    it("another customer → 404", async () => {
      const res = await call(fx.other.auth);
      expect(res.statusCode, res.body).toBe(404);
    });
  }

  if (entry.scope === "staff" || entry.scope === "manager") {
    it("a customer → 404", async () => {
      const res = await call(fx.owner.auth);
      expect(res.statusCode, res.body).toBe(404);
    });
  }

  if (entry.scope === "manager") {
    it("production staff → 404", async () => {
      const res = await call(fx.staff.auth);
      expect(res.statusCode, res.body).toBe(404);
    });
  }

  const caller = { owned: "the owner", self: "the owner", staff: "staff", manager: "a manager" }[entry.scope];
  it(`${caller} → ${entry.ok}`, async () => {
    const res = await call(entry.scope === "staff" ? fx.staff.auth : entry.scope === "manager" ? fx.manager.auth : fx.owner.auth);
    expect(res.statusCode, res.body).toBe(entry.ok);
  });
});
