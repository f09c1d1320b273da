// Builds the artwork files the tests check, in a temporary folder: every file is made by code
// (sharp, pdf-lib, a hand-built PNG header) so nothing binary is committed.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { PDFDocument, cmyk, rgb } from "pdf-lib";
import sharp from "sharp";
import type { OrderedArtwork } from "../../domain/preflight";

export const A4: OrderedArtwork = { widthMm: 210, heightMm: 297, orientation: "Portrait", versions: 1 };
export const A4_POINTS = { width: (210 * 72) / 25.4, height: (297 * 72) / 25.4 };
export const A3_POINTS = { width: (297 * 72) / 25.4, height: (420 * 72) / 25.4 };

/** Pixels for `mm` at `ppi`, rounded up so the effective ppi is never below it. */
export function pixelsFor(mm: number, ppi: number): number {
  return Math.ceil((mm / 25.4) * ppi);
}

const TEAL = { r: 0, g: 140, b: 160 };

function solid(width: number, height: number, background = TEAL) {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** CMYK JPEG as sharp writes it (with Adobe's APP14 marker, like Photoshop). */
export function cmykJpeg(width: number, height: number): Promise<Buffer> {
  return solid(width, height).toColourspace("cmyk").jpeg({ quality: 90 }).toBuffer();
}

/** Left half red, right half blue: shows turning and distortion in a rendered proof. */
export async function twoColourJpeg(width: number, height: number, space: "cmyk" | "srgb"): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const blue = await solid(width - half, height, { r: 0, g: 0, b: 255 }).png().toBuffer();
  return solid(width, height, { r: 255, g: 0, b: 0 })
    .composite([{ input: blue, left: half, top: 0 }])
    .toColourspace(space)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Noise, so a cut in the middle really removes compressed image data. */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

async function vectorPdf(pages: { width: number; height: number }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const size of pages) {
    const page = doc.addPage([size.width, size.height]);
    page.drawRectangle({ x: 20, y: 20, width: size.width - 40, height: size.height - 40, color: cmyk(0.1, 0.9, 0.8, 0) });
    page.drawRectangle({ x: 60, y: 60, width: 100, height: 50, borderColor: cmyk(0, 0, 0, 1), borderWidth: 2 });
  }
  return doc.save();
}

async function pdfWithImage(jpeg: Buffer, page: { width: number; height: number }, box = { x: 0, y: 0, ...page }) {
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(jpeg);
  doc.addPage([page.width, page.height]).drawImage(image, box);
  return doc.save();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid PNG header claiming width × height RGB pixels, followed by a few bytes of image data. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(64))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export type CorpusFile = {
  name: string;
  bytes: () => Promise<Uint8Array>;
  verdict: "pass" | "warn" | "fail";
  codes: string[];
  ordered?: OrderedArtwork;
};

const w300 = pixelsFor(210, 300);
const h300 = pixelsFor(297, 300);

export const CORPUS: CorpusFile[] = [
  { name: "cmyk-vector.pdf", bytes: () => vectorPdf([A4_POINTS]), verdict: "pass", codes: [] },
  {
    name: "cmyk-image-300ppi.pdf",
    // A 50 mm square image of 591 px: 300 ppi where it is placed.
    bytes: async () => pdfWithImage(await cmykJpeg(591, 591), A4_POINTS, { x: 100, y: 300, width: (50 * 72) / 25.4, height: (50 * 72) / 25.4 }),
    verdict: "pass",
    codes: [],
  },
  { name: "cmyk-300ppi.jpg", bytes: () => cmykJpeg(w300, h300), verdict: "pass", codes: [] },
  {
    name: "cmyk-300ppi.tif",
    bytes: () => solid(w300, h300).toColourspace("cmyk").tiff({ compression: "lzw" }).toBuffer(),
    verdict: "pass",
    codes: [],
  },
  { name: "cmyk-72ppi.jpg", bytes: () => cmykJpeg(pixelsFor(210, 72), pixelsFor(297, 72)), verdict: "fail", codes: ["resolution"] },
  { name: "cmyk-120ppi.jpg", bytes: () => cmykJpeg(pixelsFor(210, 120), pixelsFor(297, 120)), verdict: "warn", codes: ["resolution"] },
  { name: "rgb-300ppi.jpg", bytes: () => solid(w300, h300).jpeg().toBuffer(), verdict: "warn", codes: ["colour"] },
  { name: "rgb-300ppi.png", bytes: () => solid(w300, h300).png().toBuffer(), verdict: "warn", codes: ["colour"] },
  { name: "square.jpg", bytes: () => cmykJpeg(h300, h300), verdict: "warn", codes: ["proportions"] },
  { name: "landscape-a4.jpg", bytes: () => twoColourJpeg(h300, w300, "cmyk"), verdict: "warn", codes: ["orientation"] },
  { name: "two-pages.pdf", bytes: () => vectorPdf([A4_POINTS, A4_POINTS]), verdict: "warn", codes: ["pages"] },
  {
    name: "truncated.jpg",
    bytes: async () => {
      const full = await noisyJpeg(800, 600);
      return full.subarray(0, Math.floor(full.length / 2));
    },
    verdict: "fail",
    codes: ["unreadable"],
  },
  {
    name: "truncated.pdf",
    bytes: async () => {
      const full = await vectorPdf([A4_POINTS, A4_POINTS]);
      return full.subarray(0, Math.floor(full.length / 2));
    },
    verdict: "fail",
    codes: ["unreadable"],
  },
  { name: "text-named.pdf", bytes: async () => Buffer.from("Hello, this is my poster text.\n"), verdict: "fail", codes: ["type"] },
  {
    name: "html-named.jpg",
    bytes: async () => Buffer.from("<!doctype html><html><body><img src=poster.jpg></body></html>\n"),
    verdict: "fail",
    codes: ["type"],
  },
  { name: "bomb-60000.png", bytes: async () => pngClaiming(60000, 60000), verdict: "fail", codes: ["pixels"] },
  {
    name: "image-36ppi.pdf",
    bytes: async () => pdfWithImage(await cmykJpeg(pixelsFor(210, 36), pixelsFor(297, 36)), A4_POINTS),
    verdict: "fail",
    codes: ["resolution"],
  },
  { name: "vector-a3.pdf", bytes: () => vectorPdf([A3_POINTS]), verdict: "pass", codes: [] },
  { name: "rgb-vector.pdf", bytes: () => rgbVectorPdf(), verdict: "warn", codes: ["colour"] },
];

async function rgbVectorPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([A4_POINTS.width, A4_POINTS.height]).drawRectangle({ x: 0, y: 0, width: 200, height: 200, color: rgb(1, 0, 0) });
  return doc.save();
}

