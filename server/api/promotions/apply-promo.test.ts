import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promoCodes } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const day = 24 * 3600 * 1000;
  await t.db.db.insert(promoCodes).values([
    { code: "SPRING5", percentBasisPoints: 500, activeTo: new Date(Date.now() - day) },
    { code: "FUTURE", percentBasisPoints: 500, activeFrom: new Date(Date.now() + day) },
    { code: "ONEOFF", percentBasisPoints: 1250, usageLimit: 1, uses: 1 },
    { code: "TRADE12", percentBasisPoints: 1250 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

let ip = 0;
function apply(promoCode: unknown) {
  // A fresh client address per call keeps these checks clear of the rate limit, which has its own test.
  ip += 1;
  return t.app.inject({ method: "POST", url: "/api/apply-promo", payload: { promoCode }, remoteAddress: `10.9.0.${ip}` });
}

describe("POST /api/apply-promo", () => {
  it("applies the seeded Welcome code at 10%", async () => {
    const res = await apply("Welcome");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, discount: 10, message: "Promo code applied!" });
  });

  it("is not stored when asked with credentials (answers for a signed-in customer are no-store)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/apply-promo",
      payload: { promoCode: "Welcome" },
      headers: { authorization: "Bearer not-a-session" },
      remoteAddress: "10.6.0.1",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("matches codes in any case and ignores surrounding spaces", async () => {
    expect((await apply("  wELCOME ")).json().success).toBe(true);
  });

  it("answers an unknown code with 'Invalid promo code.'", async () => {
    expect((await apply("NOPE")).json()).toEqual({ success: false, discount: 0, message: "Invalid promo code." });
  });

  it("explains an expired, a future and a used-up code", async () => {
    expect((await apply("spring5")).json()).toEqual({ success: false, discount: 0, message: "This promo code has expired." });
    expect((await apply("future")).json().message).toBe("This promo code is not active yet.");
    expect((await apply("oneoff")).json().message).toBe("This promo code is no longer available.");
  });

  it("supports fractional percentages", async () => {
    expect((await apply("TRADE12")).json().discount).toBe(12.5);
  });

  it("refuses a missing or oversized code with a 400", async () => {
    const missing = await t.app.inject({ method: "POST", url: "/api/apply-promo", payload: {}, remoteAddress: "10.8.0.1" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain("promoCode");
    const long = await apply("x".repeat(65));
    expect(long.statusCode).toBe(400);
  });

  it("rate-limits guessing: the 11th try in a minute from one address gets 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/apply-promo", payload: { promoCode: `GUESS${i}` }, remoteAddress: "10.7.0.1" });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
