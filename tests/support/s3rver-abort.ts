// s3rver 3.7 answers AbortMultipartUpload with 405 (it never implemented it). Real S3 and the compatible
// services do implement it, and the upload sweep relies on it, so tests add it: DELETE /<bucket>/<key>?uploadId=…
// removes s3rver's folder of that upload's parts (what S3 does), or answers NoSuchUpload.
import fs from "node:fs";
import path from "node:path";
import type S3rver from "s3rver";

type KoaContext = { method: string; query: Record<string, string | undefined>; path: string; status: number; body: unknown; type: string };

function findUploadFolder(root: string, uploadId: string): string | null {
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name === uploadId && dir.includes("_S3rver_uploads")) return full;
      stack.push(full);
    }
  }
  return null;
}

/** Adds AbortMultipartUpload to an s3rver whose files are in `directory`; call before `run()`. */
export function addAbortMultipartUpload(s3: S3rver, directory: string): void {
  const middleware = (s3 as unknown as { middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[] }).middleware;
  middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== "DELETE" || !uploadId) return next();
    const folder = findUploadFolder(directory, uploadId);
    if (!folder) {
      ctx.status = 404;
      ctx.type = "application/xml";
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    fs.rmSync(folder, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
  });
}

/** The multipart uploads s3rver still holds (folders of parts), by upload id. */
export function openMultipartUploads(directory: string): string[] {
  const found: string[] = [];
  const stack = [directory];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      if (dir.endsWith("_S3rver_uploads")) found.push(entry.name);
      else stack.push(path.join(dir, entry.name));
    }
  }
  return found;
}
