// What a customer may choose for a product, checked the same way in the browser (preview) and on
// the server (the price that is charged). Field names in messages are the calculatePrice payload's.
import type { AttributeView, DisplayType, ProductView, SizeLimits } from "./catalogue";
import { TURNAROUND_WORKING_DAYS } from "./delivery";
import { discountToShow, mentionsExpress, nextTierOffer, priceLine, type PriceBreakdown, type TierOffer } from "./pricing";

export type ConfigurableProduct = Pick<
  ProductView,
  "id" | "priceType" | "pricePence" | "sizeLimits" | "minQty" | "maxQty" | "quantityTiers" | "minLinePence" | "orientation" | "fixedSize" | "attributes"
>;

export type AttributeGroup = { group: string; displayType: DisplayType; options: AttributeView[] };

/** Groups in the product's attribute order; a Turnaround group lists Standard first. */
export function attributeGroups(product: Pick<ProductView, "attributes">): AttributeGroup[] {
  const groups = new Map<string, AttributeGroup>();
  for (const attribute of product.attributes) {
    let entry = groups.get(attribute.group);
    if (!entry) {
      entry = { group: attribute.group, displayType: attribute.displayType, options: [] };
      groups.set(attribute.group, entry);
    }
    entry.options.push(attribute);
  }
  for (const entry of groups.values()) {
    if (entry.displayType === "Turnaround") {
      const isStandard = (a: AttributeView) => a.name.toLowerCase().includes("standard");
      entry.options = [...entry.options.filter(isStandard), ...entry.options.filter((a) => !isStandard(a))];
    }
  }
  return [...groups.values()];
}

/** The default option of every group (its first option when none is marked). */
export function defaultSelection(product: Pick<ProductView, "attributes">): Record<string, number> {
  const selection: Record<string, number> = {};
  for (const group of attributeGroups(product)) {
    const choice = group.options.find((o) => o.isDefault) ?? group.options[0];
    if (choice) selection[group.group] = choice.id;
  }
  return selection;
}

/**
 * The configuration a product page opens with: the minimum quantity, the smallest size and every group's
 * default option. The configurator starts from it and the page's server-rendered price is its price.
 */
export function defaultConfiguration(product: Pick<ProductView, "minQty" | "sizeLimits" | "attributes">): ConfigurationRequest & { selection: Record<string, number> } {
  const selection = defaultSelection(product);
  const chosen = new Set(Object.values(selection));
  return {
    quantity: product.minQty,
    widthMm: product.sizeLimits ? product.sizeLimits.minWidthMm : null,
    heightMm: product.sizeLimits ? product.sizeLimits.minHeightMm : null,
    selection,
    attributes: product.attributes.filter((a) => chosen.has(a.id)).map((a) => ({ group: a.group, subattribute_id: a.id })),
  };
}

export function isExpressSelection(product: Pick<ProductView, "attributes">, attributeIds: number[]): boolean {
  return product.attributes.some(
    (a) => attributeIds.includes(a.id) && (mentionsExpress(a.name) || mentionsExpress(a.group)),
  );
}

/** Working days from dispatch to delivery for one option: its own figure, else 2 for express and 3 otherwise. */
export function optionWorkingDays(option: Pick<AttributeView, "name" | "group" | "workingDays">): number {
  if (option.workingDays !== null) return option.workingDays;
  return mentionsExpress(option.name) || mentionsExpress(option.group) ? TURNAROUND_WORKING_DAYS.express : TURNAROUND_WORKING_DAYS.standard;
}

/** Working days from dispatch to delivery for a selection: the chosen turnaround option's, else the standard rule. */
export function selectionWorkingDays(product: Pick<ProductView, "attributes">, attributeIds: number[]): number {
  const turnaround = product.attributes.find((a) => a.displayType === "Turnaround" && attributeIds.includes(a.id));
  if (turnaround) return optionWorkingDays(turnaround);
  return isExpressSelection(product, attributeIds) ? TURNAROUND_WORKING_DAYS.express : TURNAROUND_WORKING_DAYS.standard;
}

/** A size fits when it is within the maximum either way round: a 2440 × 1220 board can be made portrait. */
export function fitsSizeLimits(limits: SizeLimits, widthMm: number, heightMm: number): boolean {
  const asIs = widthMm <= limits.maxWidthMm && heightMm <= limits.maxHeightMm;
  const turned = widthMm <= limits.maxHeightMm && heightMm <= limits.maxWidthMm;
  return asIs || turned;
}

/** "3200 × 50000 mm (either way round)". */
export function sizeLimitLabel(limits: SizeLimits): string {
  return `${limits.maxWidthMm} × ${limits.maxHeightMm} mm (either way round)`;
}

export type ConfigurationRequest = {
  quantity: number;
  widthMm?: number | null | undefined;
  heightMm?: number | null | undefined;
  /** Chosen options as sent; groups left out take their default. */
  attributes: { group?: string | undefined; subattribute_id: number }[];
};

export type ConfigurationError = { field: string; message: string };

export type ValidConfiguration = {
  quantity: number;
  widthMm: number | null;
  heightMm: number | null;
  /** One option id per group, in the product's attribute order. */
  attributeIds: number[];
};

/** The most any product may be ordered in one line; a product may set a lower maximum. */
export const MAX_QUANTITY = 100_000;

type OptionRules = { byId: Map<number, AttributeView>; groups: { group: string; defaultId: number | undefined }[] };

