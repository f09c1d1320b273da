// The one layout of a design that both renderers draw: the editor's SVG and the server's PDF read this list
// of positioned primitives (mm from the top-left corner), so what the customer sees is what is printed.
import type { Cmyk } from "./colour";
import { elementBox, textLayoutOf, type Box } from "./geometry";
import { fontFileFor } from "./fonts";
import { QR_QUIET_MODULES, qrModules, qrRuns } from "./qr";
import type { Design, DesignElement } from "./schema";

export type Drawable =
  | { kind: "rect"; id: string; box: Box; fill: Cmyk | null; stroke: Cmyk | null; strokeMm: number; radiusMm: number }
  | { kind: "ellipse"; id: string; box: Box; fill: Cmyk | null; stroke: Cmyk | null; strokeMm: number }
  | { kind: "line"; id: string; x1: number; y1: number; x2: number; y2: number; colour: Cmyk; strokeMm: number }
  | { kind: "text"; id: string; box: Box; fontId: string; sizeMm: number; colour: Cmyk; lines: { text: string; x: number; baseline: number; widthMm: number }[] }
  | { kind: "image"; id: string; imageId: string; box: Box; placed: Box; clip: boolean }
  | { kind: "qr"; id: string; box: Box; colour: Cmyk; background: Cmyk | null; moduleMm: number; runs: { x: number; y: number; w: number }[] };

/** Where an image of widthPx × heightPx goes in `box`: fitted inside, or covering it (the overflow cut). */
export function placeImage(box: Box, widthPx: number, heightPx: number, fit: "contain" | "cover"): Box {
  const scale = fit === "contain" ? Math.min(box.w / widthPx, box.h / heightPx) : Math.max(box.w / widthPx, box.h / heightPx);
  const w = widthPx * scale;
  const h = heightPx * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

function drawableOf(element: DesignElement, page: { widthMm: number; heightMm: number }): Drawable {
  const box = elementBox(element, page);
  switch (element.kind) {
    case "text": {
      const layout = textLayoutOf(element);
      return {
        kind: "text",
        id: element.id,
        box,
        fontId: fontFileFor(element.font, element.weight).id,
        sizeMm: element.sizeMm,
        colour: element.colour,
        lines: layout.lines.filter((line) => line.text !== "").map((line) => ({ text: line.text, x: box.x + line.xMm, baseline: box.y + line.baselineMm, widthMm: line.widthMm })),
      };
    }
    case "image": {
      const placed = placeImage(box, element.widthPx, element.heightPx, element.fit);
      return { kind: "image", id: element.id, imageId: element.imageId, box, placed, clip: element.fit === "cover" };
    }
    case "shape":
      return element.shape === "rectangle"
        ? { kind: "rect", id: element.id, box, fill: element.fill, stroke: element.stroke, strokeMm: element.strokeMm, radiusMm: Math.min(element.cornerMm, box.w / 2, box.h / 2) }
        : { kind: "ellipse", id: element.id, box, fill: element.fill, stroke: element.stroke, strokeMm: element.strokeMm };
    case "line": {
      const down = element.slope === "down";
      return { kind: "line", id: element.id, x1: box.x, y1: down ? box.y : box.y + box.h, x2: box.x + box.w, y2: down ? box.y + box.h : box.y, colour: element.colour, strokeMm: element.strokeMm };
    }
    case "qr": {
      const modules = qrModules(element.url);
      const moduleMm = box.w / (modules.length + 2 * QR_QUIET_MODULES);
      const origin = { x: box.x + QR_QUIET_MODULES * moduleMm, y: box.y + QR_QUIET_MODULES * moduleMm };
      const runs = qrRuns(modules).map((run) => ({ x: origin.x + run.col * moduleMm, y: origin.y + run.row * moduleMm, w: run.length * moduleMm }));
      return { kind: "qr", id: element.id, box, colour: element.colour, background: element.background, moduleMm, runs };
    }
  }
}

export type RenderPlan = {
  widthMm: number;
  heightMm: number;
  background: Cmyk;
  backgroundImage: { imageId: string; placed: Box; clip: boolean } | null;
  drawables: Drawable[];
};

export function renderPlan(design: Design): RenderPlan {
  const page = { widthMm: design.widthMm, heightMm: design.heightMm };
  const pageBox = { x: 0, y: 0, w: design.widthMm, h: design.heightMm };
  const bg = design.background.image;
  return {
    ...page,
    background: design.background.colour,
    backgroundImage: bg ? { imageId: bg.imageId, placed: placeImage(pageBox, bg.widthPx, bg.heightPx, bg.fit), clip: bg.fit === "cover" } : null,
    drawables: design.elements.map((element) => drawableOf(element, page)),
  };
}
