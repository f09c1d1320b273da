// The print PDF of a design, drawn from the same render plan as the editor's SVG (domain/design): exactly
// the design's size (MediaBox = TrimBox = BleedBox = CropBox), text as vector glyphs of embedded font
// subsets, shapes, lines and QR codes as vector paths, every colour DeviceCMYK as chosen, images at their
// full resolution in CMYK (made when they were uploaded: design-images.ts). Nothing in it depends on the
// time or chance (no dates, no ids, fixed subset tags), so the same design gives the same bytes.
import { createHash } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import {
  LineCapStyle,
  PDFDocument,
  PDFName,
  PDFRawStream,
  clip,
  cmyk,
  concatTransformationMatrix,
  drawObject,
  endPath,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingCmykColor,
  type PDFFont,
  type PDFPage,
  type PDFRef,
} from "pdf-lib";
import type { Cmyk } from "../../domain/design/colour";
import { FONT_FILE_LIST } from "../../domain/design/fonts";
import type { Box } from "../../domain/design/geometry";
import { renderPlan, type Drawable } from "../../domain/design/render-plan";
import type { Design } from "../../domain/design/schema";
import { mmToPoints } from "../../domain/preflight";
import { partialPdfPath } from "./scratch";

/** A stored design image as the renderer reads it: CMYK samples and an optional alpha, each zlib-deflated. */
export type DesignImageFiles = { widthPx: number; heightPx: number; cmykPath: string; alphaPath: string | null };

/** Ligatures and contextual forms off, as the editor's CSS asks: one glyph per character, widths as measured. */
const NO_SUBSTITUTIONS = { liga: false, clig: false, calt: false, rlig: false, dlig: false, kern: false };

const require = createRequire(import.meta.url);
const fontBytes = new Map<string, Promise<Buffer>>();
function readFont(fontId: string): Promise<Buffer> {
  let bytes = fontBytes.get(fontId);
  if (!bytes) {
    const entry = FONT_FILE_LIST.find((f) => f.id === fontId);
    if (!entry) throw new Error(`Unknown font ${fontId}`);
    bytes = readFile(require.resolve(entry.file));
    fontBytes.set(fontId, bytes);
  }
  return bytes;
}

/** A subset's six-letter tag, fixed per font (PDF asks only that subsets of one document differ). */
function subsetTag(fontId: string): string {
  const digest = createHash("sha256").update(fontId).digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join("");
}

const pdfCmyk = (colour: Cmyk) => cmyk(colour.c / 100, colour.m / 100, colour.y / 100, colour.k / 100);

