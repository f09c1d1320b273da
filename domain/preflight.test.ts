import { describe, expect, it } from "vitest";
import {
  PREFLIGHT_LIMITS,
  checkPdf,
  checkRaster,
  compareShape,
  effectivePpi,
  formatRatio,
  formatSizeMm,
  mmToPoints,
  orderedSizeMm,
  pageScaleToOrdered,
  pagesMessage,
  rasterPpi,
  resolutionCheck,
  shapeCheck,
  typeMessage,
  unreadableResult,
  verdictOf,
  type OrderedArtwork,
  type PdfPageFacts,
} from "./preflight";

const A4: OrderedArtwork = { widthMm: 210, heightMm: 297, orientation: "Portrait", versions: 1 };
const A1: OrderedArtwork = { widthMm: 594, heightMm: 841, orientation: "Portrait", versions: 1 };
const px = (mm: number, ppi: number) => Math.ceil((mm / 25.4) * ppi);

describe("limits", () => {
  it("are the agreed thresholds", () => {
    expect(PREFLIGHT_LIMITS).toMatchObject({
      failBelowPpi: 100,
      warnBelowPpi: 150,
      proportionTolerance: 0.02,
      maxMegapixels: 300,
      maxUploadBytes: 200 * 1024 * 1024,
    });
  });
});

describe("verdictOf", () => {
  it("is the worst level, pass only without checks", () => {
    expect(verdictOf([])).toBe("pass");
    expect(verdictOf([{ code: "colour", level: "warn", message: "" }])).toBe("warn");
    expect(
      verdictOf([
        { code: "colour", level: "warn", message: "" },
        { code: "resolution", level: "fail", message: "" },
      ]),
    ).toBe("fail");
  });
});

describe("effective ppi", () => {
  it("is pixels over inches", () => {
    expect(effectivePpi(2480, 210)).toBeCloseTo(299.96, 2);
    expect(effectivePpi(300, 25.4)).toBe(300);
  });

  it("takes the lower side, using the side each artwork side maps to", () => {
    expect(rasterPpi(px(210, 300), px(297, 120), A4)).toBeCloseTo(120, 0);
    // Landscape pixels on a portrait order are judged turned: 3508 px across 297 mm.
    expect(rasterPpi(px(297, 300), px(210, 300), A4)).toBeGreaterThanOrEqual(300);
  });

  it("scales a PDF page to the ordered size", () => {
    expect(pageScaleToOrdered(mmToPoints(297), mmToPoints(420), A4)).toBeCloseTo(1 / Math.SQRT2, 2);
    expect(pageScaleToOrdered(mmToPoints(210), mmToPoints(297), A4)).toBeCloseTo(1, 6);
  });
});

describe("shape comparison", () => {
  it("is ok within 2%, turned when it fits after 90°, otherwise off", () => {
    expect(compareShape(210, 297, 210, 297)).toBe("ok");
    expect(compareShape(210 * 1.019, 297, 210, 297)).toBe("ok");
    expect(compareShape(210 * 1.03, 297, 210, 297)).toBe("off");
    expect(compareShape(297, 210, 210, 297)).toBe("turned");
    expect(compareShape(1, 1, 210, 297)).toBe("off");
  });

  it("gives one warning: orientation, not proportions as well", () => {
    expect(shapeCheck(3508, 2481, A4)).toEqual({
      code: "orientation",
      level: "warn",
      message: expect.stringContaining("Your artwork fits this size only when turned by 90°: check the orientation."),
    });
    expect(shapeCheck(1000, 1000, A4)?.message).toMatch(/^Your artwork is 1:1 but the ordered size is 210 × 297 mm \(1:1\.41\)/);
    expect(shapeCheck(2481, 3508, A4)).toBeNull();
  });

  it("reads the ordered size the way round it was ordered", () => {
    expect(orderedSizeMm({ widthMm: 210, heightMm: 297, orientation: "Landscape" })).toEqual({ widthMm: 297, heightMm: 210 });
    expect(orderedSizeMm({ widthMm: 297, heightMm: 210, orientation: "Portrait" })).toEqual({ widthMm: 210, heightMm: 297 });
    expect(orderedSizeMm({ widthMm: 500, heightMm: 300, orientation: "Custom" })).toEqual({ widthMm: 500, heightMm: 300 });
    expect(shapeCheck(3508, 2481, { ...A4, orientation: "Landscape" })).toBeNull();
  });
});

