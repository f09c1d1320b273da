import { EMPTY_BASKET, parseBasketState, type BasketState } from "../../domain/basket";
import { createBrowserStore } from "./browser-store";

/** The basket lives in this browser's local storage under `basket` (spec section 3). */
export const basketStore = createBrowserStore<BasketState>("basket", EMPTY_BASKET, (raw) => parseBasketState(raw) ?? EMPTY_BASKET);

export function useBasket(): BasketState {
  return basketStore.use();
}
