// The background tab's picture: add, replace or remove it, with how sharp it will print.
import { useRef } from "react";
import { previewHex } from "../../../domain/design/colour";
import { placedPpi, ppiWarning } from "../../../domain/design/ppi";
import type { Design } from "../../../domain/design/schema";

export function BackgroundImage({ design, onChange, onUploadImage }: { design: Design; onChange: (design: Design) => void; onUploadImage: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const image = design.background.image;
  const ppi = image ? placedPpi(image.widthPx, image.heightPx, { x: 0, y: 0, w: design.widthMm, h: design.heightMm }, image.fit) : null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-700">Background picture</p>
      {image && ppi !== null ? <p className="text-sm text-slate-700" data-testid="background-ppi">{ppiWarning(ppi) ?? `${Math.round(ppi)} ppi: it will print sharp.`}</p> : null}
      <div className="flex gap-2">
        <button type="button" className="btn-outline flex-1 py-1.5 text-sm" onClick={() => input.current?.click()}>{image ? "Replace" : "Add a picture"}</button>
        {image ? <button type="button" className="btn-outline flex-1 py-1.5 text-sm" onClick={() => onChange({ ...design, background: { ...design.background, image: null } })}>Remove</button> : null}
      </div>
      <input ref={input} type="file" accept="image/jpeg,image/png,image/tiff,image/webp" className="sr-only" aria-label="Choose a background picture" onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = "";
        if (file) onUploadImage(file);
      }} />
      <p className="text-xs text-slate-500">Swatch preview: <span className="inline-block h-3 w-3 rounded-sm align-middle ring-1 ring-slate-300" style={{ background: previewHex(design.background.colour) }} /></p>
    </div>
  );
}
