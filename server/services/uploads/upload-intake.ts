// An upload while its bytes arrive (part of server/services/uploads/upload-service.ts): creating it (purpose,
// target, size, owner and state checked, the row recorded), the head gate that checks its kind of file on a
// PATCH body (resuming from the bytes already stored after a cut), refusing it, and its owner's deletion.
import { randomBytes } from "node:crypto";
import { promises as fsp } from "node:fs";
import { Transform, type TransformCallback } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { uploads } from "../../../db/schema";
import { cleanFileName } from "../../../domain/uploads";
import { failure } from "../outcome";
import type { UploadContext } from "./upload-context";
import type { HeadGate, UploadService } from "./upload-types";

export function uploadIntake(context: UploadContext): Pick<UploadService, "create" | "headGate" | "refuse" | "terminated"> {
  const { config, db, expiryMs, headBytes, tmpDir, tus, purposes, purposeOf, withLock } = context;

  /** The bytes stored so far of an upload, up to `bytes` (for a head check that resumes after a cut). */
  async function storedHead(id: string, bytes: number): Promise<Buffer | null> {
    try {
      const upload = await tus.store.getUpload(tus.storeId(id));
      if (upload.offset === 0) return Buffer.alloc(0);
      const copy = config.storage.kind === "disk" ? await tus.localCopy(id, tmpDir) : null;
      if (!copy) return null;
      const handle = await fsp.open(copy.path, "r");
      try {
        const buffer = Buffer.alloc(Math.min(bytes, upload.offset));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    } catch {
      return null;
    }
  }

  return {
    async create(userId, { metadata, length }) {
      const purpose = purposes.get(metadata.purpose ?? "");
      if (!purpose) return failure("invalid", `Upload-Metadata must name a purpose: ${[...purposes.keys()].join(" or ")}.`);
      const target = purpose.parseTarget(metadata);
      if (typeof target === "string") return failure("invalid", target);
      if (length > purpose.maxBytes) return { ...failure("invalid", `The file is too large: the most we accept is ${Math.round(purpose.maxBytes / (1024 * 1024))} MB.`), tooLarge: true };
      const allowed = await purpose.authorise(userId, target);
      if (!allowed.ok) return allowed;
      const [upload] = await db
        .insert(uploads)
        .values({
          id: randomBytes(16).toString("hex"),
          userId,
          purpose: purpose.name,
          target: target as Record<string, unknown>,
          fileName: cleanFileName(metadata.filename, "upload"),
          declaredType: (metadata.filetype ?? "").slice(0, 100),
          sizeBytes: length,
          expiresAt: new Date(Date.now() + expiryMs),
        })
        .returning();
      return { ok: true, upload: upload! };
    },

    async headGate(upload, offset) {
      if (upload.headChecked) return null;
      const purpose = purposeOf(upload);
      const want = Math.min(headBytes, upload.sizeBytes);
      let head = offset === 0 ? Buffer.alloc(0) : await storedHead(upload.id, want);
      // The stored head could not be read (S3 keeps it inside a part): the whole file is checked at completion.
      if (!head || head.length < Math.min(offset, want)) return null;
      let decided = head.length >= want;
      const gate = new Transform({
        transform(chunk: Buffer, _encoding, callback: TransformCallback) {
          if (decided) return callback(null, chunk);
          head = Buffer.concat([head!, chunk.subarray(0, want - head!.length)]);
          if (head.length < want) return callback(null, chunk);
          decided = true;
          purpose.checkHead(head).then(
            async (refused) => {
              if (refused) {
                gate.refused = refused;
                return callback(new Error(refused));
              }
              await db.update(uploads).set({ headChecked: "yes" }).where(eq(uploads.id, upload.id));
              callback(null, chunk);
            },
            (error: unknown) => callback(error as Error),
          );
        },
      }) as HeadGate;
      gate.refused = null;
      if (decided) {
        // Enough was stored before this request: decided now, before any new byte.
        const refused = await purpose.checkHead(head);
        if (refused) gate.refused = refused;
        else await db.update(uploads).set({ headChecked: "yes" }).where(eq(uploads.id, upload.id));
      }
      return gate;
    },

    async refuse(upload, message) {
      await withLock(upload.id, () => tus.remove(upload.id));
      await db.update(uploads).set({ state: "failed", result: { reason: "unprocessable", message }, completedAt: sql`now()` }).where(eq(uploads.id, upload.id));
    },

    async terminated(id) {
      await db.delete(uploads).where(and(eq(uploads.id, id), eq(uploads.state, "receiving")));
    },
  };
}
