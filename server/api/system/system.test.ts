import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { READINESS_TIMEOUT_MS } from "./routes";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("liveness and readiness", () => {
  it("live: 200 without touching the database or the storage", async () => {
    const query = vi.spyOn(t.app.services.db.db, "execute");
    const lookup = vi.spyOn(t.app.services.storage, "exists");
    const res = await get("/api/health/live");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(query).not.toHaveBeenCalled();
    expect(lookup).not.toHaveBeenCalled();
  });

  it("ready: 200 naming the database and storage it checked", async () => {
    const res = await get("/api/health/ready");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready", database: t.app.services.db.kind, storage: "disk" });
  });

  it("ready: 503 naming the storage when it cannot be reached", async () => {
    vi.spyOn(t.app.services.storage, "exists").mockRejectedValue(new Error("connect ECONNREFUSED 127.0.0.1:9000"));
    const res = await get("/api/health/ready");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "unavailable", failed: ["storage"], error: "File storage unreachable" });
    expect(res.body).not.toContain("ECONNREFUSED");
  });

  it("ready: 503 naming the database when it does not answer in time", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(t.app.services.db.db, "execute").mockReturnValue(new Promise(() => {}) as never);
    // The storage answers at once: a real disk lookup on a loaded machine could still be waiting when the
    // fake clock jumps past the timeout, and would then be named too.
    vi.spyOn(t.app.services.storage, "exists").mockResolvedValue(false);
    const answer = get("/api/health/ready");
    await vi.advanceTimersByTimeAsync(READINESS_TIMEOUT_MS);
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "unavailable", failed: ["database"], error: "Database unreachable" });
  });
});