/** Writes the design's print PDF to outPath (through a `.partial` file). */
export async function makeDesignPdf(design: Design, images: ReadonlyMap<string, DesignImageFiles>, outPath: string): Promise<{ pageWidthMm: number; pageHeightMm: number }> {
  const bytes = await designPdfBytes(design, images);
  const partial = partialPdfPath(outPath);
  try {
    await writeFile(partial, bytes);
    await rename(partial, outPath);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { pageWidthMm: design.widthMm, pageHeightMm: design.heightMm };
}

export async function designPdfBytes(design: Design, images: ReadonlyMap<string, DesignImageFiles>): Promise<Uint8Array> {
  const plan = renderPlan(design);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const width = mmToPoints(plan.widthMm);
  const height = mmToPoints(plan.heightMm);
  const page = doc.addPage([width, height]);
  page.setMediaBox(0, 0, width, height);
  page.setCropBox(0, 0, width, height);
  page.setBleedBox(0, 0, width, height);
  page.setTrimBox(0, 0, width, height);

  const pt = mmToPoints;
  /** A box in mm from the top-left to PDF's bottom-left coordinates in points. */
  const rect = (box: Box) => ({ x: pt(box.x), y: height - pt(box.y + box.h), width: pt(box.w), height: pt(box.h) });

  const fonts = new Map<string, PDFFont>();
  const font = async (fontId: string) => {
    let embedded = fonts.get(fontId);
    if (!embedded) {
      const entry = FONT_FILE_LIST.find((f) => f.id === fontId)!;
      const name = `${subsetTag(fontId)}+${entry.file.split("/").at(-1)!.replace(/\.ttf$/, "").replace(/[^A-Za-z0-9-]/g, "")}`;
      embedded = await doc.embedFont(await readFont(fontId), { subset: true, customName: name, features: NO_SUBSTITUTIONS });
      fonts.set(fontId, embedded);
    }
    return embedded;
  };
  const imageRefs = new Map<string, PDFRef>();
  const image = async (imageId: string) => {
    let ref = imageRefs.get(imageId);
    if (!ref) {
      const files = images.get(imageId);
      if (!files) throw new Error(`The design uses image ${imageId}, which was not supplied`);
      ref = await embedCmykImage(doc, files);
      imageRefs.set(imageId, ref);
    }
    return ref;
  };

  page.drawRectangle({ x: 0, y: 0, width, height, color: pdfCmyk(plan.background) });
  if (plan.backgroundImage) {
    drawImage(page, await image(plan.backgroundImage.imageId), rect(plan.backgroundImage.placed), plan.backgroundImage.clip ? rect({ x: 0, y: 0, w: plan.widthMm, h: plan.heightMm }) : null);
  }
  for (const drawable of plan.drawables) await draw(drawable);
  return doc.save({ useObjectStreams: false });

  async function draw(drawable: Drawable): Promise<void> {
    switch (drawable.kind) {
      case "rect": {
        const stroke = drawable.stroke && drawable.strokeMm > 0 ? { borderColor: pdfCmyk(drawable.stroke), borderWidth: pt(drawable.strokeMm) } : {};
        const fillColour = drawable.fill ? { color: pdfCmyk(drawable.fill) } : {};
        if (drawable.radiusMm > 0) {
          page.drawSvgPath(roundedRectPath(drawable.box, drawable.radiusMm, pt), { x: 0, y: height, ...fillColour, ...stroke });
        } else {
          page.drawRectangle({ ...rect(drawable.box), ...fillColour, ...stroke });
        }
        return;
      }
      case "ellipse": {
        const { box } = drawable;
        page.drawEllipse({
          x: pt(box.x + box.w / 2),
          y: height - pt(box.y + box.h / 2),
          xScale: pt(box.w / 2),
          yScale: pt(box.h / 2),
          ...(drawable.fill ? { color: pdfCmyk(drawable.fill) } : {}),
          ...(drawable.stroke && drawable.strokeMm > 0 ? { borderColor: pdfCmyk(drawable.stroke), borderWidth: pt(drawable.strokeMm) } : {}),
        });
        return;
      }
      case "line":
        page.drawLine({
          start: { x: pt(drawable.x1), y: height - pt(drawable.y1) },
          end: { x: pt(drawable.x2), y: height - pt(drawable.y2) },
          thickness: pt(drawable.strokeMm),
          color: pdfCmyk(drawable.colour),
          lineCap: LineCapStyle.Butt,
        });
        return;
      case "text": {
        const embedded = await font(drawable.fontId);
        for (const line of drawable.lines) {
          page.drawText(line.text, { x: pt(line.x), y: height - pt(line.baseline), size: pt(drawable.sizeMm), font: embedded, color: pdfCmyk(drawable.colour) });
        }
        return;
      }
      case "image":
        drawImage(page, await image(drawable.imageId), rect(drawable.placed), drawable.clip ? rect(drawable.box) : null);
        return;
      case "qr": {
        if (drawable.background) page.drawRectangle({ ...rect(drawable.box), color: pdfCmyk(drawable.background) });
        const { colour, moduleMm } = drawable;
        // One path of every dark run, filled once: no seams between modules.
        page.pushOperators(
          pushGraphicsState(),
          setFillingCmykColor(colour.c / 100, colour.m / 100, colour.y / 100, colour.k / 100),
          ...drawable.runs.map((run) => {
            const r = rect({ x: run.x, y: run.y, w: run.w, h: moduleMm });
            return rectangle(r.x, r.y, r.width, r.height);
          }),
          fill(),
          popGraphicsState(),
        );
        return;
      }
    }
  }
}

/** An SVG path (points, y down from the top) of a rectangle with rounded corners. */
function roundedRectPath(box: Box, radiusMm: number, pt: (mm: number) => number): string {
  const x = pt(box.x);
  const y = pt(box.y);
  const w = pt(box.w);
  const h = pt(box.h);
  const r = pt(radiusMm);
  return `M ${x + r} ${y} H ${x + w - r} A ${r} ${r} 0 0 1 ${x + w} ${y + r} V ${y + h - r} A ${r} ${r} 0 0 1 ${x + w - r} ${y + h} H ${x + r} A ${r} ${r} 0 0 1 ${x} ${y + h - r} V ${y + r} A ${r} ${r} 0 0 1 ${x + r} ${y} Z`;
}

function drawImage(page: PDFPage, ref: PDFRef, placed: { x: number; y: number; width: number; height: number }, clipTo: { x: number; y: number; width: number; height: number } | null): void {
  const name = page.node.newXObject("Img", ref);
  page.pushOperators(
    pushGraphicsState(),
    ...(clipTo ? [rectangle(clipTo.x, clipTo.y, clipTo.width, clipTo.height), clip(), endPath()] : []),
    concatTransformationMatrix(placed.width, 0, 0, placed.height, placed.x, placed.y),
    drawObject(name),
    popGraphicsState(),
  );
}

/** The image's CMYK samples (and alpha as its soft mask) copied into the PDF as they are stored: Flate-compressed. */
async function embedCmykImage(doc: PDFDocument, files: DesignImageFiles): Promise<PDFRef> {
  const [samples, alpha] = await Promise.all([readFile(files.cmykPath), files.alphaPath ? readFile(files.alphaPath) : null]);
  const base = { Type: "XObject", Subtype: "Image", Width: files.widthPx, Height: files.heightPx, BitsPerComponent: 8, Filter: "FlateDecode" };
  let mask: PDFRef | null = null;
  if (alpha) mask = doc.context.register(PDFRawStream.of(doc.context.obj({ ...base, ColorSpace: "DeviceGray" }), alpha));
  const dict = doc.context.obj({ ...base, ColorSpace: "DeviceCMYK" });
  if (mask) dict.set(PDFName.of("SMask"), mask);
  return doc.context.register(PDFRawStream.of(dict, samples));
}
