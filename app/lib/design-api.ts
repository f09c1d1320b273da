// The editor's side of designs: calls to the account's designs, picture uploads (resumable, over tus, like
// the artwork uploader), and a guest's drafts, which stay in this browser until
// checkout has made the account (docs/decisions/030-design-documents.md): the document in local storage,
// its pictures in IndexedDB.
import type { BasketState } from "../../domain/basket";
import { designImageIds, type Design } from "../../domain/design/schema";
import type { ApiAnswer } from "../../server/api/contract";
import { api } from "./api-client";
import { startResumableUpload, type ResumableProgress, type UploadOutcome } from "./resumable-upload";
import { basketStore } from "./basket";
import { createBrowserStore } from "./browser-store";

export type SavedDesign = ApiAnswer<"GET /api/designs/:designId">["design"];
export type DesignSummary = ApiAnswer<"GET /api/designs">["designs"][number];
export type UploadedImage = ApiAnswer<"POST /api/design-images">["image"];

export const listDesigns = (signal?: AbortSignal) => api("GET /api/designs", { auth: true, ...(signal ? { signal } : {}) });
export const fetchDesign = (designId: number) => api("GET /api/designs/:designId", { params: { designId }, auth: true });
export const createDesign = (body: { name: string; productSlug: string; document: Design }) => api("POST /api/designs", { auth: true, body });
export const saveDesign = (designId: number, body: { name?: string; document: Design; revision: number }) => api("PUT /api/designs/:designId", { params: { designId }, auth: true, body });
export const copyDesign = (designId: number) => api("POST /api/designs/:designId/copy", { params: { designId }, auth: true });
export const deleteDesign = (designId: number) => api("DELETE /api/designs/:designId", { params: { designId }, auth: true });
export const proofDesign = (designId: number) => api("POST /api/designs/:designId/proof", { params: { designId }, auth: true });
export const applyDesignToOrder = (orderId: number, designId: number, versionNumber: number) =>
  api("POST /api/orders/:orderId/design", { params: { orderId }, auth: true, body: { designId, version_number: versionNumber } });

/** The picture a completed resumable upload (purpose design-image) became. */
export function imageOf(outcome: UploadOutcome): UploadedImage {
  const image = (outcome.result as { image?: UploadedImage } | null)?.image;
  if (!image) throw new Error("The picture could not be added.");
  return image;
}

/**
 * Uploads a picture as a resumable upload (purpose design-image, ADR 041); the server checks it by content
 * and answers its pixel size. A picture kept in this browser (a guest's) goes under its own name.
 */
export async function uploadDesignImage(file: Blob, fileName: string, onProgress: (progress: ResumableProgress) => void = () => {}): Promise<UploadedImage> {
  const named = file instanceof File && file.name === fileName ? file : new File([file], fileName, { type: file.type });
  return imageOf(await startResumableUpload({ purpose: "design-image", target: {}, file: named, onProgress }).done);
}

// ---- A guest's drafts, held in this browser ---------------------------------------------------

export type LocalDraft = { name: string; productSlug: string; document: Design; updatedAt: string };

export const localDrafts = createBrowserStore<Record<string, LocalDraft>>("designDrafts", {}, (raw) =>
  typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Record<string, LocalDraft>) : {},
);

export function newLocalId(prefix: "draft" | "local"): string {
  return `${prefix}_${crypto.randomUUID().replace(/-/g, "")}`;
}

const DB_NAME = "design-images";
function openImages(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore("images");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export type LocalImage = { blob: Blob; fileName: string; widthPx: number; heightPx: number };

export async function putLocalImage(id: string, image: LocalImage): Promise<void> {
  const db = await openImages();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction("images", "readwrite");
    tx.objectStore("images").put(image, id);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

export async function getLocalImage(id: string): Promise<LocalImage | null> {
  const db = await openImages();
  const found = await new Promise<LocalImage | null>((resolve, reject) => {
    const request = db.transaction("images").objectStore("images").get(id);
    request.onsuccess = () => resolve((request.result as LocalImage | undefined) ?? null);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return found;
}

/** Uploads a document's pictures still held by this browser and answers it naming the stored ones. */
export async function withUploadedImages(document: Design): Promise<Design> {
  const local = designImageIds(document).filter((id) => id.startsWith("local_"));
  if (local.length === 0) return document;
  const stored = new Map<string, UploadedImage>();
  for (const id of local) {
    const image = await getLocalImage(id);
    if (!image) throw new Error("A picture of this design is no longer in this browser. Please add it again.");
    stored.set(id, await uploadDesignImage(image.blob, image.fileName));
  }
  const swap = <T extends { imageId: string; widthPx: number; heightPx: number }>(use: T): T => {
    const up = stored.get(use.imageId);
    return up ? { ...use, imageId: up.id, widthPx: up.widthPx, heightPx: up.heightPx } : use;
  };
  return {
    ...document,
    background: { ...document.background, image: document.background.image ? swap(document.background.image) : null },
    elements: document.elements.map((element) => (element.kind === "image" ? swap(element) : element)),
  };
}

/** Moves a guest's draft to the account (the signed-in customer's, now) and answers the saved design. */
export async function saveDraftToAccount(localId: string): Promise<SavedDesign> {
  const draft = localDrafts.get()[localId];
  if (!draft) throw new Error("This design is no longer in this browser. Please design it again.");
  const document = await withUploadedImages(draft.document);
  const { design } = await createDesign({ name: draft.name, productSlug: draft.productSlug, document });
  localDrafts.set((all) => {
    const { [localId]: _gone, ...rest } = all;
    return rest;
  });
  return design;
}

/**
 * Before payment: every basket line whose design is still a guest's draft in this browser is saved to the
 * account checkout has just made, and the line then names the saved design.
 */
export async function saveBasketDesigns(basket: BasketState): Promise<BasketState> {
  const pending = basket.items.filter((item) => item.design && item.design.id === null && item.design.localId);
  if (pending.length === 0) return basket;
  const saved = new Map<string, number>();
  for (const item of pending) {
    const localId = item.design!.localId!;
    if (!saved.has(localId)) saved.set(localId, (await saveDraftToAccount(localId)).id);
  }
  const next = { ...basket, items: basket.items.map((item) => (item.design?.localId && saved.has(item.design.localId) ? { ...item, design: { ...item.design, id: saved.get(item.design.localId)!, localId: null } } : item)) };
  basketStore.set(next);
  return next;
}
