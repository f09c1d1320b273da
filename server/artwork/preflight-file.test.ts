import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preflightFile } from "./preflight-file";
import { A4, CORPUS, writeCorpus, type Corpus } from "../../tests/support/artwork-corpus";

let corpus: Corpus;
beforeAll(async () => {
  corpus = await writeCorpus();
});
afterAll(async () => {
  await corpus?.remove();
});

describe("preflightFile on the corpus (ordered A4 portrait, one version)", () => {
  for (const file of CORPUS) {
    it(`${file.name} → ${file.verdict} ${file.codes.join(", ") || "(no checks)"}`, async () => {
      const result = await preflightFile(corpus.path(file.name), file.ordered ?? A4);
      expect(result.verdict).toBe(file.verdict);
      expect(result.checks.map((check) => check.code).sort()).toEqual([...file.codes].sort());
    });
  }
});

describe("preflight messages carry the figures", () => {
  it("states the effective ppi and the ordered size", async () => {
    const result = await preflightFile(corpus.path("cmyk-120ppi.jpg"), A4);
    expect(result.checks[0]!.message).toBe("Your image is 120 ppi at 210 × 297 mm. Below 150 ppi it may look soft; 300 ppi is ideal.");
  });

  it("names the shapes of artwork and order", async () => {
    const result = await preflightFile(corpus.path("square.jpg"), A4);
    expect(result.checks[0]!.message).toContain("Your artwork is 1:1 but the ordered size is 210 × 297 mm (1:1.41)");
  });

  it("counts pages against versions", async () => {
    const result = await preflightFile(corpus.path("two-pages.pdf"), A4);
    expect(result.checks[0]!.message).toBe("The PDF has 2 pages but you ordered 1 version; only the first page will be printed.");
    expect((await preflightFile(corpus.path("two-pages.pdf"), { ...A4, versions: 2 })).verdict).toBe("pass");
  });

  it("judges a PDF image by where it is placed, scaled to the ordered size", async () => {
    const result = await preflightFile(corpus.path("image-36ppi.pdf"), A4);
    expect(result.checks[0]!.message).toMatch(/^An image in your PDF is 36 ppi at 210 × 297 mm\./);
    // The same page printed at A5 (1/√2 of A4) has √2 times the ppi: 50.9, read as 51.
    const a5 = await preflightFile(corpus.path("image-36ppi.pdf"), { ...A4, widthMm: 148, heightMm: 210 });
    expect(a5.checks.map((c) => c.message)).toEqual([expect.stringMatching(/^An image in your PDF is 51 ppi at 148 × 210 mm\./)]);
  });

  it("treats a landscape order of a landscape file as a match", async () => {
    const result = await preflightFile(corpus.path("landscape-a4.jpg"), { ...A4, orientation: "Landscape" });
    expect(result.verdict).toBe("pass");
  });
});

describe("a pixel bomb", () => {
  // That it is judged from its header alone, without decoding, is checked in pixel-bomb.test.ts.
  it("is refused for more than 300 megapixels even when the file could hold them", async () => {
    // 20000 × 16000 = 320 MP: a header alone, but a 1 MB body makes the size plausible for PNG.
    const { pngClaiming } = await import("../../tests/support/artwork-corpus");
    const plausible = Buffer.concat([pngClaiming(20000, 16000), Buffer.alloc(1024 * 1024)]);
    await writeFile(corpus.path("big.png"), plausible);
    const result = await preflightFile(corpus.path("big.png"), A4);
    expect(result.checks.map((c) => [c.code, c.level])).toEqual([["pixels", "fail"]]);
    expect(result.checks[0]!.message).toContain("(320 megapixels); we accept up to 300 megapixels");
  });
});

describe("files that are not what they seem", () => {
  it("recognises a PDF whose header is not at byte 0", async () => {
    const { readFile } = await import("node:fs/promises");
    const pdf = await readFile(corpus.path("cmyk-vector.pdf"));
    await writeFile(corpus.path("junk-first.bin"), Buffer.concat([Buffer.from("junk before the header\n"), pdf]));
    expect((await preflightFile(corpus.path("junk-first.bin"), A4)).verdict).toBe("pass");
  });

  it("names a recognised but refused type", async () => {
    const gif = await (await import("sharp")).default({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).gif().toBuffer();
    await writeFile(corpus.path("really-a-gif.png"), gif);
    const result = await preflightFile(corpus.path("really-a-gif.png"), A4);
    expect(result.checks).toEqual([{ code: "type", level: "fail", message: expect.stringMatching(/^This file is a GIF file/) }]);
  });

  it("answers an empty file as unreadable", async () => {
    await writeFile(corpus.path("empty.jpg"), Buffer.alloc(0));
    expect((await preflightFile(corpus.path("empty.jpg"), A4)).checks.map((c) => c.code)).toEqual(["unreadable"]);
  });
});
