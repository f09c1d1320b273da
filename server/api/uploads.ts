// Multipart uploads streamed to a temporary file, counted while streaming: a file over the limit is cut
// off, deleted and answered 413, and nothing is ever held whole in memory (ARCHITECTURE: multipart).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import { MAX_ROW_ID } from "../../domain/ids";
import { cleanFileName } from "../../domain/uploads";
import { discardBody } from "../front-door/refuse-body";
import { controlCharacterMessage, fieldWithControlCharacter } from "../front-door/input";

export type ReceivedFile = { path: string; fileName: string; size: number; declaredType: string };
export type Received = { fields: Record<string, string>; files: Record<string, ReceivedFile> };
export type ReceiveResult = { ok: true; value: Received; cleanup: () => Promise<void> } | { ok: false; status: 413 | 400; message: string };

/**
 * The temporary files of multipart uploads still in this process: added when a file starts arriving, taken
 * off when its request deletes it. What is left when the server has closed belongs to uploads the shutdown
 * ended (a body cut off with a 503, a request cut at the deadline): server/main.ts deletes it before exit.
 */
const liveTempFiles = new Set<string>();

/** Deletes every upload's temporary file still here; for shutdown, once the server has stopped answering. */
export async function deleteUnfinishedUploadFiles(): Promise<number> {
  const paths = [...liveTempFiles];
  liveTempFiles.clear();
  await Promise.all(paths.map((file) => fs.promises.rm(file, { force: true })));
  return paths.length;
}

export const UPLOAD_TOO_LARGE = (maxBytes: number) => `The file is too large: the most we accept is ${Math.round(maxBytes / (1024 * 1024))} MB.`;

export async function receiveMultipart(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { tmpDir: string; maxFileBytes: number; maxFiles?: number },
): Promise<ReceiveResult> {
  // The file fields are the route's declared form (declare({ form })): the one list of its parts.
  const fileFields = request.routeOptions.config.form?.files;
  if (!fileFields) throw new Error(`${request.routeOptions.url ?? "this route"} declares no multipart form`);
  const declared = Number(request.headers["content-length"] ?? 0);
  // Headers and the small fields add a little to the body; anything far beyond the limit is refused unread.
  if (declared > options.maxFileBytes * (options.maxFiles ?? 1) + 1024 * 1024) {
    // Read and dropped first, so the client, still sending, gets the answer rather than a reset.
    await discardBody(request, reply);
    return { ok: false, status: 413, message: UPLOAD_TOO_LARGE(options.maxFileBytes) };
  }
  if (!request.isMultipart()) return { ok: false, status: 400, message: "Send the file as multipart/form-data." };

  await fs.promises.mkdir(options.tmpDir, { recursive: true });
  const files: Record<string, ReceivedFile> = {};
  const fields: Record<string, string> = {};
  const cleanup = async () => {
    await Promise.all(
      Object.values(files).map(async (file) => {
        await fs.promises.rm(file.path, { force: true });
        liveTempFiles.delete(file.path);
      }),
    );
  };

  try {
    const parts = request.parts({
      limits: { fileSize: options.maxFileBytes, files: options.maxFiles ?? 1, fields: 20, fieldSize: 10_000, parts: 30 },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value ?? "");
        continue;
      }
      if (!fileFields.includes(part.fieldname) || files[part.fieldname]) {
        part.file.resume();
        continue;
      }
      const target = path.join(options.tmpDir, `${randomUUID()}.upload`);
      const file: ReceivedFile = { path: target, fileName: cleanFileName(part.filename, "artwork"), size: 0, declaredType: part.mimetype };
      files[part.fieldname] = file;
      liveTempFiles.add(target);
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          file.size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, counter, fs.createWriteStream(target));
      if (part.file.truncated) {
        await cleanup();
        return { ok: false, status: 413, message: UPLOAD_TOO_LARGE(options.maxFileBytes) };
      }
    }
  } catch (error) {
    await cleanup();
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") {
      return { ok: false, status: 413, message: UPLOAD_TOO_LARGE(options.maxFileBytes) };
    }
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE" || code === "FST_FIELDS_LIMIT") {
      return { ok: false, status: 400, message: "The upload form could not be read." };
    }
    // A client that goes away mid-upload: nothing to answer, nothing kept.
    if ((error as NodeJS.ErrnoException).code === "ECONNRESET" || (error as Error).message?.includes("aborted")) {
      return { ok: false, status: 400, message: "The upload was interrupted." };
    }
    // Our own disk failing (full, no permission) is ours; anything else is a body that is not a whole
    // multipart form (no boundary, cut short, malformed part headers) and the sender's to fix.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    return { ok: false, status: 400, message: `The upload form could not be read: ${(error as Error).message ?? "it is not valid multipart/form-data"}.` };
  }
  const badField = fieldWithControlCharacter(fields, "");
  if (badField !== null) {
    await cleanup();
    return { ok: false, status: 400, message: controlCharacterMessage(badField) };
  }
  return { ok: true, value: { fields, files }, cleanup };
}

/** A whole number field, or null. */
export function intField(fields: Record<string, string>, name: string): number | null {
  const value = fields[name]?.trim();
  if (!value || !/^\d{1,10}$/.test(value) || Number(value) > MAX_ROW_ID) return null;
  return Number(value);
}

/** A positive size in mm (up to 2 decimals), or null. */
export function mmField(fields: Record<string, string>, name: string): number | null {
  const value = fields[name]?.trim();
  if (!value || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const mm = Number(value);
  return mm > 0 && mm <= 100_000 ? mm : null;
}
