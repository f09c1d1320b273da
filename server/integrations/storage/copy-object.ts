// One stored object copied to another key, on any storage: read as a stream into a temporary file under
// `tmpDir`, then stored from that file (putFile), so neither side holds the whole object in memory.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FileStorage } from "./storage";

/** Copies `from` to `to`; false, with nothing written, when `from` is not stored. */
export async function copyStoredObject(storage: FileStorage, tmpDir: string, from: string, to: string, contentType: string): Promise<boolean> {
  const object = await storage.open(from);
  if (!object) return false;
  const temp = path.join(tmpDir, `${randomUUID()}.copy`);
  await fs.promises.mkdir(tmpDir, { recursive: true });
  try {
    await pipeline(object.stream, fs.createWriteStream(temp));
    await storage.putFile(to, temp, contentType);
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
  return true;
}
