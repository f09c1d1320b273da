// Colours of a design are CMYK percentages, printed as chosen (DeviceCMYK). Screens show an sRGB preview
// read from a table of how MuPDF (which draws the proof) renders each CMYK value, so the editor, the
// thumbnail and the proof agree.
import { CMYK_TABLE_BASE64, CMYK_TABLE_STEPS } from "./cmyk-preview-table";

export type Cmyk = { c: number; m: number; y: number; k: number };
export type Rgb = { r: number; g: number; b: number };

let table: Uint8Array | null = null;
function previewTable(): Uint8Array {
  if (!table) {
    const text = atob(CMYK_TABLE_BASE64);
    table = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) table[i] = text.charCodeAt(i);
  }
  return table;
}

/** The sRGB preview of a CMYK colour (each channel 0–100): the table's grid, interpolated in four dimensions. */
export function cmykToRgb(colour: Cmyk): Rgb {
  const data = previewTable();
  const steps = CMYK_TABLE_STEPS;
  const scaled = [colour.c, colour.m, colour.y, colour.k].map((v) => (Math.min(100, Math.max(0, v)) / 100) * (steps - 1));
  const low = scaled.map((v) => Math.min(steps - 2, Math.floor(v)));
  const frac = scaled.map((v, i) => v - low[i]!);
  const out = [0, 0, 0];
  for (let corner = 0; corner < 16; corner++) {
    let weight = 1;
    let index = 0;
    for (let axis = 0; axis < 4; axis++) {
      const high = (corner >> (3 - axis)) & 1;
      weight *= high ? frac[axis]! : 1 - frac[axis]!;
      index = index * steps + low[axis]! + high;
    }
    if (weight === 0) continue;
    for (let ch = 0; ch < 3; ch++) out[ch]! += weight * data[index * 3 + ch]!;
  }
  return { r: Math.round(out[0]!), g: Math.round(out[1]!), b: Math.round(out[2]!) };
}

/** "#rrggbb" of the preview, for SVG and CSS. */
export function previewHex(colour: Cmyk): string {
  const { r, g, b } = cmykToRgb(colour);
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** "C0 M100 Y100 K0". */
export function formatCmyk(colour: Cmyk): string {
  return `C${colour.c} M${colour.m} Y${colour.y} K${colour.k}`;
}

export const cmyk = (c: number, m: number, y: number, k: number): Cmyk => ({ c, m, y, k });

/** Swatches offered first in the editor: print-safe CMYK builds of common sign colours. */
export const SWATCHES: { name: string; colour: Cmyk }[] = [
  { name: "White", colour: cmyk(0, 0, 0, 0) },
  { name: "Rich black", colour: cmyk(60, 40, 40, 100) },
  { name: "Black", colour: cmyk(0, 0, 0, 100) },
  { name: "Grey", colour: cmyk(0, 0, 0, 50) },
  { name: "Red", colour: cmyk(0, 100, 100, 0) },
  { name: "Orange", colour: cmyk(0, 60, 100, 0) },
  { name: "Yellow", colour: cmyk(0, 10, 100, 0) },
  { name: "Green", colour: cmyk(80, 0, 100, 0) },
  { name: "Dark green", colour: cmyk(90, 30, 100, 30) },
  { name: "Sky blue", colour: cmyk(70, 15, 0, 0) },
  { name: "Blue", colour: cmyk(100, 70, 0, 0) },
  { name: "Navy", colour: cmyk(100, 90, 30, 30) },
  { name: "Purple", colour: cmyk(70, 100, 0, 0) },
  { name: "Pink", colour: cmyk(0, 80, 10, 0) },
  { name: "Cream", colour: cmyk(0, 4, 15, 0) },
  { name: "Brown", colour: cmyk(30, 65, 90, 35) },
];
