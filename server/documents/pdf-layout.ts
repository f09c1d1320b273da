// Layout pieces shared by the invoice and packing-slip renderers: WinAnsi-safe text, word wrapping,
// en-GB dates, page flow with repeated headers, and saving with metadata that never depends on the
// clock, so the same data always gives the same bytes.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { parseIsoDate } from "../../domain/uk-bank-holidays";

export const POINTS_PER_MM = 72 / 25.4;
export const mmToPt = (mm: number): number => mm * POINTS_PER_MM;

export const INK = rgb(0.1, 0.1, 0.1);
export const MUTED = rgb(0.38, 0.38, 0.38);
export const RULE = rgb(0.75, 0.75, 0.75);

/** Neutral on purpose: names the library, never the shop (blind packing slips carry it too). */
export const PRODUCER = "pdf-lib";

export type Fonts = { regular: PDFFont; bold: PDFFont };

export async function embedStandardFonts(doc: PDFDocument): Promise<Fonts> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
}

const encodableByFont = new WeakMap<PDFFont, Set<number>>();
const INVISIBLE = /\u200b|\u200c|\u200d|\u2060|\ufe0e|\ufe0f/g; // zero-width joiners and emoji variation selectors

/**
 * The text as the standard fonts can draw it: one line, NFC, and every character outside the font's
 * WinAnsi set (emoji, CJK, ...) replaced by "?". pdf-lib throws on such characters instead.
 */
export function encodableText(font: PDFFont, text: string): string {
  let encodable = encodableByFont.get(font);
  if (!encodable) {
    encodable = new Set(font.getCharacterSet());
    encodableByFont.set(font, encodable);
  }
  let out = "";
  for (const char of text.normalize("NFC").replace(/[\t\n\v\f\r\u2028\u2029]/g, " ").replace(INVISIBLE, "")) {
    out += encodable.has(char.codePointAt(0)!) ? char : "?";
  }
  return out;
}

/** Breaks text into lines no wider than maxWidth, at spaces where possible, inside words where not. */
export function wrapText(font: PDFFont, size: number, text: string, maxWidth: number): string[] {
  const words = encodableText(font, text).split(" ").filter((word) => word !== "");
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= maxWidth;
  for (const word of words) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== "") lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      let cut = 1;
      const chars = Array.from(rest);
      while (cut < chars.length && fits(chars.slice(0, cut + 1).join(""))) cut += 1;
      lines.push(chars.slice(0, cut).join(""));
      rest = chars.slice(cut).join("");
    }
    line = rest;
  }
  if (line !== "") lines.push(line);
  return lines.length > 0 ? lines : [""];
}

/** Midnight UTC of an ISO date: the document's fixed creation time. */
export function isoDateToUtcMidnight(isoDate: string): Date {
  const { year, month, day } = parseIsoDate(isoDate);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/** "17.5%" or "20%": a rate as the customer reads it. */
export function formatPercent(ratePercent: number): string {
  if (!Number.isFinite(ratePercent) || ratePercent < 0) throw new RangeError(`Not a VAT rate: ${ratePercent}`);
  return `${Number(ratePercent.toFixed(3))}%`;
}

export type PostalAddress = {
  name?: string;
  company?: string;
  lines: string[];
  town: string;
  county?: string;
  postcode: string;
  country: string;
};

/** The address as printed, one line each, empty parts left out. */
export function postalAddressLines(address: PostalAddress): string[] {
  return [address.name, address.company, ...address.lines, address.town, address.county, address.postcode, address.country]
    .map((part) => part?.trim() ?? "")
    .filter((part) => part !== "");
}

export type TextStyle = { font: PDFFont; size: number; color?: ReturnType<typeof rgb> };

/** A new document with the standard fonts, and the text styles every document uses at its body size. */
export async function newDocument(bodySize: number) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedStandardFonts(doc);
  const text: TextStyle = { font: fonts.regular, size: bodySize };
  const strong: TextStyle = { font: fonts.bold, size: bodySize };
  const small: TextStyle = { font: fonts.regular, size: 8, color: MUTED };
  return { doc, fonts, text, strong, small };
}

