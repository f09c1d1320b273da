// The purposes resumable uploads serve today. Each is a PurposeDefinition (upload-service.ts): its target
// from Upload-Metadata, its size limit, the kinds of file it takes, its gates and its completion.
import { QUICK_QUOTE_MAX_FILE_BYTES } from "../../../domain/quote";
import { UPLOAD_MESSAGES } from "../../../domain/uploads";
import { sniffArtwork, sniffArtworkHead, type ArtworkKind } from "../../artwork/sniff";
import type { ArtworkService } from "../artwork-service";
import type { DesignService } from "../design-service";
import type { DesignJobService } from "../design-jobs/design-job-service";
import { designFilePurpose, designImagePurpose } from "./design-purposes";
import { failure } from "../outcome";
import type { PurposeDefinition, UploadService } from "./upload-service";

/** What a Quick Quote may carry, and what the artwork uploader takes: print files and pictures, by content. */
export const FILE_CONTENT_TYPES: Record<ArtworkKind, string> = { pdf: "application/pdf", jpeg: "image/jpeg", png: "image/png", tiff: "image/tiff", webp: "image/webp" };

const wholeNumber = (value: string | undefined, max: number): number | null => (value && /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= max ? Number(value) : null);

async function acceptedHead(head: Buffer): Promise<string | null> {
  const sniffed = await sniffArtworkHead(head);
  return sniffed.kind ? null : UPLOAD_MESSAGES.notAccepted(sniffed.detected);
}

export type ArtworkTarget = { orderId: number; versionNumber: number };

/** A version's artwork for an ordered item: the same checks and processing as POST /api/orders/{orderId}/imgs. */
export function artworkPurpose(artwork: ArtworkService, maxBytes: number): PurposeDefinition<ArtworkTarget> {
  return {
    name: "artwork",
    maxBytes,
    parseTarget(metadata) {
      const orderId = wholeNumber(metadata.orderId, 2_147_483_647);
      const versionNumber = wholeNumber(metadata.version, 9999);
      if (orderId === null) return "Upload-Metadata must carry orderId: the ordered item's id.";
      if (versionNumber === null) return "Upload-Metadata must carry version: the version number, from 1.";
      return { orderId, versionNumber };
    },
    checkHead: acceptedHead,
    authorise: (userId, target) => artwork.canUpload(userId, target.orderId, target.versionNumber),
    async complete({ userId, target, file }) {
      const stored = await artwork.storeVersion({ userId, orderId: target.orderId, versionNumber: target.versionNumber, upload: file, quantity: null, notes: undefined });
      if (!stored.ok) return stored;
      return { ok: true, result: { orderId: target.orderId, versionNumber: target.versionNumber, fileId: stored.file.id } };
    },
  };
}

/** A file for a Quick Quote request: held once complete, then claimed by the request that names it (POST /api/quote-requests). */
export function quoteFilePurpose(): PurposeDefinition<Record<string, never>> {
  return {
    name: "quote-file",
    maxBytes: QUICK_QUOTE_MAX_FILE_BYTES,
    hold: true,
    parseTarget: () => ({}),
    checkHead: acceptedHead,
    authorise: async () => ({ ok: true }),
    async complete({ file }) {
      const sniffed = await sniffArtwork(file.path).catch(() => ({ kind: null, detected: null }));
      if (!sniffed.kind) return failure("unprocessable", UPLOAD_MESSAGES.notAccepted(sniffed.detected));
      return { ok: true, result: { fileName: file.fileName, sizeBytes: file.size, contentType: FILE_CONTENT_TYPES[sniffed.kind] } };
    },
  };
}

export function registerUploadPurposes(uploads: UploadService, deps: { artwork: ArtworkService; designJobs: DesignJobService; designs: DesignService; uploadMaxBytes: number }): void {
  uploads.register(artworkPurpose(deps.artwork, deps.uploadMaxBytes));
  uploads.register(quoteFilePurpose());
  uploads.register(designFilePurpose(deps.designJobs, deps.uploadMaxBytes));
  uploads.register(designImagePurpose(deps.designs, deps.uploadMaxBytes));
}
