// A paid card checkout becoming its order group (server/services/checkout-service.ts,
// docs/decisions/005-checkout-exactly-once.md): however many times and from wherever it is asked (the
// customer's return, a webhook, the test page), the paid session is checked against the stored checkout
// and the order written once, decided inside the one transaction that writes it (order-writer.ts).
import { and, eq } from "drizzle-orm";
import { checkouts } from "../../../db/schema";
import { CHECKOUT_MESSAGES } from "../../../domain/checkout";
import type { ProviderSession } from "../../integrations/payments/payment-provider";
import { writeOrder } from "../order-writer";
import { failure } from "../outcome";
import type { CheckoutContext } from "./checkout-context";
import type { CheckoutService, FulfilResult } from "./checkout-types";

export function fulfilCheckout(context: CheckoutContext): Pick<CheckoutService, "fulfilSession" | "fulfilForOwner"> {
  const { db, provider, shop, sender, log, publicUrl, afterOrder } = context;

  async function createOrder(checkout: typeof checkouts.$inferSelect, card: ProviderSession["card"]): Promise<FulfilResult> {
    const outcome = await db.transaction((t) => writeOrder(t, { shop, publicUrl }, checkout, { method: "card", card }));
    if (outcome.created) sender.kick();
    return { ok: true, ...outcome };
  }

  async function fulfil(checkout: typeof checkouts.$inferSelect | undefined, known?: ProviderSession): Promise<FulfilResult> {
    const result = await fulfilOnce(checkout, known);
    if (result.ok) await afterOrder(result.orderGroupId);
    return result;
  }

  /**
   * The session to make the order from. A webhook's copy does not name the card that paid, so the
   * processor is asked once more for it; if that fails, the webhook's copy still makes the order.
   */
  async function paidSession(sessionId: string, known?: ProviderSession): Promise<ProviderSession | null> {
    const fromEvent = known && known.id === sessionId ? known : null;
    if (fromEvent?.card) return fromEvent;
    if (!fromEvent) return provider.retrieveSession(sessionId);
    const fresh = await provider.retrieveSession(sessionId).catch((error: unknown) => {
      log.warn({ err: error, sessionId }, "could not retrieve the paid session for its card; ordering from the webhook");
      return null;
    });
    return fresh ?? fromEvent;
  }

  async function fulfilOnce(checkout: typeof checkouts.$inferSelect | undefined, known?: ProviderSession): Promise<FulfilResult> {
    if (!checkout || !checkout.providerSessionId) return failure("not-found", "Not found");
    if (checkout.orderGroupId !== null) return { ok: true, orderGroupId: checkout.orderGroupId, created: false };
    const session = await paidSession(checkout.providerSessionId, known);
    if (!session) return failure("not-found", "Not found");
    if (session.paymentStatus !== "paid" || session.status !== "complete") return failure("conflict", CHECKOUT_MESSAGES.notPaid);
    if (session.amountTotalPence !== checkout.totalPence || session.clientReferenceId !== checkout.id || (session.currency ?? "gbp").toLowerCase() !== "gbp") {
      // Money that does not match what was stored is never turned into an order automatically.
      log.error({ checkoutId: checkout.id, sessionId: session.id, paid: session.amountTotalPence, expected: checkout.totalPence }, "paid session does not match its checkout");
      return failure("conflict", CHECKOUT_MESSAGES.notPaid);
    }
    return createOrder(checkout, session.card);
  }

  return {
    async fulfilSession(providerSessionId, known) {
      const [checkout] = await db.select().from(checkouts).where(eq(checkouts.providerSessionId, providerSessionId)).limit(1);
      return fulfil(checkout, known);
    },
    async fulfilForOwner(userId, checkoutId) {
      const [checkout] = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)))
        .limit(1);
      return fulfil(checkout);
    },
  };
}
