// The print PDF of a large design (issue 40): `npx tsx bench/design-pdf.ts [runs]`.
// A 3200 × 10000 mm banner from a template, with a 6000 × 4000 px photo 1.5 m wide (101 ppi) and a
// 2000 × 2000 px logo with transparency, made through the real worker pool (as an order makes it:
// PDF, preflight, thumbnail and proof). Prints each run's time, the PDF's size, and the process's peak
// resident memory against the worker's budget (the pool's job time limit and heap limit).
import { mkdtemp, mkdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { DESIGN_TEMPLATES } from "../domain/design/templates";
import type { Design } from "../domain/design/schema";
import { PREFLIGHT_LIMITS } from "../domain/preflight";
import { DESIGN_IMAGE_FILES, prepareDesignImage } from "../server/artwork/design-image";
import { designPdfBytes, type DesignImageFiles } from "../server/artwork/design-pdf";
import { createArtworkProcessor } from "../server/artwork/processor";

const runs = Number(process.argv[2] ?? 3);
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const dir = await mkdtemp(join(tmpdir(), "design-bench-"));
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
try {
  async function image(name: string, svg: string): Promise<DesignImageFiles> {
    const source = join(dir, `${name}.png`);
    await sharp(Buffer.from(svg)).png().toFile(source);
    const out = join(dir, name);
    await mkdir(out);
    const prepared = await prepareDesignImage(source, out);
    if (!prepared.ok) throw new Error(prepared.message);
    return { widthPx: prepared.widthPx, heightPx: prepared.heightPx, cmykPath: join(out, DESIGN_IMAGE_FILES.cmyk), alphaPath: prepared.hasAlpha ? join(out, DESIGN_IMAGE_FILES.alpha) : null };
  }
  const photo = await image("photo", `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="4000"><defs><linearGradient id="g"><stop offset="0" stop-color="#0a6"/><stop offset="1" stop-color="#fc0"/></linearGradient></defs><rect width="6000" height="4000" fill="url(#g)"/><circle cx="3000" cy="2000" r="1500" fill="#036" fill-opacity="0.5"/></svg>`);
  const logo = await image("logo", `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><circle cx="1000" cy="1000" r="900" fill="#e30613"/></svg>`);
  const base = DESIGN_TEMPLATES.find((t) => t.id === "fun-day")!.build({ widthMm: 3200, heightMm: 10_000 });
  const design: Design = {
    ...base,
    elements: [...base.elements, { id: "photo", kind: "image", imageId: "img_photo0000", widthPx: photo.widthPx, heightPx: photo.heightPx, widthMm: 1500, heightMm: 1000, fit: "contain", x: { anchor: "centre", offsetMm: 0 }, y: { anchor: "centre", offsetMm: 1500 }, locked: false }, { id: "logo", kind: "image", imageId: "img_logo00000", widthPx: logo.widthPx, heightPx: logo.heightPx, widthMm: 300, heightMm: 300, fit: "contain", x: { anchor: "start", offsetMm: 100 }, y: { anchor: "start", offsetMm: 100 }, locked: false }],
  };
  const images = { img_photo0000: photo, img_logo00000: logo };

  // In this process: the PDF alone.
  const inProcess: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    bytes = (await designPdfBytes(design, new Map(Object.entries(images)))).length;
    inProcess.push(performance.now() - started);
  }
  // Through the worker pool, as an order makes it: PDF + preflight + thumbnail + proof.
  const pool = createArtworkProcessor({ workers: 1 });
  const pooled: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = join(dir, `run-${i}.pdf`);
    const started = performance.now();
    const made = await pool.renderDesign(design, images, out);
    pooled.push(performance.now() - started);
    // A soft image the customer was warned about is the one thing preflight may say.
    if (made.preflight.verdict === "fail" || made.preflight.checks.some((c) => c.code !== "resolution")) throw new Error(`preflight: ${made.preflight.checks.map((c) => c.message).join(" ")}`);
    bytes = (await stat(out)).size;
  }
  await pool.close();
  const fmt = (ms: number[]) => ms.map((m) => `${Math.round(m)} ms`).join(", ");
  console.log(`design PDF 3200 × 10000 mm (6000 × 4000 px photo, 2000 × 2000 px logo): ${mb(bytes)} MB`);
  console.log(`  PDF only, in process:                 ${fmt(inProcess)}`);
  console.log(`  worker job (PDF, preflight, thumbnail, proof): ${fmt(pooled)}  (limit ${PREFLIGHT_LIMITS.processingTimeoutMs / 1000} s per job)`);
  console.log(`  peak resident memory of this process (pool included): ${mb(peak)} MB (worker heap limit 2048 MB)`);
} finally {
  clearInterval(sampler);
  await rm(dir, { recursive: true, force: true });
}