/**
 * A valid one-page vector PDF followed by `objects` unused objects: mupdf skips them, but pdf-lib
 * builds every one in the JS heap, so a worker with a small heap limit runs out of memory on it.
 */
export async function objectHeavyPdf(objects: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([A4_POINTS.width, A4_POINTS.height]).drawRectangle({ x: 20, y: 20, width: 100, height: 100, color: cmyk(0, 1, 0, 0) });
  const parts = [Buffer.from(await doc.save({ useObjectStreams: false }))];
  for (let i = 0; i < objects; i++) parts.push(Buffer.from(`${1000 + i} 0 obj\n<< /A [1 2 3 4 5 6 7 8] /B (x) >>\nendobj\n`));
  parts.push(Buffer.from("%%EOF\n"));
  return Buffer.concat(parts);
}

export type Corpus = { dir: string; path: (name: string) => string; remove: () => Promise<void> };

/** Writes the named corpus files (all when none are named) into a new temporary folder. */
export async function writeCorpus(names?: string[]): Promise<Corpus> {
  const dir = await mkdtemp(join(tmpdir(), "artwork-"));
  const wanted = names ? CORPUS.filter((file) => names.includes(file.name)) : CORPUS;
  for (const file of wanted) await writeFile(join(dir, file.name), await file.bytes());
  return { dir, path: (name) => join(dir, name), remove: () => rm(dir, { recursive: true, force: true }) };
}
