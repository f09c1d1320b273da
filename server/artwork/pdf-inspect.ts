// Reads what preflight needs from a PDF with mupdf: page sizes as printed (trim box, after /Rotate),
// every raster image drawn with the size it is placed at, and the colour spaces painted with. The
// pages are interpreted through a device that only records calls, so nothing is rendered.
import { open, readFile } from "node:fs/promises";
import * as mupdf from "mupdf";
import { PREFLIGHT_LIMITS, type ColourKind, type PdfFacts, type PdfPageFacts } from "../../domain/preflight";
import { UnreadableArtworkError } from "./errors";

// Customers' PDFs routinely make mupdf print repair warnings on stderr; what matters reaches the
// customer as a check, so the log would only be noise.
mupdf.setLog(() => {});

export type InspectedPdf = { kind: "pages"; facts: PdfFacts } | { kind: "too-many-pages"; pagesToPrint: number };

/** How preflight reads a colour space; an indexed palette is nearly always RGB (mupdf.js does not expose its base). */
function colourKindOf(colorspace: mupdf.ColorSpace | null | undefined): ColourKind | null {
  switch (colorspace?.getType()) {
    case "CMYK":
      return "cmyk";
    case "RGB":
    case "BGR":
    case "Indexed":
      return "rgb";
    case "Gray":
      return "grey";
    case "Separation":
      return "spot";
    case "Lab":
      return "other";
    default:
      return null;
  }
}

/** Readers look for the end-of-file marker in the last kilobyte; a file cut short has none. */
const EOF_WINDOW = 1024;

async function hasEndOfFileMarker(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, EOF_WINDOW);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    return tail.includes("%%EOF");
  } finally {
    await handle.close();
  }
}

/** Opens a PDF with mupdf; throws UnreadableArtworkError for a damaged, truncated or locked file. */
export async function openPdfOrThrow(path: string): Promise<mupdf.Document> {
  // mupdf silently repairs a truncated file and shows what survived; a customer would then get
  // half a poster, so a missing end marker counts as damage.
  if (!(await hasEndOfFileMarker(path))) {
    throw new UnreadableArtworkError("damaged", "PDF has no %%EOF marker in its last kilobyte");
  }
  let doc: mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(await readFile(path), "application/pdf");
  } catch (error) {
    throw new UnreadableArtworkError("damaged", `mupdf could not open the PDF: ${String(error)}`);
  }
  if (doc.needsPassword()) {
    doc.destroy();
    throw new UnreadableArtworkError("password", "PDF needs a password");
  }
  return doc;
}

function readPage(page: mupdf.Page): PdfPageFacts {
  const [x0, y0, x1, y1] = page.getBounds("TrimBox");
  const images: PdfPageFacts["images"] = [];
  const vectorColours = new Set<ColourKind>();
  const noteVector = (colorspace: mupdf.ColorSpace) => {
    const kind = colourKindOf(colorspace);
    if (kind) vectorColours.add(kind);
  };
  const device = new mupdf.Device({
    fillImage(image, ctm) {
      // Side lengths of the placed unit square: rotation and skew do not change them.
      const placedWidthPt = Math.hypot(ctm[0], ctm[1]);
      const placedHeightPt = Math.hypot(ctm[2], ctm[3]);
      if (placedWidthPt === 0 || placedHeightPt === 0) return;
      const colour = colourKindOf(image.getColorSpace()) ?? "other";
      images.push({ widthPx: image.getWidth(), heightPx: image.getHeight(), placedWidthPt, placedHeightPt, colour });
    },
    fillImageMask: (_image, _ctm, colorspace) => noteVector(colorspace),
    fillPath: (_path, _evenOdd, _ctm, colorspace) => noteVector(colorspace),
    strokePath: (_path, _stroke, _ctm, colorspace) => noteVector(colorspace),
    fillText: (_text, _ctm, colorspace) => noteVector(colorspace),
    strokeText: (_text, _stroke, _ctm, colorspace) => noteVector(colorspace),
  });
  try {
    page.run(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  return { widthPt: x1 - x0, heightPt: y1 - y0, images, vectorColours: [...vectorColours] };
}

/**
 * Page count and the facts of the pages that will be printed (the first `versions`). Throws
 * UnreadableArtworkError when the file is damaged, locked or has no pages.
 */
export async function inspectPdf(path: string, versions: number): Promise<InspectedPdf> {
  const doc = await openPdfOrThrow(path);
  try {
    let pageCount: number;
    try {
      pageCount = doc.countPages();
    } catch (error) {
      throw new UnreadableArtworkError("damaged", `mupdf could not count pages: ${String(error)}`);
    }
    if (pageCount === 0) throw new UnreadableArtworkError("no-pages", "PDF has no pages");
    const pagesToPrint = Math.min(pageCount, versions);
    if (pagesToPrint > PREFLIGHT_LIMITS.maxPdfPages) return { kind: "too-many-pages", pagesToPrint };
    const pages: PdfPageFacts[] = [];
    for (let index = 0; index < pagesToPrint; index++) {
      let page: mupdf.Page | undefined;
      try {
        page = doc.loadPage(index);
        pages.push(readPage(page));
      } catch (error) {
        throw new UnreadableArtworkError("damaged", `mupdf could not interpret page ${index + 1}: ${String(error)}`);
      } finally {
        page?.destroy();
      }
    }
    return { kind: "pages", facts: { pageCount, pages } };
  } finally {
    doc.destroy();
  }
}
