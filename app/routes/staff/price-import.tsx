import { useState } from "react";
import { Link } from "react-router";
import { PRICE_LIST_COLUMNS } from "../../../domain/price-list";
import { errorMessage } from "../../lib/api-client";
import { downloadPriceList, importPriceList, type PriceImport } from "../../lib/back-office-api";
import { managerOnly } from "../../lib/staff-document";
import type { Route } from "./+types/price-import";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Import a price list | Printwise back office" }, { name: "robots", content: "noindex" }];

const MAX_FILE_BYTES = 900_000;

/** A price list CSV: checked first (every change and every error by row), then applied in one go. */
export default function PriceImportPage() {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<PriceImport | null>(null);
  const [busy, setBusy] = useState<"checking" | "applying" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async (chosen: File | undefined) => {
    setResult(null);
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) return setProblem(`${chosen.name} is ${Math.ceil(chosen.size / 1000)} KB; a price list may be at most 900 KB.`);
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    setBusy("checking");
    try {
      setResult(await importPriceList(text, false));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!file) return;
    setBusy("applying");
    setProblem(null);
    try {
      setResult(await importPriceList(file.text, true));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const changed = result?.changes.length ?? 0;
  return (
    <section aria-labelledby="import-heading" className="max-w-4xl">
      <p className="text-sm">
        <Link to="/staff/catalogue" className="text-brand-700 underline-offset-2 hover:underline">← All prices</Link>
      </p>
      <h1 id="import-heading" className="mt-2 text-2xl font-bold">Import a price list</h1>
      <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>
          <button type="button" className="font-semibold text-brand-700 underline underline-offset-2" onClick={() => downloadPriceList().catch((e: unknown) => setProblem(errorMessage(e)))}>
            Export the price list
          </button>{" "}
          and open it in a spreadsheet.
        </li>
        <li>Change prices in pounds (12.50), percentages as numbers (15), tiers as quantity:percent pairs (5:5;10:10). Names are for reading only.</li>
        <li>Save it as CSV and choose it below. Nothing changes until you apply it.</li>
      </ol>
      <div className="mt-5 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <label htmlFor="price-list-file" className="field-label">Price list (CSV)</label>
        <input id="price-list-file" type="file" accept=".csv,text/csv" className="mt-1 block text-sm" onChange={(e) => void check(e.target.files?.[0])} />
        {busy ? <p role="status" className="mt-3 text-sm">{busy === "checking" ? "Checking the file..." : "Applying the changes..."}</p> : null}
        {problem ? <p role="alert" className="mt-3 font-semibold text-red-800">{problem}</p> : null}
      </div>

      {result ? (
        <div className="mt-6 space-y-4">
          {result.applied ? (
            <p role="status" className="rounded-md bg-green-50 p-3 font-semibold text-green-900 ring-1 ring-green-300">
              Applied: {changed} product{changed === 1 ? "" : "s"} changed. Customers are quoted the new prices from now on.
            </p>
          ) : null}
          {result.errors.length > 0 ? (
            <div role="alert" className="rounded-md bg-red-50 p-3 ring-1 ring-red-300">
              <p className="font-semibold text-red-900">{result.errors.length} problem{result.errors.length === 1 ? "" : "s"} in {file?.name}: fix {result.errors.length === 1 ? "it" : "them"} and choose the file again. Nothing has been changed.</p>
              <ul className="mt-2 space-y-1 text-sm text-red-900">
                {result.errors.map((e) => (
                  <li key={`${e.row}-${e.message}`}>
                    <span className="font-semibold">Row {e.row}:</span> {e.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {changed === 0 && result.errors.length === 0 ? <p className="rounded-md bg-white p-3 ring-1 ring-slate-200">The file matches the current prices: there is nothing to change.</p> : null}
          {changed > 0 ? (
            <div>
              <h2 className="text-lg font-semibold">{result.applied ? "Changed" : "What would change"}</h2>
              <ul className="mt-2 space-y-2">
                {result.changes.map((c) => (
                  <li key={c.slug} className="rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200">
                    <p className="font-semibold">
                      {c.name} <span className="font-normal text-slate-500">(row {c.row}, {c.slug})</span>
                    </p>
                    <ul className="mt-1 list-disc pl-5">
                      {c.changes.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
              {!result.applied && result.errors.length === 0 ? (
                <button type="button" className="btn-primary mt-4" disabled={busy !== null} onClick={() => void apply()}>
                  Apply {changed} change{changed === 1 ? "" : "s"}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      <details className="mt-8 text-sm text-slate-700">
        <summary className="cursor-pointer font-semibold">The columns</summary>
        <p className="mt-2 font-mono text-xs">{PRICE_LIST_COLUMNS.join(", ")}</p>
      </details>
    </section>
  );
}
