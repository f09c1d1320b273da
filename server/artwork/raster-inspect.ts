// Raster facts from the file header only (sharp's metadata() does not decode pixels), a check that
// the header's dimensions are physically possible for the file size, and a full decode that finds
// truncated or damaged files once the header has been judged safe.
import sharp, { type Metadata } from "sharp";
import { PREFLIGHT_LIMITS, type ColourKind } from "../../domain/preflight";
import { UnreadableArtworkError } from "./errors";
import type { ArtworkKind } from "./sniff";

export type RasterKind = Exclude<ArtworkKind, "pdf">;

/** Input options for every sharp call on customer files. */
export const SHARP_INPUT = {
  limitInputPixels: PREFLIGHT_LIMITS.maxMegapixels * 1_000_000,
  failOn: "truncated",
} as const;

export type RasterHeader = {
  /** Dimensions as the image is meant to be seen (after its EXIF orientation). */
  widthPx: number;
  heightPx: number;
  /** Dimensions as stored. */
  storedWidthPx: number;
  storedHeightPx: number;
  /** EXIF orientation 1–8 (1 when absent). */
  orientation: number;
  /** sharp's name for the colour space: 'cmyk', 'srgb', 'b-w', 'rgb16', ... */
  space: string | undefined;
  colour: ColourKind;
  hasAlpha: boolean;
};

/** Reads the header without decoding; throws UnreadableArtworkError when there is no usable header. */
export function colourKindOfSpace(space: string | undefined): ColourKind {
  switch (space) {
    case "cmyk":
      return "cmyk";
    case "srgb":
    case "rgb":
    case "rgb16":
    case "scrgb":
      return "rgb";
    case "b-w":
    case "grey16":
      return "grey";
    default:
      return "other";
  }
}

export async function readRasterHeader(path: string): Promise<RasterHeader> {
  let meta: Metadata;
  try {
    // The pixel limit is judged by our own check so the customer hears the figures.
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnreadableArtworkError("damaged", `sharp could not read the header: ${String(error)}`);
  }
  const { width, height } = meta;
  if (!width || !height) throw new UnreadableArtworkError("damaged", "header has no dimensions");
  const orientation = meta.orientation ?? 1;
  const turned = orientation >= 5;
  return {
    widthPx: turned ? height : width,
    heightPx: turned ? width : height,
    storedWidthPx: width,
    storedHeightPx: height,
    orientation,
    space: meta.space,
    colour: colourKindOfSpace(meta.space),
    hasAlpha: meta.hasAlpha ?? false,
  };
}

// Deflate cannot compress better than about 1032:1, and every PNG row holds at least a filter byte
// and one bit per pixel. A baseline or progressive JPEG spends at least one bit on the DC value of
// every 8×8 block of its full-resolution component (512 pixels a byte); we allow twice that.
const MAX_DEFLATE_RATIO = 1032;
const JPEG_MAX_PIXELS_PER_BYTE = 1024;

/**
 * True when the header claims more pixels than a file of this size could encode: a decompression
 * bomb or a damaged header. TIFF and WebP are not bounded here (their codecs have no useful floor);
 * the megapixel limit still applies to them.
 */
export function claimsImpossiblePixels(kind: RasterKind, widthPx: number, heightPx: number, fileBytes: number): boolean {
  if (kind === "png") {
    const minimumRawBytes = heightPx * (1 + Math.ceil(widthPx / 8));
    return minimumRawBytes > fileBytes * MAX_DEFLATE_RATIO;
  }
  if (kind === "jpeg") return widthPx * heightPx > fileBytes * JPEG_MAX_PIXELS_PER_BYTE;
  return false;
}

export function exceedsPixelLimit(widthPx: number, heightPx: number): boolean {
  return widthPx * heightPx > PREFLIGHT_LIMITS.maxMegapixels * 1_000_000;
}

/**
 * Decodes the whole file (scaled down on load where the codec allows, so memory stays small) and
 * throws UnreadableArtworkError if the data is truncated or damaged. Call only after the header
 * passed the pixel checks.
 */
export async function verifyRasterDecodesOrThrow(path: string): Promise<void> {
  try {
    await sharp(path, SHARP_INPUT).resize(64, 64, { fit: "inside" }).raw().toBuffer();
  } catch (error) {
    throw new UnreadableArtworkError("damaged", `sharp could not decode the image: ${String(error)}`);
  }
}
