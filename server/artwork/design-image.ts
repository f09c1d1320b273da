// An image uploaded into the design editor, checked by its content (never its name or declared type) and
// prepared once: CMYK samples at full resolution (and the alpha channel of a logo) ready to copy into a
// print PDF, and an sRGB preview for the editor. The checks are the artwork preflight's own.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { deflate } from "node:zlib";
import sharp from "sharp";
import { implausiblePixelsMessage, pixelsMessage, typeMessage, unreadableMessage } from "../../domain/preflight";
import { UnreadableArtworkError } from "./errors";
import { claimsImpossiblePixels, exceedsPixelLimit, readRasterHeader, SHARP_INPUT, verifyRasterDecodesOrThrow } from "./raster-inspect";
import { sniffArtwork } from "./sniff";
import { stat } from "node:fs/promises";

const deflateAsync = promisify(deflate);

export const DESIGN_PREVIEW_MAX_PX = 1600;

/** A PDF chosen as an editor picture. */
export const DESIGN_IMAGE_PDF_MESSAGE = "Please add a picture (JPEG, PNG, TIFF or WebP); a PDF can be uploaded as artwork instead.";

/** What the editor and the renderer need to know of a prepared image. */
export type PreparedDesignImage =
  | { ok: true; widthPx: number; heightPx: number; hasAlpha: boolean; previewType: "image/png" | "image/jpeg" }
  | { ok: false; message: string };

/** File names inside `outDir`: the renderer reads the first two, the editor the preview. */
export const DESIGN_IMAGE_FILES = { cmyk: "cmyk.zz", alpha: "alpha.zz", previewPng: "preview.png", previewJpeg: "preview.jpg" } as const;

export async function prepareDesignImage(filePath: string, outDir: string): Promise<PreparedDesignImage> {
  try {
    const { size } = await stat(filePath);
    if (size === 0) return { ok: false, message: unreadableMessage("empty") };
    const sniffed = await sniffArtwork(filePath);
    if (sniffed.kind === null || sniffed.kind === "pdf") {
      return { ok: false, message: sniffed.kind === "pdf" ? DESIGN_IMAGE_PDF_MESSAGE : typeMessage(sniffed.detected) };
    }
    const header = await readRasterHeader(filePath);
    if (claimsImpossiblePixels(sniffed.kind, header.storedWidthPx, header.storedHeightPx, size)) return { ok: false, message: implausiblePixelsMessage(header.storedWidthPx, header.storedHeightPx) };
    if (exceedsPixelLimit(header.storedWidthPx, header.storedHeightPx)) return { ok: false, message: pixelsMessage(header.storedWidthPx, header.storedHeightPx) };
    await verifyRasterDecodesOrThrow(filePath);

    const upright = () => sharp(filePath, SHARP_INPUT).autoOrient();
    const meta = await sharp(filePath, SHARP_INPUT).metadata();
    const hasAlpha = meta.hasAlpha === true;
    const cmykSource = header.space === "cmyk" ? upright().pipelineColourspace("cmyk").removeAlpha().toColourspace("cmyk") : upright().removeAlpha().toColourspace("cmyk");
    const { data: samples, info } = await cmykSource.raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`expected 4 CMYK channels, got ${info.channels}`);
    await writeFile(path.join(outDir, DESIGN_IMAGE_FILES.cmyk), await deflateAsync(samples, { level: 6 }));
    if (hasAlpha) {
      const alpha = await upright().extractChannel("alpha").raw({ depth: "uchar" }).toBuffer();
      await writeFile(path.join(outDir, DESIGN_IMAGE_FILES.alpha), await deflateAsync(alpha, { level: 6 }));
    }
    const preview = upright().resize({ width: DESIGN_PREVIEW_MAX_PX, height: DESIGN_PREVIEW_MAX_PX, fit: "inside", withoutEnlargement: true }).toColourspace("srgb");
    if (hasAlpha) await preview.png({ compressionLevel: 8 }).toFile(path.join(outDir, DESIGN_IMAGE_FILES.previewPng));
    else await preview.jpeg({ quality: 85 }).toFile(path.join(outDir, DESIGN_IMAGE_FILES.previewJpeg));
    return { ok: true, widthPx: info.width, heightPx: info.height, hasAlpha, previewType: hasAlpha ? "image/png" : "image/jpeg" };
  } catch (error) {
    if (error instanceof UnreadableArtworkError) return { ok: false, message: unreadableMessage(error.reason) };
    throw error;
  }
}
