// Builds the print-ready PDF: one page per printed version at exactly the ordered size (MediaBox,
// TrimBox, BleedBox and CropBox all equal), artwork fitted, centred and turned where that is how it
// fits. JPEG data is copied untouched; other rasters go in losslessly (Flate) in their own colour
// space; PDF pages stay vector (embedded as form XObjects).
import { open, readFile, rename, rm, writeFile } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createDeflate } from "node:zlib";
import {
  PDFDocument,
  PDFName,
  PDFRawStream,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFPage,
  type PDFRef,
} from "pdf-lib";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { compareShape, mmToPoints, orderedSizeMm, type OrderedArtwork } from "../../domain/preflight";
import { UnreadableArtworkError } from "./errors";
import { openPdfOrThrow } from "./pdf-inspect";
import { fitMatrix, normaliseTurn, type PdfMatrix, type QuarterTurns } from "./placement";
import { readRasterHeader, SHARP_INPUT, type RasterHeader } from "./raster-inspect";
import { partialPdfPath, samplesScratchPath } from "./scratch";
import { sniffArtworkKind } from "./sniff";

export type PrintPdfSize = { pageWidthMm: number; pageHeightMm: number };

type PageSize = { width: number; height: number };

/** Writes the print PDF for the artwork at `path` to `outPath`. Throws when the file cannot be used. */
export async function makePrintPdf(path: string, order: OrderedArtwork, outPath: string): Promise<PrintPdfSize> {
  const kind = await sniffArtworkKind(path);
  if (kind === null) throw new UnreadableArtworkError("damaged", "not a JPEG, PNG, TIFF, WebP or PDF");
  const ordered = orderedSizeMm(order);
  const size = { width: mmToPoints(ordered.widthMm), height: mmToPoints(ordered.heightMm) };
  const out = await PDFDocument.create({ updateMetadata: false });
  out.setCreator("print-shop artwork preflight");
  // Written beside the target and renamed, so outPath never holds half a PDF. A worker stopped
  // mid-write leaves `${outPath}.partial` (and perhaps the samples' scratch file), which the processor
  // removes; the hourly debris sweep takes any `.partial` a dead process left.
  const partial = partialPdfPath(outPath);
  const scratch = samplesScratchPath(outPath);
  try {
    if (kind === "pdf") await placePdfPages(out, path, order.versions, ordered, size);
    else await placeRaster(out, path, kind === "jpeg", ordered, size, scratch);
    await writeFile(partial, await out.save());
    await rename(partial, outPath);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(scratch, { force: true });
  }
  return { pageWidthMm: ordered.widthMm, pageHeightMm: ordered.heightMm };
}

function addPrintPage(out: PDFDocument, size: PageSize): PDFPage {
  const page = out.addPage([size.width, size.height]);
  page.setMediaBox(0, 0, size.width, size.height);
  page.setCropBox(0, 0, size.width, size.height);
  page.setBleedBox(0, 0, size.width, size.height);
  page.setTrimBox(0, 0, size.width, size.height);
  return page;
}

function drawXObject(page: PDFPage, ref: PDFRef, matrix: PdfMatrix): void {
  const name = page.node.newXObject("Art", ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...matrix), drawObject(name), popGraphicsState());
}

type OrderedSize = { widthMm: number; heightMm: number };

/** A quarter turn more when the artwork fits the ordered size only turned. */
function turnToFit(shownWidth: number, shownHeight: number, ordered: OrderedSize): QuarterTurns {
  return compareShape(shownWidth, shownHeight, ordered.widthMm, ordered.heightMm) === "turned" ? 90 : 0;
}

async function placePdfPages(out: PDFDocument, path: string, versions: number, ordered: OrderedSize, size: PageSize) {
  // mupdf's checks (end marker, password) first, so pdf-lib never sees a file preflight would refuse.
  (await openPdfOrThrow(path)).destroy();
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(await readFile(path), { updateMetadata: false });
  } catch (error) {
    throw new UnreadableArtworkError("damaged", `pdf-lib could not load the PDF: ${String(error)}`);
  }
  const pages = source.getPages().slice(0, Math.max(1, versions));
  // A page with no /Contents draws nothing: it prints blank, like a page whose content stream is empty
  // (ADR 038). pdf-lib will not embed it without one, so it gets an empty stream.
  for (const page of pages) if (!page.node.Contents()) page.node.set(PDFName.of("Contents"), source.context.register(source.context.stream("")));
  const boxes = pages.map((page) => page.getTrimBox());
  const embedded = await out.embedPages(
    pages,
    boxes.map((box) => ({ left: box.x, bottom: box.y, right: box.x + box.width, top: box.y + box.height })),
  );
  pages.forEach((page, index) => {
    const box = boxes[index]!;
    const ownTurn = normaliseTurn(page.getRotation().angle);
    const sideways = ownTurn === 90 || ownTurn === 270;
    const shown = sideways ? { width: box.height, height: box.width } : box;
    const turn = normaliseTurn(ownTurn + turnToFit(shown.width, shown.height, ordered));
    drawXObject(addPrintPage(out, size), embedded[index]!.ref, fitMatrix(box, turn, size));
  });
}

