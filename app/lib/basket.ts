import { addItem, EMPTY_BASKET, parseBasketState, type BasketItem, type BasketState } from "../../domain/basket";
import { createBrowserStore } from "./browser-store";

/** The basket lives in this browser's local storage under `basket` (spec section 3). */
export const basketStore = createBrowserStore<BasketState>("basket", EMPTY_BASKET, (raw) => parseBasketState(raw) ?? EMPTY_BASKET);

export function useBasket(): BasketState {
  return basketStore.use();
}

type BasketProduct = { id: number; slug: string; name: string; image: string | null; minQty: number; orientation: string; fixedSize: string | null; attributes: { id: number; group: string; name: string }[] };

/** Adds a new line of the product as the server priced it: its options are those the price was made of. */
export function addPricedLine(
  product: BasketProduct,
  priced: { attributeIds: number[]; linePence: number },
  line: Pick<BasketItem, "quantity" | "versions" | "customWidth" | "customHeight" | "orientation" | "designService" | "design">,
): void {
  const attributes = priced.attributeIds.map((id) => {
    const option = product.attributes.find((a) => a.id === id)!;
    return { group: option.group, subattribute_id: option.id, subattribute_name: option.name };
  });
  basketStore.set((state) =>
    addItem(state, {
      lineId: crypto.randomUUID(),
      productId: product.id,
      productName: product.name,
      productSlug: product.slug,
      image: product.image,
      attributes,
      pricePence: priced.linePence,
      qty_limits: { min_qty: product.minQty, orientation: product.orientation, fixed_size: product.fixedSize },
      reorder: null,
      ...line,
    }),
  );
}
