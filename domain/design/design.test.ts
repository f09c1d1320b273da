import { describe, expect, it } from "vitest";
import { cmykToRgb, previewHex } from "./colour";
import { DESIGN_CHARSET } from "./font-metrics";
import { cleanText, fontFileFor, unsupportedCharacters } from "./fonts";
import { anchorsFor, elementBox, fitDesignToSize } from "./geometry";
import { eyeletPositions, finishingFrom, safeInsetMm, snapBox } from "./guides";
import { placedPpi, ppiLevel, ppiWarning } from "./ppi";
import { qrModules, qrRuns } from "./qr";
import { placeImage, renderPlan } from "./render-plan";
import { designSchema, type Design, type TextElement } from "./schema";
import { DESIGN_TEMPLATES, templatesFor } from "./templates";
import { layoutText, measureText } from "./text-layout";

const A4 = { widthMm: 210, heightMm: 297 };
const BANNER = { widthMm: 3000, heightMm: 1000 };

describe("text layout", () => {
  const font = fontFileFor("montserrat", 400).id;
  it("breaks between words where the next word would pass the width", () => {
    const two = measureText("Open every", font, 10);
    const layout = layoutText({ text: "Open every day", fontId: font, sizeMm: 10, lineHeight: 1.2, widthMm: two + 1, align: "left" });
    expect(layout.lines.map((l) => l.text)).toEqual(["Open every", "day"]);
    expect(layout.heightMm).toBeCloseTo(24);
  });
  it("keeps explicit line breaks and splits a word wider than the box", () => {
    const layout = layoutText({ text: "A\nSupercalifragilistic", fontId: font, sizeMm: 10, lineHeight: 1, widthMm: 40, align: "left" });
    expect(layout.lines[0]!.text).toBe("A");
    expect(layout.lines.length).toBeGreaterThan(2);
    expect(layout.lines.slice(1).map((l) => l.text).join("")).toBe("Supercalifragilistic");
    for (const line of layout.lines) expect(line.widthMm).toBeLessThanOrEqual(40);
  });
  it("aligns each line inside the box", () => {
    const centred = layoutText({ text: "Hi", fontId: font, sizeMm: 10, lineHeight: 1, widthMm: 100, align: "centre" });
    const right = layoutText({ text: "Hi", fontId: font, sizeMm: 10, lineHeight: 1, widthMm: 100, align: "right" });
    expect(centred.lines[0]!.xMm * 2 + centred.lines[0]!.widthMm).toBeCloseTo(100);
    expect(right.lines[0]!.xMm + right.lines[0]!.widthMm).toBeCloseTo(100);
  });
  it("allows only characters every font has", () => {
    expect(DESIGN_CHARSET).toContain("£");
    expect(DESIGN_CHARSET).toContain("€");
    expect(unsupportedCharacters("Café £5 ☕")).toEqual(["☕"]);
    expect(cleanText("Tea\t☕\r\nnow")).toBe("Tea \nnow");
  });
});

describe("anchors and sizes", () => {
  const text: TextElement = { id: "t", kind: "text", text: "Sale", font: "anton", weight: 400, sizeMm: 50, lineHeight: 1, align: "centre", colour: { c: 0, m: 0, y: 0, k: 100 }, widthMm: 200, x: { anchor: "end", offsetMm: 30 }, y: { anchor: "start", offsetMm: 40 }, locked: false };
  it("places an element from its anchor and gives the anchors back for a moved box", () => {
    const box = elementBox(text, BANNER);
    expect(box).toEqual({ x: 2770, y: 40, w: 200, h: 50 });
    expect(anchorsFor(text, { ...box, x: 2700 }, BANNER)).toEqual({ x: { anchor: "end", offsetMm: 100 }, y: { anchor: "start", offsetMm: 40 } });
  });
  it("keeps an element on its edge when the size changes", () => {
    const design: Design = { version: 1, ...BANNER, background: { colour: { c: 0, m: 0, y: 0, k: 0 }, image: null }, elements: [text] };
    const smaller = fitDesignToSize(design, { widthMm: 1500, heightMm: 1000 });
    const box = elementBox(smaller.elements[0]!, smaller);
    expect(box.x + box.w).toBeCloseTo(1500 - 15);
    expect(box.w).toBe(100);
  });
});