const EXIF_TURNS: Partial<Record<number, QuarterTurns>> = { 1: 0, 3: 180, 6: 90, 8: 270 };

async function placeRaster(out: PDFDocument, path: string, isJpeg: boolean, ordered: OrderedSize, size: PageSize, scratch: string) {
  const facts = await readRasterHeader(path);
  const exifTurn = EXIF_TURNS[facts.orientation];
  const jpeg = isJpeg && exifTurn !== undefined ? await readFile(path) : null;
  let ref: PDFRef;
  let stored: PageSize;
  let turn: QuarterTurns;
  if (jpeg && exifTurn !== undefined && jpegFitsPdfAsIs(jpeg)) {
    ref = await embedJpegAsIs(out, jpeg);
    stored = { width: facts.storedWidthPx, height: facts.storedHeightPx };
    turn = normaliseTurn(exifTurn + turnToFit(facts.widthPx, facts.heightPx, ordered));
  } else {
    // Mirrored EXIF orientations cannot be expressed as a turn, and PDF's DCT filter takes only
    // 8-bit Huffman-coded JPEGs: these are re-encoded upright.
    const image = await embedRasterLossless(out, path, facts, scratch);
    ref = image.ref;
    stored = { width: image.width, height: image.height };
    turn = turnToFit(image.width, image.height, ordered);
  }
  drawXObject(addPrintPage(out, size), ref, fitMatrix({ ...stored, unitSquare: true }, turn, size));
}

type JpegHeaders = { adobe: boolean; frameMarker: number | null; precision: number | null };

/** The header segments before the first scan: Adobe's APP14 marker and the frame (SOFn) type. */
function readJpegHeaders(jpeg: Uint8Array): JpegHeaders {
  const found: JpegHeaders = { adobe: false, frameMarker: null, precision: null };
  let pos = 2;
  while (pos + 4 <= jpeg.length && jpeg[pos] === 0xff) {
    const marker = jpeg[pos + 1]!;
    if (marker === 0xda) break; // start of scan: no more headers
    const length = (jpeg[pos + 2]! << 8) | jpeg[pos + 3]!;
    if (marker === 0xee && Buffer.from(jpeg.subarray(pos + 4, pos + 9)).toString("latin1") === "Adobe") found.adobe = true;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && found.frameMarker === null) {
      found.frameMarker = marker;
      found.precision = jpeg[pos + 4] ?? null;
    }
    pos += 2 + length;
  }
  return found;
}

/** True when a JPEG carries Adobe's APP14 marker, which says CMYK samples are stored inverted. */
export function hasAdobeMarker(jpeg: Uint8Array): boolean {
  return readJpegHeaders(jpeg).adobe;
}

/** Baseline, extended or progressive Huffman JPEG with 8-bit samples: what PDF's DCTDecode reads. */
export function jpegFitsPdfAsIs(jpeg: Uint8Array): boolean {
  const { frameMarker, precision } = readJpegHeaders(jpeg);
  return (frameMarker === 0xc0 || frameMarker === 0xc1 || frameMarker === 0xc2) && precision === 8;
}

async function embedJpegAsIs(out: PDFDocument, jpeg: Uint8Array): Promise<PDFRef> {
  // pdf-lib reads the header through a DataView on `bytes.buffer`, which is wrong for a view into a
  // larger (pooled) buffer.
  const bytes = jpeg.byteOffset !== 0 || jpeg.byteLength !== jpeg.buffer.byteLength ? new Uint8Array(jpeg) : jpeg;
  const image = await out.embedJpg(bytes);
  await image.embed();
  const stream = out.context.lookup(image.ref);
  // pdf-lib always adds an inverting /Decode for CMYK, which is right only for Adobe-style JPEGs.
  const cmyk = stream instanceof PDFRawStream && stream.dict.get(PDFName.of("ColorSpace")) === PDFName.of("DeviceCMYK");
  if (cmyk && !hasAdobeMarker(bytes)) {
    stream.dict.delete(PDFName.of("Decode"));
  }
  return image.ref;
}

type LosslessImage = { ref: PDFRef; width: number; height: number };

/**
 * Decodes with sharp (upright, 8 bits) into a Flate image XObject: CMYK stays CMYK, greyscale stays
 * grey, everything else becomes sRGB. Transparency is flattened onto white, the colour of the
 * unprinted stock. The decoded samples are never all in memory at once: see the two routes below.
 */
