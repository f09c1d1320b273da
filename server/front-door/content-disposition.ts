// Content-Disposition for a download whose name may be anything a customer called their file: an ASCII
// `filename` every client understands, and the real name in `filename*` (RFC 6266 / RFC 8187), so a
// name beyond Latin-1 ("Ünïcødé 看板.pdf") neither breaks the header nor loses its characters.

/** `attachment; filename="Unicode __.pdf"; filename*=UTF-8''%C3%9Cnic%C3%B8d%C3%A9%20%E7%9C%8B%E6%9D%BF.pdf` */
export function contentDisposition(kind: "attachment" | "inline", fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = fileName.replace(/[\u0000-\u001f\u007f]/g, "").trim() || "download";
  const ascii = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  if (ascii === name) return `${kind}; filename="${ascii}"`;
  const encoded = encodeURIComponent(name.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd")).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
