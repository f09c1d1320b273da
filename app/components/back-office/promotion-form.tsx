// A promo code's terms as a form: text fields read into the one promotion schema (domain/promotion.ts),
// which names the field at fault; the server checks the same schema again.
import { useState } from "react";
import { ukDateParts } from "../../../domain/delivery";
import { penceToPoundsText, poundsTextToPence } from "../../../domain/money";
import { promotionFormSchema, type PromoKind, type PromotionForm as Form } from "../../../domain/promotion";
import { TextField } from "../form-field";
import { fieldErrors } from "../../lib/field-errors";
import type { Promotion } from "../../lib/back-office-api";

type Fields = {
  code: string;
  description: string;
  kind: PromoKind;
  percent: string;
  amount: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  perCustomerLimit: string;
  minSpend: string;
  newCustomersOnly: boolean;
  paused: boolean;
};

export const EMPTY_PROMOTION: Fields = { code: "", description: "", kind: "percent", percent: "10", amount: "", startsOn: "", endsOn: "", usageLimit: "", perCustomerLimit: "", minSpend: "0.00", newCustomersOnly: false, paused: false };

export function fieldsOf(p: Promotion): Fields {
  return {
    code: p.code,
    description: p.description,
    kind: p.kind,
    percent: p.kind === "percent" ? String(p.percent) : "",
    amount: p.amountPence !== null ? penceToPoundsText(p.amountPence) : "",
    startsOn: p.startsAt ? ukDateParts(new Date(p.startsAt)).isoDate : "",
    endsOn: p.endsAt ? ukDateParts(new Date(p.endsAt)).isoDate : "",
    usageLimit: p.usageLimit === null ? "" : String(p.usageLimit),
    perCustomerLimit: p.perCustomerLimit === null ? "" : String(p.perCustomerLimit),
    minSpend: penceToPoundsText(p.minSpendPence),
    newCustomersOnly: p.newCustomersOnly,
    paused: p.paused,
  };
}

const optionalNumber = (text: string) => (text.trim() === "" ? null : Number(text));

function read(fields: Fields): { ok: true; form: Form } | { ok: false; errors: Record<string, string> } {
  const minSpendPence = poundsTextToPence(fields.minSpend || "0");
  if (minSpendPence === null) return { ok: false, errors: { minSpend: "The minimum spend must be an amount in pounds, like 25.00" } };
  const amountPence = fields.kind === "amount" ? (fields.amount.trim() === "" ? null : poundsTextToPence(fields.amount)) : null;
  if (fields.kind === "amount" && amountPence === null) return { ok: false, errors: { amount: fields.amount.trim() === "" ? "Enter the amount off" : "The amount off must be an amount in pounds, like 5.00" } };
  const parsed = promotionFormSchema.safeParse({
    code: fields.code,
    description: fields.description,
    kind: fields.kind,
    percent: fields.kind === "percent" ? (fields.percent.trim() === "" ? Number.NaN : Number(fields.percent)) : null,
    amountPence,
    startsOn: fields.startsOn || null,
    endsOn: fields.endsOn || null,
    usageLimit: optionalNumber(fields.usageLimit),
    perCustomerLimit: optionalNumber(fields.perCustomerLimit),
    minSpendPence,
    newCustomersOnly: fields.newCustomersOnly,
    paused: fields.paused,
  });
  if (parsed.success) return { ok: true, form: parsed.data };
  return { ok: false, errors: fieldErrors(parsed.error.issues, { minSpendPence: "minSpend", amountPence: "amount" }) };
}

export function PromotionForm({ initial, editing, onSubmit, onCancel }: { initial: Fields; editing: string | null; onSubmit: (form: Form) => Promise<string | null>; onCancel: () => void }) {
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Fields) => (e: { target: { value: string; checked?: boolean; type?: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.type === "checkbox" ? Boolean(e.target.checked) : e.target.value }));

  return (
    <form
      method="post"
      aria-label={editing ? `Edit ${editing}` : "New promo code"}
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const result = read(fields);
        if (!result.ok) {
          setErrors(result.errors);
          setProblem("Check the fields marked in red.");
          return;
        }
        setErrors({});
        setBusy(true);
        const refused = await onSubmit(result.form);
        setBusy(false);
        setProblem(refused);
        if (!refused && !editing) setFields(EMPTY_PROMOTION);
      }}
    >
      <h2 className="text-lg font-semibold">{editing ? `Edit ${editing}` : "New promo code"}</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <TextField label="Code" name="code" value={fields.code} onChange={set("code")} error={errors.code} required hint="Customers type it in any case" autoComplete="off" />
        <fieldset className="sm:row-span-1">
          <legend className="field-label">Discount</legend>
          <div className="flex gap-4 text-sm">
            {(["percent", "amount"] as const).map((kind) => (
              <label key={kind} className="flex items-center gap-1">
                <input type="radio" name="promo-kind" value={kind} checked={fields.kind === kind} onChange={() => setFields((f) => ({ ...f, kind }))} /> {kind === "percent" ? "Percentage" : "Fixed amount"}
              </label>
            ))}
          </div>
          {fields.kind === "percent" ? (
            <TextField label="% off Sub Total" name="percent" inputMode="decimal" value={fields.percent} onChange={set("percent")} error={errors.percent} required className="mt-1" />
          ) : (
            <TextField label="£ off Sub Total" name="amount" inputMode="decimal" value={fields.amount} onChange={set("amount")} error={errors.amount} required className="mt-1" hint="Before VAT; never more than Sub Total" />
          )}
        </fieldset>
        <TextField label="Description (for staff)" name="description" value={fields.description} onChange={set("description")} error={errors.description} />
        <TextField label="Starts on" name="startsOn" type="date" value={fields.startsOn} onChange={set("startsOn")} error={errors.startsOn} hint="Empty: from now (UK days)" />
        <TextField label="Ends on" name="endsOn" type="date" value={fields.endsOn} onChange={set("endsOn")} error={errors.endsOn} hint="Empty: no end; runs to the end of that day" />
        <TextField label="Minimum spend (£, Sub Total)" name="minSpend" inputMode="decimal" value={fields.minSpend} onChange={set("minSpend")} error={errors.minSpend} />
        <TextField label="Usage limit (all customers)" name="usageLimit" inputMode="numeric" value={fields.usageLimit} onChange={set("usageLimit")} error={errors.usageLimit} hint="Empty: no limit" />
        <TextField label="Limit per customer" name="perCustomerLimit" inputMode="numeric" value={fields.perCustomerLimit} onChange={set("perCustomerLimit")} error={errors.perCustomerLimit} hint="Empty: no limit" />
        <div className="flex flex-col justify-center gap-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={fields.newCustomersOnly} onChange={set("newCustomersOnly")} /> New customers only
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={fields.paused} onChange={set("paused")} /> Paused
          </label>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving..." : editing ? "Save changes" : "Create promo code"}
        </button>
        {editing ? (
          <button type="button" className="btn-outline" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        {problem ? <p role="alert" className="text-sm font-semibold text-red-800">{problem}</p> : null}
      </div>
    </form>
  );
}
