// The design service's shapes (server/services/design-jobs/design-job-service.ts): the rows of a job, what
// its page and the designers' desk show, and what the service offers and needs.
import type { Db } from "../../../db/client";
import type { designAmends, designFiles, designJobs, designProofFiles, designProofs, orders } from "../../../db/schema";
import type { Brief } from "../../../domain/design-brief";
import type { FileStorage } from "../../integrations/storage/storage";
import type { ShopDetails } from "../../config";
import type { ArtworkProcessor, Preflight, UploadedFile } from "../artwork-service";
import type { EmailSender } from "../email-outbox";
import type { Outcome } from "../outcome";

export type DesignJobRow = typeof designJobs.$inferSelect;
export type DesignFileRow = typeof designFiles.$inferSelect;
export type DesignProofRow = typeof designProofs.$inferSelect;
export type DesignProofFileRow = typeof designProofFiles.$inferSelect;
export type DesignAmendRow = typeof designAmends.$inferSelect;

/** A job with everything its page shows: the item, the brief's files, every proof and every amends. */
export type DesignJobDetail = {
  job: DesignJobRow;
  item: typeof orders.$inferSelect;
  customer: { firstname: string; lastname: string; email: string };
  designerName: string | null;
  briefFiles: DesignFileRow[];
  /** Files the customer added toward amends not yet sent. */
  pendingFiles: DesignFileRow[];
  proofs: (DesignProofRow & { designerName: string | null; files: DesignProofFileRow[] })[];
  amends: (DesignAmendRow & { files: DesignFileRow[] })[];
};

export type DeskEntry = {
  job: DesignJobRow;
  item: Pick<typeof orders.$inferSelect, "id" | "orderGroupId" | "productName" | "quantity" | "widthMm" | "heightMm" | "fixedSize" | "orientation" | "status">;
  customerName: string;
  designerName: string | null;
  proofs: number;
};

export type FileVariant = "original" | "thumbnail" | "preview" | "pdf";

export type DesignJobService = {
  /** The job of a designed item of this customer, or null (someone else's, or not designed). */
  jobForOwner(userId: number, orderId: number): Promise<DesignJobDetail | null>;
  jobForStaff(orderId: number): Promise<DesignJobDetail | null>;
  /** Saves the brief; `send` also sends it to the desk (once), setting the first proof's due date. */
  saveBrief(userId: number, orderId: number, brief: Brief, send: boolean, now?: Date): Promise<Outcome<{ detail: DesignJobDetail }>>;
  /** A logo, photo or reference for the brief (before it is sent) or for amends (while a proof waits), checked by content. */
  addFile(userId: number, orderId: number, upload: UploadedFile): Promise<Outcome<{ file: DesignFileRow }>>;
  /** Whether the customer may add a file now (their item, not cancelled, brief or amends open, room left): addFile's gates before any byte arrives. */
  canAddFile(userId: number, orderId: number): Promise<Outcome>;
  /** Removes a file not yet sent to the designer. */
  removeFile(userId: number, orderId: number, fileId: number): Promise<Outcome>;
  askAmends(userId: number, orderId: number, input: { version: number; comments: string }, now?: Date): Promise<Outcome<{ detail: DesignJobDetail }>>;
  /** Approves the latest proof: it becomes the item's print artwork and the item moves to Print Ready. */
  approve(userId: number, orderId: number, version: number, now?: Date): Promise<Outcome<{ detail: DesignJobDetail }>>;
  /** The designers' desk: every job not yet approved of an item not cancelled. */
  desk(): Promise<DeskEntry[]>;
  /** A designer takes a brief: of two taking it at once, one wins. */
  take(staffUserId: number, orderId: number): Promise<Outcome<{ detail: DesignJobDetail }>>;
  /** Sends the next numbered proof: one file per design, each preflighted against the ordered size. */
  sendProof(staffUserId: number, orderId: number, input: { note: string; files: (UploadedFile | undefined)[] }, now?: Date): Promise<Outcome<{ detail: DesignJobDetail }, { preflight?: Preflight; design?: number }>>;
  /** A brief/amends file or a proof file, for the job's customer or staff; null otherwise. */
  openFile(source: "brief" | "proof", fileId: number, variant: FileVariant, viewer: { userId: number; staff: boolean }): Promise<{ key: string; contentType: string; downloadName: string } | null>;
};

export type DesignJobServiceDeps = {
  db: Db;
  storage: FileStorage;
  processor: ArtworkProcessor;
  shop: ShopDetails;
  publicUrl: string;
  sender: Pick<EmailSender, "kick">;
  tmpDir: string;
};
