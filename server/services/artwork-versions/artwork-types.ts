// The artwork service's shapes (server/services/artwork-service.ts): a preflight's verdict, the ordered
// size a file is checked against, what the artwork library offers, an uploaded or made file, and what
// the service offers and needs.
import type { Db } from "../../../db/client";
import type { OrderStatus } from "../../../domain/order-status";
import type { FileStorage } from "../../integrations/storage/storage";
import type { OrderFileRow, OrderRow, OrderService } from "../order-service";
import type { Failure } from "../outcome";

export type Preflight = { verdict: "pass" | "warn" | "fail"; checks: { code: string; level: "warn" | "fail"; message: string }[] };
export type OrderedArtwork = { widthMm: number; heightMm: number; orientation: "Portrait" | "Landscape" | "Custom"; versions: number };

/** What the artwork library (server/artwork) offers; it runs off the main thread. */
export type ArtworkProcessor = {
  preflight(filePath: string, ordered: OrderedArtwork): Promise<Preflight>;
  processUpload(
    filePath: string,
    ordered: OrderedArtwork,
    outPdfPath: string,
  ): Promise<{ preflight: Preflight; thumbnailJpeg: Buffer | null; pdf: { pageWidthMm: number; pageHeightMm: number } | null }>;
  thumbnail(filePath: string): Promise<Buffer>;
  proof(pdfPath: string): Promise<Buffer>;
  close(): Promise<void>;
};

export type UploadedFile = { path: string; fileName: string; size: number; declaredType: string };

export type StoreResult =
  | { ok: true; file: OrderFileRow }
  | Failure<{ preflight?: Preflight }>;

export type FileKind = "thumbnail" | "pdf" | "proof" | "original";

/** A print PDF made on the server, with its preflight and the previews made from it. */
export type MadeVersion = { ok: true; preflight: Preflight; thumbnailJpeg: Buffer; proofPng: Buffer; sizeBytes: number };

export type ArtworkService = {
  /** The ordered size of an item, for the preflight of its files. */
  orderedFor(item: OrderRow): OrderedArtwork | null;
  /** Whether this customer may send a file for this version now: their item, awaiting artwork, a version it has. */
  canUpload(userId: number, orderId: number, versionNumber: number): Promise<{ ok: true } | Failure>;
  storeVersion(input: { userId: number; orderId: number; versionNumber: number; upload: UploadedFile; quantity?: number | null; notes?: string | null }): Promise<StoreResult>;
  /** The spec's form: a print PDF and a thumbnail the client made itself (checked all the same). */
  storeClientPdf(input: { userId: number; orderId: number; versionNumber: number; pdf: UploadedFile; thumbnail: UploadedFile | null; notes?: string | null }): Promise<StoreResult>;
  /**
   * A version's file made here rather than uploaded (a design from the editor): `make` renders the print
   * PDF at the ordered size into `pdfPath` once the item is known to be the customer's and open for
   * artwork; the file is then stored, unapproved, exactly as an upload would be.
   */
  storeMadeVersion(input: { userId: number; orderId: number; versionNumber: number; fileName: string; make: (ordered: OrderedArtwork, pdfPath: string) => Promise<MadeVersion | Failure>; keepExisting?: boolean }): Promise<StoreResult>;
  updateVersion(userId: number, orderId: number, versionNumber: number, change: { approved?: boolean; quantity?: number; notes?: string }): Promise<StoreResult>;
  removeVersion(userId: number, orderId: number, versionNumber: number): Promise<{ ok: true } | Failure>;
  attachAttributes(userId: number, orderId: number, attributeIds: number[]): Promise<{ ok: true; attached: number[]; already: boolean } | Failure>;
  markPrintReady(userId: number, groupId: number): Promise<{ ok: true; status: OrderStatus } | Failure>;
  /** A stored file for whoever may see it (its owner or staff), or null. */
  openFile(fileId: number, kind: FileKind, viewer: { userId: number; staff: boolean }): Promise<{ file: OrderFileRow; key: string; contentType: string; downloadName: string } | null>;
  /** Copies reordered items' approved artwork (items with reuse_artwork_from and no files yet). Safe to repeat. */
  reuseApprovedArtwork(orderGroupId: number): Promise<number>;
};

export type ArtworkServiceDeps = { db: Db; storage: FileStorage; processor: ArtworkProcessor; orders: OrderService; tmpDir: string };
