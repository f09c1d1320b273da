// Artwork preflight rules: the thresholds, the comparisons and the customer-facing messages.
// The server inspects a file (server/artwork/) and hands the facts to these pure functions; the
// browser can run the same functions on an image's pixel size before uploading it.

export const PREFLIGHT_LIMITS = {
  failBelowPpi: 100,
  warnBelowPpi: 150,
  idealPpi: 300,
  /** Relative difference of aspect ratios (artwork ÷ ordered − 1) still treated as the same shape. */
  proportionTolerance: 0.02,
  maxMegapixels: 300,
  /** Images at least this large are near the limit: a process decodes one of them at a time. */
  heavyMegapixels: 100,
  maxUploadBytes: 200 * 1024 * 1024,
  /** The most pages of one PDF we check and print (pages beyond the ordered versions are not read). */
  maxPdfPages: 50,
  /** Per step (preflight, print PDF, thumbnail) of one upload, in a worker. */
  processingTimeoutMs: 120_000,
} as const;

export type PreflightCode = "resolution" | "colour" | "proportions" | "orientation" | "pages" | "unreadable" | "type" | "pixels";
export type PreflightLevel = "warn" | "fail";
export type PreflightCheck = { code: PreflightCode; level: PreflightLevel; message: string };
export type PreflightVerdict = "pass" | "warn" | "fail";
export type PreflightResult = { verdict: PreflightVerdict; checks: PreflightCheck[] };

/** What was ordered. widthMm × heightMm is the finished size; Portrait/Landscape decide which side is longer. */
export type OrderedArtwork = { widthMm: number; heightMm: number; orientation: "Portrait" | "Landscape" | "Custom"; versions: number };

/** How artwork of one shape sits on the ordered size. */
export type ShapeFit = "ok" | "turned" | "off";

/** Colour model of raster artwork or of what a PDF paints; "spot" is a named ink (Separation/DeviceN). */
export type ColourKind = "cmyk" | "rgb" | "grey" | "spot" | "other";

export const POINTS_PER_INCH = 72;
export const MM_PER_INCH = 25.4;

export function mmToPoints(mm: number): number {
  return (mm * POINTS_PER_INCH) / MM_PER_INCH;
}

export function pointsToMm(points: number): number {
  return (points * MM_PER_INCH) / POINTS_PER_INCH;
}

/** The finished size the way round it was ordered (a fixed size may arrive as 210 × 297 with "Landscape"). */
export function orderedSizeMm(ordered: Pick<OrderedArtwork, "widthMm" | "heightMm" | "orientation">): { widthMm: number; heightMm: number } {
  const short = Math.min(ordered.widthMm, ordered.heightMm);
  const long = Math.max(ordered.widthMm, ordered.heightMm);
  if (ordered.orientation === "Portrait") return { widthMm: short, heightMm: long };
  if (ordered.orientation === "Landscape") return { widthMm: long, heightMm: short };
  return { widthMm: ordered.widthMm, heightMm: ordered.heightMm };
}

export function verdictOf(checks: readonly PreflightCheck[]): PreflightVerdict {
  if (checks.some((check) => check.level === "fail")) return "fail";
  return checks.length > 0 ? "warn" : "pass";
}

export function preflightResult(checks: PreflightCheck[]): PreflightResult {
  return { verdict: verdictOf(checks), checks };
}

/** Pixels per inch when `pixels` are printed across `mm` millimetres. */
export function effectivePpi(pixels: number, mm: number): number {
  return pixels / (mm / MM_PER_INCH);
}

function sameShape(ratio: number, orderedRatio: number): boolean {
  return Math.abs(ratio / orderedRatio - 1) <= PREFLIGHT_LIMITS.proportionTolerance;
}

/** Compares the artwork's shape (any unit) with the ordered size: the same, the same once turned 90°, or different. */
export function compareShape(artworkWidth: number, artworkHeight: number, orderedWidth: number, orderedHeight: number): ShapeFit {
  const orderedRatio = orderedWidth / orderedHeight;
  if (sameShape(artworkWidth / artworkHeight, orderedRatio)) return "ok";
  if (sameShape(artworkHeight / artworkWidth, orderedRatio)) return "turned";
  return "off";
}

