// The design service's and the design editor's resumable uploads (ADR 041): a logo, photo or reference for
// a designed item's brief or amends, and a picture for the online editor. Each has the gates and the
// completion of its one-request route (POST /api/orders/{orderId}/design/files, POST /api/design-images).
import { DESIGN_MESSAGES } from "../../../domain/design-service";
import { DESIGN_IMAGE_PDF_MESSAGE } from "../../artwork/design-image";
import { sniffArtworkHead } from "../../artwork/sniff";
import { typeMessage } from "../../../domain/preflight";
import type { DesignService } from "../design-service";
import type { DesignJobService } from "../design-jobs/design-job-service";
import type { PurposeDefinition } from "./upload-service";

const wholeNumber = (value: string | undefined): number | null => (value && /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= 2_147_483_647 ? Number(value) : null);

export type DesignFileTarget = { orderId: number };

/** A file for a designed item's brief (before it is sent) or its amends (while a proof waits). */
export function designFilePurpose(design: DesignJobService, maxBytes: number): PurposeDefinition<DesignFileTarget> {
  return {
    name: "design-file",
    maxBytes,
    parseTarget(metadata) {
      const orderId = wholeNumber(metadata.orderId);
      return orderId === null ? "Upload-Metadata must carry orderId: the designed item's id." : { orderId };
    },
    async checkHead(head) {
      const sniffed = await sniffArtworkHead(head);
      return sniffed.kind ? null : DESIGN_MESSAGES.fileKind(sniffed.detected);
    },
    authorise: (userId, target) => design.canAddFile(userId, target.orderId),
    async complete({ userId, target, file }) {
      const added = await design.addFile(userId, target.orderId, file);
      if (!added.ok) return added;
      return { ok: true, result: { orderId: target.orderId, fileId: added.file.id, fileName: added.file.fileName } };
    },
  };
}

/** A picture for the design editor, kept on the account: the answer is what POST /api/design-images answers. */
export function designImagePurpose(designs: DesignService, maxBytes: number): PurposeDefinition<Record<string, never>> {
  return {
    name: "design-image",
    maxBytes,
    parseTarget: () => ({}),
    async checkHead(head) {
      const sniffed = await sniffArtworkHead(head);
      if (sniffed.kind === "pdf") return DESIGN_IMAGE_PDF_MESSAGE;
      return sniffed.kind ? null : typeMessage(sniffed.detected);
    },
    // Any customer may add pictures to their own account; there is no item whose state matters.
    authorise: async () => ({ ok: true }),
    async complete({ userId, file }) {
      const stored = await designs.uploadImage(userId, file);
      if (!stored.ok) return stored;
      const { id, widthPx, heightPx, hasAlpha, fileName } = stored.image;
      return { ok: true, result: { image: { id, widthPx, heightPx, hasAlpha, fileName } } };
    },
  };
}
