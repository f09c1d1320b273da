// Customers' designs from the online editor: drafts kept on the account (the owner's alone), images checked
// by content and kept in storage, and the print file made from a design, by the artwork workers, when it
// becomes an item's artwork: before payment (the basket line names it and the checkout keeps a copy) or
// after (from the artwork page). The print file is then stored and approved like any upload.
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { checkouts, designImages, designs, orderFiles, orderGroups, orders } from "../../db/schema";
import { orderedArtworkSize } from "../../domain/artwork";
import type { DesignSnapshot } from "../../domain/checkout";
import { renderPlan } from "../../domain/design/render-plan";
import { placedPpi, ppiLevel, ppiWarning } from "../../domain/design/ppi";
import { designImageIds, type Design } from "../../domain/design/schema";
import { formatSizeMm, orderedSizeMm } from "../../domain/preflight";
import { DESIGN_IMAGE_FILES } from "../artwork/design-image";
import type { DesignImageFiles } from "../artwork/design-pdf";
import type { ArtworkProcessor as WorkerPool } from "../artwork/processor";
import type { FileStorage } from "../integrations/storage/storage";
import type { ArtworkService, MadeVersion, OrderedArtwork, Preflight, StoreResult, UploadedFile } from "./artwork-service";
import { releasePictures } from "./design-pictures";
import { failure, type Failure, type Outcome } from "./outcome";

export type DesignRow = typeof designs.$inferSelect;
export type DesignImageRow = typeof designImages.$inferSelect;

export const DESIGN_MESSAGES = {
  changedElsewhere: "This design was saved from another window since you opened it. Reload it to see those changes, or save yours as a copy.",
  localImages: "Some pictures in this design have not been uploaded yet. Please try saving again.",
  unknownImage: "This design uses a picture that is not in your account.",
  imageMismatch: "A picture in this design does not match the uploaded file.",
  tooMany: "You have reached the most designs we keep for one account (200). Please delete some first.",
} as const;

const MAX_DESIGNS_PER_ACCOUNT = 200;

export type DesignService = {
  list(userId: number): Promise<DesignRow[]>;
  get(userId: number, designId: number): Promise<DesignRow | null>;
  create(userId: number, input: { name: string; productSlug: string; document: Design }): Promise<Outcome<{ design: DesignRow }>>;
  save(userId: number, designId: number, input: { name?: string | undefined; document: Design; revision: number }): Promise<Outcome<{ design: DesignRow }>>;
  copy(userId: number, designId: number): Promise<Outcome<{ design: DesignRow }>>;
  remove(userId: number, designId: number): Promise<Outcome>;
  uploadImage(userId: number, upload: UploadedFile): Promise<Outcome<{ image: DesignImageRow }>>;
  /** The editor's preview of an image, for its owner only. */
  openImage(userId: number, imageId: string): Promise<{ key: string; contentType: string } | null>;
  /** The print PDF's proof and preflight, made exactly as for an order (nothing is kept). */
  proof(userId: number, designId: number): Promise<Outcome<{ preflight: Preflight; proofPng: Buffer }>>;
  /** Makes the design the artwork of one version of an ordered item (after payment). */
  useForOrder(userId: number, input: { orderId: number; versionNumber: number; designId: number }): Promise<StoreResult>;
  /** A copy of the design for a checkout line, when it fits the line's size and prints well enough. */
  snapshotForLine(userId: number, designId: number, line: { widthMm: number | null; heightMm: number | null; fixedSize: string | null; orientation: "Portrait" | "Landscape" | null }): Promise<Outcome<{ snapshot: DesignSnapshot }>>;
  /** After an order is made: each line that carried a design gets its print file as version 1. Safe to repeat. */
  applyCheckoutDesigns(orderGroupId: number): Promise<number>;
};

export type DesignServiceDeps = { db: Db; storage: FileStorage; processor: WorkerPool; artwork: ArtworkService; tmpDir: string };

