// The stored checkout (server/services/checkout-service.ts): its id, how long it holds its place, and the
// row written from a prepared checkout, for a card payment or an order on account.
import { randomBytes } from "node:crypto";
import type { checkouts } from "../../../db/schema";
import type { Prepared, StartCheckoutInput } from "./checkout-types";

// Stripe will not open a payment page for less than 30 minutes; the reservation outlasts it a little.
export const CHECKOUT_MINUTES = 35;

export function newCheckoutId(): string {
  return `chk_${randomBytes(15).toString("base64url").replace(/[-_]/g, "x")}`;
}

export function checkoutRow(id: string, input: StartCheckoutInput, prepared: Prepared, kind: "test" | "stripe" | "account", now: Date): typeof checkouts.$inferInsert {
  return {
    id,
    userId: input.userId,
    email: prepared.contact.email,
    provider: kind,
    providerSessionId: kind === "account" ? `acct_${id}` : null,
    lines: prepared.lines,
    promoCode: prepared.promo?.code ?? null,
    promoBasisPoints: prepared.promo?.basisPoints ?? 0,
    ...prepared.totals,
    billing: prepared.billing,
    delivery: prepared.delivery,
    blindShipping: input.blindShipping ?? null,
    poNumber: input.poNumber ?? null,
    quoteId: input.quoteId ?? null,
    expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
  };
}
