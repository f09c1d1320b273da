// Old and new prices of sample configurations before a change is saved, and the product's price history.
import { formatPence, formatUkDateTime } from "../../../domain/format";
import { PRICE_MOVE_WARNING_PERCENT } from "../../../domain/price-inputs";
import type { PricePreview as Preview, PriceVersion } from "../../lib/back-office-api";
import { DataTable } from "../data-table";

export function PricePreview({ preview, previewing }: { preview: Preview | null; previewing: boolean }) {
  if (!preview) {
    return (
      <p role="status" className="rounded-lg bg-white p-4 text-sm text-slate-600 ring-1 ring-slate-200">
        {previewing ? "Pricing the samples..." : "Change a price to see old and new prices side by side."}
      </p>
    );
  }
  return (
    <div aria-busy={previewing} className={previewing ? "opacity-60" : undefined}>
      <ul className="mb-3 list-disc pl-5 text-sm">
        {preview.changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
      {preview.warnings > 0 ? (
        <p role="alert" className="mb-3 rounded-md bg-amber-50 p-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-300">
          {preview.warnings} of {preview.samples.length} sample prices move by more than {PRICE_MOVE_WARNING_PERCENT}%. Check them before saving.
        </p>
      ) : null}
      <DataTable
        className="relative max-h-[28rem] overflow-y-auto"
        caption="Sample line prices before and after the change"
        stickyHead
        head={
          <>
            <th scope="col" className="px-3 py-2">Sample</th>
            <th scope="col" className="px-3 py-2 text-right">Now</th>
            <th scope="col" className="px-3 py-2 text-right">New</th>
            <th scope="col" className="px-3 py-2 text-right">Change</th>
          </>
        }
      >
        {preview.samples.map((s) => (
          <tr key={s.label} className={`border-t border-slate-100 ${s.warn ? "bg-amber-50" : ""}`}>
            <th scope="row" className="px-3 py-1.5 font-normal">{s.label}</th>
            <td className="px-3 py-1.5 text-right tabular-nums">{s.beforePence === null ? "not offered" : formatPence(s.beforePence)}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{s.afterPence === null ? "not offered" : formatPence(s.afterPence)}</td>
            <td className={`px-3 py-1.5 text-right tabular-nums ${s.warn ? "font-bold text-amber-900" : ""}`}>
              {s.changePercent === null ? "–" : `${s.changePercent > 0 ? "+" : ""}${s.changePercent}%`}
              {s.warn ? <span className="sr-only"> (over {PRICE_MOVE_WARNING_PERCENT}%)</span> : null}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

const SOURCE_LABELS: Record<PriceVersion["source"], string> = { catalogue: "Catalogue prices", editor: "Saved in the editor", import: "Imported from a price list", restore: "Restored" };

export function PriceHistory({ versions, current, onRestore }: { versions: PriceVersion[]; current: number; onRestore: (version: number) => void }) {
  return (
    <ol className="space-y-3">
      {versions.map((v) => (
        <li key={v.version} className="rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p>
              <span className="font-semibold">Version {v.version}</span>
              {v.version === current ? <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">current</span> : null}
              <span className="block text-xs text-slate-500">
                {SOURCE_LABELS[v.source]}
                {v.actorEmail ? ` by ${v.actorEmail}` : ""}
                {v.createdAt ? ` · ${formatUkDateTime(v.createdAt)}` : ""}
              </span>
            </p>
            {v.version !== current ? (
              <button type="button" className="btn-outline px-3 py-1" onClick={() => onRestore(v.version)}>
                Restore version {v.version}
              </button>
            ) : null}
          </div>
          {v.changes.length > 0 ? (
            <ul className="mt-2 list-disc pl-5 text-slate-700">
              {v.changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
