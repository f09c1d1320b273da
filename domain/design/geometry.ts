// Where elements are on the page: boxes in mm from the top-left corner, from each element's anchors, and
// back (moving a box keeps its anchors). Text boxes take their height from the text layout.
import { fontFileFor } from "./fonts";
import type { Anchor, Design, DesignElement, TextElement } from "./schema";
import { layoutText, type TextLayout } from "./text-layout";

export type Box = { x: number; y: number; w: number; h: number };
export type PageSize = { widthMm: number; heightMm: number };

export function textLayoutOf(element: TextElement): TextLayout {
  return layoutText({
    text: element.text,
    fontId: fontFileFor(element.font, element.weight).id,
    sizeMm: element.sizeMm,
    lineHeight: element.lineHeight,
    widthMm: element.widthMm,
    align: element.align,
  });
}

/** An element's own width and height. */
export function elementSize(element: DesignElement): { w: number; h: number } {
  switch (element.kind) {
    case "text":
      return { w: element.widthMm, h: Math.max(textLayoutOf(element).heightMm, element.sizeMm * element.lineHeight) };
    case "qr":
      return { w: element.sizeMm, h: element.sizeMm };
    default:
      return { w: element.widthMm, h: element.heightMm };
  }
}

function place(anchor: Anchor, length: number, page: number): number {
  if (anchor.anchor === "start") return anchor.offsetMm;
  if (anchor.anchor === "end") return page - anchor.offsetMm - length;
  return (page - length) / 2 + anchor.offsetMm;
}

function offsetFor(anchor: Anchor["anchor"], start: number, length: number, page: number): number {
  if (anchor === "start") return start;
  if (anchor === "end") return page - start - length;
  return start - (page - length) / 2;
}

export function elementBox(element: DesignElement, page: PageSize): Box {
  const { w, h } = elementSize(element);
  return { x: place(element.x, w, page.widthMm), y: place(element.y, h, page.heightMm), w, h };
}

/** The anchors that put an element of this size at (x, y), keeping the anchor sides it has. */
export function anchorsFor(element: Pick<DesignElement, "x" | "y">, box: Box, page: PageSize): { x: Anchor; y: Anchor } {
  return {
    x: { anchor: element.x.anchor, offsetMm: round2(offsetFor(element.x.anchor, box.x, box.w, page.widthMm)) },
    y: { anchor: element.y.anchor, offsetMm: round2(offsetFor(element.y.anchor, box.y, box.h, page.heightMm)) },
  };
}

/** The nearest anchor for a box: the third of the page its centre is in. */
export function nearestAnchor(start: number, length: number, page: number): Anchor["anchor"] {
  const centre = start + length / 2;
  return centre < page / 3 ? "start" : centre > (page * 2) / 3 ? "end" : "centre";
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The same design on another size: every length scaled by the smaller of the two ratios (nothing is
 * distorted or pushed off the page) and every element kept on its anchors.
 */
export function fitDesignToSize(design: Design, size: PageSize): Design {
  const s = Math.min(size.widthMm / design.widthMm, size.heightMm / design.heightMm);
  if (size.widthMm === design.widthMm && size.heightMm === design.heightMm) return design;
  const scale = (v: number) => round2(v * s);
  const anchor = (a: Anchor): Anchor => ({ anchor: a.anchor, offsetMm: scale(a.offsetMm) });
  return {
    ...design,
    widthMm: size.widthMm,
    heightMm: size.heightMm,
    elements: design.elements.map((element): DesignElement => {
      const moved = { ...element, x: anchor(element.x), y: anchor(element.y) };
      switch (moved.kind) {
        case "text":
          return { ...moved, sizeMm: Math.max(1, scale(moved.sizeMm)), widthMm: Math.max(1, scale(moved.widthMm)) };
        case "qr":
          return { ...moved, sizeMm: Math.max(10, scale(moved.sizeMm)) };
        case "image":
          return { ...moved, widthMm: Math.max(1, scale(moved.widthMm)), heightMm: Math.max(1, scale(moved.heightMm)) };
        case "shape":
          return { ...moved, widthMm: Math.max(1, scale(moved.widthMm)), heightMm: Math.max(1, scale(moved.heightMm)), strokeMm: scale(moved.strokeMm), cornerMm: scale(moved.cornerMm) };
        case "line":
          return { ...moved, widthMm: scale(moved.widthMm), heightMm: scale(moved.heightMm), strokeMm: Math.max(0.1, scale(moved.strokeMm)) };
      }
    }),
  };
}
