// Property-based fuzzing of every operation in the app's own OpenAPI document (issue: hardening). Each
// operation gets FUZZ_RUNS hostile requests anonymously and FUZZ_RUNS signed in (as a customer, or as
// staff for the staff console's calls), from a fresh client address each so the rate limits do not
// hide the code behind them. Every answer must be below 500, and every 4xx a JSON body with a message.
// A route added tomorrow is in the document, so it is fuzzed without anyone writing a case for it.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStaff, signUp, type TestCustomer } from "../../tests/factories/accounts";
import { placeOrder, saveTestAddresses } from "../../tests/factories/checkout";
import { designedOrder } from "../../tests/factories/design-jobs";
import { operationsOf, requestsFor, type FuzzRequest, type Operation } from "../../tests/fuzz/openapi-requests";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";
import { blankDesign } from "../../domain/design/templates";

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

let t: TestApp;
let customer: TestCustomer;
let staff: TestCustomer;
let known: Record<string, (string | number)[]>;
let operations: Operation[];
const counts = { anonymous: 0, signedIn: 0 };
/** FUZZ_COLLECT=1 lists every distinct problem instead of stopping at the first (for finding causes). */
const COLLECT = process.env.FUZZ_COLLECT === "1";
const collected = new Map<string, string>();

function randomAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 24);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** What is wrong with an answer, or null when it is one the shop may give. */
function problemWith(request: FuzzRequest, statusCode: number, contentType: string | undefined, body: string): string | null {
  if (statusCode >= 500) return `${statusCode} for ${request.shape}: ${body.slice(0, 300)}`;
  if (statusCode < 400) return null;
  if (!(contentType ?? "").startsWith("application/json")) return `${statusCode} without a JSON body (${contentType ?? "no content type"})`;
  // An answer to HEAD has no body (its headers say it would be JSON).
  if (request.method === "HEAD") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${statusCode} with a body that is not JSON`;
  }
  const message = (parsed as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() !== "" ? null : `${statusCode} without a message: ${body.slice(0, 200)}`;
}

async function fuzz(op: Operation, who: TestCustomer | null): Promise<void> {
  const headers = who ? who.auth : {};
  await fc.assert(
    fc.asyncProperty(requestsFor(op, who ? known : {}), async (request) => {
      const res = await t.app.inject({
        method: request.method as "GET",
        url: request.url,
        headers: { ...request.headers, ...headers },
        payload: request.payload,
        remoteAddress: randomAddress(),
      });
      if (who) counts.signedIn += 1;
      else counts.anonymous += 1;
      const problem = problemWith(request, res.statusCode, res.headers["content-type"] as string | undefined, res.body);
      if (COLLECT && problem) {
        collected.set(`${op.method} ${op.path} ${problem.slice(0, 80)}`, `${request.url.slice(0, 120)} ${String(request.payload ?? "").slice(0, 200)}`);
        return;
      }
      expect(problem, `${request.method} ${request.url.slice(0, 200)}`).toBeNull();
    }),
    { numRuns: FUZZ_RUNS, seed: SEED, endOnFailure: true },
  );
}

beforeAll(async () => {
  t = await createTestApp();
  operations = operationsOf(t.app.swagger());
  customer = await signUp(t.app);
  await saveTestAddresses(t.app, customer);
  const order = await placeOrder(t.app, customer);
  // An item with the design service too, so the design routes are reached past their ownership check.
  const designed = await designedOrder(t.app, customer);
  staff = await makeStaff(t.app);
  const orderIds = [...order.orders.map((o) => o.id), designed.orderId];
  const design = await t.app.services.designs.create(customer.userId, { name: "Fuzz", productSlug: "pvc-banner", document: blankDesign({ widthMm: 1200, heightMm: 800 }) });
  if (!design.ok) throw new Error(design.message);
  // A resumable upload of the customer's, so the tus routes are reached past the ownership check.
  const b64 = (text: string) => Buffer.from(text).toString("base64");
  const upload = await t.app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: { ...customer.auth, "tus-resumable": "1.0.0", "upload-length": "100000", "upload-metadata": `purpose ${b64("artwork")},orderId ${b64(String(orderIds[0]))},version ${b64("1")}` },
  });
  expect(upload.statusCode, upload.body).toBe(201);
  known = {
    userId: [customer.userId],
    orderGroupId: [order.orderGroupId],
    orderId: orderIds,
    clientReference: [order.checkoutId],
    sessionId: [order.sessionId],
    versionNumber: [1],
    fileId: [1],
    kind: ["original", "thumbnail", "proof", "pdf"],
    emailId: [1],
    designId: [design.design.id],
    uploadId: [/[0-9a-f]{32}$/.exec(String(upload.headers.location))![0]],
  };
}, 120_000);

afterAll(async () => {
  for (const [problem, example] of collected) console.log(`PROBLEM ${problem}\n   e.g. ${example}`);
  console.log(`fuzz (seed ${SEED}): ${operations.length} operations, ${counts.anonymous} anonymous and ${counts.signedIn} signed-in requests`);
  await t.close();
});

describe("every operation in the OpenAPI document, fuzzed", () => {
  it("has operations to fuzz, and a request shape for every one of them", () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    for (const op of operations) expect(() => requestsFor(op, known)).not.toThrow();
  });

  it("answers every hostile request below 500, and every 4xx as JSON with a message", async () => {
    // One test walks the live list, so an operation added later is fuzzed here with no new case.
    for (const op of operations) {
      await fuzz(op, null);
      // Some calls end the session they are made with (logout): each operation starts signed in afresh.
      const base = op.path.startsWith("/api/staff") ? staff : customer;
      const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: base.email, password: base.password }, remoteAddress: randomAddress() });
      expect(login.statusCode, login.body).toBe(200);
      const token = (login.json() as { token: string }).token;
      await fuzz(op, { ...base, token, auth: { authorization: `Bearer ${token}` } });
    }
    expect(counts.anonymous).toBeGreaterThanOrEqual(operations.length * FUZZ_RUNS);
    expect(counts.signedIn).toBeGreaterThanOrEqual(operations.length * FUZZ_RUNS);
  }, 600_000);
});
