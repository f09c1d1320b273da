// The browser's side of checkout: the basket as the payment call sends it, and the calls themselves.
import { basketLine, type BasketState } from "../../domain/basket";
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
    designService: item.designService === true && !item.design,
    designId: item.design?.id ?? null,
  }));
}

export function basketTotals(basket: BasketState) {
  return orderTotals(
    basket.items.map(basketLine),
    basket.amountOffPence > 0 ? { amountPence: basket.amountOffPence } : percentToBasisPoints(basket.discount),
  );
}

export type CheckoutSessionAnswer = ApiAnswer<"POST /api/stripe/create-checkout-session">;
type CheckoutBody = ApiBody<"POST /api/stripe/create-checkout-session">;

/** The checkout's body: the spec's {email, userId, Total} plus the basket (or the quote it holds) and promo. */
function checkoutBody(basket: BasketState, userId: string, email: string | undefined, blindShipping: CheckoutBody["blindShipping"], poNumber: string | null): CheckoutBody {
  return {
    email,
    userId: Number(userId),
    Total: penceToPounds(basketTotals(basket).totalPence),
    // A quote is ordered whole at its figures: the server takes its lines, not the basket's.
    lines: basket.quote ? [] : basketLines(basket),
    quoteId: basket.quote?.id ?? null,
    promoCode: basket.quote ? null : basket.promoCode,
    blindShipping,
    poNumber,
  };
}

/** POST /api/stripe/create-checkout-session: a hosted card payment page for the server's total. */
export function createCheckoutSession(basket: BasketState, userId: string, email: string | undefined, blindShipping: CheckoutBody["blindShipping"] = null, poNumber: string | null = null) {
  return api("POST /api/stripe/create-checkout-session", { auth: true, body: checkoutBody(basket, userId, email, blindShipping, poNumber) });
}

/** POST /api/checkout/on-account: a trade customer's order on account, made at once. */
export function placeOnAccount(basket: BasketState, userId: string, blindShipping: CheckoutBody["blindShipping"] = null, poNumber: string | null = null) {
  return api("POST /api/checkout/on-account", { auth: true, body: checkoutBody(basket, userId, undefined, blindShipping, poNumber) });
}

export const fetchTradeAccount = (signal?: AbortSignal) => api("GET /api/account/trade-account", { auth: true, ...(signal ? { signal } : {}) });
