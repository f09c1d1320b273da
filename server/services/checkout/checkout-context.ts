// What every part of the checkout service shares (server/services/checkout-service.ts): its dependencies,
// the shop's public address and where the payment page returns to, and the checked basket (prepare).
import { checkoutPreparer } from "./prepare-checkout";
import type { CheckoutServiceDeps } from "./checkout-types";

export type CheckoutContext = ReturnType<typeof checkoutContext>;

export function checkoutContext(deps: CheckoutServiceDeps) {
  const { db, provider, accounts, shop, sender, log } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, "");
  // The built-in page lives on this shop, so its return addresses stay on whatever host the customer used.
  const returnBase = provider.kind === "test" ? "" : publicUrl;
  /** The step after an order is made (`deps.afterOrder`, read when it runs): a failure is logged, and the order stands. */
  const afterOrder = async (orderGroupId: number): Promise<void> => {
    await deps.afterOrder?.(orderGroupId).catch((error: unknown) => log.error({ err: error, orderGroupId }, "after-order step failed"));
  };
  return { deps, db, provider, accounts, shop, sender, log, publicUrl, returnBase, prepare: checkoutPreparer(deps), afterOrder };
}
