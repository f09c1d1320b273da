// Resumable uploads (tus 1.0 at /api/uploads): what the browser's uploader and the server share: the
// purposes an upload may be for, how its target travels in Upload-Metadata, the chunk size, and the words
// the uploader shows.

/**
 * What an upload is for. Each purpose is registered on the server with its own gates (who may send it,
 * the item's state, size and kinds of file) and its completion (server/services/uploads/purposes.ts).
 */
export const UPLOAD_PURPOSES = ["artwork", "quote-file", "design-file", "design-image"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const UPLOAD_STATES = ["receiving", "processing", "done", "failed"] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/**
 * The browser sends the file in PATCHes of this size, so the progress bar can show what the server holds
 * after each one (the server confirms each PATCH's new offset). 5 MiB is S3's smallest multipart part: in
 * S3 every PATCH becomes exactly one part.
 */
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;

/** How long an unfinished upload may wait for its next bytes before it is swept (Upload-Expires). */
export const UPLOAD_EXPIRY_MS = 48 * 60 * 60 * 1000;

/** Upload-Metadata's keys: tus sends each value base64-encoded. The target's own fields ride beside these. */
export const UPLOAD_METADATA = { purpose: "purpose", fileName: "filename", fileType: "filetype" } as const;

export const UPLOAD_MESSAGES = {
  offline: "Paused: you are offline. The upload carries on by itself when you are back online.",
  resumable: (fileName: string, held: string) => `You were uploading ${fileName} (${held} already received). Choose the same file to carry on from there.`,
  checking: "Uploaded. Checking your file…",
  expired: "This upload waited too long and was removed. Please choose the file again.",
  notAccepted: (detected: string | null) => `This file is not a PDF, JPEG, PNG, TIFF or WebP file${detected ? ` (it looks like ${detected})` : ""}.`,
  busy: "This upload is busy in another tab or window. Please try again in a moment.",
  complete: "This upload is already complete.",
} as const;

/**
 * "34 KB" under a megabyte, "12.5 MB" above (binary units, as the size limits are written): a small file
 * never reads "0.0 MB". Under 1 KB it is "1 KB" (or "0 KB" for an empty file), never a count of bytes.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) {
    const kb = Math.ceil(bytes / 1024);
    // 1 048 575 bytes would round up to "1024 KB": that is a megabyte.
    if (kb < 1024) return `${kb} KB`;
  }
  const mb = bytes / (1024 * 1024);
  return `${mb.toFixed(mb < 10 ? 1 : 0)} MB`;
}

/** The longest file name kept (a file system's limit); what is shown is cut shorter (domain/artwork.ts). */
export const MAX_STORED_FILE_NAME = 255;

/**
 * A file name as a client sent it, made safe to keep and show (ADR 038): the last path segment only,
 * without control characters (NUL included), bidirectional overrides, lone surrogates or edge spaces and
 * dots, at most 255 characters; `fallback` when nothing is left. Every upload's name passes through here
 * once, before anything is stored.
 */
export function cleanFileName(raw: string | null | undefined, fallback: string): string {
  const lastSegment = (raw ?? "").split(/[/\\]/).pop() ?? "";
  const cleaned = lastSegment
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
    .replace(/\ufffd/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  if (cleaned === "") return fallback;
  return Array.from(cleaned).slice(0, MAX_STORED_FILE_NAME).join("");
}
