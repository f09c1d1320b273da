// The price editor's fields: price and type, size and quantity limits, the minimum line charge, quantity
// tiers, and each option's price effect (and a turnaround's working days). Every field is labelled and
// names its own problem.
import type { ReactNode } from "react";
import type { AttributeCostUnit } from "../../../domain/pricing";
import type { DraftErrors, OptionDraft, PriceDraft } from "./price-draft";

type Props = { draft: PriceDraft; errors: DraftErrors; onChange: (draft: PriceDraft) => void };

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">{label}</label>
      {children}
      {hint ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">{error}</p> : null}
    </div>
  );
}

function TextInput({ id, value, onChange, error, inputMode = "decimal", prefix }: { id: string; value: string; onChange: (v: string) => void; error?: string; inputMode?: "decimal" | "numeric"; prefix?: string }) {
  const input = (
    <input
      id={id}
      className="field-input tabular-nums"
      style={prefix ? { paddingLeft: "1.75rem" } : undefined}
      inputMode={inputMode}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  if (!prefix) return input;
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">{prefix}</span>
      {input}
    </div>
  );
}

const UNIT_LABELS: Record<AttributeCostUnit, string> = { fixed: "£ per item", sqm: "£ per m²", percentage: "% of the price" };

export function PriceForm({ draft, errors, onChange }: Props) {
  const set = <K extends keyof PriceDraft>(key: K, value: PriceDraft[K]) => onChange({ ...draft, [key]: value });
  const setOption = (id: number, change: Partial<OptionDraft>) => set("options", draft.options.map((o) => (o.id === id ? { ...o, ...change } : o)));
  const groups = [...new Set(draft.options.map((o) => o.group))];

  return (
    <div className="space-y-6">
      <fieldset className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <legend className="px-1 text-base font-semibold">Price</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <span className="field-label" id="price-type-label">Priced</span>
            <div role="radiogroup" aria-labelledby="price-type-label" className="mt-1 flex gap-4 text-sm">
              {(["sqm", "fixed"] as const).map((type) => (
                <label key={type} className="flex items-center gap-2">
                  <input type="radio" name="price-type" checked={draft.priceType === type} onChange={() => set("priceType", type)} />
                  {type === "sqm" ? "Per m² (customer's size)" : "Per item"}
                </label>
              ))}
            </div>
          </div>
          <Field id="price" label={draft.priceType === "sqm" ? "Price per m²" : "Price per item"} error={errors.price}>
            <TextInput id="price" prefix="£" value={draft.price} onChange={(v) => set("price", v)} error={errors.price} />
          </Field>
          <Field id="minLine" label="Minimum line charge" hint="The least one basket line costs, after its quantity discount. 0 for none." error={errors.minLine}>
            <TextInput id="minLine" prefix="£" value={draft.minLine} onChange={(v) => set("minLine", v)} error={errors.minLine} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <legend className="px-1 text-base font-semibold">Limits</legend>
        <div className="grid gap-4 sm:grid-cols-4">
          {draft.priceType === "sqm"
            ? (
                [
                  ["minWidthMm", "Minimum width (mm)"],
                  ["minHeightMm", "Minimum height (mm)"],
                  ["maxWidthMm", "Maximum width (mm)"],
                  ["maxHeightMm", "Maximum height (mm)"],
                ] as const
              ).map(([key, label]) => (
                <Field key={key} id={key} label={label} error={errors[key]}>
                  <TextInput id={key} inputMode="numeric" value={draft[key]} onChange={(v) => set(key, v)} error={errors[key]} />
                </Field>
              ))
            : null}
          <Field id="minQty" label="Minimum quantity" error={errors.minQty}>
            <TextInput id="minQty" inputMode="numeric" value={draft.minQty} onChange={(v) => set("minQty", v)} error={errors.minQty} />
          </Field>
          <Field id="maxQty" label="Maximum quantity" error={errors.maxQty}>
            <TextInput id="maxQty" inputMode="numeric" value={draft.maxQty} onChange={(v) => set("maxQty", v)} error={errors.maxQty} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <legend className="px-1 text-base font-semibold">Quantity discounts</legend>
        <p className="text-sm text-slate-600">From each quantity up, the whole line is discounted by the tier&apos;s percentage. Quantities and discounts must rise together.</p>
        <ul className="mt-3 space-y-2">
          {draft.tiers.map((tier, i) => (
            <li key={i} className="flex flex-wrap items-end gap-3">
              <Field id={`tier-${i}-qty`} label={`Tier ${i + 1}: from quantity`} error={errors[`tier-${i}-qty`]}>
                <TextInput id={`tier-${i}-qty`} inputMode="numeric" value={tier.minQty} onChange={(v) => set("tiers", draft.tiers.map((t, j) => (j === i ? { ...t, minQty: v } : t)))} error={errors[`tier-${i}-qty`]} />
              </Field>
              <Field id={`tier-${i}-percent`} label="Discount (%)" error={errors[`tier-${i}-percent`]}>
                <TextInput id={`tier-${i}-percent`} inputMode="numeric" value={tier.percent} onChange={(v) => set("tiers", draft.tiers.map((t, j) => (j === i ? { ...t, percent: v } : t)))} error={errors[`tier-${i}-percent`]} />
              </Field>
              <button type="button" className="btn-outline px-3 py-2" onClick={() => set("tiers", draft.tiers.filter((_, j) => j !== i))}>
                Remove tier {i + 1}
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn-outline mt-3 px-3 py-2"
          onClick={() => {
            const last = draft.tiers.at(-1);
            set("tiers", [...draft.tiers, { minQty: last ? String(Number(last.minQty) * 2 || "") : "5", percent: last ? String(Number(last.percent) + 5 || "") : "5" }]);
          }}
        >
          Add a tier
        </button>
      </fieldset>

      {groups.map((group) => {
        const options = draft.options.filter((o) => o.group === group);
        const turnaround = options[0]?.displayType === "Turnaround";
        return (
          <fieldset key={group} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <legend className="px-1 text-base font-semibold">{group}</legend>
            <ul className="divide-y divide-slate-100">
              {options.map((o) => {
                const field = `option-${o.id}`;
                return (
                  <li key={o.id} className="grid gap-3 py-3 sm:grid-cols-[minmax(10rem,1fr)_10rem_8rem_8rem_auto] sm:items-end">
                    <p className="font-semibold">{o.name}</p>
                    <div>
                      <label htmlFor={`${field}-unit`} className="field-label">Price effect</label>
                      <select id={`${field}-unit`} className="field-input" value={o.unit} onChange={(e) => setOption(o.id, { unit: e.target.value as AttributeCostUnit })}>
                        {(["fixed", "sqm", "percentage"] as const).map((unit) => (
                          <option key={unit} value={unit} disabled={unit === "sqm" && draft.priceType !== "sqm"}>
                            {UNIT_LABELS[unit]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <Field id={field} label={o.unit === "percentage" ? "Adds (%)" : "Adds (£)"} error={errors[field]}>
                      <TextInput id={field} value={o.cost} onChange={(v) => setOption(o.id, { cost: v })} error={errors[field]} />
                    </Field>
                    {turnaround ? (
                      <Field id={`${field}-days`} label="Working days" error={errors[`${field}-days`]}>
                        <TextInput id={`${field}-days`} inputMode="numeric" value={o.workingDays} onChange={(v) => setOption(o.id, { workingDays: v })} error={errors[`${field}-days`]} />
                      </Field>
                    ) : (
                      <span />
                    )}
                    <label className="flex items-center gap-2 text-sm">
                      <input type="radio" name={`default-${group}`} checked={o.isDefault} onChange={() => set("options", draft.options.map((x) => (x.group === group ? { ...x, isDefault: x.id === o.id } : x)))} />
                      Default
                    </label>
                  </li>
                );
              })}
            </ul>
            {turnaround ? <p className="mt-2 text-xs text-slate-500">Working days from dispatch to delivery. Left empty: 3, or 2 for an option named express.</p> : null}
          </fieldset>
        );
      })}
    </div>
  );
}
