import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArtworkJobTimeoutError, ArtworkWorkerCrashedError, createArtworkProcessor, pickRunnable, type ArtworkProcessor } from "./processor";
import { noiseBytes } from "../../tests/factories/artwork";
import { A4, objectHeavyPdf, writeCorpus, type Corpus } from "../../tests/support/artwork-corpus";

let corpus: Corpus;
const processors: ArtworkProcessor[] = [];
function processor(options?: Parameters<typeof createArtworkProcessor>[0]) {
  const created = createArtworkProcessor(options);
  processors.push(created);
  return created;
}

beforeAll(async () => {
  corpus = await writeCorpus(["cmyk-300ppi.jpg", "cmyk-72ppi.jpg", "two-pages.pdf", "html-named.jpg"]);
});
afterAll(async () => {
  await Promise.all(processors.map((p) => p.close()));
  await corpus?.remove();
});

describe("artwork processor (worker threads)", () => {
  it("preflights, makes the print PDF and the thumbnail in a worker", async () => {
    const artwork = processor({ workers: 1 });
    const out = corpus.path("upload.print.pdf");
    const result = await artwork.processUpload(corpus.path("cmyk-300ppi.jpg"), A4, out);
    expect(result.preflight).toEqual({ verdict: "pass", checks: [] });
    expect(result.pdf).toEqual({ pageWidthMm: 210, pageHeightMm: 297 });
    expect(Buffer.isBuffer(result.thumbnailJpeg)).toBe(true);
    const meta = await sharp(result.thumbnailJpeg!).metadata();
    expect(meta.format).toBe("jpeg");
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(400);
    expect((await PDFDocument.load(await readFile(out))).getPageCount()).toBe(1);

    const proof = await sharp(await artwork.proof(out)).metadata();
    expect(proof.format).toBe("png");
    const thumbnail = await sharp(await artwork.thumbnail(corpus.path("two-pages.pdf"))).metadata();
    expect(thumbnail.format).toBe("jpeg");
  });

  it("makes nothing for a file that fails preflight", async () => {
    const artwork = processor({ workers: 1 });
    const out = corpus.path("refused.print.pdf");
    const result = await artwork.processUpload(corpus.path("cmyk-72ppi.jpg"), A4, out);
    expect(result.preflight.verdict).toBe("fail");
    expect(result).toMatchObject({ thumbnailJpeg: null, pdf: null });
    expect(existsSync(out)).toBe(false);
    expect((await artwork.preflight(corpus.path("html-named.jpg"), A4)).checks.map((c) => c.code)).toEqual(["type"]);
  });

  it("stops a job that runs past its time limit, answers 'took too long', and keeps working", async () => {
    const artwork = processor({ workers: 1 });
    // A fresh worker needs far longer than 1 ms to start, so this job cannot finish in time.
    const slow = await artwork.preflight(corpus.path("cmyk-300ppi.jpg"), A4, { timeoutMs: 1 });
    expect(slow).toEqual({
      verdict: "fail",
      checks: [{ code: "unreadable", level: "fail", message: expect.stringContaining("took too long") }],
    });
    expect(artwork.stats()).toMatchObject({ restarts: 1, workers: 0 });

    // A print PDF that times out rejects instead.
    await expect(
      artwork.processUpload(corpus.path("cmyk-300ppi.jpg"), A4, corpus.path("late.print.pdf"), { timeoutMs: 1 }),
    ).resolves.toMatchObject({ preflight: { verdict: "fail" } });
    await expect(artwork.thumbnail(corpus.path("cmyk-300ppi.jpg"), { timeoutMs: 1 })).rejects.toBeInstanceOf(ArtworkJobTimeoutError);

    // A new worker takes the next job.
    expect(await artwork.preflight(corpus.path("cmyk-300ppi.jpg"), A4)).toEqual({ verdict: "pass", checks: [] });
    expect(artwork.stats()).toMatchObject({ restarts: 3, workers: 1, busy: 0, queued: 0 });
  });

  it("replaces a worker that dies (heap limit) and answers the next job", async () => {
    const artwork = processor({ workers: 1, maxHeapMb: 64 });
    await writeFile(corpus.path("heavy.pdf"), await objectHeavyPdf(120_000));
    // mupdf (outside the JS heap) checks it fine; pdf-lib's object model exhausts 64 MB.
    expect((await artwork.preflight(corpus.path("heavy.pdf"), A4)).verdict).toBe("pass");
    const out = corpus.path("heavy.print.pdf");
    await expect(artwork.processUpload(corpus.path("heavy.pdf"), A4, out)).rejects.toBeInstanceOf(ArtworkWorkerCrashedError);
    expect(existsSync(out)).toBe(false);
    expect(artwork.stats()).toMatchObject({ restarts: 1, workers: 0 });

    expect(await artwork.preflight(corpus.path("cmyk-300ppi.jpg"), A4)).toEqual({ verdict: "pass", checks: [] });
    expect(artwork.stats()).toMatchObject({ restarts: 1, workers: 1 });
  });

  it("queues jobs beyond its workers and answers each", async () => {
    const artwork = processor({ workers: 1 });
    const results = await Promise.all([
      artwork.preflight(corpus.path("cmyk-300ppi.jpg"), A4),
      artwork.preflight(corpus.path("cmyk-72ppi.jpg"), A4),
      artwork.preflight(corpus.path("two-pages.pdf"), A4),
    ]);
    expect(results.map((r) => r.verdict)).toEqual(["pass", "fail", "warn"]);
    expect(artwork.stats().workers).toBe(1);
  });

  it("lets a small job pass a near-limit image waiting in the queue, never a second near-limit one", () => {
    const light = { heavy: false };
    const heavy = { heavy: true };
    expect(pickRunnable([heavy, light], { lightFree: true, heavyFree: false })).toBe(1);
    expect(pickRunnable([heavy, light], { lightFree: true, heavyFree: true })).toBe(0);
    expect(pickRunnable([heavy, heavy], { lightFree: true, heavyFree: false })).toBe(-1);
    expect(pickRunnable([light, heavy], { lightFree: false, heavyFree: true })).toBe(1);
    expect(pickRunnable([], { lightFree: true, heavyFree: true })).toBe(-1);
  });

  it("starts a small check beside a near-limit image even with one light worker (two lanes)", async () => {
    // One light worker (the size of the pool on 2 cores) and "near the limit" lowered to 1 MP.
    const artwork = processor({ workers: 1, heavyMegapixels: 1 });
    const noise = noiseBytes(3000 * 3000 * 3);
    await sharp(noise, { raw: { width: 3000, height: 3000, channels: 3 } }).png({ compressionLevel: 1 }).toFile(corpus.path("lane-heavy.png"));
    // The light worker (a 0.5 MP image) is started first, as it is in a shop that has checked any file.
    await artwork.preflight(corpus.path("cmyk-72ppi.jpg"), A4);
    const seen: Array<{ busy: number; heavy: number }> = [];
    const large = artwork.thumbnail(corpus.path("lane-heavy.png"));
    // Queued after the large one has started: it must start beside it, not after it.
    while (artwork.stats().heavy === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const small = artwork.preflight(corpus.path("cmyk-72ppi.jpg"), A4);
    let running = true;
    const watch = (async () => {
      while (running) {
        seen.push(artwork.stats());
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all([large, small]);
    running = false;
    await watch;
    expect(seen.some((s) => s.busy === 2 && s.heavy === 1)).toBe(true);
    expect(artwork.stats().workers).toBe(2);
  });

  it("works on one near-limit image at a time: the second waits in the queue though a worker is free", async () => {
    // Two workers, and "near the limit" lowered to 1 MP so that 3,000 × 3,000 px of noise counts.
    const artwork = processor({ workers: 2, heavyMegapixels: 1 });
    const noise = (seed: number) => noiseBytes(3000 * 3000 * 3, seed);
    for (const [index, name] of ["heavy-1.png", "heavy-2.png"].entries()) {
      await sharp(noise(index), { raw: { width: 3000, height: 3000, channels: 3 } }).png({ compressionLevel: 1 }).toFile(corpus.path(name));
    }
    const seen: Array<{ busy: number; heavy: number; queued: number }> = [];
    let running = true;
    const watch = (async () => {
      while (running) {
        seen.push(artwork.stats());
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const thumbnails = await Promise.all([artwork.thumbnail(corpus.path("heavy-1.png")), artwork.thumbnail(corpus.path("heavy-2.png"))]);
    running = false;
    await watch;
    expect(thumbnails.every((jpeg) => jpeg.length > 0)).toBe(true);
    // Without the gate both would run at once, one per worker.
    expect(seen.reduce((most, s) => Math.max(most, s.heavy), 0)).toBe(1);
    // And they did overlap in time: the second was queued while the first ran.
    expect(seen.some((s) => s.heavy === 1 && s.queued === 1)).toBe(true);
  });

  it("rejects jobs after close", async () => {
    const artwork = processor({ workers: 1 });
    await artwork.close();
    await expect(artwork.preflight(corpus.path("cmyk-300ppi.jpg"), A4)).rejects.toThrow("closed");
  });
});
