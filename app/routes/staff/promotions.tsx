import { useCallback, useState } from "react";
import { formatPence, formatUkDate } from "../../../domain/format";
import type { PromotionForm as Form } from "../../../domain/promotion";
import { EMPTY_PROMOTION, fieldsOf, PromotionForm } from "../../components/back-office/promotion-form";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { createPromotion, fetchPromotions, updatePromotion, type Promotion } from "../../lib/back-office-api";
import { managerOnly } from "../../lib/staff-document";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/promotions";
import { DataTable } from "../../components/data-table";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Promotions | Printwise back office" }, { name: "robots", content: "noindex" }];

const STATE_STYLES: Record<Promotion["state"], string> = {
  active: "bg-green-100 text-green-900",
  paused: "bg-slate-200 text-slate-800",
  scheduled: "bg-blue-100 text-blue-900",
  ended: "bg-slate-100 text-slate-600",
  "used up": "bg-amber-100 text-amber-900",
};

/** Promo codes: their terms, usage and state; create, edit, pause and resume. */
export default function PromotionsPage() {
  const [promotions, setPromotions] = useState<Promotion[] | null>(null);
  const [editing, setEditing] = useState<Promotion | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const load = useCallback((signal?: AbortSignal) => fetchPromotions(signal).then((a) => setPromotions(a.promotions), (e: unknown) => (e as Error).name !== "AbortError" && setStatus(errorMessage(e))), []);
  useSignedInLoad((_userId, signal) => void load(signal));

  const submit = async (form: Form): Promise<string | null> => {
    try {
      const saved = editing ? await updatePromotion(editing.id, form) : await createPromotion(form);
      setStatus(`${saved.promotion.code} ${editing ? "saved" : "created"}: ${saved.promotion.state}.`);
      setEditing(null);
      await load();
      return null;
    } catch (error) {
      return errorMessage(error);
    }
  };

  const togglePause = async (p: Promotion) => {
    const fields = fieldsOf(p);
    try {
      await updatePromotion(p.id, {
        code: p.code,
        description: p.description,
        kind: p.kind,
        percent: p.kind === "percent" ? p.percent : null,
        amountPence: p.amountPence,
        startsOn: fields.startsOn || null,
        endsOn: fields.endsOn || null,
        usageLimit: p.usageLimit,
        perCustomerLimit: p.perCustomerLimit,
        minSpendPence: p.minSpendPence,
        newCustomersOnly: p.newCustomersOnly,
        paused: !p.paused,
      });
      setStatus(`${p.code} ${p.paused ? "resumed" : "paused"}.`);
      await load();
    } catch (error) {
      setStatus(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="promotions-heading">
      <h1 id="promotions-heading" className="text-2xl font-bold">Promotions</h1>
      <p className="mt-1 text-sm text-slate-600">A code takes a percentage or a fixed amount off Sub Total (before VAT, never off delivery; an amount never more than Sub Total). Each paid order that gets a discount uses it once; a checkout under way holds a use until it is paid or lapses.</p>
      <div className="mt-4">
        <PromotionForm key={editing?.id ?? "new"} initial={editing ? fieldsOf(editing) : EMPTY_PROMOTION} editing={editing?.code ?? null} onSubmit={submit} onCancel={() => setEditing(null)} />
      </div>
      {status ? <p role="status" className="mt-4 font-semibold">{status}</p> : null}
      {promotions === null ? <LoadingState label="Loading the promo codes..." className="mt-4" /> : null}
      {promotions && promotions.length === 0 ? <p className="mt-4 rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No promo codes yet.</p> : null}
      {promotions && promotions.length > 0 ? (
        <DataTable
          className="relative mt-6"
          stackOnPhone
          head={
            <>
              <th scope="col" className="px-3 py-2">Code</th>
              <th scope="col" className="px-3 py-2">Discount</th>
              <th scope="col" className="px-3 py-2">Runs</th>
              <th scope="col" className="px-3 py-2">Terms</th>
              <th scope="col" className="px-3 py-2">Used</th>
              <th scope="col" className="px-3 py-2">State</th>
              <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
            </>
          }
        >
          {promotions.map((p) => (
            <tr key={p.id} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2">
                <span className="font-mono font-semibold">{p.code}</span>
                {p.description ? <span className="block text-xs text-slate-500">{p.description}</span> : null}
              </td>
              <td className="px-3 py-2 tabular-nums" data-label="Discount">{p.amountPence !== null ? formatPence(p.amountPence) : `${p.percent}%`}</td>
              <td className="px-3 py-2 text-xs" data-label="Runs">
                {p.startsAt ? formatUkDate(p.startsAt) : "now"} – {p.endsAt ? formatUkDate(p.endsAt) : "no end"}
              </td>
              <td className="px-3 py-2 text-xs" data-label="Terms">
                {[
                  p.minSpendPence ? `min spend ${formatPence(p.minSpendPence)}` : null,
                  p.perCustomerLimit !== null ? `${p.perCustomerLimit} per customer` : null,
                  p.newCustomersOnly ? "new customers only" : null,
                ]
                  .filter(Boolean)
                  .join(" · ") || "none"}
              </td>
              <td className="px-3 py-2 tabular-nums" data-label="Used">
                {p.uses}
                {p.usageLimit !== null ? ` of ${p.usageLimit}` : ""}
                {p.held > 0 ? <span className="block text-xs text-slate-500">{p.held} in checkout</span> : null}
              </td>
              <td className="px-3 py-2" data-label="State">
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_STYLES[p.state]}`}>{p.state}</span>
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                <button type="button" className="btn-outline px-3 py-1" onClick={() => setEditing(p)} aria-label={`Edit ${p.code}`}>
                  Edit
                </button>{" "}
                <button type="button" className="btn-outline px-3 py-1" onClick={() => void togglePause(p)} aria-label={`${p.paused ? "Resume" : "Pause"} ${p.code}`}>
                  {p.paused ? "Resume" : "Pause"}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