describe("messages", () => {
  it("states ppi, size and the ideal", () => {
    expect(resolutionCheck(120.4, A1)).toEqual({
      code: "resolution",
      level: "warn",
      message: "Your image is 120 ppi at 594 × 841 mm. Below 150 ppi it may look soft; 300 ppi is ideal.",
    });
    expect(resolutionCheck(99.4, A1)?.level).toBe("fail");
    expect(resolutionCheck(99.4, A1)?.message).toMatch(/^Your image is 99 ppi at 594 × 841 mm\. Below 100 ppi/);
    expect(resolutionCheck(150, A1)).toBeNull();
  });

  it("judges and shows the rounded effective ppi", () => {
    // The standard 150 ppi A4 export: 1240 × 1754 px is 149.98 ppi, which rounds to 150 and passes.
    expect(rasterPpi(1240, 1754, A4)).toBeLessThan(150);
    expect(resolutionCheck(rasterPpi(1240, 1754, A4), A4)).toBeNull();
    expect(checkRaster({ widthPx: 1240, heightPx: 1754, colour: "cmyk" } as never, A4).map((c) => c.code)).not.toContain("resolution");
    // Just under a rounded threshold: warned or failed, and the message shows the figure judged.
    expect(resolutionCheck(149.4, A4)).toMatchObject({ level: "warn", message: expect.stringMatching(/^Your image is 149 ppi/) });
    expect(resolutionCheck(99.6, A4)).toMatchObject({ level: "warn", message: expect.stringMatching(/^Your image is 100 ppi/) });
    expect(resolutionCheck(99.49, A4)).toMatchObject({ level: "fail", message: expect.stringMatching(/^Your image is 99 ppi/) });
  });

  it("formats figures the way a customer reads them", () => {
    expect(formatSizeMm({ widthMm: 210, heightMm: 297 })).toBe("210 × 297 mm");
    expect(formatSizeMm({ widthMm: 210.5, heightMm: 297.04 })).toBe("210.5 × 297 mm");
    expect(formatRatio(210, 297)).toBe("1:1.41");
    expect(formatRatio(297, 210)).toBe("1.41:1");
    expect(formatRatio(5, 5)).toBe("1:1");
  });

  it("counts pages and versions in plain English", () => {
    expect(pagesMessage(2, 1)).toBe("The PDF has 2 pages but you ordered 1 version; only the first page will be printed.");
    expect(pagesMessage(5, 2)).toBe("The PDF has 5 pages but you ordered 2 versions; only the first 2 pages will be printed.");
  });

  it("names a refused type when it is known", () => {
    expect(typeMessage("GIF")).toMatch(/^This file is a GIF file, whatever its name says\./);
    expect(typeMessage(null)).toMatch(/^We could not recognise this file/);
    expect(unreadableResult("too-slow")).toEqual({
      verdict: "fail",
      checks: [{ code: "unreadable", level: "fail", message: expect.stringContaining("took too long") }],
    });
  });
});

describe("checkRaster", () => {
  it("passes a 300 ppi CMYK A4", () => {
    expect(checkRaster({ widthPx: px(210, 300), heightPx: px(297, 300), colour: "cmyk" }, A4)).toEqual([]);
  });

  it("warns about RGB and fails 72 ppi", () => {
    const checks = checkRaster({ widthPx: px(210, 72), heightPx: px(297, 72), colour: "rgb" }, A4);
    expect(checks.map((c) => [c.code, c.level])).toEqual([
      ["resolution", "fail"],
      ["colour", "warn"],
    ]);
    expect(checks[1]!.message).toBe("This file is RGB. We print in CMYK, so colours are converted and may print darker.");
  });
});

describe("checkPdf", () => {
  const page = (over: Partial<PdfPageFacts> = {}): PdfPageFacts => ({
    widthPt: mmToPoints(210),
    heightPt: mmToPoints(297),
    images: [],
    vectorColours: ["cmyk"],
    ...over,
  });

  it("has no resolution check for a vector page, and passes it", () => {
    expect(checkPdf({ pageCount: 1, pages: [page()] }, A4)).toEqual([]);
  });

  it("judges a placed image at its printed size", () => {
    // 300 px placed across 72 pt (one inch) on an A4 page printed at A4: 300 ppi.
    const image = { widthPx: 300, heightPx: 300, placedWidthPt: 72, placedHeightPt: 72, colour: "cmyk" as const };
    expect(checkPdf({ pageCount: 1, pages: [page({ images: [image] })] }, A4)).toEqual([]);
    // The same page printed at A1 (×2.83) gives 106 ppi: a warning.
    const atA1 = checkPdf({ pageCount: 1, pages: [page({ images: [image] })] }, A1);
    expect(atA1.map((c) => [c.code, c.level])).toEqual([["resolution", "warn"]]);
    expect(atA1[0]!.message).toMatch(/^An image in your PDF is 106 ppi at 594 × 841 mm/);
  });

  it("warns about RGB colour, but not about grey vector text", () => {
    expect(checkPdf({ pageCount: 1, pages: [page({ vectorColours: ["grey", "cmyk"] })] }, A4)).toEqual([]);
    expect(checkPdf({ pageCount: 1, pages: [page({ vectorColours: ["rgb"] })] }, A4).map((c) => c.code)).toEqual(["colour"]);
  });

  it("warns about extra pages and a page of another shape", () => {
    const checks = checkPdf({ pageCount: 3, pages: [page({ widthPt: 500, heightPt: 500 })] }, A4);
    expect(checks.map((c) => c.code)).toEqual(["proportions", "pages"]);
  });
});
