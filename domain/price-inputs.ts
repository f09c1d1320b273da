// A product's price inputs: everything the one pricing rule (pricing.ts) reads about a product, and nothing
// else. The back office edits these; the rule itself never changes. Also here: the checks a manager's
// change must pass, the change described in words for the history, and the sample grid of the preview.
import { z } from "zod";
import type { AttributeView, DisplayType, ProductView, SizeLimits } from "./catalogue";
import { rowId } from "./ids";
import { MAX_QUANTITY, selectionWorkingDays, validateConfiguration, priceConfiguration, attributeGroups, defaultSelection } from "./configuration";
import { formatPence } from "./money";
import type { AttributeCost, PriceType } from "./pricing";
import { tierProblem, type QuantityTier } from "./quantity-tiers";

export type OptionPrice = {
  id: number;
  group: string;
  name: string;
  displayType: DisplayType;
  isDefault: boolean;
  cost: AttributeCost;
  workingDays: number | null;
};

export type PriceInputs = {
  priceType: PriceType;
  /** Per item for fixed products, per m² otherwise. */
  pricePence: number;
  /** Per-m² products only. */
  sizeLimits: SizeLimits | null;
  minQty: number;
  maxQty: number;
  quantityTiers: QuantityTier[];
  minLinePence: number;
  options: OptionPrice[];
};

/** The most any one price input may be: £100,000, so a slipped digit is caught rather than charged. */
export const MAX_PRICE_PENCE = 10_000_000;
export const MAX_SIZE_MM = 100_000;
export const MAX_WORKING_DAYS = 30;
/** A sample whose price moves by more than this share is flagged before the change is saved. */
export const PRICE_MOVE_WARNING_PERCENT = 20;

const pence = (what: string) =>
  z
    .number({ error: `${what} must be a number of pence` })
    .int(`${what} must be whole pence`)
    .min(0, `${what} must not be negative`)
    .max(MAX_PRICE_PENCE, `${what} must be at most ${formatPence(MAX_PRICE_PENCE)}`);
const millimetres = (what: string) =>
  z.number({ error: `${what} must be a number of mm` }).int(`${what} must be whole mm`).min(1, `${what} must be at least 1 mm`).max(MAX_SIZE_MM, `${what} must be at most ${MAX_SIZE_MM} mm`);
const quantity = (what: string) =>
  z.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`).min(1, `${what} must be at least 1`).max(MAX_QUANTITY, `${what} must be at most ${MAX_QUANTITY}`);

const costSchema = z.discriminatedUnion("unit", [
  z.object({ unit: z.literal("fixed"), pence: pence("An option's price") }),
  z.object({ unit: z.literal("sqm"), pence: pence("An option's price per m²") }),
  z.object({
    unit: z.literal("percentage"),
    basisPoints: z.number().int("A percentage may have at most 2 decimal places").min(0, "A percentage must not be negative").max(100_000, "A percentage must be at most 1000%"),
  }),
]);

const optionSchema = z.object({
  id: rowId("An option's id"),
  group: z.string().max(200),
  name: z.string().max(200),
  displayType: z.enum(["Dropdown", "Radio buttons", "Turnaround"]),
  isDefault: z.boolean(),
  cost: costSchema,
  workingDays: z.number().int("Working days must be whole days").min(0, "Working days must not be negative").max(MAX_WORKING_DAYS, `Working days must be at most ${MAX_WORKING_DAYS}`).nullable(),
});

/** The shape of a set of price inputs as the API takes it; `priceInputsProblem` checks how the parts fit. */
export const priceInputsSchema = z.object({
  priceType: z.enum(["fixed", "sqm"]),
  pricePence: pence("The price"),
  sizeLimits: z
    .object({ minWidthMm: millimetres("Minimum width"), minHeightMm: millimetres("Minimum height"), maxWidthMm: millimetres("Maximum width"), maxHeightMm: millimetres("Maximum height") })
    .nullable(),
  minQty: quantity("Minimum quantity"),
  maxQty: quantity("Maximum quantity"),
  quantityTiers: z.array(z.object({ minQty: z.number().int().max(MAX_QUANTITY, `A tier's quantity must be at most ${MAX_QUANTITY}`), percent: z.number().int().max(90, "A tier's discount must be at most 90%") })).max(20, "At most 20 quantity tiers"),
  minLinePence: pence("The minimum line charge"),
  options: z.array(optionSchema).max(500),
});

