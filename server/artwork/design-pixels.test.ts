// The print PDF against the editor's own drawing of the same design (issue 40): for every template at A4
// portrait and on a 3000 × 1000 mm banner, the server's PDF rendered by MuPDF and the editor's SVG
// (DesignSvg, the component the editor draws with) rendered by headless Chromium, at the same pixel size.
// Pixels whose colour differs by more than PIXEL_TOLERANCE on any channel are counted; they must stay
// under MAX_DIFFERENT of the image (anti-aliased edges differ between two rasterisers). Text must break
// into the same lines, and each line must be as wide in the browser as the shared layout measured it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as mupdf from "mupdf";
import { chromium, type Browser, type Page } from "playwright-core";
import { createElement } from "react";
import sharp from "sharp";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FONT_FILE_LIST } from "../../domain/design/fonts";
import { renderPlan } from "../../domain/design/render-plan";
import { DESIGN_TEMPLATES } from "../../domain/design/templates";
import { DesignSvg, fontFamilyOf } from "../../app/components/design-editor/design-svg";
import { designPdfBytes } from "./design-pdf";

const PIXEL_TOLERANCE = 48;
const MAX_DIFFERENT = 0.02;
const SIZES = [
  { name: "A4 portrait", widthMm: 210, heightMm: 297, widthPx: 420 },
  { name: "3000 × 1000 mm banner", widthMm: 3000, heightMm: 1000, widthPx: 1200 },
];

const require = createRequire(import.meta.url);
const fontCss = FONT_FILE_LIST.map((font) => `@font-face{font-family:"${fontFamilyOf(font.id)}";src:url(data:font/ttf;base64,${readFileSync(require.resolve(font.file)).toString("base64")}) format("truetype")}`).join("\n");
const flags = JSON.parse(readFileSync(new URL("../../scripts/chromium-flags.json", import.meta.url), "utf8")) as string[];

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: flags });
  // One page with the fonts loaded once; each case swaps the SVG in.
  page = await browser.newPage({ viewport: { width: 1200, height: 1200 }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><style>${fontCss} html,body{margin:0;background:#fff} svg{display:block}</style><div id="stage"></div>`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  console.log(`design pixels: worst ${(worst.fraction * 100).toFixed(2)}% differing (${worst.label}); limit ${MAX_DIFFERENT * 100}%`);
});

type Rendered = { width: number; height: number; rgb: Uint8Array | Uint8ClampedArray };
let worst = { fraction: 0, label: "" };

function pdfPixels(bytes: Uint8Array, widthPx: number): Rendered {
  const page = mupdf.Document.openDocument(bytes, "application/pdf").loadPage(0);
  const [x0, , x1] = page.getBounds();
  const scale = widthPx / (x1 - x0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  return { width: pixmap.getWidth(), height: pixmap.getHeight(), rgb: pixmap.getPixels() };
}

async function editorPixels(markup: string, width: number, height: number) {
  {
    await page.evaluate(
      ({ markup, width, height }) => {
        const stage = document.getElementById("stage")!;
        stage.innerHTML = markup;
        const svg = stage.querySelector("svg")!;
        svg.style.width = `${width}px`;
        svg.style.height = `${height}px`;
        return document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      },
      { markup, width, height },
    );
    const lines = await page.$$eval("g[data-element]", (groups) =>
      groups.flatMap((g) => [...g.querySelectorAll("text")].map((t) => ({ id: g.getAttribute("data-element")!, text: t.textContent ?? "", width: (t as SVGTextElement).getComputedTextLength() }))),
    );
    const png = await page.screenshot({ clip: { x: 0, y: 0, width, height }, type: "png" });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { lines, pixels: { width: info.width, height: info.height, rgb: new Uint8Array(data) } };
  }
}

function differentFraction(a: Rendered, b: Rendered): number {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  let different = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * a.width + x) * 3;
      const j = (y * b.width + x) * 3;
      if (Math.abs(a.rgb[i]! - b.rgb[j]!) > PIXEL_TOLERANCE || Math.abs(a.rgb[i + 1]! - b.rgb[j + 1]!) > PIXEL_TOLERANCE || Math.abs(a.rgb[i + 2]! - b.rgb[j + 2]!) > PIXEL_TOLERANCE) different++;
    }
  }
  return different / (width * height);
}

function pdfLines(bytes: Uint8Array): string[] {
  const page = mupdf.Document.openDocument(bytes, "application/pdf").loadPage(0);
  const json = JSON.parse(page.toStructuredText("preserve-whitespace").asJSON()) as { blocks: { lines?: { text: string; bbox: { x: number; y: number } }[] }[] };
  return json.blocks
    .flatMap((block) => block.lines ?? [])
    .sort((a, b) => a.bbox.y - b.bbox.y || a.bbox.x - b.bbox.x)
    .map((line) => line.text.trim());
}

const cases = DESIGN_TEMPLATES.flatMap((template) => SIZES.map((size) => ({ label: `${template.id} at ${size.name}`, template, size })));

describe("the print PDF looks like the editor's drawing", () => {
  it.each(cases)("$label", async ({ label, template, size }) => {
    const design = template.build(size);
    const heightPx = Math.round((size.widthPx * size.heightMm) / size.widthMm);
    const pdfBytes = await designPdfBytes(design, new Map());
    const pdf = pdfPixels(pdfBytes, size.widthPx);
    const markup = renderToStaticMarkup(createElement(DesignSvg, { design, imageUrls: {} }));
    const editor = await editorPixels(markup, size.widthPx, heightPx);

    const fraction = differentFraction(pdf, editor.pixels);
    if (fraction > worst.fraction) worst = { fraction, label };
    expect(fraction, `${(fraction * 100).toFixed(2)}% of pixels differ`).toBeLessThan(MAX_DIFFERENT);

    // Same words on the same lines: the browser's lines, the PDF's lines and the shared layout's.
    const planned = renderPlan(design).drawables.flatMap((d) => (d.kind === "text" ? d.lines.map((l) => ({ id: d.id, text: l.text, widthMm: l.widthMm })) : []));
    expect(editor.lines.map((l) => l.text)).toEqual(planned.map((l) => l.text));
    expect([...pdfLines(pdfBytes)].sort()).toEqual(planned.map((l) => l.text.trim()).sort());
    // Chromium's advance widths are the metrics the layout used: each line within 0.5% of its measured width.
    editor.lines.forEach((line, index) => expect(Math.abs(line.width - planned[index]!.widthMm) / planned[index]!.widthMm).toBeLessThan(0.005));
  });
});