// A product's options do not change while its catalogue snapshot lives, and calculatePrice checks a
// configuration on every change a customer makes: the lookup table and the groups' defaults are built
// once per attribute list rather than on every call.
const optionRulesByAttributes = new WeakMap<readonly AttributeView[], OptionRules>();

function optionRules(product: Pick<ProductView, "attributes">): OptionRules {
  let rules = optionRulesByAttributes.get(product.attributes);
  if (!rules) {
    const defaults = defaultSelection(product);
    rules = {
      byId: new Map(product.attributes.map((a) => [a.id, a])),
      groups: attributeGroups(product).map(({ group }) => ({ group, defaultId: defaults[group] })),
    };
    optionRulesByAttributes.set(product.attributes, rules);
  }
  return rules;
}

/** Checks a configuration against the product. Every refusal names the payload field at fault. */
export function validateConfiguration(
  product: ConfigurableProduct,
  request: ConfigurationRequest,
): { ok: true; value: ValidConfiguration } | { ok: false; error: ConfigurationError } {
  const fail = (field: string, message: string) => ({ ok: false as const, error: { field, message } });
  const { quantity } = request;
  if (!Number.isInteger(quantity)) return fail("selectedQuantity", "selectedQuantity must be a whole number");
  if (quantity < product.minQty) {
    return fail("selectedQuantity", `selectedQuantity must be at least ${product.minQty} for this product`);
  }
  const maxQty = Math.min(product.maxQty, MAX_QUANTITY);
  if (quantity > maxQty) return fail("selectedQuantity", `selectedQuantity must be at most ${maxQty}`);

  let widthMm: number | null = null;
  let heightMm: number | null = null;
  if (product.priceType !== "fixed") {
    const limits = product.sizeLimits ?? { minWidthMm: 1, minHeightMm: 1, maxWidthMm: 100_000, maxHeightMm: 100_000 };
    const checkSize = (value: number | null | undefined, field: string, min: number, longest: number) => {
      if (value === null || value === undefined || !Number.isFinite(value)) return `${field} is required (mm)`;
      if (Math.round(value * 100) / 100 !== value) return `${field} may have at most 2 decimal places`;
      if (value < min) return `${field} must be at least ${min} mm`;
      if (value > longest) return `${field} must be at most ${longest} mm`;
      return null;
    };
    const longest = Math.max(limits.maxWidthMm, limits.maxHeightMm);
    const widthError = checkSize(request.widthMm, "customWidth", limits.minWidthMm, longest);
    if (widthError) return fail("customWidth", widthError);
    const heightError = checkSize(request.heightMm, "customHeight", limits.minHeightMm, longest);
    if (heightError) return fail("customHeight", heightError);
    if (!fitsSizeLimits(limits, request.widthMm!, request.heightMm!)) {
      const field = request.widthMm! > limits.maxWidthMm ? "customWidth" : "customHeight";
      return fail(field, `customWidth × customHeight must fit within ${sizeLimitLabel(limits)}`);
    }
    widthMm = request.widthMm!;
    heightMm = request.heightMm!;
  }

  const { byId, groups } = optionRules(product);
  const chosen = new Map<string, number>();
  for (const [index, sent] of request.attributes.entries()) {
    const attribute = byId.get(sent.subattribute_id);
    const field = `attributes[${index}]`;
    if (!attribute) return fail(field, `${field}.subattribute_id ${sent.subattribute_id} is not an option of this product`);
    if (sent.group !== undefined && sent.group !== attribute.group) {
      return fail(field, `${field}.group "${sent.group}" does not match option ${attribute.id} (group "${attribute.group}")`);
    }
    if (chosen.has(attribute.group)) return fail(field, `${field}: only one option may be chosen for "${attribute.group}"`);
    chosen.set(attribute.group, attribute.id);
  }
  const selected = new Set<number>();
  for (const group of groups) {
    const id = chosen.get(group.group) ?? group.defaultId;
    if (id !== undefined) selected.add(id);
  }
  const attributeIds = product.attributes.filter((a) => selected.has(a.id)).map((a) => a.id);
  return { ok: true, value: { quantity, widthMm, heightMm, attributeIds } };
}

/** The line price of a validated configuration (docs/decisions/003-money-and-pricing.md), with the design service for `designs` designs (docs/decisions/027-design-service-money-and-dates.md). */
export function priceConfiguration(product: ConfigurableProduct, config: ValidConfiguration, designs = 0): PriceBreakdown {
  return priceLine({
    product,
    widthMm: config.widthMm ?? undefined,
    heightMm: config.heightMm ?? undefined,
    quantity: config.quantity,
    selectedAttributeIds: config.attributeIds,
    designs,
  });
}

/** What the product page says about quantity discounts for a configuration (docs/decisions/021-honest-prices.md). */
export type QuantityDiscountNote = { shownPercent: number; offer: TierOffer | null };

/** The discount worth naming at this quantity, and the next tier the customer can move to. */
export function quantityDiscountNote(product: ConfigurableProduct, config: ValidConfiguration): QuantityDiscountNote {
  const input = {
    product,
    widthMm: config.widthMm ?? undefined,
    heightMm: config.heightMm ?? undefined,
    quantity: config.quantity,
    selectedAttributeIds: config.attributeIds,
  };
  return {
    shownPercent: discountToShow(config.quantity, product.minQty, product.quantityTiers),
    offer: nextTierOffer(input, Math.min(product.maxQty, MAX_QUANTITY)),
  };
}