async function embedRasterLossless(out: PDFDocument, path: string, facts: RasterHeader, scratch: string): Promise<LosslessImage> {
  const cmyk = facts.space === "cmyk";
  const grey = facts.space === "b-w" || facts.space === "grey16";
  let image = sharp(path, SHARP_INPUT).autoOrient();
  image = cmyk
    ? image.pipelineColourspace("cmyk").removeAlpha().toColourspace("cmyk")
    : image.flatten({ background: "#ffffff" }).toColourspace(grey ? "b-w" : "srgb");
  try {
    return cmyk ? await embedRawSamples(out, image) : await embedViaPng(out, image, scratch, grey);
  } catch (error) {
    if (error instanceof UnreadableArtworkError) throw error;
    throw new UnreadableArtworkError("damaged", `sharp could not decode the image: ${String(error)}`);
  }
}

/**
 * RGB and grey: libvips writes a PNG to the scratch file strip by strip (about 140 MB of memory for
 * 300 megapixels, where sharp's raw output would hold all 900 MB of samples). A PNG's IDAT data is a
 * zlib stream of rows that each begin with a filter byte, which is exactly what PDF's FlateDecode with
 * the PNG predictors (Predictor 15) reads, so the compressed data is copied into the PDF as it is.
 */
async function embedViaPng(out: PDFDocument, image: Sharp, scratch: string, grey: boolean): Promise<LosslessImage> {
  await image.png({ compressionLevel: 6, palette: false, progressive: false }).toFile(scratch);
  const png = await readPngImageData(scratch);
  const colours = grey ? 1 : 3;
  if (png.colours !== colours) throw new Error(`sharp wrote a PNG of ${png.colours} channels, expected ${colours}`);
  const dict = out.context.obj({
    Type: "XObject",
    Subtype: "Image",
    Width: png.width,
    Height: png.height,
    BitsPerComponent: png.bitDepth,
    ColorSpace: grey ? "DeviceGray" : "DeviceRGB",
    Filter: "FlateDecode",
    DecodeParms: { Predictor: 15, Colors: colours, BitsPerComponent: png.bitDepth, Columns: png.width },
  });
  const ref = out.context.register(PDFRawStream.of(dict, png.data));
  return { ref, width: png.width, height: png.height };
}

type PngImageData = { width: number; height: number; bitDepth: number; colours: number; data: Buffer };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_CHANNELS: Partial<Record<number, number>> = { 0: 1, 2: 3 };

/** The header and the concatenated IDAT data of a non-interlaced grey or RGB PNG, read chunk by chunk. */
export async function readPngImageData(path: string): Promise<PngImageData> {
  const file = await open(path, "r");
  try {
    const head = Buffer.alloc(8);
    let at = 0;
    const readExactly = async (buffer: Buffer) => {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, at);
      if (bytesRead !== buffer.length) throw new Error("PNG ends early");
      at += bytesRead;
      return buffer;
    };
    if (!(await readExactly(head)).equals(PNG_SIGNATURE)) throw new Error("not a PNG");
    let header: Omit<PngImageData, "data"> | null = null;
    const data: Buffer[] = [];
    for (;;) {
      const chunk = await readExactly(Buffer.alloc(8));
      const length = chunk.readUInt32BE(0);
      const type = chunk.toString("latin1", 4, 8);
      const body = await readExactly(Buffer.alloc(length));
      at += 4; // CRC: zlib checks the data itself when the PDF is read.
      if (type === "IHDR") {
        const colours = PNG_CHANNELS[body[9]!];
        if (!colours || body[12] !== 0) throw new Error(`unexpected PNG colour type ${body[9]} or interlace ${body[12]}`);
        header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitDepth: body[8]!, colours };
      } else if (type === "IDAT") {
        data.push(body);
      } else if (type === "IEND") {
        break;
      }
    }
    if (!header || data.length === 0) throw new Error("PNG has no header or no image data");
    return { ...header, data: Buffer.concat(data) };
  } finally {
    await file.close();
  }
}

/**
 * CMYK (PNG has no CMYK): the raw samples through zlib. sharp holds the whole decoded image for this
 * route, so a huge CMYK file costs its full size in memory; the processor runs one near-limit image at
 * a time.
 */
async function embedRawSamples(out: PDFDocument, image: Sharp): Promise<LosslessImage> {
  const raw = image.raw({ depth: "uchar" });
  let info: OutputInfo | undefined;
  raw.once("info", (value: OutputInfo) => (info = value));
  const chunks: Buffer[] = [];
  await pipeline(raw, createDeflate(), async (compressed: AsyncIterable<Buffer>) => {
    for await (const chunk of compressed) chunks.push(chunk);
  });
  if (!info || info.channels !== 4) throw new Error(`sharp produced ${info?.channels} channels for DeviceCMYK`);
  const dict = out.context.obj({
    Type: "XObject",
    Subtype: "Image",
    Width: info.width,
    Height: info.height,
    BitsPerComponent: 8,
    ColorSpace: "DeviceCMYK",
    Filter: "FlateDecode",
  });
  const ref = out.context.register(PDFRawStream.of(dict, Buffer.concat(chunks)));
  return { ref, width: info.width, height: info.height };
}
