import { describe, expect, it } from "vitest";
import { createConcurrencyLimit } from "./concurrency-limit";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("createConcurrencyLimit", () => {
  it("runs at most n at once, the rest in the order they came, and a failure frees its place", async () => {
    const limit = createConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const job = (i: number, fail = false) =>
      limit(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => finish.push(resolve));
        running -= 1;
        if (fail) throw new Error(`job ${i} failed`);
        return i;
      });
    const results = [job(0, true), job(1), job(2), job(3), job(4)].map((p) => p.then((v) => v, (e: Error) => e.message));
    await tick();
    expect(started).toEqual([0, 1]);
    finish.shift()!(); // job 0 fails: job 2 takes its place
    await tick();
    expect(started).toEqual([0, 1, 2]);
    while (finish.length > 0) {
      finish.shift()!();
      await tick();
    }
    expect(await Promise.all(results)).toEqual(["job 0 failed", 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);

    // Free again: the next job starts at once.
    const again = limit(async () => "now");
    expect(await again).toBe("now");
  });

  it("refuses a limit that is not a whole number of 1 or more", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => createConcurrencyLimit(bad)).toThrow(RangeError);
  });
});
