// From basket to a paid order, exactly once, for exactly the server's total (docs/decisions/003-money-and-pricing.md, docs/decisions/005-checkout-exactly-once.md, docs/decisions/008-promotions.md, docs/decisions/010-payment-and-address-providers.md).
// `start` re-prices the basket, re-checks the promo and stores a pending checkout before asking the
// payment provider for a hosted page; `fulfil` turns a paid session into one order group, however many
// times and from wherever (the customer's return, a webhook, the test page) it is called.
// The parts, in checkout/: checkout-types.ts (the shapes), checkout-context.ts (what the parts share),
// prepare-checkout.ts (the basket checked and priced), promo-hold.ts (a promo's use held), checkout-row.ts
// (the stored checkout), card-checkout.ts (start), on-account.ts (placeOnAccount) and fulfil-checkout.ts
// (a paid session's order, once).
import { and, eq } from "drizzle-orm";
import { checkouts } from "../../db/schema";
import { cardCheckout } from "./checkout/card-checkout";
import { checkoutContext } from "./checkout/checkout-context";
import type { CheckoutService, CheckoutServiceDeps } from "./checkout/checkout-types";
import { fulfilCheckout } from "./checkout/fulfil-checkout";
import { onAccount } from "./checkout/on-account";
import { hasPaidOrder } from "./checkout/promo-hold";

export { CHECKOUT_MINUTES, newCheckoutId } from "./checkout/checkout-row";
export { NEW_CUSTOMERS_ONLY_MESSAGE } from "./checkout/promo-hold";
export type { CheckoutService, CheckoutServiceDeps, FulfilResult, QuoteLinesSource, StartCheckoutInput, StartCheckoutResult } from "./checkout/checkout-types";

export function createCheckoutService(deps: CheckoutServiceDeps): CheckoutService {
  const context = checkoutContext(deps);
  const { db, provider, accounts } = context;
  return {
    provider,
    ...cardCheckout(context),
    ...onAccount(context),
    async isReturningCustomer(userId) {
      const contact = await accounts.contact(userId);
      return contact ? hasPaidOrder(db, userId, contact.email) : false;
    },
    ...fulfilCheckout(context),
    async sessionForOwner(userId, providerSessionId) {
      const [checkout] = await db
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(and(eq(checkouts.providerSessionId, providerSessionId), eq(checkouts.userId, userId)))
        .limit(1);
      if (!checkout) return null;
      return provider.retrieveSession(providerSessionId);
    },
  };
}
