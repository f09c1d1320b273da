// The browser's side of checkout: the basket as the payment call sends it, and the calls themselves.
import type { BasketState } from "../../domain/basket";
import type { CheckoutLineRequest } from "../../domain/checkout";
import { penceToPounds } from "../../domain/money";
import { orderTotals, percentToBasisPoints } from "../../domain/totals";
import type { ApiAnswer, ApiBody } from "../../server/api/contract";
import { api } from "./api-client";

export function basketLines(basket: BasketState): CheckoutLineRequest[] {
  return basket.items.map((item) => ({
    productId: item.productId,
    customWidth: item.customWidth,
    customHeight: item.customHeight,
    quantity: item.quantity,
    versions: item.versions,
    orientation: item.orientation,
    attributes: item.attributes,
    reuseArtworkFrom: item.reorder?.reuseArtwork ? item.reorder.orderId : null,
  }));
}

export function basketTotals(basket: BasketState) {
  return orderTotals(
    basket.items.map((item) => item.pricePence),
    basket.amountOffPence > 0 ? { amountPence: basket.amountOffPence } : percentToBasisPoints(basket.discount),
  );
}

export type CheckoutSessionAnswer = ApiAnswer<"POST /api/stripe/create-checkout-session">;

/** POST /api/stripe/create-checkout-session: the spec's {email, userId, Total} plus the basket and promo. */
export function createCheckoutSession(
  basket: BasketState,
  userId: string,
  email: string | undefined,
  blindShipping: ApiBody<"POST /api/stripe/create-checkout-session">["blindShipping"] = null,
  poNumber: string | null = null,
) {
  return api("POST /api/stripe/create-checkout-session", {
    auth: true,
    body: {
      email,
      userId: Number(userId),
      Total: penceToPounds(basketTotals(basket).totalPence),
      lines: basketLines(basket),
      promoCode: basket.promoCode,
      blindShipping,
      poNumber,
    },
  });
}
