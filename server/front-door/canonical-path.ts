// One spelling per page. "/%70roduct/pvc-banner", "//product/pvc-banner/" and "/product/pvc-banner" are
// the same page to the router; only the last may be a page-cache key, or 500 spellings of one page
// would push every real page out of the cache.

/**
 * The canonical spelling of a path: each segment decoded and encoded again the one standard way, empty
 * segments (double slashes) dropped, no trailing slash. Null when a segment does not decode.
 */
export function canonicalPath(path: string): string | null {
  const segments: string[] = [];
  for (const raw of path.split("/")) {
    if (raw === "") continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return null;
    }
    segments.push(encodeURIComponent(decoded).replace(/%(?:2[4-9A-C]|3[ABD]|40)/gi, (escape) => decodeURIComponent(escape)));
  }
  return `/${segments.join("/")}`;
}

/** A path the page cache may key on: already canonical, lower case, no query string. */
export function isCacheablePath(url: string): boolean {
  if (url.includes("?")) return false;
  return canonicalPath(url) === url && url === url.toLowerCase();
}
