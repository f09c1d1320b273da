// Catalogue pictures (products and categories): read by content, resized with sharp to WebP and stored
// through the storage integration under a name made from their bytes, so a page or an order showing an
// earlier picture keeps showing it and a name never shows other bytes.
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { FileStorage } from "../../integrations/storage/storage";
import { failure, type Outcome } from "../outcome";

/** A catalogue picture is shown at most this size (either way round), as WebP. */
export const CATALOGUE_IMAGE_MAX_PX = 1200;
export const CATALOGUE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Storage keys of catalogue pictures: the only stored files anyone may fetch without signing in. */
export const CATALOGUE_IMAGE_PREFIX = "catalogue/products/";
/** A picture's folder: a product's id, or `c` and a category's id. */
export const CATALOGUE_IMAGE_FOLDER = /^c?\d{1,10}$/;
export const catalogueImageUrl = (key: string) => `/api/catalogue/images/${key.slice(CATALOGUE_IMAGE_PREFIX.length)}`;

const PICTURE_FORMATS = new Set(["jpeg", "png", "webp"]);
// A picture that decodes to more pixels than this is refused before it is decoded (a "pixel bomb").
const MAX_INPUT_PIXELS = 50_000_000;

/** Resizes and stores the uploaded file; answers the address customers load it from. */
export async function storeCataloguePicture(storage: FileStorage, filePath: string, folder: string): Promise<Outcome<{ image: string }>> {
  if (!CATALOGUE_IMAGE_FOLDER.test(folder)) throw new RangeError(`Not a catalogue picture folder: ${folder}`);
  let webp: Buffer;
  try {
    const metadata = await sharp(filePath, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.format || !PICTURE_FORMATS.has(metadata.format)) return failure("unprocessable", "The picture must be a JPEG, PNG or WebP image.");
    webp = await sharp(filePath, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: CATALOGUE_IMAGE_MAX_PX, height: CATALOGUE_IMAGE_MAX_PX, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return failure("unprocessable", "The picture could not be read: upload a JPEG, PNG or WebP image of at most 50 megapixels.");
  }
  const key = `${CATALOGUE_IMAGE_PREFIX}${folder}/${createHash("sha256").update(webp).digest("hex").slice(0, 20)}.webp`;
  await storage.putBuffer(key, webp, "image/webp");
  return { ok: true, image: catalogueImageUrl(key) };
}
