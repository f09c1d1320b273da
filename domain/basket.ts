import { z } from "zod";

/** A chosen option, as the spec's calculatePrice payload and basket item carry it. */
export const selectedAttributeSchema = z.object({
  group: z.string(),
  subattribute_id: z.number().int(),
  subattribute_name: z.string(),
});
export type SelectedAttribute = z.infer<typeof selectedAttributeSchema>;

/** One basket line (spec section 3 "basket item"); money is pence. */
export const basketItemSchema = z.object({
  /** Stable id of the line within the basket, so removes and re-pricing never hit the wrong line. */
  lineId: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  productSlug: z.string().default(""),
  image: z.string().nullable(),
  attributes: z.array(selectedAttributeSchema),
  quantity: z.number().int().min(1),
  versions: z.number().int().min(1),
  /** The server's discounted line price (calculatePrice `total`), in pence. */
  pricePence: z.number().int().min(0),
  qty_limits: z
    .object({ min_qty: z.number(), orientation: z.string(), fixed_size: z.string().nullable() })
    .nullable()
    .default(null),
  customWidth: z.number().nullable(),
  customHeight: z.number().nullable(),
  orientation: z.enum(["Portrait", "Landscape"]).nullable(),
  /** A reorder entry (spec section 3): the ordered item it repeats, its price then, and whether to reuse its approved artwork. */
  reorder: z
    .object({ orderId: z.number().int(), previousPricePence: z.number().int().min(0), reuseArtwork: z.boolean() })
    .nullable()
    .default(null),
});
export type BasketItem = z.infer<typeof basketItemSchema>;

export const basketStateSchema = z.object({
  items: z.array(basketItemSchema),
  /** Promo percentage (spec: basket state "discount"). */
  discount: z.number().min(0).max(100),
  promoCode: z.string().nullable().default(null),
});
export type BasketState = z.infer<typeof basketStateSchema>;

export const EMPTY_BASKET: BasketState = { items: [], discount: 0, promoCode: null };

export function addItem(state: BasketState, item: BasketItem): BasketState {
  return { ...state, items: [...state.items, item] };
}

/** Removing the last line also drops the promo (DECISIONS rule 7). */
export function removeItem(state: BasketState, lineId: string): BasketState {
  const items = state.items.filter((item) => item.lineId !== lineId);
  return items.length === 0 ? EMPTY_BASKET : { ...state, items };
}

export function setDiscount(state: BasketState, percent: number, promoCode: string | null): BasketState {
  if (state.items.length === 0) return EMPTY_BASKET;
  return { ...state, discount: percent, promoCode };
}

export function basketItemCount(state: BasketState): number {
  return state.items.length;
}
