import { useState } from "react";
import { productImage } from "../../../domain/catalogue";
import { errorMessage } from "../../lib/api-client";

type Upload = (file: File, onProgress: (sent: number, total: number) => void) => Promise<string>;

/** A catalogue picture, and a new one uploaded with the real bytes sent shown as it goes. */
export function PictureUpload({ id, label, image, upload, onChanged }: { id: string; label: string; image: string | null; upload: Upload; onChanged: (image: string) => Promise<void> | void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <img src={productImage(image)} alt="" className="h-24 w-32 rounded bg-slate-100 object-contain" />
      <div className="min-w-[16rem] flex-1">
        <label htmlFor={id} className="field-label">{label} (JPEG, PNG or WebP, up to 10 MB)</label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="mt-1 block text-sm"
          disabled={progress !== null}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (!file) return;
            setStatus(null);
            setProgress(0);
            try {
              const saved = await upload(file, (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0));
              await onChanged(saved);
              setStatus({ ok: true, text: "Picture saved: customers see it now." });
            } catch (error) {
              setStatus({ ok: false, text: errorMessage(error) });
            } finally {
              setProgress(null);
            }
          }}
        />
        {progress !== null ? (
          <div className="mt-2">
            <progress max={100} value={progress} aria-label={`${label} upload`} className="w-full" />
            <p className="text-xs text-slate-600">{progress < 100 ? `Uploading: ${progress}%` : "Resizing..."}</p>
          </div>
        ) : null}
        {status ? <p role={status.ok ? "status" : "alert"} className={`mt-2 text-sm font-semibold ${status.ok ? "text-green-800" : "text-red-800"}`}>{status.text}</p> : null}
      </div>
    </div>
  );
}
