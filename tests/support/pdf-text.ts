// Reads a PDF back as a person would see it (text per page, page size, document metadata) with
// mupdf, a renderer independent of pdf-lib, so tests check what was printed rather than what the
// writer meant to print.
import { inflateSync } from "node:zlib";
import * as mupdf from "mupdf";

export type PdfPageReadBack = {
  /** mupdf's plain-text extraction: one line per text run, in reading order. */
  text: string;
  /**
   * Visual rows, top to bottom: the runs that share a baseline (within 2 pt) joined left to right
   * with single spaces, e.g. a table row "Vinyl banner 3 £45.00 20%".
   */
  rows: string[];
  widthPt: number;
  heightPt: number;
};

export type PdfMetadata = {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creator?: string;
  producer?: string;
  creationDate?: string;
  modDate?: string;
};

export type PdfReadBack = {
  pages: PdfPageReadBack[];
  /** Every page's text, joined with newlines. */
  text: string;
  metadata: PdfMetadata;
};

type StextJson = {
  blocks: { type: string; lines?: { x: number; y: number; text: string }[] }[];
};

const SAME_BASELINE_PT = 2;

function visualRows(json: StextJson): string[] {
  const runs = json.blocks
    .flatMap((block) => block.lines ?? [])
    .filter((line) => line.text.trim() !== "")
    .sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: { y: number; runs: { x: number; text: string }[] }[] = [];
  for (const run of runs) {
    const row = rows.find((candidate) => Math.abs(candidate.y - run.y) <= SAME_BASELINE_PT);
    if (row) row.runs.push(run);
    else rows.push({ y: run.y, runs: [run] });
  }
  return rows
    .sort((a, b) => a.y - b.y)
    .map((row) =>
      row.runs
        .sort((a, b) => a.x - b.x)
        .map((run) => run.text.trim())
        .join(" "),
    );
}

/** Opens the bytes as a PDF (throws if mupdf cannot) and reads every page. */
export function readPdf(bytes: Uint8Array): PdfReadBack {
  const doc = mupdf.Document.openDocument(bytes, "application/pdf");
  try {
    const pages: PdfPageReadBack[] = [];
    for (let index = 0; index < doc.countPages(); index += 1) {
      const page = doc.loadPage(index);
      const stext = page.toStructuredText("preserve-whitespace");
      try {
        const [x0, y0, x1, y1] = page.getBounds();
        pages.push({
          text: stext.asText(),
          rows: visualRows(JSON.parse(stext.asJSON()) as StextJson),
          widthPt: x1 - x0,
          heightPt: y1 - y0,
        });
      } finally {
        stext.destroy();
        page.destroy();
      }
    }
    const info = (key: string) => doc.getMetaData(`info:${key}`);
    return {
      pages,
      text: pages.map((page) => page.text).join("\n"),
      metadata: {
        title: info("Title"),
        author: info("Author"),
        subject: info("Subject"),
        keywords: info("Keywords"),
        creator: info("Creator"),
        producer: info("Producer"),
        creationDate: info("CreationDate"),
        modDate: info("ModDate"),
      },
    };
  } finally {
    doc.destroy();
  }
}

/** All the text of a PDF, page after page. */
export function readPdfText(bytes: Uint8Array): string {
  return readPdf(bytes).text;
}

/** The text a PDF hex string stands for: UTF-16BE after a byte-order mark, else one byte a character. */
function decodeHexString(digits: string): string {
  const compact = digits.replace(/\s/g, "");
  const bytes = Buffer.from(compact.length % 2 === 0 ? compact : `${compact}0`, "hex");
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return bytes.toString("latin1");
  const utf16 = Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)));
  return utf16.swap16().toString("utf16le");
}

/**
 * The file as latin1 text and every stream's inflated contents (raw if not Flate), each followed by
 * the decoded text of the hex strings in it: pdf-lib writes drawn text and metadata as hex.
 */
function searchableParts(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const file = raw.toString("latin1");
  const parts = [file];
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(file); match; match = streamStart.exec(file)) {
    const start = match.index + match[0].length;
    const end = file.indexOf("endstream", start);
    if (end < 0) break;
    const body = raw.subarray(start, end);
    try {
      parts.push(inflateSync(body).toString("latin1"));
    } catch {
      parts.push(body.toString("latin1"));
    }
    streamStart.lastIndex = end;
  }
  return parts.map((part) => {
    const decoded = Array.from(part.matchAll(/<([0-9A-Fa-f\s]+)>/g), (hexString) => decodeHexString(hexString[1]!));
    return [part, ...decoded].join("\n");
  });
}

/**
 * Whether the needle occurs anywhere in the file, case-insensitively: in the raw bytes or inside
 * any compressed stream, as plain text or in a hex string. Page text alone misses metadata; raw
 * bytes alone miss compressed content and hex-encoded text.
 */
export function pdfBytesContain(bytes: Uint8Array, needle: string): boolean {
  if (needle === "") throw new RangeError("Search for a non-empty string");
  const lower = needle.toLowerCase();
  return searchableParts(bytes).some((part) => part.toLowerCase().includes(lower));
}
