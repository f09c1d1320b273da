// Rate limits on PostgreSQL are counted in one table, so two shop processes on one database allow the
// limit once between them, exactly, even when the requests race. On PGlite there is one process and the
// plugin's memory store is used, so this file runs on PostgreSQL only (npm run test:pg, CI).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPeerApp, createTestApp, type TestApp } from "../../tests/setup/test-app";
import { testDatabaseKind } from "../../tests/setup/test-database";
import { rateLimits } from "../../db/schema";
import { sweepRateLimits } from "./rate-limit-store";

const onPostgres = testDatabaseKind() === "postgres";

describe.skipIf(!onPostgres)("rate limits shared by every process", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createPeerApp(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  // POST /api/apply-promo allows 10 a minute per client address.
  const applyPromo = (t: TestApp, remoteAddress: string) => t.app.inject({ method: "POST", url: "/api/apply-promo", payload: { promoCode: "welcome" }, remoteAddress });

  it("20 racing requests from one address, split across two processes: exactly 10 pass", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => applyPromo(i % 2 === 0 ? first : second, "203.0.113.7")));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = answers.find((a) => a.statusCode === 429)!;
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().message).toMatch(/try again/i);
    // Another address has its own count, in either process.
    expect((await applyPromo(second, "203.0.113.8")).statusCode).toBe(200);
  });

  it("a window that has passed starts again at 1, and passed windows are swept", async () => {
    for (let i = 0; i < 10; i++) expect((await applyPromo(first, "198.51.100.4")).statusCode).toBe(200);
    expect((await applyPromo(second, "198.51.100.4")).statusCode).toBe(429);
    // The window ends now (as if a minute had passed).
    await first.db.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key like '%198.51.100.4'`);
    expect((await applyPromo(second, "198.51.100.4")).statusCode).toBe(200);
    expect((await applyPromo(first, "198.51.100.4")).headers["x-ratelimit-remaining"]).toBe("8");
    await first.db.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second'`);
    expect(await sweepRateLimits(first.db.db)).toBeGreaterThanOrEqual(3);
    expect(await first.db.db.select({ key: rateLimits.key }).from(rateLimits)).toEqual([]);
  });
});
