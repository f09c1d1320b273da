// Picks the file storage from configuration: local disk under the data folder by default, an
// S3-compatible bucket when S3 settings are given. Callers check ownership before serving a file.
import { createDiskStorage } from "./disk-storage";
import { createS3Storage } from "./s3-storage";
import type { FileStorage, StorageOptions } from "./storage";

export function createStorage(options: StorageOptions): FileStorage {
  return options.kind === "s3" ? createS3Storage(options) : createDiskStorage(options);
}

export {
  assertValidKey,
  assertValidPrefix,
  MAX_KEY_LENGTH,
  MAX_SEGMENT_LENGTH,
  UnsatisfiableRangeError,
  type ByteRange,
  type DiskStorageOptions,
  type FileStorage,
  type S3StorageOptions,
  type StorageOptions,
  type StoredObject,
} from "./storage";
export { createDiskStorage } from "./disk-storage";
export { createS3Client, createS3Storage } from "./s3-storage";