/**
 * The artwork's width and height as they land on the ordered size: swapped when it fits only
 * turned. Artwork of a different shape stays upright (the customer's layout is kept).
 */
export function mappedSides(artworkWidth: number, artworkHeight: number, fit: ShapeFit): { width: number; height: number } {
  return fit === "turned" ? { width: artworkHeight, height: artworkWidth } : { width: artworkWidth, height: artworkHeight };
}

/**
 * Effective ppi of a raster at the ordered size: each side's pixels over the ordered side it maps
 * to, the lower of the two. That is the ppi the image would have if it filled the whole size, so
 * artwork of another shape is judged as if it were enlarged to cover it.
 */
export function rasterPpi(widthPx: number, heightPx: number, ordered: OrderedArtwork): number {
  const size = orderedSizeMm(ordered);
  const fit = compareShape(widthPx, heightPx, size.widthMm, size.heightMm);
  const sides = mappedSides(widthPx, heightPx, fit);
  return Math.min(effectivePpi(sides.width, size.widthMm), effectivePpi(sides.height, size.heightMm));
}

/** How much a page of `pageWidthPt` × `pageHeightPt` is enlarged to reach the ordered size (the covering scale, as for rasters). */
export function pageScaleToOrdered(pageWidthPt: number, pageHeightPt: number, ordered: OrderedArtwork): number {
  const size = orderedSizeMm(ordered);
  const fit = compareShape(pageWidthPt, pageHeightPt, size.widthMm, size.heightMm);
  const sides = mappedSides(pageWidthPt, pageHeightPt, fit);
  return Math.max(mmToPoints(size.widthMm) / sides.width, mmToPoints(size.heightMm) / sides.height);
}

// ---- Figures as customers read them ---------------------------------------------------------

function formatNumber(value: number, decimals: number): string {
  return Number(value.toFixed(decimals)).toString();
}

/** "594 × 841 mm", "210.5 × 297 mm". */
export function formatSizeMm(size: { widthMm: number; heightMm: number }): string {
  return `${formatNumber(size.widthMm, 1)} × ${formatNumber(size.heightMm, 1)} mm`;
}

/** "1:1.41", "16:9" style ratio with the shorter side as 1: "1:1", "1.78:1". */
export function formatRatio(width: number, height: number): string {
  const short = Math.min(width, height);
  return `${formatNumber(width / short, 2)}:${formatNumber(height / short, 2)}`;
}

/**
 * The ppi figure the checks judge and the customer reads: the effective ppi rounded to the nearest
 * whole number, so an image whose pixel size rounds to the ordered size at a threshold passes it
 * (1240 × 1754 px at A4 is 149.98 → 150 ppi), and the message shows the figure that was judged.
 */
export function roundedPpi(ppi: number): number {
  return Math.round(ppi);
}

