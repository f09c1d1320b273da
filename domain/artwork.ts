// Artwork per ordered item (spec sections 4 and 5): when an item's artwork is complete, and the messages
// the uploader shows. The browser checks it before Order Complete; the server checks it again.

export const ARTWORK_MESSAGES = {
  tooManyVersions: "too many versions!",
  tooMany: "Too many!",
  incomplete: "Please approve all images, check quantities, and ensure the number of uploaded images matches the required versions.",
  noItems: "Error: No items detected.",
  success: "Your payment was successful.",
  thanks: "Thank you for your order!",
  qtyMin: "Quantity must be at least 1",
} as const;

export const MAX_FILE_NAME_LENGTH = 100;
/** Images and PDFs (spec section 5); the server sniffs the content whatever the browser says. */
export const ARTWORK_ACCEPT = "image/jpeg,image/png,image/tiff,image/webp,application/pdf,.jpg,.jpeg,.png,.tif,.tiff,.webp,.pdf";

/** Long file names are cut at 100 characters (spec section 5). */
export function shortFileName(name: string): string {
  return name.length > MAX_FILE_NAME_LENGTH ? name.slice(0, MAX_FILE_NAME_LENGTH) : name;
}

export type ArtworkItem = { quantity: number; versions: number };
export type ArtworkFile = { versionNumber: number; quantity: number; approved: boolean };

/**
 * An item is ready when it has one file per version, every file is approved, and, with more than one
 * version, the files' quantities add up exactly to the item's quantity.
 */
export function isArtworkComplete(item: ArtworkItem, files: ArtworkFile[]): boolean {
  const versions = new Set(files.map((file) => file.versionNumber));
  if (files.length !== item.versions || versions.size !== item.versions) return false;
  if (!files.every((file) => file.approved)) return false;
  if (item.versions > 1 && quantitiesTotal(files) !== item.quantity) return false;
  return true;
}

export function quantitiesTotal(files: Pick<ArtworkFile, "quantity">[]): number {
  return files.reduce((sum, file) => sum + file.quantity, 0);
}

/** The message beside an item's version quantities, or null when they are fine. */
export function quantityProblem(item: ArtworkItem, files: Pick<ArtworkFile, "quantity">[]): string | null {
  if (files.some((file) => !Number.isInteger(file.quantity) || file.quantity < 1)) return ARTWORK_MESSAGES.qtyMin;
  if (quantitiesTotal(files) > item.quantity) return ARTWORK_MESSAGES.tooMany;
  return null;
}

/**
 * How a new file's quantity starts: an equal share of the item, the remainder to the first versions, so
 * that a customer who uploads every version without touching the numbers already adds up.
 */
export function defaultVersionQuantity(item: ArtworkItem, versionNumber: number): number {
  if (item.versions <= 1) return item.quantity;
  const base = Math.floor(item.quantity / item.versions);
  return base + (versionNumber <= item.quantity % item.versions ? 1 : 0);
}

/** The finished size artwork must fill: the custom size, or the fixed size turned to the chosen orientation. */
export function orderedArtworkSize(item: {
  widthMm: number | null;
  heightMm: number | null;
  fixedSize: string | null;
  orientation: "Portrait" | "Landscape" | null;
}): { widthMm: number; heightMm: number; orientation: "Portrait" | "Landscape" | "Custom" } | null {
  if (item.widthMm !== null && item.heightMm !== null) return { widthMm: item.widthMm, heightMm: item.heightMm, orientation: "Custom" };
  const match = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec(item.fixedSize ?? "");
  if (!match) return null;
  const [short, long] = [Number(match[1]), Number(match[2])];
  return item.orientation === "Landscape"
    ? { widthMm: long, heightMm: short, orientation: "Landscape" }
    : { widthMm: short, heightMm: long, orientation: "Portrait" };
}
