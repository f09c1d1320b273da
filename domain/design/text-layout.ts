// The one line-breaking rule of design text, used by the editor (SVG) and the print PDF alike: words are
// measured with the bundled fonts' advance widths (no kerning, no ligatures: both renderers are told to
// use none), greedily filled into the box's width, and a word wider than the box is split between letters.
import { fontMetrics } from "./fonts";

export type TextAlign = "left" | "centre" | "right";

export type LaidLine = { text: string; widthMm: number; xMm: number; baselineMm: number };
export type TextLayout = { lines: LaidLine[]; heightMm: number; lineAdvanceMm: number };

/** Width in mm of `text` set in `fontId` at an em size of `sizeMm`. */
export function measureText(text: string, fontId: string, sizeMm: number): number {
  const metrics = fontMetrics(fontId);
  let units = 0;
  for (const ch of text) units += metrics.advance.get(ch) ?? 0;
  return (units * sizeMm) / metrics.unitsPerEm;
}

/** Splits text into lines no wider than `widthMm` (positions relative to the box's top-left corner). */
export function layoutText(input: { text: string; fontId: string; sizeMm: number; lineHeight: number; widthMm: number; align: TextAlign }): TextLayout {
  const { fontId, sizeMm, widthMm } = input;
  const measure = (s: string) => measureText(s, fontId, sizeMm);
  const rows: string[] = [];
  for (const paragraph of input.text.split("\n")) {
    let line = "";
    for (const [index, word] of paragraph.split(" ").entries()) {
      if (index === 0) line = word;
      else if (measure(`${line} ${word}`.trimEnd()) <= widthMm) line = `${line} ${word}`;
      else {
        rows.push(line.trimEnd());
        line = word;
      }
      // One word wider than the box: split it between letters, as many as fit on each line.
      while ([...line].length > 1 && measure(line.trimEnd()) > widthMm) {
        const chars = [...line];
        let fit = 1;
        while (fit < chars.length && measure(chars.slice(0, fit + 1).join("")) <= widthMm) fit++;
        rows.push(chars.slice(0, fit).join(""));
        line = chars.slice(fit).join("");
      }
    }
    rows.push(line.trimEnd());
  }
  const metrics = fontMetrics(fontId);
  const scale = sizeMm / metrics.unitsPerEm;
  const lineAdvanceMm = sizeMm * input.lineHeight;
  // Each line's ascender-to-descender span sits in the middle of its slot.
  const firstBaseline = (lineAdvanceMm - (metrics.ascender - metrics.descender) * scale) / 2 + metrics.ascender * scale;
  const lines = rows.map((text, index) => {
    const lineWidth = measure(text);
    const xMm = input.align === "left" ? 0 : input.align === "centre" ? (widthMm - lineWidth) / 2 : widthMm - lineWidth;
    return { text, widthMm: lineWidth, xMm, baselineMm: firstBaseline + index * lineAdvanceMm };
  });
  return { lines, heightMm: rows.length * lineAdvanceMm, lineAdvanceMm };
}
