// Checks one uploaded file against the ordered size: reads the facts (header only until the file is
// known to be safe to decode) and hands them to the rules in domain/preflight.ts. Every problem
// with the file itself becomes a check in the result; only a bug in our code throws.
import { stat } from "node:fs/promises";
import {
  PREFLIGHT_LIMITS,
  checkPdf,
  checkRaster,
  failCheck,
  implausiblePixelsMessage,
  pixelsMessage,
  preflightResult,
  tooManyPagesMessage,
  typeMessage,
  unreadableResult,
  type OrderedArtwork,
  type PreflightResult,
} from "../../domain/preflight";
import { UnreadableArtworkError } from "./errors";
import { inspectPdf } from "./pdf-inspect";
import {
  claimsImpossiblePixels,
  exceedsPixelLimit,
  readRasterHeader,
  verifyRasterDecodesOrThrow,
  type RasterKind,
} from "./raster-inspect";
import { sniffArtwork } from "./sniff";

export async function preflightFile(path: string, ordered: OrderedArtwork): Promise<PreflightResult> {
  try {
    const { size } = await stat(path);
    if (size === 0) return unreadableResult("empty");
    if (size > PREFLIGHT_LIMITS.maxUploadBytes) return unreadableResult("too-large");
    const sniffed = await sniffArtwork(path);
    if (sniffed.kind === null) return preflightResult([failCheck("type", typeMessage(sniffed.detected))]);
    if (sniffed.kind === "pdf") return await preflightPdf(path, ordered);
    return await preflightRaster(path, sniffed.kind, size, ordered);
  } catch (error) {
    if (error instanceof UnreadableArtworkError) return unreadableResult(error.reason);
    throw error;
  }
}

async function preflightRaster(path: string, kind: RasterKind, fileBytes: number, ordered: OrderedArtwork) {
  const header = await readRasterHeader(path);
  const { storedWidthPx: width, storedHeightPx: height } = header;
  if (claimsImpossiblePixels(kind, width, height, fileBytes)) {
    return preflightResult([failCheck("pixels", implausiblePixelsMessage(width, height))]);
  }
  if (exceedsPixelLimit(width, height)) return preflightResult([failCheck("pixels", pixelsMessage(width, height))]);
  await verifyRasterDecodesOrThrow(path);
  return preflightResult(checkRaster(header, ordered));
}

async function preflightPdf(path: string, ordered: OrderedArtwork): Promise<PreflightResult> {
  const inspected = await inspectPdf(path, ordered.versions);
  if (inspected.kind === "too-many-pages") {
    return preflightResult([failCheck("pages", tooManyPagesMessage(inspected.pagesToPrint))]);
  }
  return preflightResult(checkPdf(inspected.facts, ordered));
}
