// Memory of the artwork processor on near-limit images:
// `npx tsx bench/heavy-image.ts [megapixels] [copies] [workers]`.
// Makes a PNG of the given size (default 300 MP, about 1 MB on disk), then preflights and makes its print PDF
// `copies` times at once through the real processor, sampling the whole process's resident memory every
// 20 ms. Prints the baseline, the peak and the figure a few seconds after the last job, in MB.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { OrderedArtwork } from "../domain/preflight";
import { createArtworkProcessor } from "../server/artwork/processor";

const megapixels = Number(process.argv[2] ?? 300);
const copies = Number(process.argv[3] ?? 1);
const workers = Number(process.argv[4] ?? 2);
const width = 20_000;
const height = Math.floor((megapixels * 1_000_000) / width);
const mb = (bytes: number) => Math.round(bytes / 1_048_576);

const dir = await mkdtemp(join(tmpdir(), "heavy-image-"));
try {
  const png = join(dir, "heavy.png");
  // Written in strips by libvips; a plain colour with a gradient so the file is small but not trivial.
  await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 110, b: 100 } }, limitInputPixels: false })
    .png({ compressionLevel: 9 })
    .toFile(png);
  const bytes = (await stat(png)).size;
  const processor = createArtworkProcessor({ workers });
  // A first small job loads the worker's modules, so the baseline includes them.
  const tiny = join(dir, "tiny.png");
  await sharp({ create: { width: 100, height: 100, channels: 3, background: "#fff" } }).png().toFile(tiny);
  await processor.thumbnail(tiny);
  await new Promise((r) => setTimeout(r, 500));
  const baseline = process.memoryUsage().rss;

  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  // 1,000 × 1,000 mm at 150 ppi wants 5,906 px; the image is judged at the ordered size like any upload.
  const ordered: OrderedArtwork = { widthMm: 1000, heightMm: 750, orientation: "Landscape", versions: 1 };
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: copies }, (_, i) =>
      processor.processUpload(png, ordered, join(dir, `out-${i}.pdf`)).then(
        (done) => `${done.preflight.verdict}${done.pdf ? " + print PDF" : ""}`,
        (error: unknown) => `error: ${String(error)}`,
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const peakDuring = peak;
  await new Promise((r) => setTimeout(r, 5000));
  clearInterval(sampler);
  const after = process.memoryUsage().rss;
  console.log(
    JSON.stringify({ megapixels, fileMB: +(bytes / 1_048_576).toFixed(2), copies, workers, results, seconds: +seconds.toFixed(1), rssMB: { baseline: mb(baseline), peak: mb(peakDuring), after5s: mb(after) } }),
  );
  await processor.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
