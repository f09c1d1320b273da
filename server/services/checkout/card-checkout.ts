// A checkout paid by card (server/services/checkout-service.ts): the prepared checkout stored as pending,
// replacing the customer's unpaid ones and holding its promo use in the same transaction, then the payment
// provider asked for a hosted page for exactly the server's total.
import { and, eq } from "drizzle-orm";
import { checkouts } from "../../../db/schema";
import { CHECKOUT_MESSAGES, PAYMENT_CANCELLED_PATH, paymentLineItems } from "../../../domain/checkout";
import type { CheckoutContext } from "./checkout-context";
import { CHECKOUT_MINUTES, checkoutRow, newCheckoutId } from "./checkout-row";
import type { CheckoutService, StartCheckoutInput, StartCheckoutResult } from "./checkout-types";
import { holdPromo } from "./promo-hold";

export function cardCheckout(context: CheckoutContext): Pick<CheckoutService, "start"> {
  const { db, provider, log, returnBase, prepare } = context;

  async function start(input: StartCheckoutInput, now = new Date()): Promise<StartCheckoutResult> {
    const prepared = await prepare(input, now);
    if (!prepared.ok) return prepared;
    const { promo, totals, contact } = prepared;
    const priced = { lines: prepared.lines };
    const checkoutId = newCheckoutId();
    const reserved = await db.transaction(async (t) => {
      // A new checkout replaces the customer's unpaid ones: one open payment page per customer.
      const superseded = await t
        .update(checkouts)
        .set({ status: "superseded" })
        .where(and(eq(checkouts.userId, input.userId), eq(checkouts.status, "pending")))
        .returning({ providerSessionId: checkouts.providerSessionId });

      if (promo) {
        const refused = await holdPromo(t, promo, input.userId, contact.email);
        if (refused) return { ok: false as const, message: refused };
      }

      await t.insert(checkouts).values(checkoutRow(checkoutId, input, prepared, provider.kind, now));
      return { ok: true as const, superseded: superseded.map((s) => s.providerSessionId).filter((id): id is string => id !== null) };
    });
    if (!reserved.ok) return { ok: false, reason: "invalid", message: reserved.message };

    let session;
    try {
      session = await provider.createCheckoutSession({
        clientReference: checkoutId,
        customerEmail: contact.email,
        lineItems: paymentLineItems(priced.lines, totals, promo?.code ?? null),
        totalPence: totals.totalPence,
        currency: "gbp",
        successUrl: `${returnBase}/checkout/artwork-uploader?session_id={CHECKOUT_SESSION_ID}`,
        // 'Cancel and go back' returns to the address step, where the saved addresses fill the form again.
        cancelUrl: `${returnBase}${PAYMENT_CANCELLED_PATH}`,
        idempotencyKey: checkoutId,
        metadata: { checkout_id: checkoutId, user_id: String(input.userId) },
        expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      });
    } catch (error) {
      log.error({ err: error, checkoutId }, "payment session could not be started");
      await db.update(checkouts).set({ status: "failed" }).where(eq(checkouts.id, checkoutId));
      return { ok: false, reason: "unavailable", message: CHECKOUT_MESSAGES.couldNotStart };
    }
    await db.update(checkouts).set({ providerSessionId: session.id }).where(eq(checkouts.id, checkoutId));
    for (const old of reserved.superseded) {
      // Best effort: an old page that is paid after all still becomes an order (fulfil ignores the status).
      provider.expireSession?.(old).catch((error: unknown) => log.warn({ err: error }, "could not expire a superseded payment session"));
    }
    return { ok: true, url: session.url, checkoutId, totalPence: totals.totalPence };
  }

  return { start };
}
