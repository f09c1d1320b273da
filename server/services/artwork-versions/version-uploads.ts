// A version's file arriving (server/services/artwork-service.ts): whether the customer may send one now,
// an upload turned into a print PDF with its thumbnail and proof, a design rendered here, and the spec's
// client-made PDF; each is stored first and then saved in the context's one locked transaction.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { defaultVersionQuantity, shortFileName } from "../../../domain/artwork";
import { readHead } from "../../artwork/read-head";
import type { ArtworkContext } from "./artwork-context";
import type { ArtworkService } from "./artwork-types";

export function versionUploads(context: ArtworkContext): Pick<ArtworkService, "canUpload" | "storeVersion" | "storeMadeVersion" | "storeClientPdf"> {
  const { storage, processor, tmpDir, uploadTarget, saveRow } = context;

  return {
    async canUpload(userId, orderId, versionNumber) {
      const target = await uploadTarget(userId, orderId, versionNumber);
      return target.ok ? { ok: true } : target;
    },

    async storeVersion({ userId, orderId, versionNumber, upload, quantity, notes }) {
      const target = await uploadTarget(userId, orderId, versionNumber);
      if (!target.ok) return target;
      const { item, ordered } = target;

      const workPdf = path.join(tmpDir, `${randomUUID()}.pdf`);
      try {
        const processed = await processor.processUpload(upload.path, ordered, workPdf);
        if (processed.preflight.verdict === "fail" || !processed.pdf || !processed.thumbnailJpeg) {
          return { ok: false, reason: "unprocessable", message: processed.preflight.checks[0]?.message ?? "This file cannot be printed.", preflight: processed.preflight };
        }
        const proof = await processor.proof(workPdf);
        const prefix = `orders/${item.orderGroupId}/${item.id}/v${versionNumber}-${randomUUID()}`;
        const keys = { original: `${prefix}/original`, pdf: `${prefix}/print.pdf`, thumbnail: `${prefix}/thumb.jpg`, proof: `${prefix}/proof.png` };
        await storage.putFile(keys.original, upload.path, "application/octet-stream");
        await storage.putFile(keys.pdf, workPdf, "application/pdf");
        await storage.putBuffer(keys.thumbnail, processed.thumbnailJpeg, "image/jpeg");
        await storage.putBuffer(keys.proof, proof, "image/png");
        return await saveRow(item, versionNumber, prefix, {
          quantity: quantity && quantity >= 1 ? quantity : defaultVersionQuantity(item, versionNumber),
          fileName: shortFileName(upload.fileName),
          contentType: upload.declaredType.slice(0, 100),
          sizeBytes: upload.size,
          originalKey: keys.original,
          pdfKey: keys.pdf,
          thumbnailKey: keys.thumbnail,
          proofKey: keys.proof,
          preflight: processed.preflight,
          approved: false,
          notes: (notes ?? "").slice(0, 2000),
        }, versionNumber === 1 && notes !== undefined && notes !== null ? notes.slice(0, 2000) : null);
      } finally {
        await fs.promises.rm(workPdf, { force: true });
      }
    },

    async storeMadeVersion({ userId, orderId, versionNumber, fileName, make, keepExisting }) {
      const target = await uploadTarget(userId, orderId, versionNumber);
      if (!target.ok) return target;
      const { item, ordered } = target;
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const workPdf = path.join(tmpDir, `${randomUUID()}.pdf`);
      try {
        const made = await make(ordered, workPdf);
        if (!made.ok) return made;
        if (made.preflight.verdict === "fail") return { ok: false, reason: "unprocessable", message: made.preflight.checks[0]?.message ?? "This design cannot be printed.", preflight: made.preflight };
        const prefix = `orders/${item.orderGroupId}/${item.id}/v${versionNumber}-${randomUUID()}`;
        await storage.putFile(`${prefix}/print.pdf`, workPdf, "application/pdf");
        await storage.putBuffer(`${prefix}/thumb.jpg`, made.thumbnailJpeg, "image/jpeg");
        await storage.putBuffer(`${prefix}/proof.png`, made.proofPng, "image/png");
        return await saveRow(item, versionNumber, prefix, {
          quantity: defaultVersionQuantity(item, versionNumber),
          fileName: shortFileName(fileName),
          contentType: "application/pdf",
          sizeBytes: made.sizeBytes,
          originalKey: null,
          pdfKey: `${prefix}/print.pdf`,
          thumbnailKey: `${prefix}/thumb.jpg`,
          proofKey: `${prefix}/proof.png`,
          preflight: made.preflight,
          approved: false,
          notes: "",
        }, null, keepExisting);
      } finally {
        await fs.promises.rm(workPdf, { force: true });
      }
    },

    async storeClientPdf({ userId, orderId, versionNumber, pdf, thumbnail, notes }) {
      const target = await uploadTarget(userId, orderId, versionNumber);
      if (!target.ok) return target;
      const { item, ordered } = target;
      const preflight = await processor.preflight(pdf.path, ordered);
      if (preflight.verdict === "fail") return { ok: false, reason: "unprocessable", message: preflight.checks[0]?.message ?? "This file cannot be printed.", preflight };
      const head = await readHead(pdf.path, 5);
      if (head.toString("latin1") !== "%PDF-") return { ok: false, reason: "unprocessable", message: "The pdf field must hold a PDF." };
      // The thumbnail is made again from the customer's image (or the PDF), so nothing unchecked is ever shown.
      const thumb = await processor.thumbnail(thumbnail?.path ?? pdf.path).catch(() => processor.thumbnail(pdf.path));
      const proof = await processor.proof(pdf.path);
      const prefix = `orders/${item.orderGroupId}/${item.id}/v${versionNumber}-${randomUUID()}`;
      await storage.putFile(`${prefix}/print.pdf`, pdf.path, "application/pdf");
      await storage.putBuffer(`${prefix}/thumb.jpg`, thumb, "image/jpeg");
      await storage.putBuffer(`${prefix}/proof.png`, proof, "image/png");
      return saveRow(item, versionNumber, prefix, {
        quantity: defaultVersionQuantity(item, versionNumber),
        fileName: shortFileName(pdf.fileName),
        contentType: "application/pdf",
        sizeBytes: pdf.size,
        originalKey: null,
        pdfKey: `${prefix}/print.pdf`,
        thumbnailKey: `${prefix}/thumb.jpg`,
        proofKey: `${prefix}/proof.png`,
        preflight,
        approved: false,
        notes: (notes ?? "").slice(0, 2000),
      }, versionNumber === 1 && notes ? notes.slice(0, 2000) : null);
    },
  };
}
