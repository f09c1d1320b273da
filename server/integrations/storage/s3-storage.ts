// Storage in an S3 bucket (AWS or an S3-compatible service) through the official v3 SDK. Files
// are streamed to PutObject with their length, never buffered; downloads stream the response body.
// An optional prefix keeps all our objects in one folder of a shared bucket.
import fs from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import {
  assertValidKey,
  assertValidPrefix,
  assertValidRange,
  UnsatisfiableRangeError,
  type ByteRange,
  type FileStorage,
  type S3StorageOptions,
  type StoredObject,
} from "./storage";

const FALLBACK_CONTENT_TYPE = "application/octet-stream";

function errorName(error: unknown): string | undefined {
  return (error as { name?: string } | null)?.name;
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** "bytes 0-9/1234" → 1234. */
function totalFromContentRange(contentRange: string | undefined): number | undefined {
  const total = contentRange?.match(/\/(\d+)$/)?.[1];
  return total === undefined ? undefined : Number(total);
}

/** The bucket folder every key lives under: "" or segments ending in "/". */
function normalisePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? "").replace(/^\/+/, "");
  if (trimmed === "") return "";
  const withSlash = trimmed.endsWith("/") ? trimmed : `${trimmed}/`;
  assertValidPrefix(withSlash);
  return withSlash;
}

export function createS3Client(options: S3StorageOptions): S3Client {
  const { accessKeyId, secretAccessKey } = options;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error("S3 storage needs both an access key id and a secret access key, or neither (to use the default credential chain)");
  }
  const config: S3ClientConfig = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
  if (options.endpoint) {
    // Since early 2025 the SDK adds CRC32 checksums to every upload that allows one, sending the
    // body aws-chunked with a checksum trailer, and asks for checksums on downloads. Many
    // S3-compatible services (and s3rver, which our tests use) do not understand that encoding and
    // would store the chunk framing as part of the object. With a custom endpoint we go back to
    // checksums only where the API requires them (DeleteObjects still gets one). AWS itself keeps
    // the SDK's default.
    config.requestChecksumCalculation = "WHEN_REQUIRED";
    config.responseChecksumValidation = "WHEN_REQUIRED";
  }
  return new S3Client(config);
}

/** `client` replaces the one built from the options (tests use it to watch or shape requests). */
export function createS3Storage(options: S3StorageOptions, client: S3Client = createS3Client(options)): FileStorage {
  const bucket = options.bucket;
  const base = normalisePrefix(options.prefix);

  function objectKey(key: string): string {
    assertValidKey(key);
    return base + key;
  }

  async function put(key: string, body: Readable | Buffer | Uint8Array, size: number, contentType: string): Promise<{ size: number }> {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: size, ContentType: contentType }));
    return { size };
  }

  async function sizeOf(key: string): Promise<number> {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return head.ContentLength ?? 0;
  }

  return {
    kind: "s3",

    async putFile(key, filePath, contentType) {
      const fullKey = objectKey(key);
      const handle = await fs.open(filePath, "r");
      // The length comes from the same open file the stream reads, so it matches the bytes sent.
      let size: number;
      try {
        size = (await handle.stat()).size;
      } catch (error) {
        await handle.close();
        throw error;
      }
      const stream = handle.createReadStream(); // closes the handle when it ends or is destroyed
      try {
        return await put(fullKey, stream, size, contentType);
      } finally {
        stream.destroy();
      }
    },

    async putBuffer(key, body, contentType) {
      return put(objectKey(key), body, body.byteLength, contentType);
    },

    async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const fullKey = objectKey(key);
      if (range) assertValidRange(range);
      try {
        const response = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: fullKey, Range: range ? `bytes=${range.start}-${range.end ?? ""}` : undefined }),
        );
        const stream = response.Body as Readable;
        const contentType = response.ContentType ?? FALLBACK_CONTENT_TYPE;
        const length = response.ContentLength ?? 0;
        if (!range) return { stream, size: length, contentType };
        const size = totalFromContentRange(response.ContentRange) ?? length;
        const start = range.start;
        return { stream, size, contentType, range: { start, end: start + length - 1 } };
      } catch (error) {
        if (errorName(error) === "NoSuchKey") return null;
        if (errorName(error) === "InvalidRange" || httpStatus(error) === 416) {
          const reported = Number((error as { ActualObjectSize?: unknown }).ActualObjectSize);
          throw new UnsatisfiableRangeError(Number.isSafeInteger(reported) ? reported : await sizeOf(fullKey));
        }
        throw error;
      }
    },

    async read(key) {
      const fullKey = objectKey(key);
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: fullKey }));
        const bytes = await response.Body!.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (errorName(error) === "NoSuchKey") return null;
        throw error;
      }
    },

    async exists(key) {
      const fullKey = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: fullKey }));
        return true;
      } catch (error) {
        // A HEAD response has no body, so a missing key arrives as a bare 404 ("NotFound").
        if (errorName(error) === "NotFound" || errorName(error) === "NoSuchKey" || httpStatus(error) === 404) return false;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async deletePrefix(prefix) {
      assertValidPrefix(prefix);
      const fullPrefix = base + prefix;
      // Pages are chained with StartAfter (the last key seen) rather than ContinuationToken. S3
      // and the compatible services accept both; s3rver cannot produce continuation tokens on
      // Node 17+ (it encrypts them with DES, which OpenSSL 3 refuses), so StartAfter is what our
      // test can page through.
      let startAfter: string | undefined;
      for (;;) {
        // A listing page holds at most 1,000 keys, which is also DeleteObjects' limit.
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: fullPrefix, StartAfter: startAfter }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
          const failed = result.Errors ?? [];
          if (failed.length > 0) {
            const first = failed[0]!;
            throw new Error(`S3 could not delete ${failed.length} object(s) under ${fullPrefix}, e.g. ${first.Key}: ${first.Code} ${first.Message}`);
          }
        }
        if (!page.IsTruncated || keys.length === 0) return;
        startAfter = keys[keys.length - 1]!.Key;
      }
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      // Paged with StartAfter, as deletePrefix is (see there).
      let startAfter: string | undefined;
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: base + prefix, StartAfter: startAfter }));
        const objects = page.Contents ?? [];
        for (const object of objects) {
          if (object.Key) yield { key: object.Key.slice(base.length), modifiedAt: object.LastModified ?? new Date(0) };
        }
        if (!page.IsTruncated || objects.length === 0) return;
        startAfter = objects[objects.length - 1]!.Key;
      }
    },

    async close() {
      client.destroy();
    },
  };
}