/** The first way the parts of a set of inputs contradict each other, or null when they fit. */
export function priceInputsProblem(inputs: PriceInputs): string | null {
  if (inputs.maxQty < inputs.minQty) return "The maximum quantity must be at least the minimum quantity";
  if (inputs.priceType === "sqm") {
    const limits = inputs.sizeLimits;
    if (!limits) return "A product priced per m² needs size limits";
    if (limits.minWidthMm > limits.maxWidthMm) return "The minimum width must not be more than the maximum width";
    if (limits.minHeightMm > limits.maxHeightMm) return "The minimum height must not be more than the maximum height";
  }
  const tiers = tierProblem(inputs.quantityTiers);
  if (tiers) return tiers;
  const defaults = new Set<string>();
  for (const option of inputs.options) {
    if (option.cost.unit === "sqm" && inputs.priceType !== "sqm") return `${optionLabel(option)}: only a product priced per m² can have options priced per m²`;
    if (option.workingDays !== null && option.displayType !== "Turnaround") return `${optionLabel(option)}: only turnaround options have working days`;
    if (option.isDefault) {
      if (defaults.has(option.group)) return `${option.group}: only one option can be the default`;
      defaults.add(option.group);
    }
  }
  return null;
}

/** A product's inputs as the catalogue holds them. */
export function priceInputsOf(product: Pick<ProductView, "priceType" | "pricePence" | "sizeLimits" | "minQty" | "maxQty" | "quantityTiers" | "minLinePence" | "attributes">): PriceInputs {
  return {
    priceType: product.priceType,
    pricePence: product.pricePence,
    sizeLimits: product.priceType === "sqm" ? product.sizeLimits : null,
    minQty: product.minQty,
    maxQty: product.maxQty,
    quantityTiers: product.quantityTiers.map((t) => ({ ...t })),
    minLinePence: product.minLinePence,
    options: product.attributes.map((a) => ({ id: a.id, group: a.group, name: a.name, displayType: a.displayType, isDefault: a.isDefault, cost: a.cost, workingDays: a.workingDays })),
  };
}

/** The product as it would be with these inputs: what the preview prices and the catalogue would serve. */
export function withPriceInputs<P extends ProductView>(product: P, inputs: PriceInputs): P {
  const byId = new Map(inputs.options.map((o) => [o.id, o]));
  const attributes: AttributeView[] = product.attributes.map((a) => {
    const o = byId.get(a.id);
    return o ? { ...a, isDefault: o.isDefault, cost: o.cost, workingDays: o.workingDays } : a;
  });
  return {
    ...product,
    priceType: inputs.priceType,
    pricePence: inputs.pricePence,
    sizeLimits: inputs.priceType === "sqm" ? inputs.sizeLimits : null,
    minQty: inputs.minQty,
    maxQty: inputs.maxQty,
    quantityTiers: inputs.quantityTiers,
    minLinePence: inputs.minLinePence,
    attributes,
  };
}

function optionLabel(option: Pick<OptionPrice, "group" | "name">): string {
  return `${option.group} / ${option.name}`;
}

export function costLabel(cost: AttributeCost): string {
  if (cost.unit === "fixed") return `+${formatPence(cost.pence)} per item`;
  if (cost.unit === "sqm") return `+${formatPence(cost.pence)} per m²`;
  return `+${cost.basisPoints / 100}%`;
}

function limitsLabel(limits: SizeLimits | null): string {
  return limits ? `${limits.minWidthMm}–${limits.maxWidthMm} × ${limits.minHeightMm}–${limits.maxHeightMm} mm` : "none";
}

const tiersLabel = (tiers: QuantityTier[]) => (tiers.length === 0 ? "none" : tiers.map((t) => `${t.minQty}+ ${t.percent}%`).join(", "));

/** What changed between two sets of inputs, one line per field, in words a manager reads in the history. */
export function describePriceChanges(before: PriceInputs, after: PriceInputs): string[] {
  const changes: string[] = [];
  const note = (what: string, from: string, to: string) => {
    if (from !== to) changes.push(`${what}: ${from} → ${to}`);
  };
  note("Price type", before.priceType === "sqm" ? "per m²" : "per item", after.priceType === "sqm" ? "per m²" : "per item");
  note(after.priceType === "sqm" ? "Price per m²" : "Price per item", formatPence(before.pricePence), formatPence(after.pricePence));
  note("Size limits", limitsLabel(before.sizeLimits), limitsLabel(after.sizeLimits));
  note("Minimum quantity", String(before.minQty), String(after.minQty));
  note("Maximum quantity", String(before.maxQty), String(after.maxQty));
  note("Quantity tiers", tiersLabel(before.quantityTiers), tiersLabel(after.quantityTiers));
  note("Minimum line charge", before.minLinePence ? formatPence(before.minLinePence) : "none", after.minLinePence ? formatPence(after.minLinePence) : "none");
  const beforeById = new Map(before.options.map((o) => [o.id, o]));
  for (const option of after.options) {
    const was = beforeById.get(option.id);
    if (!was) continue;
    note(optionLabel(option), costLabel(was.cost), costLabel(option.cost));
    note(`${optionLabel(option)} working days`, was.workingDays === null ? "standard" : String(was.workingDays), option.workingDays === null ? "standard" : String(option.workingDays));
    note(`${optionLabel(option)} default`, was.isDefault ? "yes" : "no", option.isDefault ? "yes" : "no");
  }
  return changes;
}

