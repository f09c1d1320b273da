import { Link, useParams } from "react-router";
import { PriceForm } from "../../components/back-office/price-form";
import { PriceHistory, PricePreview } from "../../components/back-office/price-preview";
import { usePriceEditor } from "../../components/back-office/use-price-editor";
import { LoadingState } from "../../components/loading-state";
import { managerOnly } from "../../lib/staff-document";
import type { Route } from "./+types/price-editor";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Edit prices | Printwise back office" }, { name: "robots", content: "noindex" }];

/** One product's prices: edit, preview old against new, save as a version; the history with restore. */
export default function PriceEditorPage() {
  const { productId = "" } = useParams();
  const editor = usePriceEditor(productId);
  const { loaded, draft, parsed, status } = editor;

  if (editor.loadProblem) return <p role="alert" className="font-semibold text-red-800">{editor.loadProblem}</p>;
  if (!loaded || !draft) return <LoadingState label="Loading the prices..." rows={8} />;
  const errors = parsed && !parsed.ok ? parsed.errors : {};

  return (
    <section aria-labelledby="editor-heading">
      <p className="text-sm">
        <Link to="/staff/catalogue" className="text-brand-700 underline-offset-2 hover:underline">← All products</Link>
        {" · "}
        <Link to={`/staff/catalogue/${loaded.product.id}/details`} className="text-brand-700 underline-offset-2 hover:underline">Details</Link>
      </p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="editor-heading" className="text-2xl font-bold">{loaded.product.name}</h1>
          <p className="text-sm text-slate-600">
            Version {loaded.version} · {loaded.product.visible ? <a className="underline-offset-2 hover:underline" href={`/product/${loaded.product.slug}`} target="_blank" rel="noreferrer">/product/{loaded.product.slug}</a> : "hidden from customers"}
          </p>
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <form
          method="post"
          aria-label="Prices"
          onSubmit={(event) => {
            event.preventDefault();
            void editor.save();
          }}
        >
          <PriceForm draft={draft} errors={errors} onChange={editor.setDraft} />
          {errors.form ? <p role="alert" className="mt-4 font-semibold text-red-800">{errors.form}</p> : null}
          <div className="sticky bottom-0 mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-slate-50 py-3">
            {editor.changed && editor.hasWarnings ? (
              <label className="flex items-center gap-2 text-sm font-semibold text-amber-900">
                <input type="checkbox" checked={editor.acknowledged} onChange={(e) => editor.setAcknowledged(e.target.checked)} />
                I have checked the prices that move by more than 20%
              </label>
            ) : null}
            <button type="submit" className="btn-primary" disabled={!editor.canSave} aria-disabled={!editor.canSave}>
              {editor.saving ? "Saving..." : "Save new prices"}
            </button>
            <button type="button" className="btn-outline" onClick={editor.discard} disabled={!editor.edited}>
              Discard changes
            </button>
            {status ? (
              <p role={status.kind === "error" ? "alert" : "status"} className={`text-sm font-semibold ${status.kind === "error" ? "text-red-800" : "text-green-800"}`}>
                {status.text}
              </p>
            ) : null}
          </div>
        </form>
        <div className="space-y-6">
          <section aria-labelledby="preview-heading">
            <h2 id="preview-heading" className="text-lg font-semibold">Preview: old and new prices</h2>
            <div className="mt-2">
              <PricePreview preview={editor.changed ? editor.preview : null} previewing={editor.previewing} />
            </div>
          </section>
          <section aria-labelledby="history-heading">
            <h2 id="history-heading" className="text-lg font-semibold">Price history</h2>
            <div className="mt-2">{editor.history ? <PriceHistory versions={editor.history} current={loaded.version} onRestore={(v) => void editor.restore(v)} /> : null}</div>
          </section>
        </div>
      </div>
    </section>
  );
}