const sizeMatches = (design: Design, size: { widthMm: number; heightMm: number }) => Math.abs(design.widthMm - size.widthMm) <= 0.1 && Math.abs(design.heightMm - size.heightMm) <= 0.1;

export function createDesignService(deps: DesignServiceDeps): DesignService {
  const { db, storage, processor, artwork, tmpDir } = deps;

  async function get(userId: number, designId: number): Promise<DesignRow | null> {
    const [row] = await db.select().from(designs).where(and(eq(designs.id, designId), eq(designs.userId, userId))).limit(1);
    return row ?? null;
  }

  /** Every image the document names is this customer's upload, with the pixel size the document says. */
  async function checkImages(userId: number, document: Design): Promise<Failure | null> {
    const ids = designImageIds(document);
    if (ids.length === 0) return null;
    if (ids.some((id) => !id.startsWith("img_"))) return failure("invalid", DESIGN_MESSAGES.localImages);
    const rows = await db.select().from(designImages).where(and(eq(designImages.userId, userId), inArray(designImages.id, ids)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (ids.some((id) => !byId.has(id))) return failure("invalid", DESIGN_MESSAGES.unknownImage);
    const uses = [...(document.background.image ? [document.background.image] : []), ...document.elements.flatMap((e) => (e.kind === "image" ? [e] : []))];
    if (uses.some((use) => byId.get(use.imageId)!.widthPx !== use.widthPx || byId.get(use.imageId)!.heightPx !== use.heightPx)) return failure("invalid", DESIGN_MESSAGES.imageMismatch);
    return null;
  }

  /** The lowest-resolution image that would print blurred (below the shop's fail threshold), as a message. */
  function blurredImage(document: Design): string | null {
    for (const drawable of renderPlan(document).drawables) {
      if (drawable.kind !== "image") continue;
      const element = document.elements.find((e) => e.id === drawable.id);
      if (element?.kind !== "image") continue;
      const ppi = placedPpi(element.widthPx, element.heightPx, drawable.box, element.fit);
      if (ppiLevel(ppi) === "low") return ppiWarning(ppi);
    }
    return null;
  }

  /** Fetches the document's images' print samples into a scratch folder for the worker. */
  async function fetchImages(userId: number, document: Design, dir: string): Promise<Record<string, DesignImageFiles>> {
    const ids = designImageIds(document);
    if (ids.length === 0) return {};
    const rows = await db.select().from(designImages).where(and(eq(designImages.userId, userId), inArray(designImages.id, ids)));
    const files: Record<string, DesignImageFiles> = {};
    for (const row of rows) {
      const copy = async (name: string) => {
        const object = await storage.open(`${row.keyPrefix}/${name}`);
        if (!object) throw new Error(`design image ${row.id} has no ${name} in storage`);
        const target = path.join(dir, `${row.id}-${name}`);
        await pipeline(object.stream, fs.createWriteStream(target));
        return target;
      };
      files[row.id] = { widthPx: row.widthPx, heightPx: row.heightPx, cmykPath: await copy(DESIGN_IMAGE_FILES.cmyk), alphaPath: row.hasAlpha ? await copy(DESIGN_IMAGE_FILES.alpha) : null };
    }
    return files;
  }

  /** Renders the document's print PDF to pdfPath (in a worker) with its preflight, thumbnail and proof. */
  async function render(userId: number, document: Design, pdfPath: string): Promise<MadeVersion | Failure> {
    const problem = await checkImages(userId, document);
    if (problem) return problem;
    const blurred = blurredImage(document);
    if (blurred) return failure("unprocessable", blurred);
    const scratch = path.join(tmpDir, `design-${randomUUID()}`);
    await fs.promises.mkdir(scratch, { recursive: true });
    try {
      const made = await processor.renderDesign(document, await fetchImages(userId, document, scratch), pdfPath);
      const { size } = await fs.promises.stat(pdfPath);
      return { ok: true, preflight: made.preflight, thumbnailJpeg: made.thumbnailJpeg, proofPng: made.proofPng, sizeBytes: size };
    } finally {
      await fs.promises.rm(scratch, { recursive: true, force: true });
    }
  }

  async function storeDesignVersion(userId: number, orderId: number, versionNumber: number, name: string, document: Design, keepExisting: boolean): Promise<StoreResult> {
    return artwork.storeMadeVersion({
      userId,
      orderId,
      versionNumber,
      keepExisting,
      fileName: `${name.replace(/[^\w .-]+/g, "").trim() || "Design"}.pdf`,
      make: async (ordered: OrderedArtwork, pdfPath: string) => {
        const size = orderedSizeMm(ordered);
        if (!sizeMatches(document, size)) {
          return failure("conflict", `This design is ${formatSizeMm(document)} but the item is ${formatSizeMm(size)}. Open it from this item to fit it to the size.`);
        }
        return render(userId, document, pdfPath);
      },
    });
  }

  return {
    get,

    async list(userId) {
      return db.select().from(designs).where(eq(designs.userId, userId)).orderBy(desc(designs.updatedAt), desc(designs.id)).limit(MAX_DESIGNS_PER_ACCOUNT);
    },

    async create(userId, input) {
      const problem = await checkImages(userId, input.document);
      if (problem) return problem;
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(designs).where(eq(designs.userId, userId));
      if (Number(count?.n ?? 0) >= MAX_DESIGNS_PER_ACCOUNT) return failure("limited", DESIGN_MESSAGES.tooMany);
      const [row] = await db.insert(designs).values({ userId, name: input.name, productSlug: input.productSlug, document: input.document }).returning();
      return { ok: true, design: row! };
    },

    async save(userId, designId, input) {
      if (!(await get(userId, designId))) return failure("not-found", "Not found");
      const problem = await checkImages(userId, input.document);
      if (problem) return problem;
      // The revision is compared and advanced in the one statement: of two saves from the same revision, one wins.
      const [row] = await db
        .update(designs)
        .set({ document: input.document, ...(input.name ? { name: input.name } : {}), revision: sql`${designs.revision} + 1`, updatedAt: sql`now()` })
        .where(and(eq(designs.id, designId), eq(designs.userId, userId), eq(designs.revision, input.revision)))
        .returning();
      if (row) return { ok: true, design: row };
      return (await get(userId, designId)) ? failure("conflict", DESIGN_MESSAGES.changedElsewhere) : failure("not-found", "Not found");
    },

    async copy(userId, designId) {
      const source = await get(userId, designId);
      if (!source) return failure("not-found", "Not found");
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(designs).where(eq(designs.userId, userId));
      if (Number(count?.n ?? 0) >= MAX_DESIGNS_PER_ACCOUNT) return failure("limited", DESIGN_MESSAGES.tooMany);
      const name = `Copy of ${source.name}`.slice(0, 80);
      const [row] = await db.insert(designs).values({ userId, name, productSlug: source.productSlug, document: source.document }).returning();
      return { ok: true, design: row! };
    },

    async remove(userId, designId) {
      const [removed] = await db.delete(designs).where(and(eq(designs.id, designId), eq(designs.userId, userId))).returning({ document: designs.document });
      if (!removed) return failure("not-found", "Not found");
      // Its pictures go with it, unless another design or a checkout still uses them (design-pictures.ts).
      await releasePictures(db, storage, userId, designImageIds(removed.document));
      return { ok: true };
    },

    async uploadImage(userId, upload) {
      const id = `img_${randomBytes(16).toString("base64url")}`;
      const scratch = path.join(tmpDir, `image-${randomUUID()}`);
      await fs.promises.mkdir(scratch, { recursive: true });
      try {
        const prepared = await processor.prepareDesignImage(upload.path, scratch);
        if (!prepared.ok) return failure("unprocessable", prepared.message);
        const keyPrefix = `design-images/${userId}/${id}`;
        const previewName = prepared.previewType === "image/png" ? DESIGN_IMAGE_FILES.previewPng : DESIGN_IMAGE_FILES.previewJpeg;
        await storage.putFile(`${keyPrefix}/original`, upload.path, "application/octet-stream");
        await storage.putFile(`${keyPrefix}/${DESIGN_IMAGE_FILES.cmyk}`, path.join(scratch, DESIGN_IMAGE_FILES.cmyk), "application/octet-stream");
        if (prepared.hasAlpha) await storage.putFile(`${keyPrefix}/${DESIGN_IMAGE_FILES.alpha}`, path.join(scratch, DESIGN_IMAGE_FILES.alpha), "application/octet-stream");
        await storage.putFile(`${keyPrefix}/${previewName}`, path.join(scratch, previewName), prepared.previewType);
        const [row] = await db
          .insert(designImages)
          .values({ id, userId, fileName: upload.fileName.slice(0, 100), sizeBytes: upload.size, widthPx: prepared.widthPx, heightPx: prepared.heightPx, hasAlpha: prepared.hasAlpha, previewType: prepared.previewType, keyPrefix })
          .returning();
        return { ok: true, image: row! };
      } finally {
        await fs.promises.rm(scratch, { recursive: true, force: true });
      }
    },

    async openImage(userId, imageId) {
      const [row] = await db.select().from(designImages).where(and(eq(designImages.id, imageId), eq(designImages.userId, userId))).limit(1);
      if (!row) return null;
      const name = row.previewType === "image/png" ? DESIGN_IMAGE_FILES.previewPng : DESIGN_IMAGE_FILES.previewJpeg;
      return { key: `${row.keyPrefix}/${name}`, contentType: row.previewType };
    },

    async proof(userId, designId) {
      const row = await get(userId, designId);
      if (!row) return failure("not-found", "Not found");
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const pdfPath = path.join(tmpDir, `${randomUUID()}.pdf`);
      try {
        const made = await render(userId, row.document, pdfPath);
        if (!made.ok) return made;
        return { ok: true, preflight: made.preflight, proofPng: made.proofPng };
      } finally {
        await fs.promises.rm(pdfPath, { force: true });
      }
    },

    async useForOrder(userId, { orderId, versionNumber, designId }) {
      const row = await get(userId, designId);
      if (!row) return failure("not-found", "Not found");
      return storeDesignVersion(userId, orderId, versionNumber, row.name, row.document, false);
    },

    async snapshotForLine(userId, designId, line) {
      const row = await get(userId, designId);
      if (!row) return failure("not-found", "The design chosen for this item is not in your account.");
      const ordered = orderedArtworkSize(line);
      if (!ordered) return failure("invalid", "This item has no size to print a design at.");
      const size = orderedSizeMm(ordered);
      if (!sizeMatches(row.document, size)) return failure("invalid", `The design "${row.name}" is ${formatSizeMm(row.document)} but the item is ${formatSizeMm(size)}. Open it in the editor from the product page at this size.`);
      const problem = await checkImages(userId, row.document);
      if (problem) return problem;
      const blurred = blurredImage(row.document);
      if (blurred) return failure("invalid", blurred);
      return { ok: true, snapshot: { id: row.id, name: row.name, document: row.document } };
    },

    async applyCheckoutDesigns(orderGroupId) {
      const [found] = await db.select({ lines: checkouts.lines }).from(orderGroups).innerJoin(checkouts, eq(checkouts.id, orderGroups.checkoutId)).where(eq(orderGroups.id, orderGroupId)).limit(1);
      if (!found || !found.lines.some((line) => line.design)) return 0;
      const items = await db.select().from(orders).where(eq(orders.orderGroupId, orderGroupId)).orderBy(asc(orders.lineNumber));
      let made = 0;
      for (const item of items) {
        const design = found.lines[item.lineNumber - 1]?.design;
        if (!design || item.status !== "Awaiting Artwork") continue;
        const [existing] = await db.select({ id: orderFiles.id }).from(orderFiles).where(and(eq(orderFiles.orderId, item.id), eq(orderFiles.versionNumber, 1))).limit(1);
        if (existing) continue;
        const stored = await storeDesignVersion(item.userId, item.id, 1, design.name, design.document, true);
        if (stored.ok) made += 1;
      }
      return made;
    },
  };
}
