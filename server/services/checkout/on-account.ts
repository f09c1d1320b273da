// A trade customer's order on account (server/services/checkout-service.ts, docs/decisions/005-checkout-exactly-once.md):
// no card; the account's row locked, credit checked, the promo use held, a quote's row locked, and the
// checkout and its order written, all in one transaction.
import { eq } from "drizzle-orm";
import { checkouts, quotes } from "../../../db/schema";
import { ukDateParts } from "../../../domain/delivery";
import { QUOTE_MESSAGES, quoteNumberLabel } from "../../../domain/quote";
import { accountStanding, creditCheck, invoiceDueDate, TRADE_ACCOUNT_MESSAGES } from "../../../domain/trade-account";
import { writeOrder } from "../order-writer";
import type { Outcome } from "../outcome";
import { accountInvoices, lockTradeAccount } from "../trade-ledger";
import type { CheckoutContext } from "./checkout-context";
import { checkoutRow, newCheckoutId } from "./checkout-row";
import type { CheckoutService, StartCheckoutInput } from "./checkout-types";
import { holdPromo } from "./promo-hold";

export function onAccount(context: CheckoutContext): Pick<CheckoutService, "placeOnAccount"> {
  const { db, shop, sender, publicUrl, prepare, afterOrder } = context;

  async function placeOnAccount(input: StartCheckoutInput, now = new Date()): Promise<Outcome<{ orderGroupId: number; totalPence: number }, { serverTotalPence?: number }>> {
    const prepared = await prepare(input, now);
    if (!prepared.ok) return prepared;
    const today = ukDateParts(now).isoDate;
    const checkoutId = newCheckoutId();
    const outcome = await db.transaction(async (t) => {
      // The account's row is locked first, so concurrent on-account orders of one customer are checked
      // one after another against the balance the previous one left: together they never pass the limit.
      const account = await lockTradeAccount(t, input.userId);
      if (!account) return { ok: false as const, reason: "invalid" as const, message: TRADE_ACCOUNT_MESSAGES.none };
      const credit = creditCheck(accountStanding(account, await accountInvoices(t, input.userId), today), prepared.totals.totalPence);
      if (!credit.ok) return { ok: false as const, reason: "conflict" as const, message: credit.message };
      if (prepared.promo) {
        const refused = await holdPromo(t, prepared.promo, input.userId, prepared.contact.email);
        if (refused) return { ok: false as const, reason: "invalid" as const, message: refused };
      }
      if (input.quoteId) {
        // The quote's row is locked too: two tabs ordering one quote on account make one order.
        const [quote] = await t.select({ status: quotes.status, number: quotes.number }).from(quotes).where(eq(quotes.id, input.quoteId)).for("update");
        if (quote?.status === "ordered") return { ok: false as const, reason: "conflict" as const, message: QUOTE_MESSAGES.ordered(quoteNumberLabel(quote.number)) };
      }
      const [checkout] = await t.insert(checkouts).values(checkoutRow(checkoutId, input, prepared, "account", now)).returning();
      const written = await writeOrder(t, { shop, publicUrl }, checkout!, { method: "account", dueDate: invoiceDueDate(today, account.termsDays) });
      return { ok: true as const, orderGroupId: written.orderGroupId };
    });
    if (!outcome.ok) return outcome;
    sender.kick();
    await afterOrder(outcome.orderGroupId);
    return { ok: true, orderGroupId: outcome.orderGroupId, totalPence: prepared.totals.totalPence };
  }

  return { placeOnAccount };
}
