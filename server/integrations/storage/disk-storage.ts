// The default storage: plain files under one root folder (DATA_DIR/files), so a backup is a copy
// of the folder. Object `a/b.pdf` is the file `<root>/a/b.pdf`; its content type sits beside it in
// a small JSON sidecar `<root>/a/b.pdf~meta.json`. "~" cannot occur in a key, so a sidecar or a
// temp file can never be mistaken for (or overwrite) an object, and a directory is never named
// like one of them.
//
// Every write goes to a temp file in the target folder, is fsynced and then renamed into place,
// so a crash never leaves a half file under a real key. The sidecar is renamed first and the data
// last: the data rename is the commit point, so a new object is never visible without its content
// type. A crash between the two renames leaves either an orphan sidecar (new key; the next put
// overwrites it) or the old bytes labelled with the new type (replaced key).
//
// Limit: on disk a key cannot also be a folder of other keys ("a" and "a/b" together); the second
// put fails with ENOTDIR/EISDIR. S3 allows it. Our keys are `<area>/<id>/<file>`, so this never arises.
import { randomBytes } from "node:crypto";
import { constants, type Dirent } from "node:fs";
import fs, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import { assertValidKey, assertValidPrefix, assertValidRange, clampRange, type ByteRange, type FileStorage, type StoredObject } from "./storage";

const META_SUFFIX = "~meta.json";
const FALLBACK_CONTENT_TYPE = "application/octet-stream";

type Meta = { contentType: string };

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // ENOTDIR: a segment of the path is a file, so nothing can exist below it.
  return code === "ENOENT" || code === "ENOTDIR";
}

export function createDiskStorage(options: { root: string }): FileStorage {
  const root = path.resolve(options.root);

  /** Keys are validated first; after that a key's segments can only name paths inside the root. */
  function pathFor(key: string): string {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  }

  /** Fills a temp file beside `target` and fsyncs it; the caller renames it into place. Removes it on failure. */
  async function writeTemp(target: string, fill: (tempPath: string) => Promise<void>): Promise<string> {
    const tempPath = `${target}~${randomBytes(6).toString("hex")}.tmp`;
    try {
      await fill(tempPath);
      const handle = await fs.open(tempPath, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      return tempPath;
    } catch (error) {
      await fs.rm(tempPath, { force: true });
      throw error;
    }
  }

  async function put(key: string, contentType: string, fill: (tempPath: string) => Promise<void>): Promise<{ size: number }> {
    const target = pathFor(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // The data is written first (the step that can fail on a bad source), then the sidecar is
    // renamed into place, then the data: a failed put leaves the old object and its type untouched.
    const dataTemp = await writeTemp(target, fill);
    let size: number;
    try {
      size = (await fs.stat(dataTemp)).size;
      const meta: Meta = { contentType };
      const metaTemp = await writeTemp(target + META_SUFFIX, (tempPath) => fs.writeFile(tempPath, JSON.stringify(meta)));
      await fs.rename(metaTemp, target + META_SUFFIX);
      await fs.rename(dataTemp, target);
    } catch (error) {
      await fs.rm(dataTemp, { force: true });
      throw error;
    }
    return { size };
  }

  async function readContentType(target: string): Promise<string> {
    try {
      const meta = JSON.parse(await fs.readFile(target + META_SUFFIX, "utf8")) as Partial<Meta>;
      return typeof meta.contentType === "string" ? meta.contentType : FALLBACK_CONTENT_TYPE;
    } catch (error) {
      if (isMissing(error)) return FALLBACK_CONTENT_TYPE;
      throw error;
    }
  }

  return {
    kind: "disk",

    putFile(key, filePath, contentType) {
      // copyFile copies in the kernel (or clones the blocks where the file system can): the bytes never enter JS memory.
      return put(key, contentType, (tempPath) => fs.copyFile(filePath, tempPath, constants.COPYFILE_FICLONE));
    },

    putBuffer(key, body, contentType) {
      return put(key, contentType, (tempPath) => fs.writeFile(tempPath, body));
    },

    async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const target = pathFor(key);
      if (range) assertValidRange(range);
      // Holding the descriptor pins this version of the file: a concurrent replace renames a new
      // inode into place and this stream still reads the old bytes whole.
      let handle: FileHandle;
      try {
        handle = await fs.open(target, "r");
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        const contentType = await readContentType(target);
        const bytes = range ? clampRange(range, stat.size) : undefined;
        const stream = handle.createReadStream({ start: bytes?.start, end: bytes?.end }); // closes the handle when done or destroyed
        return { stream, size: stat.size, contentType, ...(bytes ? { range: bytes } : {}) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async read(key) {
      const target = pathFor(key);
      try {
        return await fs.readFile(target);
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw error;
      }
    },

    async exists(key) {
      const target = pathFor(key);
      try {
        return (await fs.stat(target)).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      const target = pathFor(key);
      for (const file of [target, target + META_SUFFIX]) {
        try {
          await fs.unlink(file);
        } catch (error) {
          if (!isMissing(error) && (error as NodeJS.ErrnoException).code !== "EISDIR") throw error;
        }
      }
    },

    async deletePrefix(prefix) {
      assertValidPrefix(prefix);
      const folder = pathFor(prefix.slice(0, -1));
      try {
        // Only a folder: "a/" must not remove the object "a" (the file of the same name).
        if (!(await fs.lstat(folder)).isDirectory()) return;
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      await fs.rm(folder, { recursive: true, force: true });
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      const start = pathFor(prefix.slice(0, -1));
      const folders = [start];
      while (folders.length > 0) {
        const folder = folders.pop()!;
        let entries: Dirent[];
        try {
          entries = await fs.readdir(folder, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        for (const entry of entries) {
          const full = path.join(folder, entry.name);
          if (entry.isDirectory()) folders.push(full);
          // Sidecars and half-written temporaries are not objects ("~" never occurs in a key).
          else if (entry.isFile() && !entry.name.includes("~")) {
            const stat = await fs.stat(full).catch(() => null);
            if (stat) yield { key: path.relative(root, full).split(path.sep).join("/"), modifiedAt: stat.mtime };
          }
        }
      }
    },

    async close() {},
  };
}
