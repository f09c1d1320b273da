// Property-based fuzzing of every operation in the app's own OpenAPI document (ADR 037). Each operation is
// fuzzed as a caller who passes its guard — anonymous for a public route, the owner for a customer's,
// production staff for the console's, a manager for the back office's — with the real ids of the
// authorisation fixture (their own orders, files, quotes, designs …) standing in most cases, and a
// multipart route is sent its declared parts with hostile files and file names. Every answer must be
// below 500, every 4xx a JSON body with a message, and the suite fails when an operation's answers were
// all 401/403/404: such a run tested the guard, not the handler. Guarded routes also get a short
// anonymous pass. A route added tomorrow is in the document, so it is fuzzed without a case written for it.
//
// One fixture for the file (nothing here depends on a clean one), a fixed seed (FUZZ_SEED to replay
// another), FUZZ_RUNS cases per operation (200 by default), and on one database only: the PostgreSQL pass
// skips it (the handlers are the same code; the database-specific paths have their own tests).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cmykJpeg } from "../../tests/factories/artwork";
import { makeFixture, type Fixture } from "../../tests/authz/cases";
import { blankPagePdf, encryptedPdf, hugePageCountPdf, noPagesPdf } from "../../tests/fuzz/hostile-files";
import { operationsOf, requestsFor, type FuzzFiles, type FuzzRequest, type Known, type Operation } from "../../tests/fuzz/openapi-requests";
import { testDatabaseKind } from "../../tests/setup/test-database";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";
import { createSessionStore } from "../services/sessions";
import type { RouteAccess } from "../plugins/auth";

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/** Guarded routes asked anonymously too, fewer times: the authorisation matrix checks the guard itself. */
const GUARD_RUNS = Math.max(10, Math.round(FUZZ_RUNS / 20));
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
/** FUZZ_COLLECT=1 lists every distinct problem instead of stopping at the first (for finding causes). */
const COLLECT = process.env.FUZZ_COLLECT === "1";
/** FUZZ_TIMES=1 prints each operation's CPU time (this process and its artwork threads): where the suite's time goes. */
const TIMES = process.env.FUZZ_TIMES === "1";

type Role = "anonymous" | "customer" | "staff" | "manager";
type Tally = { sent: number; reached: number; succeeded: number };
type RoutedOperation = Operation & { access: RouteAccess };

let t: TestApp;
let fx: Fixture;
let known: Known;
let files: FuzzFiles;
let operations: RoutedOperation[];
const tallies: Record<Role, Tally> = { anonymous: tally(), customer: tally(), staff: tally(), manager: tally() };
/** The short anonymous pass over guarded routes. */
const guardPass: Tally = tally();
/** Per operation, as its own caller: how many answers got past the guard. */
const reachedBy = new Map<string, number>();
const collected = new Map<string, string>();

function tally(): Tally {
  return { sent: 0, reached: 0, succeeded: 0 };
}

