// A proof's picture (large, or a thumbnail) and the print checks' warnings on its file.
import type { DesignProof } from "../../lib/design-jobs-api";
import { useAuthorisedObjectUrl } from "../../lib/orders-api";

export function ProofImage({ file, version, large }: { file: DesignProof["files"][number]; version: number; large?: boolean }) {
  const image = useAuthorisedObjectUrl(large ? file.preview_url : file.thumbnail_url);
  const alt = `Proof version ${version}, design ${file.design_number}`;
  return image.src ? (
    <img src={image.src} alt={alt} className={`${large ? "max-h-[28rem] w-full" : "h-20 w-20"} rounded bg-slate-100 object-contain ring-1 ring-slate-200`} />
  ) : (
    <span role="img" aria-label={alt} className={`${large ? "h-64 w-full" : "h-20 w-20"} block rounded bg-slate-100`} />
  );
}

export function Warnings({ file }: { file: DesignProof["files"][number] }) {
  if (file.preflight.checks.length === 0) return null;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
      {file.preflight.checks.map((check) => (
        <li key={check.code}>{check.message}</li>
      ))}
    </ul>
  );
}