describe("templates", () => {
  it("offers at least 12, across banners, posters, boards, flags and stickers", () => {
    expect(DESIGN_TEMPLATES.length).toBeGreaterThanOrEqual(12);
    const kinds = new Set(DESIGN_TEMPLATES.flatMap((t) => t.categories));
    expect([...kinds].sort()).toEqual(["banner", "board", "flag", "poster", "sticker"]);
    expect(templatesFor("sticker")[0]!.categories).toContain("sticker");
  });
  it.each(DESIGN_TEMPLATES.map((t) => [t.id, t] as const))("%s is a valid design that stays on the page at A4 and on a 3 × 1 m banner", (_id, template) => {
    for (const size of [A4, BANNER]) {
      const design = designSchema.parse(template.build(size));
      for (const drawable of renderPlan(design).drawables) {
        if (drawable.kind !== "text") continue;
        for (const line of drawable.lines) {
          expect(line.x).toBeGreaterThanOrEqual(-0.01);
          expect(line.x + line.widthMm).toBeLessThanOrEqual(size.widthMm + 0.01);
        }
        expect(drawable.box.y).toBeGreaterThanOrEqual(0);
        expect(drawable.box.y + drawable.box.h).toBeLessThanOrEqual(size.heightMm + 0.01);
      }
    }
  });
});

describe("colour preview", () => {
  it("reads the table at its grid points and between them", () => {
    expect(cmykToRgb({ c: 0, m: 0, y: 0, k: 0 })).toEqual({ r: 255, g: 255, b: 255 });
    expect(previewHex({ c: 0, m: 0, y: 0, k: 100 })).toMatch(/^#2[0-9a-f]/);
    const mid = cmykToRgb({ c: 0, m: 0, y: 0, k: 50 });
    expect(mid.r).toBeGreaterThan(100);
    expect(mid.r).toBeLessThan(180);
  });
});

describe("images, QR codes and guides", () => {
  it("fits or covers an image and judges its ppi like preflight", () => {
    expect(placeImage({ x: 0, y: 0, w: 100, h: 100 }, 200, 100, "contain")).toEqual({ x: 0, y: 25, w: 100, h: 50 });
    expect(placeImage({ x: 0, y: 0, w: 100, h: 100 }, 200, 100, "cover")).toEqual({ x: -50, y: 0, w: 200, h: 100 });
    const ppi = placedPpi(600, 600, { x: 0, y: 0, w: 254, h: 254 }, "contain");
    expect(ppi).toBeCloseTo(60);
    expect(ppiLevel(ppi)).toBe("low");
    expect(ppiLevel(120)).toBe("warn");
    expect(ppiWarning(300)).toBeNull();
    expect(ppiWarning(120)).toContain("120 ppi");
  });
  it("draws a QR code's dark modules as runs", () => {
    const modules = qrModules("https://example.co.uk");
    const dark = modules.flat().filter(Boolean).length;
    expect(qrRuns(modules).reduce((sum, run) => sum + run.length, 0)).toBe(dark);
  });
  it("reads hems and eyelets from the chosen finishing", () => {
    const finishing = finishingFrom(["440gsm PVC", "Hemmed & Eyeleted", "Every 50cm"]);
    expect(finishing).toMatchObject({ hemMm: 25, eyeletSpacingMm: 500 });
    const eyelets = eyeletPositions(BANNER, finishing);
    // 3 m × 1 m every 50 cm: 7 along each long side, 3 along each short side, corners shared: 7*2 + 1*2 = 16.
    expect(eyelets).toHaveLength(16);
    expect(finishingFrom(["Cut to size, no finishing"]).eyeletSpacingMm).toBeNull();
    expect(safeInsetMm(BANNER, finishing)).toBe(35);
    expect(safeInsetMm({ widthMm: 50, heightMm: 50 })).toBe(5);
  });
  it("snaps an edge to the nearest guide within the tolerance", () => {
    const snapped = snapBox({ x: 98, y: 10, w: 4, h: 4 }, { xs: [100], ys: [] }, 3);
    expect(snapped.x).toBe(98);
    expect(snapped.guideX).toBe(100);
    expect(snapBox({ x: 90, y: 0, w: 4, h: 4 }, { xs: [100], ys: [] }, 3).guideX).toBeNull();
  });
});
