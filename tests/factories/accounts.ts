// Customers for tests: valid sign-up data with sensible defaults, and a signed-up, signed-in customer.
import type { StaffRole } from "../../domain/roles";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { SignupRequest } from "../../domain/account";

let sequence = 0;

/** A fresh client address per call keeps factories clear of the per-address rate limits. */
export function testClientAddress(): string {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

export function makeSignup(overrides: Partial<SignupRequest> = {}): SignupRequest {
  const id = randomBytes(4).toString("hex");
  return {
    title: "Ms",
    firstname: "Jane",
    lastname: "Printer",
    email: `jane.${id}@example.com`,
    telephone: "07700 900123",
    password: `Banner-${id}-Sign`,
    role: "user",
    site: "printwise",
    ...overrides,
  };
}

export type TestCustomer = { userId: number; token: string; email: string; password: string; auth: { authorization: string } };

/** Signs a customer up through the real API and returns their bearer token. */
export async function signUp(app: FastifyInstance, overrides: Partial<SignupRequest> = {}): Promise<TestCustomer> {
  const payload = makeSignup(overrides);
  const res = await app.inject({ method: "POST", url: "/api/auth/signup", payload, remoteAddress: testClientAddress() });
  expect(res.statusCode, res.body).toBe(201);
  const { userId, token } = res.json() as { userId: number; token: string };
  return { userId, token, email: payload.email, password: payload.password, auth: { authorization: `Bearer ${token}` } };
}

/** A member of staff, made the only way staff are made (addStaff), with their password set from the link. */
export async function makeStaff(app: FastifyInstance, role: StaffRole = "staff"): Promise<TestCustomer> {
  const email = `${role}.${randomBytes(4).toString("hex")}@printwise.example.com`;
  const added = await app.services.accounts.addStaff(email, role);
  if (!added.ok) throw new Error(added.message);
  const password = `Staff-Press-${randomBytes(3).toString("hex")}`;
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/password-reset/confirm",
    payload: { token: added.link.split("#token=")[1], password },
    remoteAddress: testClientAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { userId, token } = res.json() as { userId: number; token: string };
  return { userId, token, email, password, auth: { authorization: `Bearer ${token}` } };
}
