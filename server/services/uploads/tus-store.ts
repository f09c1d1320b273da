// Where a resumable upload's bytes wait until it is complete: @tus/file-store in DATA_DIR/files/tus (the
// storage folder, so FILES_SHARED covers it too), or @tus/s3-store in the bucket under `<S3_PREFIX>tus/`.
// What the stores know about an upload is kept in PostgreSQL (`upload_kv`), and an S3 upload's parts are
// recorded in `upload_parts` when S3 accepts each one, so the offset never depends on one process's memory
// or on ListParts (which S3-compatible services such as s3rver do not all offer).
import fs from "node:fs";
import { promises as fsp } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Part } from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store, type MetadataValue } from "@tus/s3-store";
import type { DataStore, Upload } from "@tus/utils";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { uploadParts } from "../../../db/schema";
import type { Config } from "../../config";
import { createPgKvStore } from "./kv-store";

export type TusStore = {
  store: DataStore;
  /** The store's id of the upload with public id `id`. */
  storeId(id: string): string;
  publicId(storeId: string): string | null;
  /** The complete upload as a local file (the disk file itself, or a download into `tmpDir`); `release` removes a download. */
  localCopy(id: string, tmpDir: string): Promise<{ path: string; release: () => Promise<void> }>;
  /** Deletes an upload's bytes and what the store knows of it (aborting an S3 multipart upload); a missing one is fine. */
  remove(id: string): Promise<void>;
};

const PUBLIC_ID = /^[0-9a-f]{32}$/;

export function createTusStore(config: Config, db: Db, expirationMs: number): TusStore {
  const storage = config.storage;
  if (storage.kind === "disk") {
    const directory = storage.root;
    const configstore = createPgKvStore<Upload>(db, "file");
    const store = new FileStore({ directory, configstore, expirationPeriodInMilliseconds: expirationMs });
    const storeId = (id: string) => `tus/${id}`;
    return {
      store,
      storeId,
      publicId: (sid) => (sid.startsWith("tus/") && PUBLIC_ID.test(sid.slice(4)) ? sid.slice(4) : null),
      localCopy: async (id) => ({ path: path.join(directory, storeId(id)), release: async () => {} }),
      async remove(id) {
        await fsp.rm(path.join(directory, storeId(id)), { force: true });
        await configstore.delete(storeId(id));
      },
    };
  }

  const prefix = storage.prefix ? `${storage.prefix.replace(/^\/+|\/+$/g, "")}/` : "";
  const store = new PartsInPostgresS3Store(db, {
    s3ClientConfig: {
      bucket: storage.bucket,
      region: storage.region,
      endpoint: storage.endpoint,
      forcePathStyle: storage.forcePathStyle,
      credentials: storage.accessKeyId && storage.secretAccessKey ? { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey } : undefined,
      // As in s3-storage.ts: S3-compatible services do not all read the SDK's aws-chunked checksum framing.
      ...(storage.endpoint ? { requestChecksumCalculation: "WHEN_REQUIRED" as const, responseChecksumValidation: "WHEN_REQUIRED" as const } : {}),
    },
    cache: createPgKvStore<MetadataValue>(db, "s3"),
    expirationPeriodInMilliseconds: expirationMs,
    // Expiry is swept from the uploads table (upload-service.ts), never by listing the whole bucket.
    useTags: false,
  });
  const storeId = (id: string) => `${prefix}tus/${id}`;
  return {
    store,
    storeId,
    publicId: (sid) => (sid.startsWith(`${prefix}tus/`) && PUBLIC_ID.test(sid.slice(prefix.length + 4)) ? sid.slice(prefix.length + 4) : null),
    async localCopy(id, tmpDir) {
      await fsp.mkdir(tmpDir, { recursive: true });
      const target = path.join(tmpDir, `${id}.tus`);
      await pipeline((await store.read(storeId(id))) as Readable, fs.createWriteStream(target));
      return { path: target, release: () => fsp.rm(target, { force: true }) };
    },
    remove: (id) => store.removeAll(storeId(id)),
  };
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string; Code?: string } | null)?.name ?? (error as { Code?: string } | null)?.Code;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return name === "NoSuchKey" || name === "NoSuchUpload" || name === "NotFound" || status === 404;
}

/** The S3 store with its parts recorded in PostgreSQL as S3 accepts them (see the file's head). */
class PartsInPostgresS3Store extends S3Store {
  constructor(
    private readonly db: Db,
    options: ConstructorParameters<typeof S3Store>[0],
  ) {
    super(options);
  }

  protected override async uploadPart(metadata: MetadataValue, readStream: fs.ReadStream | Readable | Buffer, partNumber: number): Promise<string> {
    const size = Buffer.isBuffer(readStream) ? readStream.length : (await fsp.stat((readStream as fs.ReadStream).path)).size;
    const etag = await super.uploadPart(metadata, readStream, partNumber);
    // Recorded only once S3 has it: a crash before this line loses the record, and the client sends those
    // bytes again as the same part number, which replaces the part in S3.
    await this.db
      .insert(uploadParts)
      .values({ uploadKey: metadata.file.id, partNumber, etag, sizeBytes: size })
      .onConflictDoUpdate({ target: [uploadParts.uploadKey, uploadParts.partNumber], set: { etag, sizeBytes: size } });
    return etag;
  }

  protected override async retrieveParts(id: string): Promise<Part[]> {
    const rows = await this.db.select().from(uploadParts).where(eq(uploadParts.uploadKey, id)).orderBy(asc(uploadParts.partNumber));
    // Only the run of parts 1, 2, 3 … counts: a later part whose predecessor failed is sent again.
    const parts: Part[] = [];
    for (const row of rows) {
      if (row.partNumber !== parts.length + 1) break;
      parts.push({ PartNumber: row.partNumber, ETag: row.etag, Size: row.sizeBytes });
    }
    return parts;
  }

  /** The multipart upload aborted (a completed one is already gone), every object of the upload deleted, its records dropped. */
  async removeAll(id: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(id))["upload-id"];
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    if (uploadId) {
      await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId }).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }], Quiet: true } });
    await this.db.delete(uploadParts).where(and(eq(uploadParts.uploadKey, id)));
    await this.clearCache(id);
  }

  override async remove(id: string): Promise<void> {
    await this.removeAll(id);
  }
}