export function drawLeft(page: PDFPage, text: string, x: number, y: number, style: TextStyle): void {
  page.drawText(encodableText(style.font, text), { x, y, size: style.size, font: style.font, color: style.color ?? INK });
}

export function drawRight(page: PDFPage, text: string, right: number, y: number, style: TextStyle): void {
  const safe = encodableText(style.font, text);
  const width = style.font.widthOfTextAtSize(safe, style.size);
  page.drawText(safe, { x: right - width, y, size: style.size, font: style.font, color: style.color ?? INK });
}

export function drawRule(page: PDFPage, left: number, right: number, y: number, thickness = 0.6): void {
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness, color: RULE });
}

/** One line of text as it is laid out: what, in which style, and the height it takes. */
export type TextLine = { text: string; style: TextStyle; height: number };

/**
 * Draws one table row of text lines at `left`, kept on one page unless it is longer than a page less
 * `continuedHeight` (what a continued page's headings take). After a page break `header` draws the
 * table's header again; `figures(baseline)` draws the row's figures beside its first line.
 */
export function drawTableRow(
  flow: PageFlow,
  lines: TextLine[],
  layout: { left: number; gap: number; continuedHeight: number; header: () => void; figures: (baseline: number) => void },
): void {
  const rowHeight = lines.reduce((sum, l) => sum + l.height, layout.gap);
  if (flow.breakUnlessFits(Math.min(rowHeight, flow.contentHeight - layout.continuedHeight))) layout.header();
  lines.forEach((line, index) => {
    if (flow.breakUnlessFits(line.height)) layout.header();
    const baseline = flow.y - line.style.size;
    drawLeft(flow.page, line.text, layout.left, baseline, line.style);
    if (index === 0) layout.figures(baseline);
    flow.y -= line.height;
  });
  flow.y -= layout.gap;
}

/**
 * A cursor that moves down the page and starts a new one (calling onNewPage to draw the running
 * heading) when the next block would not fit above the bottom margin.
 */
export class PageFlow {
  readonly pages: PDFPage[] = [];
  private current: PDFPage | undefined;
  /** The top of the free space on the current page, in points from the bottom edge. */
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly size: [number, number],
    readonly margin: { top: number; bottom: number },
    private readonly onNewPage: (flow: PageFlow, pageNumber: number) => void,
  ) {}

  get page(): PDFPage {
    if (!this.current) throw new Error("PageFlow has no page yet: call newPage() first");
    return this.current;
  }

  /** The height between the top and bottom margins; a running heading takes its share of it. */
  get contentHeight(): number {
    return this.size[1] - this.margin.top - this.margin.bottom;
  }

  newPage(): void {
    this.current = this.doc.addPage(this.size);
    this.pages.push(this.current);
    this.y = this.size[1] - this.margin.top;
    this.onNewPage(this, this.pages.length);
  }

  /** Starts a new page unless `height` fits; returns true when it did. */
  breakUnlessFits(height: number): boolean {
    if (this.y - height >= this.margin.bottom) return false;
    this.newPage();
    return true;
  }
}

export type DocumentMetadata = {
  title: string;
  author: string;
  subject: string;
  keywords: string[];
  creator: string;
  producer: string;
  /** Used for both CreationDate and ModDate; without it the document carries no dates at all. */
  date?: Date;
};

/**
 * Writes the Info dictionary from the caller's values only (the document must be created with
 * `updateMetadata: false`, or pdf-lib stamps its own name and the wall clock) and saves without
 * object streams, so the Info dictionary stays readable in the raw file for audits of what it says.
 * pdf-lib writes no trailer /ID and seeds its resource-name generator per document, so the bytes
 * depend only on the content.
 */
export async function saveWithFixedMetadata(doc: PDFDocument, meta: DocumentMetadata): Promise<Uint8Array> {
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setSubject(meta.subject);
  doc.setKeywords(meta.keywords);
  doc.setCreator(meta.creator);
  doc.setProducer(meta.producer);
  if (meta.date) {
    doc.setCreationDate(meta.date);
    doc.setModificationDate(meta.date);
  }
  doc.setLanguage("en-GB");
  return doc.save({ useObjectStreams: false });
}
