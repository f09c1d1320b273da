// The file-storage contract shared by the local-disk default and S3-compatible object storage.
// Keys are checked here, before any disk or network access, so a key can never name a path
// outside the storage root or an object outside our bucket prefix. Access control (only the
// owner may download) belongs to the caller, not to this layer.
import type { Readable } from "node:stream";

/** Inclusive byte positions, as in an HTTP `Range: bytes=start-end` header; `end` omitted means to the last byte. */
export type ByteRange = { start: number; end?: number };

export type StoredObject = {
  stream: Readable;
  /** Size of the whole object in bytes, also when a range was asked for. */
  size: number;
  contentType: string;
  /** The inclusive range the stream yields, present only when `open` was given one. */
  range?: { start: number; end: number };
};

export interface FileStorage {
  readonly kind: "disk" | "s3";
  /** Streams a local file into storage under `key`, replacing any object there. Never reads it whole into memory. */
  putFile(key: string, filePath: string, contentType: string): Promise<{ size: number }>;
  /** Stores a small payload (thumbnails, invoices) under `key`, replacing any object there. */
  putBuffer(key: string, body: Buffer | Uint8Array, contentType: string): Promise<{ size: number }>;
  /**
   * Opens an object for streaming; null when there is none. With a range the stream yields only
   * those bytes (an `end` past the last byte is clamped); a start at or past the end of the
   * object throws UnsatisfiableRangeError.
   */
  open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The whole object as a Buffer (for small objects); null when missing. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes one object; a missing one is fine. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix`, which must end in "/" (e.g. "uploads/42/"). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every object whose key starts with `prefix` (ending in "/"), with when it was last written. */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Releases network connections (S3); the storage must not be used afterwards. */
  close(): Promise<void>;
}

export type DiskStorageOptions = { kind: "disk"; root: string };

export type S3StorageOptions = {
  kind: "s3";
  bucket: string;
  region: string;
  /** An S3-compatible service's URL; omitted for AWS itself. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Both or neither; when omitted the SDK's default credential chain is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Folder inside the bucket that every key lives under, e.g. "print-shop/" (a "/" is added if missing). */
  prefix?: string;
};

export type StorageOptions = DiskStorageOptions | S3StorageOptions;

export const MAX_KEY_LENGTH = 512;
/** Keeps the disk layout's sidecar and temp names (a segment plus up to 27 characters) under the usual 255-byte file-name limit. */
export const MAX_SEGMENT_LENGTH = 200;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/**
 * Throws a RangeError unless `key` is "/"-separated segments of [A-Za-z0-9._-], none empty, "."
 * or "..", none longer than 200 characters, at most 512 characters in all.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new RangeError(`Invalid storage key (must be 1-${MAX_KEY_LENGTH} characters): ${JSON.stringify(key)}`);
  }
  for (const segment of key.split("/")) {
    if (!SEGMENT.test(segment) || segment === "." || segment === ".." || segment.length > MAX_SEGMENT_LENGTH) {
      throw new RangeError(`Invalid storage key: ${JSON.stringify(key)}`);
    }
  }
}

/** Throws a RangeError unless `prefix` is a valid key followed by "/". The empty prefix (everything) is refused on purpose. */
export function assertValidPrefix(prefix: string): void {
  if (typeof prefix !== "string" || !prefix.endsWith("/")) {
    throw new RangeError(`Invalid storage prefix (must end in "/"): ${JSON.stringify(prefix)}`);
  }
  assertValidKey(prefix.slice(0, -1));
}

/** Thrown by `open` when a range starts at or past the end of the object (HTTP 416). */
export class UnsatisfiableRangeError extends RangeError {
  constructor(readonly size: number) {
    super(`Range not satisfiable for an object of ${size} bytes`);
    this.name = "UnsatisfiableRangeError";
  }
}

/** Throws a RangeError for a range that could never be valid: not integers, negative, or ending before it starts. */
export function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0 || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) {
    throw new RangeError(`Invalid byte range: ${JSON.stringify(range)}`);
  }
}

/** Clamps a valid range to an object of `size` bytes; throws UnsatisfiableRangeError when it starts past the end. */
export function clampRange(range: ByteRange, size: number): { start: number; end: number } {
  assertValidRange(range);
  if (range.start >= size) throw new UnsatisfiableRangeError(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
