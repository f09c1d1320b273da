import { describe, expect, it } from "vitest";
import { createSaveQueue } from "./save-queue";

/** A save the test answers by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("save queue: quick changes reach the server in order, and what depends on them waits", () => {
  it("runs the saves of one key one after another, and of different keys side by side", async () => {
    const queue = createSaveQueue();
    const started: string[] = [];
    const first = deferred();
    const second = deferred();
    const other = deferred();
    void queue.run("a", async () => {
      started.push("a1");
      await first.promise;
    });
    void queue.run("a", async () => {
      started.push("a2");
      await second.promise;
    });
    void queue.run("b", async () => {
      started.push("b1");
      await other.promise;
    });
    await tick();
    expect(started).toEqual(["a1", "b1"]);
    first.resolve();
    await tick();
    expect(started).toEqual(["a1", "b1", "a2"]);
    second.resolve();
    other.resolve();
  });

  it("tells an older save that a newer change of its key came after it", async () => {
    const queue = createSaveQueue();
    const seen: boolean[] = [];
    const gate = deferred();
    const older = queue.run("v1", async (latest) => {
      await gate.promise;
      seen.push(latest());
    });
    const newer = queue.run("v1", async (latest) => {
      seen.push(latest());
    });
    gate.resolve();
    await Promise.all([older, newer]);
    expect(seen).toEqual([false, true]);
  });

  it("settles only when every save is answered, a refused one included, and says whether it waited", async () => {
    const queue = createSaveQueue();
    expect(await queue.settled()).toBe(false);
    const refused = deferred();
    const accepted = deferred();
    const outcome = queue.run("a", () => refused.promise).catch((error: unknown) => error);
    void queue.run("b", () => accepted.promise);
    let settled = false;
    const waiting = queue.settled().then((waited) => {
      settled = true;
      return waited;
    });
    refused.reject(new Error("No."));
    await tick();
    expect(settled).toBe(false);
    accepted.resolve();
    expect(await waiting).toBe(true);
    expect(await outcome).toEqual(new Error("No."));
  });

  it("a refused save does not stop the next one of its key", async () => {
    const queue = createSaveQueue();
    await expect(queue.run("a", () => Promise.reject(new Error("No.")))).rejects.toThrow("No.");
    await expect(queue.run("a", async () => "saved")).resolves.toBe("saved");
  });

  it("waits too for a save queued by a save as it is answered", async () => {
    const queue = createSaveQueue();
    const order: string[] = [];
    void queue.run("upload", async () => {
      order.push("upload");
      void queue.run("notes", async () => {
        await tick();
        order.push("notes");
      });
    });
    await queue.settled();
    expect(order).toEqual(["upload", "notes"]);
  });
});
