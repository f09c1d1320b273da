// The orders desk's bulk actions on the ticked orders: a status move (the server's transition table decides
// each item and the refusals come back by job), one PDF of packing slips, one ZIP of
// their approved print files, and CSVs.
import { useState } from "react";
import { errorMessage } from "../../lib/api-client";
import { openPrivateFile } from "../../lib/orders-api";
import { moveSelected, type BulkResult } from "../../lib/staff-api";

const TARGETS = ["Print Ready", "Production", "Part Printed", "Printed"] as const;

type Props = { selected: number[]; view: URLSearchParams; onMoved: () => void };

export function BulkBar({ selected, view, onMoved }: Props) {
  const [target, setTarget] = useState<(typeof TARGETS)[number]>("Printed");
  const [result, setResult] = useState<BulkResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const none = selected.length === 0;
  const run = async (action: () => Promise<void>) => {
    setProblem(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const csvOf = (params: URLSearchParams) => `/api/staff/orders.csv?${params.toString()}`;
  return (
    <div className="mt-4 rounded-lg bg-white p-4 ring-1 ring-slate-200" aria-label="Bulk actions" role="group">
      <div className="flex flex-wrap items-end gap-3">
        <p className="text-sm font-semibold" aria-live="polite">
          {selected.length} selected
        </p>
        <form
          method="post"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              setResult(await moveSelected(selected, target));
              onMoved();
            });
          }}
        >
          <div>
            <label htmlFor="bulk-status" className="field-label">Move selected to</label>
            <select id="bulk-status" className="field-input" value={target} onChange={(e) => setTarget(e.target.value as (typeof TARGETS)[number])}>
              {TARGETS.map((status) => (
                <option key={status} value={status}>{status}</option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary" disabled={none || busy}>Move</button>
        </form>
        <button type="button" className="btn-outline" disabled={none || busy} onClick={() => void run(() => openPrivateFile(`/api/staff/bulk/packing-slips.pdf?ids=${selected.join(",")}`, "packing-slips.pdf"))}>
          Packing slips (PDF)
        </button>
        <button type="button" className="btn-outline" disabled={none || busy} onClick={() => void run(() => openPrivateFile(`/api/staff/bulk/print-files.zip?ids=${selected.join(",")}`, "print-files.zip"))}>
          Print files (ZIP)
        </button>
        <button type="button" className="btn-outline" disabled={none || busy} onClick={() => void run(() => openPrivateFile(csvOf(new URLSearchParams({ ids: selected.join(",") })), "orders-selected.csv"))}>
          CSV of selected
        </button>
        <button type="button" className="btn-outline" disabled={busy} onClick={() => void run(() => openPrivateFile(csvOf(view), "orders.csv"))}>
          CSV of this view
        </button>
      </div>
      {problem ? <p role="alert" className="mt-2 text-red-700">{problem}</p> : null}
      {result ? (
        <div role="status" className="mt-3 text-sm" data-testid="bulk-result">
          <p className="font-semibold">
            Moved {result.moved.length} item{result.moved.length === 1 ? "" : "s"}
            {result.unchanged.length ? `; ${result.unchanged.length} already there` : ""}
            {result.refused.length ? `; ${result.refused.length} refused:` : "."}
          </p>
          {result.refused.length ? (
            <ul className="mt-1 list-disc pl-5">
              {result.refused.map((r) => (
                <li key={r.order_id}>
                  {r.reference}, {r.product_name} ({r.from}): {r.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
