// Hostile files and file names for upload cases (the fuzz suite and server/api/hostile-uploads.test.ts):
// PDFs a preflight must answer without a 500 — a page with no /Contents, no pages at all, a password, a
// huge page count — and file names carrying NUL and other control characters, raw or RFC 5987-encoded.
import * as mupdf from "mupdf";
import { PDFDocument } from "pdf-lib";

/** A hand-written PDF from its objects (`n 0 obj … endobj` bodies, numbered from 1), with a real xref. */
function pdfOf(objects: string[]): Buffer {
  let body = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** One page of `sizePt` square with no /Contents at all: a blank page (pdf-lib cannot embed it as it is). */
export const blankPagePdf = (sizePt = 862): Buffer =>
  pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${sizePt} ${sizePt}] >>`]);

/** A document whose page tree is empty. */
export const noPagesPdf = (): Buffer => pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]);

/** `count` entries in the page tree, all the same blank page: small to send, huge to walk. */
export const hugePageCountPdf = (count = 200_000): Buffer =>
  pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${"3 0 R ".repeat(count)}] /Count ${count} >>`, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 862 862] >>"]);

/** A one-page PDF that opens only with a password (AES-256). */
export async function encryptedPdf(): Promise<Buffer> {
  const plain = await PDFDocument.create();
  plain.addPage([862, 862]).drawRectangle({ x: 10, y: 10, width: 100, height: 100 });
  const doc = mupdf.Document.openDocument(await plain.save(), "application/pdf") as mupdf.PDFDocument;
  try {
    return Buffer.from(doc.saveToBuffer("encrypt=aes-256,user-password=secret,owner-password=secret").asUint8Array());
  } finally {
    doc.destroy();
  }
}

/**
 * File names as a hostile client writes them in Content-Disposition: the value after `filename` —
 * quoted with a raw NUL or control character, or RFC 5987 `filename*=` with an encoded NUL.
 */
export const HOSTILE_FILE_NAMES: readonly string[] = [
  'filename="a\u0000b.pdf"',
  "filename*=UTF-8''x%00y.pdf",
  'filename="\u001b[31mred.pdf"',
  'filename="../../etc/passwd"',
  'filename="..\\\\..\\\\boot.ini"',
  'filename="\u202egnp.pdf"',
  `filename="${"n".repeat(600)}.pdf"`,
  'filename=""',
  'filename="   "',
  'filename="."',
  "filename*=UTF-8''%ED%A0%80.pdf",
];

export type RawPart = { name: string; value: string } | { name: string; disposition: string; contentType: string; data: Buffer };

/** A multipart body whose file parts carry their Content-Disposition's file-name part as written (hostile or not). */
export function rawMultipart(parts: readonly RawPart[], boundary = "----hostile7MA4YWxkTrZu0gW"): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; ${part.disposition}\r\nContent-Type: ${part.contentType}\r\n\r\n`), part.data, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(payload.length) } };
}