export type PriceSample = {
  label: string;
  widthMm: number | null;
  heightMm: number | null;
  quantity: number;
  turnaround: string | null;
  /** Null when the configuration is not offered under those inputs (outside the size or quantity limits). */
  beforePence: number | null;
  afterPence: number | null;
  /** Percent change, one decimal; null when either side is not offered or before is 0. */
  changePercent: number | null;
  warn: boolean;
};

/** Up to three sizes inside the new limits: the smallest allowed, about 1 m², and a large one. */
function sampleSizes(limits: SizeLimits): [number, number][] {
  const clampW = (v: number) => Math.min(Math.max(v, limits.minWidthMm), limits.maxWidthMm);
  const clampH = (v: number) => Math.min(Math.max(v, limits.minHeightMm), limits.maxHeightMm);
  const sizes: [number, number][] = [
    [limits.minWidthMm, limits.minHeightMm],
    [clampW(1000), clampH(1000)],
    [clampW(3000), clampH(1500)],
  ];
  const seen = new Set<string>();
  return sizes.filter(([w, h]) => {
    const key = `${w}x${h}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function sampleQuantities(minQty: number, maxQty: number): number[] {
  const wanted = [minQty, 10, 25, 100].map((q) => Math.min(Math.max(q, minQty), maxQty));
  return [...new Set(wanted)];
}

function lineFor(product: ProductView, widthMm: number | null, heightMm: number | null, quantity: number, attributeIds: number[]): number | null {
  const attributes = attributeIds.map((id) => ({ subattribute_id: id }));
  const checked = validateConfiguration(product, { quantity, widthMm, heightMm, attributes });
  if (!checked.ok) return null;
  return priceConfiguration(product, checked.value).linePence;
}

/**
 * Old and new line prices for sizes × quantities × turnaround options (other options at their defaults),
 * each flagged when it moves by more than PRICE_MOVE_WARNING_PERCENT.
 */
export function priceSamples(product: ProductView, after: PriceInputs): PriceSample[] {
  const next = withPriceInputs(product, after);
  const sizes: [number | null, number | null][] = next.priceType === "sqm" && next.sizeLimits ? sampleSizes(next.sizeLimits) : [[null, null]];
  const quantities = sampleQuantities(next.minQty, next.maxQty);
  const defaults = defaultSelection(next);
  const turnaround = attributeGroups(next).find((g) => g.displayType === "Turnaround");
  const turnarounds = turnaround ? turnaround.options : [null];
  const samples: PriceSample[] = [];
  for (const option of turnarounds) {
    const selection = { ...defaults, ...(option && turnaround ? { [turnaround.group]: option.id } : {}) };
    const attributeIds = Object.values(selection);
    for (const [widthMm, heightMm] of sizes) {
      for (const quantity of quantities) {
        const beforePence = lineFor(product, widthMm, heightMm, quantity, attributeIds);
        const afterPence = lineFor(next, widthMm, heightMm, quantity, attributeIds);
        const changePercent = beforePence && afterPence !== null ? Math.round(((afterPence - beforePence) / beforePence) * 1000) / 10 : null;
        const size = widthMm !== null ? `${widthMm} × ${heightMm} mm, ` : "";
        // The option's own name, and its working days when they are not in the name already.
        const days = option ? `, ${option.name}${/working day/i.test(option.name) ? "" : ` (${selectionWorkingDays(next, attributeIds)} working days)`}` : "";
        samples.push({
          label: `${size}${quantity} off${days}`,
          widthMm,
          heightMm,
          quantity,
          turnaround: option?.name ?? null,
          beforePence,
          afterPence,
          changePercent,
          warn: changePercent !== null && Math.abs(changePercent) > PRICE_MOVE_WARNING_PERCENT,
        });
      }
    }
  }
  return samples;
}

/** The inputs of one product compared for equality (the history skips a save that changes nothing). */
export function samePriceInputs(a: PriceInputs, b: PriceInputs): boolean {
  return describePriceChanges(a, b).length === 0;
}
