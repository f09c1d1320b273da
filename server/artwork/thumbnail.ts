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

/** Page 1's pixels, drawn so that its long side is about `maxPx` (sRGB, no alpha): for sharp, as raw input. */
type DrawnPage = { pixels: Buffer; raw: { width: number; height: number; channels: 3 } };

/**
 * Draws page 1 so that its long side is about `maxPx`. The pixels go to sharp as they are: encoding them as a
 * PNG for sharp to decode again cost more than drawing them.
 */
async function drawFirstPage(path: string, maxPx: number): Promise<DrawnPage> {
  const doc = await openPdfOrThrow(path);
  let page: mupdf.Page | undefined;
  try {
    page = doc.loadPage(0);
    const [x0, y0, x1, y1] = page.getBounds();
    const scale = maxPx / Math.max(x1 - x0, y1 - y0);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      const width = pixmap.getWidth();
      const height = pixmap.getHeight();
      const row = width * 3;
      const stride = pixmap.getStride();
      const source = pixmap.getPixels();
      // Copied out of the WebAssembly memory, which the pixmap gives back; rows packed when the stride pads them.
      const pixels = Buffer.alloc(row * height);
      for (let y = 0; y < height; y++) pixels.set(source.subarray(y * stride, y * stride + row), y * row);
      return { pixels, raw: { width, height, channels: 3 } };
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
  if (kind === "pdf") return thumbnailOf(await drawFirstPage(path, THUMBNAIL_MAX_PX));
  try {
    return await sharp(path, SHARP_INPUT).autoOrient().resize(fitInside(THUMBNAIL_MAX_PX)).flatten({ background: "#ffffff" }).toColourspace("srgb").jpeg({ quality: 80 }).toBuffer();
  } catch (error) {
    throw new UnreadableArtworkError("damaged", `sharp could not make a thumbnail: ${String(error)}`);
  }
}

/** A PNG of the print PDF's first page, at most 1200 px on its long side, for the proof view. */
export async function makeProofPng(pdfPath: string): Promise<Buffer> {
  return proofOf(await drawFirstPage(pdfPath, PROOF_MAX_PX));
}

/** The proof and the thumbnail of a print PDF from one drawing of its first page (a design's print PDF has both). */
export async function makeProofAndThumbnail(pdfPath: string): Promise<{ proofPng: Buffer; thumbnailJpeg: Buffer }> {
  const page = await drawFirstPage(pdfPath, PROOF_MAX_PX);
  const [proofPng, thumbnailJpeg] = await Promise.all([proofOf(page), thumbnailOf(page)]);
  return { proofPng, thumbnailJpeg };
}

// Rounding in the renderer can give one pixel more than asked for: both are fitted inside their size.
function proofOf({ pixels, raw }: DrawnPage): Promise<Buffer> {
  return sharp(pixels, { raw }).resize(fitInside(PROOF_MAX_PX)).png().toBuffer();
}

function thumbnailOf({ pixels, raw }: DrawnPage): Promise<Buffer> {
  return sharp(pixels, { raw }).resize(fitInside(THUMBNAIL_MAX_PX)).jpeg({ quality: 80 }).toBuffer();
}