function randomAddress(random: () => number): string {
  const n = Math.floor(random() * 2 ** 24);
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

/** The guard's own answers: a request answered with one of these never reached the handler. */
const GUARD_ANSWERS = new Set([401, 403, 404]);

/** The caller who passes the operation's guard, with a session of its own (some calls end the one they are made with). */
async function callerFor(access: RouteAccess): Promise<{ role: Role; headers: Record<string, string> }> {
  if (access === "public") return { role: "anonymous", headers: {} };
  const who = access === "customer" ? fx.owner : access === "staff" ? fx.staff : fx.manager;
  const token = await createSessionStore(t.db.db).open(who.userId);
  return { role: access, headers: { authorization: `Bearer ${token}` } };
}

async function fuzz(op: RoutedOperation, role: Role, headers: Record<string, string>, runs: number): Promise<void> {
  const key = `${op.method} ${op.path}`;
  const own = role !== "anonymous" || op.access === "public";
  await fc.assert(
    fc.asyncProperty(requestsFor(op, own ? known : {}, files), fc.nat(), async (request, address) => {
      const res = await t.app.inject({
        method: request.method as "GET",
        url: request.url,
        headers: { ...request.headers, ...headers },
        payload: request.payload,
        remoteAddress: randomAddress(() => address / 2 ** 31),
      });
      const counts = own ? tallies[role] : guardPass;
      counts.sent += 1;
      if (own && !GUARD_ANSWERS.has(res.statusCode)) {
        counts.reached += 1;
        reachedBy.set(key, (reachedBy.get(key) ?? 0) + 1);
      }
      if (own && res.statusCode < 300) counts.succeeded += 1;
      const problem = problemWith(request, res.statusCode, res.headers["content-type"] as string | undefined, res.body);
      if (COLLECT && problem) {
        collected.set(`${key} ${problem.slice(0, 80)}`, `${request.url.slice(0, 120)} ${String(request.payload ?? "").slice(0, 200)}`);
        return;
      }
      expect(problem, `${role}: ${request.method} ${request.url.slice(0, 200)}`).toBeNull();
    }),
    { numRuns: runs, seed: SEED, endOnFailure: true },
  );
}

/** The fixture's ids, by the names the routes give them in paths, queries and bodies. */
function knownOf(f: Fixture): Known {
  const jobs = f.designJobs!;
  const orderIds = [f.owner.order.orderId, jobs.briefing.orderId, jobs.proofed.orderId, jobs.taken.orderId, jobs.dispatched!.secondOrderId];
  return {
    userId: [f.owner.userId],
    orderGroupId: [f.owner.order.orderGroupId, jobs.dispatched!.orderGroupId],
    orderId: orderIds,
    order_id: orderIds,
    clientReference: [f.owner.order.checkoutId],
    sessionId: [f.owner.order.sessionId],
    versionNumber: [1],
    version_number: [1],
    version: [1, f.prices.version],
    baseVersion: [f.prices.version],
    revision: [1],
    fileId: [f.owner.order.fileId, jobs.briefing.fileId, jobs.proofed.proofFileId],
    kind: ["original", "thumbnail", "proof", "pdf", "preview"],
    emailId: [1],
    designId: [f.design.id],
    imageId: [f.design.imageId],
    uploadId: [f.owner.uploadId],
    quoteId: [f.quoteId, f.requestId],
    index: [0],
    productId: [f.owner.productId],
    categoryId: [f.category.id],
    subcategoryId: [f.category.subcategory.id],
    promotionId: [f.promotionId],
    redesignId: [jobs.dispatched!.redesignId],
    email: [f.other.email],
  };
}

/** OpenAPI's `/api/orders/{orderId}` is the route table's `/api/orders/:orderId`. */
const routeUrl = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");

describe.skipIf(testDatabaseKind() === "postgres")("every operation in the OpenAPI document, fuzzed as a caller who passes its guard", () => {
  beforeAll(async () => {
    t = await createTestApp();
    fx = await makeFixture(t.app, { trade: true, refund: true, design: true, designJobs: "redesign" });
    known = knownOf(fx);
    files = {
      // 1200 px square at 100 ppi: it passes the fixture item's preflight (304 mm), with a warning, at 0.6 of the
      // CPU of the fixture's own 1800 px file (290 against 480 ms an upload), and every multipart route gets it often.
      picture: { contentType: "image/jpeg", data: await cmykJpeg(1200, 1200, 100) },
      "small picture": { contentType: "image/jpeg", data: await cmykJpeg(40, 40, 72) },
      "blank-page PDF": { contentType: "application/pdf", data: blankPagePdf() },
      "PDF with no pages": { contentType: "application/pdf", data: noPagesPdf() },
      "encrypted PDF": { contentType: "application/pdf", data: await encryptedPdf() },
      "PDF of 100,000 pages": { contentType: "application/pdf", data: hugePageCountPdf(100_000) },
      "random bytes": { contentType: "application/octet-stream", data: Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37 + 11) & 255)) },
    };
    const routes = new Map(t.app.routeTable.map((route) => [`${route.method} ${route.url}`, route]));
    operations = operationsOf(t.app.swagger()).map((op) => {
      const route = routes.get(`${op.method} ${routeUrl(op.path)}`);
      return { ...op, access: route?.access ?? "public", form: route?.form ?? null };
    });
    // Removals last, so what they remove is there for every other operation first.
    operations.sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
  }, 180_000);

  afterAll(async () => {
    for (const [problem, example] of collected) console.log(`PROBLEM ${problem}\n   e.g. ${example}`);
    if (operations) {
      const line = (role: Role) => `${role} ${tallies[role].reached}/${tallies[role].sent} reached (${tallies[role].succeeded} 2xx)`;
      console.log(`fuzz (seed ${SEED}, ${FUZZ_RUNS} runs): ${operations.length} operations; requests that reached the handler — ${(["anonymous", "customer", "staff", "manager"] as const).map(line).join("; ")}; and ${guardPass.sent} anonymous requests to guarded routes`);
    }
    await t?.close();
  });

  it("has operations to fuzz, each with its route's access, and a request shape for every one", () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    for (const op of operations) expect(() => requestsFor(op, known, files)).not.toThrow();
    expect(operations.filter((op) => op.form).length).toBeGreaterThanOrEqual(8);
  });

  it("answers every hostile request below 500 and every 4xx as JSON with a message, reaching every handler", async () => {
    // One test walks the live list, so an operation added later is fuzzed here with no new case.
    for (const op of operations) {
      const cpuBefore = process.cpuUsage();
      const caller = await callerFor(op.access);
      await fuzz(op, caller.role, caller.headers, FUZZ_RUNS);
      if (op.access !== "public") await fuzz(op, "anonymous", {}, GUARD_RUNS);
      const cpu = process.cpuUsage(cpuBefore);
      if (TIMES) console.log(`fuzz CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms: ${op.method} ${op.path}`);
    }
    const neverReached = operations.filter((op) => !reachedBy.get(`${op.method} ${op.path}`)).map((op) => `${op.method} ${op.path} (${op.access})`);
    expect(neverReached, "operations whose every answer was 401, 403 or 404").toEqual([]);
    for (const role of ["customer", "staff", "manager"] as const) expect(tallies[role].reached, role).toBeGreaterThan(0);
  }, 1_200_000);
});
