// The bundled typefaces (open licences: SIL OFL 1.1 / Apache 2.0) and their metrics. The same TTF files are
// embedded (subset) in the print PDF and loaded by the editor, so both measure text with the same widths.
import { DESIGN_CHARSET, FONT_FILES, FONT_METRICS } from "./font-metrics";

export type FontFamilyId = "montserrat" | "anton" | "roboto-slab" | "playfair-display" | "dancing-script";
export type FontWeight = 400 | 700 | 800;

export const FONT_FAMILIES: { id: FontFamilyId; label: string; css: string; weights: FontWeight[] }[] = [
  { id: "montserrat", label: "Montserrat", css: "Design Montserrat", weights: [400, 700, 800] },
  { id: "anton", label: "Anton", css: "Design Anton", weights: [400] },
  { id: "roboto-slab", label: "Roboto Slab", css: "Design Roboto Slab", weights: [400, 700] },
  { id: "playfair-display", label: "Playfair Display", css: "Design Playfair Display", weights: [400, 700] },
  { id: "dancing-script", label: "Dancing Script", css: "Design Dancing Script", weights: [400, 700] },
];

export const FONT_FAMILY_IDS = FONT_FAMILIES.map((f) => f.id) as [FontFamilyId, ...FontFamilyId[]];

/** One font file: a family at one weight. `file` is the path inside node_modules. */
export type FontFile = { id: string; family: FontFamilyId; weight: FontWeight; file: string };
export const FONT_FILE_LIST: readonly FontFile[] = FONT_FILES;

/** The file that draws `family` at `weight`: that weight, or the family's nearest. */
export function fontFileFor(family: FontFamilyId, weight: FontWeight): FontFile {
  const files = FONT_FILE_LIST.filter((f) => f.family === family);
  return files.reduce((best, f) => (Math.abs(f.weight - weight) < Math.abs(best.weight - weight) ? f : best), files[0]!);
}

export function familyOf(id: FontFamilyId) {
  return FONT_FAMILIES.find((f) => f.id === id)!;
}

export type FontMetrics = { unitsPerEm: number; ascender: number; descender: number; capHeight: number; advance: Map<string, number> };

const metricsCache = new Map<string, FontMetrics>();
const CHARS = [...DESIGN_CHARSET];

export function fontMetrics(fontId: string): FontMetrics {
  let found = metricsCache.get(fontId);
  if (!found) {
    const raw = FONT_METRICS[fontId];
    if (!raw) throw new Error(`No metrics for font ${fontId}`);
    const widths = raw.widths.split(",").map(Number);
    found = { ...raw, advance: new Map(CHARS.map((ch, i) => [ch, widths[i]!])) };
    metricsCache.set(fontId, found);
  }
  return found;
}

const ALLOWED = new Set(CHARS);
/** The characters of `text` that no bundled font draws (line breaks are allowed). */
export function unsupportedCharacters(text: string): string[] {
  return [...new Set([...text].filter((ch) => ch !== "\n" && !ALLOWED.has(ch)))];
}

/** Typographic quotes and dashes typed on phones stay; anything else outside the set is dropped. Tabs become spaces. */
export function cleanText(text: string): string {
  return [...text.replace(/\r\n?/g, "\n").replace(/\t/g, " ")].filter((ch) => ch === "\n" || ALLOWED.has(ch)).join("");
}
