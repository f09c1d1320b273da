import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as mupdf from "mupdf";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderPlan } from "../../domain/design/render-plan";
import type { Design } from "../../domain/design/schema";
import { DESIGN_TEMPLATES } from "../../domain/design/templates";
import { pointsToMm } from "../../domain/preflight";
import { DESIGN_IMAGE_FILES, prepareDesignImage } from "./design-image";
import { designPdfBytes, type DesignImageFiles } from "./design-pdf";
import { preflightFile } from "./preflight-file";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "design-pdf-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const A4 = { widthMm: 210, heightMm: 297 };

async function preflightOf(bytes: Uint8Array, design: Design) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  return preflightFile(file, { widthMm: design.widthMm, heightMm: design.heightMm, orientation: "Custom", versions: 1 });
}

/** Text rows as MuPDF reads them back from the page, top to bottom. */
function textLines(bytes: Uint8Array): string[] {
  const doc = mupdf.Document.openDocument(bytes, "application/pdf");
  const json = JSON.parse(doc.loadPage(0).toStructuredText("preserve-whitespace").asJSON()) as { blocks: { lines?: { text: string; bbox: { y: number } }[] }[] };
  return json.blocks.flatMap((block) => block.lines ?? []).sort((a, b) => a.bbox.y - b.bbox.y).map((line) => line.text);
}

async function logo(widthPx: number, heightPx: number): Promise<{ files: DesignImageFiles; id: string }> {
  const source = path.join(dir, `logo-${widthPx}.png`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}"><circle cx="${widthPx / 2}" cy="${heightPx / 2}" r="${widthPx / 3}" fill="#e30613"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(source);
  const out = await mkdtemp(path.join(dir, "img-"));
  const prepared = await prepareDesignImage(source, out);
  if (!prepared.ok) throw new Error(prepared.message);
  expect(prepared.hasAlpha).toBe(true);
  return {
    id: `img_logo${widthPx}xxxx`,
    files: { widthPx: prepared.widthPx, heightPx: prepared.heightPx, cmykPath: path.join(out, DESIGN_IMAGE_FILES.cmyk), alphaPath: path.join(out, DESIGN_IMAGE_FILES.alpha) },
  };
}

describe("a design's print PDF", () => {
  const design = DESIGN_TEMPLATES.find((t) => t.id === "fun-day")!.build({ widthMm: 3000, heightMm: 1000 });

  it("is exactly the design's size, with vector text in embedded subsets, and passes preflight with nothing to say", async () => {
    const bytes = await designPdfBytes(design, new Map());
    const doc = mupdf.Document.openDocument(bytes, "application/pdf") as mupdf.PDFDocument;
    const page = doc.loadPage(0) as mupdf.PDFPage;
    const [x0, y0, x1, y1] = page.getBounds();
    expect(Math.abs(pointsToMm(x1 - x0) - 3000)).toBeLessThan(0.1);
    expect(Math.abs(pointsToMm(y1 - y0) - 1000)).toBeLessThan(0.1);
    // MediaBox = TrimBox ± 0.1 mm, across and down, and both are the ordered size.
    const box = (name: "MediaBox" | "TrimBox") => {
      const b = page.getObject().get(name);
      return { widthMm: pointsToMm(b.get(2).asNumber() - b.get(0).asNumber()), heightMm: pointsToMm(b.get(3).asNumber() - b.get(1).asNumber()) };
    };
    const media = box("MediaBox");
    const trim = box("TrimBox");
    expect(Math.abs(media.widthMm - trim.widthMm)).toBeLessThan(0.1);
    expect(Math.abs(media.heightMm - trim.heightMm)).toBeLessThan(0.1);
    expect(Math.abs(trim.widthMm - 3000)).toBeLessThan(0.1);
    expect(Math.abs(trim.heightMm - 1000)).toBeLessThan(0.1);
    const text = Buffer.from(bytes).toString("latin1");
    expect(text).toMatch(/\/FontFile2/);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DancingScript/);
    expect(text).not.toMatch(/\/DeviceRGB|\/Image/);
    expect(await preflightOf(bytes, design)).toEqual({ verdict: "pass", checks: [] });
  });

  it("breaks text into the same lines as the shared layout", async () => {
    const menu = DESIGN_TEMPLATES.find((t) => t.id === "cafe-menu")!.build(A4);
    const expected = renderPlan(menu).drawables.flatMap((d) => (d.kind === "text" ? d.lines.map((l) => l.text) : []));
    const lines = textLines(await designPdfBytes(menu, new Map()));
    expect(lines.map((l) => l.trim())).toEqual(expected.map((l) => l.trim()));
  });

  it("is the same bytes for the same design", async () => {
    const [a, b] = await Promise.all([designPdfBytes(design, new Map()), designPdfBytes(design, new Map())]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("places a logo in CMYK at full resolution with its transparency; only a low resolution is reported", async () => {
    const { id, files } = await logo(600, 600);
    const withLogo: Design = {
      ...design,
      elements: [...design.elements, { id: "logo", kind: "image", imageId: id, widthPx: 600, heightPx: 600, widthMm: 300, heightMm: 300, fit: "contain", x: { anchor: "start", offsetMm: 40 }, y: { anchor: "start", offsetMm: 40 }, locked: false }],
    };
    const bytes = await designPdfBytes(withLogo, new Map([[id, files]]));
    const text = Buffer.from(bytes).toString("latin1");
    expect(text).toMatch(/\/SMask/);
    expect(text).toMatch(/\/Width 600/);
    // 600 px across 300 mm is 51 ppi: the one thing preflight says.
    const preflight = await preflightOf(bytes, withLogo);
    expect(preflight.checks.map((c) => c.code)).toEqual(["resolution"]);
    const sharper = { ...withLogo, elements: withLogo.elements.map((e) => (e.kind === "image" ? { ...e, widthMm: 80, heightMm: 80 } : e)) };
    expect((await preflightOf(await designPdfBytes(sharper, new Map([[id, files]])), sharper)).verdict).toBe("pass");
  });

  it("refuses a design whose image was not supplied", async () => {
    const broken: Design = { ...design, background: { ...design.background, image: { imageId: "img_missing000", widthPx: 10, heightPx: 10, fit: "cover" } } };
    await expect(designPdfBytes(broken, new Map())).rejects.toThrow(/img_missing000/);
  });
});
