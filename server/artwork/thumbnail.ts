// Small screen images of artwork: a JPEG thumbnail of the upload (first page for a PDF) and a PNG
// proof of the print PDF's first page. Screens are sRGB, so CMYK is converted here and only here.
import * as mupdf from "mupdf";
import sharp from "sharp";
import { UnreadableArtworkError } from "./errors";
import { openPdfOrThrow } from "./pdf-inspect";
import { SHARP_INPUT } from "./raster-inspect";
import { sniffArtworkKind } from "./sniff";

export const THUMBNAIL_MAX_PX = 400;
export const PROOF_MAX_PX = 1200;

/** Renders page 1 so that its long side is about `maxPx`; returns PNG bytes (sRGB). */
async function renderFirstPage(path: string, maxPx: number): Promise<Uint8Array> {
  const doc = await openPdfOrThrow(path);
  let page: mupdf.Page | undefined;
  try {
    page = doc.loadPage(0);
    const [x0, y0, x1, y1] = page.getBounds();
    const scale = maxPx / Math.max(x1 - x0, y1 - y0);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      return pixmap.asPNG();
    } finally {
      pixmap.destroy();
    }
  } catch (error) {
    if (error instanceof UnreadableArtworkError) throw error;
    throw new UnreadableArtworkError("damaged", `mupdf could not render page 1: ${String(error)}`);
  } finally {
    page?.destroy();
    doc.destroy();
  }
}

function fitInside(maxPx: number) {
  return { width: maxPx, height: maxPx, fit: "inside", withoutEnlargement: true } as const;
}

/** A JPEG of the artwork at most 400 px on its long side. Throws UnreadableArtworkError for a bad file. */
export async function makeThumbnail(path: string): Promise<Buffer> {
  const kind = await sniffArtworkKind(path);
  if (kind === null) throw new UnreadableArtworkError("damaged", "not a JPEG, PNG, TIFF, WebP or PDF");
  const input = kind === "pdf" ? sharp(await renderFirstPage(path, THUMBNAIL_MAX_PX)) : sharp(path, SHARP_INPUT);
  try {
    return await input
      .autoOrient()
      .resize(fitInside(THUMBNAIL_MAX_PX))
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch (error) {
    throw new UnreadableArtworkError("damaged", `sharp could not make a thumbnail: ${String(error)}`);
  }
}

/** A PNG of the print PDF's first page, at most 1200 px on its long side, for the proof view. */
export async function makeProofPng(pdfPath: string): Promise<Buffer> {
  const rendered = await renderFirstPage(pdfPath, PROOF_MAX_PX);
  // Rounding in the renderer can give one pixel more than asked for.
  return sharp(rendered).resize(fitInside(PROOF_MAX_PX)).png().toBuffer();
}

