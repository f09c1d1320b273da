// A pixel bomb is judged from its header: sharp is asked for the header (metadata) and never for pixels.
// sharp is wrapped here so every call on an image is recorded; the check does not depend on memory figures.
import type * as SharpModule from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { A4, writeCorpus, type Corpus } from "../../tests/support/artwork-corpus";

const calls: string[] = [];
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<typeof SharpModule>()).default;
  const wrapped = (...args: Parameters<typeof real>) => {
    const image = real(...args);
    return new Proxy(image, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== "function") return value;
        return (...callArgs: unknown[]) => {
          calls.push(String(property));
          const result = (value as (...a: unknown[]) => unknown).apply(target, callArgs);
          return result === target ? receiver : result;
        };
      },
    });
  };
  return { default: Object.assign(wrapped, real) };
});

const { preflightFile } = await import("./preflight-file");

let corpus: Corpus;
beforeAll(async () => {
  corpus = await writeCorpus(["bomb-60000.png", "rgb-300ppi.png"]);
});
afterAll(async () => {
  await corpus?.remove();
});

describe("a pixel bomb", () => {
  it("is refused from its header: sharp reads metadata only, never pixels", async () => {
    calls.length = 0;
    const result = await preflightFile(corpus.path("bomb-60000.png"), A4);
    expect(result.checks).toEqual([{ code: "pixels", level: "fail", message: expect.stringContaining("60000 × 60000 pixels") }]);
    expect(calls).toEqual(["metadata"]);
  });

  it("while an ordinary image is decoded in full (so the recording sees decodes)", async () => {
    calls.length = 0;
    await preflightFile(corpus.path("rgb-300ppi.png"), A4);
    expect(calls).toContain("toBuffer");
  });
});
