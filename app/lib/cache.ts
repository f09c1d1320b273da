/**
 * Headers a catalogue route returns so the server may keep its rendered document until the catalogue
 * changes. Only for pages that carry no personal data (the basket and account live in the browser).
 */
export const catalogueCacheHeaders = { "x-page-cache": "catalogue" } as const;
