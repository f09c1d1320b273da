// What a file really is, from its bytes: customers' file names and browsers' declared types are
// often wrong, and a renamed file must never reach a decoder that expects something else.
import { open } from "node:fs/promises";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import { UnreadableArtworkError } from "./errors";

export type ArtworkKind = "jpeg" | "png" | "tiff" | "webp" | "pdf";

/** `kind` is null for content we do not accept; `detected` then names what it is, when known ("GIF"). */
export type Sniffed = { kind: ArtworkKind; detected: string } | { kind: null; detected: string | null };

const PDF_HEADER_WINDOW = 1024;

const ACCEPTED: Record<string, ArtworkKind> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/apng": "png", // sharp reads its default image, as browsers without APNG support do
  "image/tiff": "tiff",
  "image/webp": "webp",
};

function isSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && (error as NodeJS.ErrnoException).syscall !== undefined;
}

/** Sniffs the file at `path`. Throws UnreadableArtworkError for content file-type chokes on, and I/O errors as they are. */
export async function sniffArtwork(path: string): Promise<Sniffed> {
  // PDF readers accept the header anywhere in the first kilobyte (some tools write junk before it),
  // which file-type does not: check it first.
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(PDF_HEADER_WINDOW);
    const { bytesRead } = await handle.read(head, 0, PDF_HEADER_WINDOW, 0);
    if (head.subarray(0, bytesRead).includes("%PDF-")) return { kind: "pdf", detected: "PDF" };
  } finally {
    await handle.close();
  }
  // file-type reads as far into the file as each format needs (a fixed head misses some TIFFs).
  let found: Awaited<ReturnType<typeof fileTypeFromFile>>;
  try {
    found = await fileTypeFromFile(path);
  } catch (error) {
    if (isSystemError(error)) throw error;
    throw new UnreadableArtworkError("damaged", `file-type could not read the file: ${String(error)}`);
  }
  if (!found) return { kind: null, detected: null };
  const kind = ACCEPTED[found.mime];
  return kind ? { kind, detected: found.ext.toUpperCase() } : { kind: null, detected: found.ext.toUpperCase() };
}

/** The accepted kind of the file, or null. */
export async function sniffArtworkKind(path: string): Promise<ArtworkKind | null> {
  return (await sniffArtwork(path)).kind;
}

/** How much of a file's head a streaming check reads before deciding (resumable uploads). */
export const HEAD_SNIFF_BYTES = 64 * 1024;

const TIFF_MAGIC = [Buffer.from([0x49, 0x49, 0x2a, 0x00]), Buffer.from([0x4d, 0x4d, 0x00, 0x2a]), Buffer.from([0x49, 0x49, 0x2b, 0x00]), Buffer.from([0x4d, 0x4d, 0x00, 0x2b])];

/**
 * Sniffs the first bytes of a file that is still arriving. A TIFF is recognised by its first four bytes
 * alone (file-type may need bytes far beyond the head to tell its variants apart); the whole file is
 * sniffed again (sniffArtwork) once it has arrived.
 */
export async function sniffArtworkHead(head: Buffer): Promise<Sniffed> {
  if (head.subarray(0, PDF_HEADER_WINDOW).includes("%PDF-")) return { kind: "pdf", detected: "PDF" };
  if (TIFF_MAGIC.some((magic) => head.subarray(0, 4).equals(magic))) return { kind: "tiff", detected: "TIF" };
  let found: Awaited<ReturnType<typeof fileTypeFromBuffer>>;
  try {
    found = await fileTypeFromBuffer(head);
  } catch {
    return { kind: null, detected: null };
  }
  if (!found) return { kind: null, detected: null };
  const kind = ACCEPTED[found.mime];
  return kind ? { kind, detected: found.ext.toUpperCase() } : { kind: null, detected: found.ext.toUpperCase() };
}