function formatPpi(ppi: number): string {
  return `${roundedPpi(ppi)} ppi`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

// ---- Messages -------------------------------------------------------------------------------

/** `subject` names what is measured: "Your image", "An image in your PDF (page 2)". */
export function resolutionMessage(ppi: number, ordered: OrderedArtwork, subject = "Your image"): string {
  const at = `${subject} is ${formatPpi(ppi)} at ${formatSizeMm(orderedSizeMm(ordered))}.`;
  if (ppi < PREFLIGHT_LIMITS.failBelowPpi) {
    return `${at} Below ${PREFLIGHT_LIMITS.failBelowPpi} ppi it would print blurred; please upload a larger image (${PREFLIGHT_LIMITS.idealPpi} ppi is ideal).`;
  }
  return `${at} Below ${PREFLIGHT_LIMITS.warnBelowPpi} ppi it may look soft; ${PREFLIGHT_LIMITS.idealPpi} ppi is ideal.`;
}

const COLOUR_NAMES: Record<Exclude<ColourKind, "cmyk" | "spot">, string> = {
  rgb: "RGB",
  grey: "greyscale",
  other: "not in CMYK",
};

/** `source` is "This file" for an image, "This PDF" for a PDF. */
export function colourMessage(kind: Exclude<ColourKind, "cmyk" | "spot">, source: "This file" | "This PDF"): string {
  const what = source === "This PDF" ? `${source} contains ${kind === "other" ? "colours that are not CMYK" : `${COLOUR_NAMES[kind]} images`}` : `${source} is ${COLOUR_NAMES[kind]}`;
  if (kind === "grey") return `${what}. We print in CMYK; it will print in black ink only.`;
  if (kind === "rgb" && source === "This PDF") return `This PDF contains RGB colours. We print in CMYK, so colours are converted and may print darker.`;
  return `${what}. We print in CMYK, so colours are converted and may print darker.`;
}

export function proportionsMessage(artworkWidth: number, artworkHeight: number, ordered: OrderedArtwork): string {
  const size = orderedSizeMm(ordered);
  return (
    `Your artwork is ${formatRatio(artworkWidth, artworkHeight)} but the ordered size is ${formatSizeMm(size)} ` +
    `(${formatRatio(size.widthMm, size.heightMm)}); it will be scaled to fit, leaving blank margins.`
  );
}

export function orientationMessage(ordered: OrderedArtwork): string {
  return `Your artwork fits this size only when turned by 90°: check the orientation. We will turn it to print at ${formatSizeMm(orderedSizeMm(ordered))}.`;
}

export function pagesMessage(pageCount: number, versions: number): string {
  const printed = versions === 1 ? "only the first page" : `only the first ${versions} pages`;
  return `The PDF has ${plural(pageCount, "page", "pages")} but you ordered ${plural(versions, "version", "versions")}; ${printed} will be printed.`;
}

export function tooManyPagesMessage(pagesToPrint: number): string {
  return `This order would print ${pagesToPrint} pages of one PDF; we can check at most ${PREFLIGHT_LIMITS.maxPdfPages} pages per file. Please split it across several uploads.`;
}

export function pixelsMessage(widthPx: number, heightPx: number): string {
  const megapixels = Math.round((widthPx * heightPx) / 1e6);
  return `Your image is ${widthPx} × ${heightPx} pixels (${megapixels} megapixels); we accept up to ${PREFLIGHT_LIMITS.maxMegapixels} megapixels. Please reduce it to about ${PREFLIGHT_LIMITS.idealPpi} ppi at the ordered size.`;
}

export function implausiblePixelsMessage(widthPx: number, heightPx: number): string {
  return `This file says it is ${widthPx} × ${heightPx} pixels but is far too small to hold that many; it is damaged or not a real image.`;
}

export function typeMessage(detected: string | null): string {
  const what = detected ? `This file is a ${detected} file` : "We could not recognise this file as an image or a PDF";
  return `${what}, whatever its name says. Please upload a JPEG, PNG, TIFF, WebP or PDF.`;
}

export type UnreadableReason = "damaged" | "empty" | "too-large" | "password" | "no-pages" | "too-slow" | "too-complex";

export function unreadableMessage(reason: UnreadableReason): string {
  switch (reason) {
    case "damaged":
      return "We could not read this file; it seems damaged or incomplete. Please export it again and re-upload it.";
    case "empty":
      return "This file is empty. Please upload it again.";
    case "too-large":
      return `This file is larger than ${PREFLIGHT_LIMITS.maxUploadBytes / (1024 * 1024)} MB, the most we accept.`;
    case "password":
      return "This PDF is protected by a password. Please upload a copy without one.";
    case "no-pages":
      return "This PDF has no pages.";
    case "too-slow":
      return "This file took too long to check. Please export it again, simpler or smaller, and re-upload it.";
    case "too-complex":
      return "This file needs more memory to check than we allow. Please export it again, simpler or smaller, and re-upload it.";
  }
}

// ---- Checks from inspected facts -----------------------------------------------------------

export function failCheck(code: PreflightCode, message: string): PreflightCheck {
  return { code, level: "fail", message };
}

export function unreadableResult(reason: UnreadableReason): PreflightResult {
  return preflightResult([failCheck("unreadable", unreadableMessage(reason))]);
}

/** Resolution check for the lowest effective ppi, or null when it is good enough. */
export function resolutionCheck(ppi: number, ordered: OrderedArtwork, subject?: string): PreflightCheck | null {
  const judged = roundedPpi(ppi);
  if (judged >= PREFLIGHT_LIMITS.warnBelowPpi) return null;
  const level = judged < PREFLIGHT_LIMITS.failBelowPpi ? "fail" : "warn";
  return { code: "resolution", level, message: resolutionMessage(ppi, ordered, subject) };
}

/** The proportions or orientation warning for artwork of this shape, or null when it fits as it is. */
export function shapeCheck(artworkWidth: number, artworkHeight: number, ordered: OrderedArtwork): PreflightCheck | null {
  const size = orderedSizeMm(ordered);
  const fit = compareShape(artworkWidth, artworkHeight, size.widthMm, size.heightMm);
  if (fit === "ok") return null;
  if (fit === "turned") return { code: "orientation", level: "warn", message: orientationMessage(ordered) };
  return { code: "proportions", level: "warn", message: proportionsMessage(artworkWidth, artworkHeight, ordered) };
}

/** Raster facts with the image as it is meant to be seen (after its EXIF orientation). */
export type RasterFacts = { widthPx: number; heightPx: number; colour: ColourKind };

export function checkRaster(facts: RasterFacts, ordered: OrderedArtwork): PreflightCheck[] {
  const checks: PreflightCheck[] = [];
  const resolution = resolutionCheck(rasterPpi(facts.widthPx, facts.heightPx, ordered), ordered);
  if (resolution) checks.push(resolution);
  if (facts.colour !== "cmyk" && facts.colour !== "spot") {
    checks.push({ code: "colour", level: "warn", message: colourMessage(facts.colour, "This file") });
  }
  const shape = shapeCheck(facts.widthPx, facts.heightPx, ordered);
  if (shape) checks.push(shape);
  return checks;
}

/** One raster image painted on a PDF page: its pixels and how long its sides are on the page. */
export type PlacedImage = { widthPx: number; heightPx: number; placedWidthPt: number; placedHeightPt: number; colour: ColourKind };

/** A page that will be printed: its trim size as displayed (after /Rotate), what it paints. */
export type PdfPageFacts = { widthPt: number; heightPt: number; images: PlacedImage[]; vectorColours: ColourKind[] };

export type PdfFacts = { pageCount: number; pages: PdfPageFacts[] };

/** Effective ppi of a placed image once its page is enlarged to the ordered size. */
export function placedImagePpi(image: PlacedImage, pageScale: number): number {
  const across = image.widthPx / ((image.placedWidthPt * pageScale) / POINTS_PER_INCH);
  const down = image.heightPx / ((image.placedHeightPt * pageScale) / POINTS_PER_INCH);
  return Math.min(across, down);
}

export function checkPdf(facts: PdfFacts, ordered: OrderedArtwork): PreflightCheck[] {
  const checks: PreflightCheck[] = [];

  let lowest: { ppi: number; page: number } | null = null;
  facts.pages.forEach((page, index) => {
    const scale = pageScaleToOrdered(page.widthPt, page.heightPt, ordered);
    for (const image of page.images) {
      const ppi = placedImagePpi(image, scale);
      if (!lowest || ppi < lowest.ppi) lowest = { ppi, page: index + 1 };
    }
  });
  if (lowest) {
    const { ppi, page } = lowest;
    const subject = facts.pages.length > 1 ? `An image in your PDF (page ${page})` : "An image in your PDF";
    const resolution = resolutionCheck(ppi, ordered, subject);
    if (resolution) checks.push(resolution);
  }

  const imageColours = new Set(facts.pages.flatMap((page) => page.images.map((image) => image.colour)));
  const vectorColours = new Set(facts.pages.flatMap((page) => page.vectorColours));
  // Grey vector content (black text) is normal in print PDFs; grey images are reported like any non-CMYK image.
  const worst: Exclude<ColourKind, "cmyk" | "spot"> | null =
    imageColours.has("rgb") || vectorColours.has("rgb")
      ? "rgb"
      : imageColours.has("other") || vectorColours.has("other")
        ? "other"
        : imageColours.has("grey")
          ? "grey"
          : null;
  if (worst) checks.push({ code: "colour", level: "warn", message: colourMessage(worst, "This PDF") });

  const seen = new Set<PreflightCode>();
  for (const page of facts.pages) {
    const shape = shapeCheck(page.widthPt, page.heightPt, ordered);
    if (shape && !seen.has(shape.code)) {
      seen.add(shape.code);
      checks.push(shape);
    }
  }

  if (facts.pageCount > ordered.versions) {
    checks.push({ code: "pages", level: "warn", message: pagesMessage(facts.pageCount, ordered.versions) });
  }
  return checks;
}
