/**
 * Headers a catalogue route returns so the server may keep its rendered document until the catalogue
 * changes. Only for pages that carry no personal data (the basket and account live in the browser).
 */
export const catalogueCacheHeaders = { "x-page-cache": "catalogue" } as const;

/**
 * The same for a page that is true only until an instant (epoch ms): the product page's delivery dates
 * change at the 18:00 cut-off, so the server keeps it until then at most (docs/decisions/043-pages-without-scripts.md).
 */
export function catalogueCacheHeadersUntil(untilMs: number): Record<string, string> {
  return { "x-page-cache": `catalogue; until=${untilMs}` };
}
