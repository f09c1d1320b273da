// The price editor's form as text fields, and the one way from those fields to price inputs: money in
// pounds is read exactly (never through a float), and every field that cannot be read is named.
import { penceToPoundsText, poundsTextToPence } from "../../../domain/money";
import { priceInputsProblem, priceInputsSchema, type OptionPrice, type PriceInputs } from "../../../domain/price-inputs";
import type { AttributeCostUnit } from "../../../domain/pricing";

export type OptionDraft = Pick<OptionPrice, "id" | "group" | "name" | "displayType" | "isDefault"> & { unit: AttributeCostUnit; cost: string; workingDays: string };
export type TierDraft = { minQty: string; percent: string };
export type PriceDraft = {
  priceType: PriceInputs["priceType"];
  price: string;
  minWidthMm: string;
  minHeightMm: string;
  maxWidthMm: string;
  maxHeightMm: string;
  minQty: string;
  maxQty: string;
  tiers: TierDraft[];
  minLine: string;
  options: OptionDraft[];
};

export type DraftErrors = Record<string, string>;

const percentText = (basisPoints: number) => String(basisPoints / 100);

export function draftOf(inputs: PriceInputs): PriceDraft {
  const limits = inputs.sizeLimits;
  return {
    priceType: inputs.priceType,
    price: penceToPoundsText(inputs.pricePence),
    minWidthMm: limits ? String(limits.minWidthMm) : "",
    minHeightMm: limits ? String(limits.minHeightMm) : "",
    maxWidthMm: limits ? String(limits.maxWidthMm) : "",
    maxHeightMm: limits ? String(limits.maxHeightMm) : "",
    minQty: String(inputs.minQty),
    maxQty: String(inputs.maxQty),
    tiers: inputs.quantityTiers.map((t) => ({ minQty: String(t.minQty), percent: String(t.percent) })),
    minLine: penceToPoundsText(inputs.minLinePence),
    options: inputs.options.map((o) => ({
      id: o.id,
      group: o.group,
      name: o.name,
      displayType: o.displayType,
      isDefault: o.isDefault,
      unit: o.cost.unit,
      cost: o.cost.unit === "percentage" ? percentText(o.cost.basisPoints) : penceToPoundsText(o.cost.pence),
      workingDays: o.workingDays === null ? "" : String(o.workingDays),
    })),
  };
}

const whole = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);
const percentToBasisPoints = (text: string): number | null => {
  const match = /^\s*(\d+)(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
};

/** The draft as price inputs, or the fields that cannot be read (keyed by field id), or the first rule it breaks. */
export function inputsOf(draft: PriceDraft): { ok: true; inputs: PriceInputs } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const money = (field: string, text: string, what: string) => {
    const pence = poundsTextToPence(text);
    if (pence === null) errors[field] = `${what} must be an amount in pounds, like 12.50`;
    return pence ?? 0;
  };
  const count = (field: string, text: string, what: string) => {
    const value = whole(text);
    if (value === null) errors[field] = `${what} must be a whole number`;
    return value ?? 0;
  };
  const pricePence = money("price", draft.price, "The price");
  const minLinePence = money("minLine", draft.minLine, "The minimum line charge");
  const minQty = count("minQty", draft.minQty, "The minimum quantity");
  const maxQty = count("maxQty", draft.maxQty, "The maximum quantity");
  const sizeLimits =
    draft.priceType === "sqm"
      ? {
          minWidthMm: count("minWidthMm", draft.minWidthMm, "The minimum width"),
          minHeightMm: count("minHeightMm", draft.minHeightMm, "The minimum height"),
          maxWidthMm: count("maxWidthMm", draft.maxWidthMm, "The maximum width"),
          maxHeightMm: count("maxHeightMm", draft.maxHeightMm, "The maximum height"),
        }
      : null;
  const quantityTiers = draft.tiers.map((tier, i) => ({
    minQty: count(`tier-${i}-qty`, tier.minQty, `Tier ${i + 1}'s quantity`),
    percent: count(`tier-${i}-percent`, tier.percent, `Tier ${i + 1}'s discount`),
  }));
  const options: OptionPrice[] = draft.options.map((o) => {
    const field = `option-${o.id}`;
    let cost: OptionPrice["cost"];
    if (o.unit === "percentage") {
      const basisPoints = percentToBasisPoints(o.cost);
      if (basisPoints === null) errors[field] = `${o.name}: the percentage must be a number, like 15 or 12.5`;
      cost = { unit: "percentage", basisPoints: basisPoints ?? 0 };
    } else {
      cost = { unit: o.unit, pence: money(field, o.cost, o.name) };
    }
    const workingDays = o.workingDays.trim() === "" ? null : count(`${field}-days`, o.workingDays, `${o.name}: working days`);
    return { id: o.id, group: o.group, name: o.name, displayType: o.displayType, isDefault: o.isDefault, cost, workingDays };
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const inputs: PriceInputs = { priceType: draft.priceType, pricePence, sizeLimits, minQty, maxQty, quantityTiers, minLinePence, options };
  const shape = priceInputsSchema.safeParse(inputs);
  if (!shape.success) return { ok: false, errors: { form: shape.error.issues[0]?.message ?? "These prices cannot be saved" } };
  const problem = priceInputsProblem(inputs);
  return problem ? { ok: false, errors: { form: problem } } : { ok: true, inputs };
}
