// The authorisation matrix's cases: how to call each guarded route on behalf of an owner. The matrix test
// (server/api/authorization.test.ts) reads the app's route table and fails for any guarded route that has
// no case here, so a route added later cannot skip the check.
import type { FastifyInstance, InjectOptions } from "fastify";
import { signUp, type TestCustomer } from "../factories/accounts";

export type Fixture = {
  owner: TestCustomer;
  other: TestCustomer;
  /** Present once staff routes exist (the staff console). */
  staff?: TestCustomer;
};

/**
 * `owned`: the request names the owner's data (an id in the path or body): anonymous → 401, another
 * customer → 404, the owner → `ok`. `self`: the request names no id and serves whoever calls:
 * anonymous → 401, the owner → `ok`. `staff`: anonymous → 401, a customer → 404, staff → `ok`.
 */
export type AuthzCase = {
  scope: "owned" | "self" | "staff";
  request: (fx: Fixture) => Omit<InjectOptions, "headers">;
  ok: number;
};

export async function makeFixture(app: FastifyInstance): Promise<Fixture> {
  const [owner, other] = await Promise.all([signUp(app), signUp(app)]);
  return { owner, other };
}

const address = {
  first_name: "Jane",
  last_name: "Printer",
  company: "",
  address1: "1 High Street",
  address2: "",
  town: "Leeds",
  county: "",
  postcode: "LS1 4AP",
  country: "United Kingdom",
};

export const AUTHZ_CASES: Record<string, AuthzCase> = {
  "GET /api/auth/me": { scope: "self", ok: 200, request: () => ({ method: "GET", url: "/api/auth/me" }) },
  "POST /api/auth/logout": { scope: "self", ok: 200, request: () => ({ method: "POST", url: "/api/auth/logout" }) },
  "PUT /api/user/me": {
    scope: "self",
    ok: 200,
    request: (fx) => ({
      method: "PUT",
      url: "/api/user/me",
      payload: { firstname: "Jane", lastname: "Printer", email: fx.owner.email, telephone: "07700900123" },
    }),
  },
  "GET /api/user/address/:userId": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "GET", url: `/api/user/address/${fx.owner.userId}` }),
  },
  "POST /api/checkout/address": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "POST", url: "/api/checkout/address", payload: { userId: fx.owner.userId, billing: address } }),
  },
};
