// Handing held files to a later request (part of server/services/uploads/upload-service.ts): a holding
// purpose's completed uploads are claimed by one conditional update (a second claimant finds them taken),
// copied locally for the request, then deleted once used or given back.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { uploads } from "../../../db/schema";
import { failure } from "../outcome";
import type { UploadContext } from "./upload-context";
import type { UploadService } from "./upload-types";

export function uploadClaim(context: UploadContext): Pick<UploadService, "claim"> {
  const { config, db, tmpDir, tus } = context;
  return {
    async claim(userId, purpose, ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return { ok: true, files: [], settle: async () => {} };
      const claimedAt = new Date().toISOString();
      // One request wins an upload: the claim is a conditional update, and a second claimant finds it taken.
      const claimed = await db
        .update(uploads)
        .set({ result: sql`coalesce(${uploads.result}, '{}'::jsonb) || ${JSON.stringify({ claimedAt })}::jsonb` })
        .where(and(inArray(uploads.id, unique), eq(uploads.userId, userId), eq(uploads.purpose, purpose), eq(uploads.state, "done"), isNull(sql`${uploads.result}->>'claimedAt'`)))
        .returning();
      const giveBack = async () => {
        if (claimed.length === 0) return;
        await db
          .update(uploads)
          .set({ result: sql`${uploads.result} - 'claimedAt'` })
          .where(inArray(uploads.id, claimed.map((row) => row.id)));
      };
      if (claimed.length !== unique.length) {
        await giveBack();
        return failure("not-found", "An attached file was not found: it may have been sent already, or it has expired. Please choose it again.");
      }
      const copies: { id: string; path: string; release: () => Promise<void> }[] = [];
      try {
        for (const row of claimed) copies.push({ id: row.id, ...(await tus.localCopy(row.id, tmpDir)) });
      } catch (error) {
        await Promise.all(copies.map((copy) => (config.storage.kind === "disk" ? null : copy.release())));
        await giveBack();
        throw error;
      }
      const byId = new Map(claimed.map((row) => [row.id, row]));
      return {
        ok: true,
        files: unique.map((id) => {
          const row = byId.get(id)!;
          return { id, path: copies.find((c) => c.id === id)!.path, fileName: row.fileName, size: row.sizeBytes, declaredType: String(row.result?.contentType ?? row.declaredType) };
        }),
        settle: async (used) => {
          if (config.storage.kind !== "disk") await Promise.all(copies.map((copy) => copy.release()));
          if (!used) return giveBack();
          for (const row of claimed) await tus.remove(row.id);
          await db.delete(uploads).where(inArray(uploads.id, claimed.map((row) => row.id)));
        },
      };
    },
  };
}
