// The editor's pictures: object URLs for the ones the design uses, and a new picture taken in (a
// signed-in customer's as a resumable upload, ADR 041; a guest's kept in this browser).
import { useEffect, useState } from "react";
import { designImageIds, type Design } from "../../../domain/design/schema";
import { authHeaders } from "../../lib/api-client";
import { getLocalImage, imageOf, newLocalId, putLocalImage } from "../../lib/design-api";
import { useResumableUpload } from "../../lib/use-resumable-upload";

export type TakenPicture = { id: string; widthPx: number; heightPx: number };

/** The pixel size of a picture as this browser decodes it (a file that is not a picture is refused here too). */
async function measure(file: File) {
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) throw new Error("This file is not a picture we can read. Please choose a JPEG, PNG, TIFF or WebP.");
  const result = { widthPx: bitmap.width, heightPx: bitmap.height };
  bitmap.close();
  return result;
}

/** The resumable upload a signed-in customer's pictures go by (`null` for a guest's). */
export function usePictureUpload(loggedIn: boolean) {
  // A signed-in customer's pictures go as resumable uploads: the bar shows what the server holds, and a
  // picture left half-sent by a reload is offered again (ADR 041). A guest's stay in this browser.
  return useResumableUpload("design-image", loggedIn ? {} : null);
}

export function useDesignPictures(design: Design, loggedIn: boolean, pictures: ReturnType<typeof usePictureUpload>) {
  const [imageUrls, setImageUrls] = useState<Record<string, string>>({});

  // Pictures: the account's through the API with the token, a guest's from this browser.
  useEffect(() => {
    for (const id of designImageIds(design)) {
      if (imageUrls[id]) continue;
      const load = id.startsWith("local_")
        ? getLocalImage(id).then((image) => image?.blob ?? null)
        : window.fetch(`/api/design-images/${id}`, { headers: authHeaders() }).then((response) => (response.ok ? response.blob() : null));
      void load.then((blob) => blob && setImageUrls((urls) => (urls[id] ? urls : { ...urls, [id]: URL.createObjectURL(blob) })));
    }
  }, [design, imageUrls]);

  /** Stores a chosen picture where this design's pictures belong and shows it at once. */
  const take = async (file: File): Promise<TakenPicture> => {
    let image: TakenPicture;
    if (loggedIn) image = imageOf(await pictures.send(file));
    else {
      const measured = await measure(file);
      image = { id: newLocalId("local"), ...measured };
      await putLocalImage(image.id, { blob: file, fileName: file.name, ...measured });
    }
    setImageUrls((urls) => ({ ...urls, [image.id]: URL.createObjectURL(file) }));
    return image;
  };

  return { imageUrls, take };
}
