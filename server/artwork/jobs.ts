// The jobs a worker thread runs and the messages that carry them, shared by the pool and the worker.
import type { Design } from "../../domain/design/schema";
import type { OrderedArtwork, PreflightResult, UnreadableReason } from "../../domain/preflight";
import { prepareDesignImage, type PreparedDesignImage } from "./design-image";
import { makeDesignPdf, type DesignImageFiles } from "./design-pdf";
import { UnreadableArtworkError } from "./errors";
import { preflightFile } from "./preflight-file";
import { makePrintPdf, type PrintPdfSize } from "./print-pdf";
import { makeProofAndThumbnail, makeProofPng, makeThumbnail } from "./thumbnail";

export type ArtworkJob =
  | { kind: "preflight"; path: string; ordered: OrderedArtwork }
  | { kind: "make"; path: string; ordered: OrderedArtwork; outPdfPath: string }
  | { kind: "thumbnail"; path: string }
  | { kind: "proof"; pdfPath: string }
  | { kind: "design-image"; path: string; outDir: string }
  | { kind: "design-pdf"; design: Design; images: Record<string, DesignImageFiles>; outPdfPath: string };

/** A design's print PDF (written to outPdfPath), its preflight, and the thumbnail and proof made from it. */
export type MadeDesign = { pdf: PrintPdfSize; preflight: PreflightResult; thumbnailJpeg: Uint8Array; proofPng: Uint8Array };

export type MadeArtwork = { pdf: PrintPdfSize; thumbnailJpeg: Uint8Array };

export type ArtworkJobValue = PreflightResult | MadeArtwork | Uint8Array | PreparedDesignImage | MadeDesign;

/** The worker's first message: its modules (sharp, mupdf's WASM) are loaded. */
export type WorkerReady = { ready: true };

export type JobRequest = { id: number; job: ArtworkJob };
export type JobReply =
  | { id: number; ok: true; value: ArtworkJobValue }
  | { id: number; ok: false; message: string; unreadable?: UnreadableReason };

export async function runArtworkJob(job: ArtworkJob): Promise<ArtworkJobValue> {
  switch (job.kind) {
    case "preflight":
      return preflightFile(job.path, job.ordered);
    case "make": {
      const pdf = await makePrintPdf(job.path, job.ordered, job.outPdfPath);
      return { pdf, thumbnailJpeg: await makeThumbnail(job.path) };
    }
    case "thumbnail":
      return makeThumbnail(job.path);
    case "proof":
      return makeProofPng(job.pdfPath);
    case "design-image":
      return prepareDesignImage(job.path, job.outDir);
    case "design-pdf": {
      const pdf = await makeDesignPdf(job.design, new Map(Object.entries(job.images)), job.outPdfPath);
      const ordered: OrderedArtwork = { widthMm: job.design.widthMm, heightMm: job.design.heightMm, orientation: "Custom", versions: 1 };
      const preflight = await preflightFile(job.outPdfPath, ordered);
      return { pdf, preflight, ...(await makeProofAndThumbnail(job.outPdfPath)) };
    }
  }
}

export async function replyTo(request: JobRequest): Promise<JobReply> {
  try {
    return { id: request.id, ok: true, value: await runArtworkJob(request.job) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unreadable = error instanceof UnreadableArtworkError ? error.reason : undefined;
    return { id: request.id, ok: false, message, unreadable };
  }
}
