// Everything a checkout is made of, checked before anything is stored (server/services/checkout-service.ts):
// the customer and addresses, the basket's lines re-priced from the catalogue (or a quote's, at its
// figures), reorders' artwork and editor designs, the promo code, and the totals against the client's.
import { and, eq, sql } from "drizzle-orm";
import { orderFiles, orders } from "../../../db/schema";
import { CHECKOUT_MESSAGES, priceCheckoutLines, totalMismatchMessage, totalsLine, TOTAL_TOLERANCE_PENCE, type CheckoutLine } from "../../../domain/checkout";
import { poundsToPence } from "../../../domain/money";
import { promoOff } from "../../../domain/promotion";
import { QUOTE_MESSAGES } from "../../../domain/quote";
import { orderTotals } from "../../../domain/totals";
import type { Failure } from "../outcome";
import { minimumSpendMessage, type ValidPromo } from "../promo-service";
import type { CheckoutServiceDeps, Prepared, StartCheckoutInput } from "./checkout-types";

export type PrepareCheckout = (input: StartCheckoutInput, now: Date) => Promise<Prepared | Failure<{ serverTotalPence?: number }>>;

export function checkoutPreparer(deps: CheckoutServiceDeps): PrepareCheckout {
  const { db, catalogue, promos, accounts } = deps;

  /** Everything a checkout is made of, checked: the customer, the addresses, the lines re-priced (or the quote's), the promo, the totals. */
  return async function prepare(input: StartCheckoutInput, now: Date): Promise<Prepared | Failure<{ serverTotalPence?: number }>> {
    const contact = await accounts.contact(input.userId);
    if (!contact) return { ok: false, reason: "not-found", message: CHECKOUT_MESSAGES.accountProblem };
    if (input.lines.length === 0 && !input.quoteId) return { ok: false, reason: "invalid", message: CHECKOUT_MESSAGES.emptyBasket };

    const saved = await accounts.addresses(input.userId);
    const billing = input.billing ?? saved.billing;
    const delivery = input.delivery ?? saved.delivery;
    if (!billing || !delivery) return { ok: false, reason: "invalid", message: CHECKOUT_MESSAGES.noAddress };

    let priced: { ok: true; lines: CheckoutLine[] };
    if (input.quoteId) {
      // A quote is ordered whole, at its quoted figures, while it is valid; the basket's lines are not read.
      if (input.promoCode?.trim()) return { ok: false, reason: "invalid", message: QUOTE_MESSAGES.noPromo };
      const quoted = await deps.quotes.checkoutLines(input.userId, input.quoteId, now);
      if (!quoted.ok) return quoted;
      priced = quoted;
    } else {
      const snapshot = await catalogue.snapshot();
      const fromCatalogue = priceCheckoutLines(input.lines, (id) => snapshot.productById.get(id), now);
      if (!fromCatalogue.ok) return { ok: false, reason: "invalid", message: fromCatalogue.problems.map((p) => p.message).join("; ") };
      priced = fromCatalogue;
    }

    // Reorder: approved artwork is reused only from this customer's own item of the same product and versions.
    for (const line of priced.lines) {
      if (!line.reuseArtworkFrom) continue;
      const [source] = await db
        .select({ productId: orders.productId, versions: orders.versions, userId: orders.userId })
        .from(orders)
        .where(eq(orders.id, line.reuseArtworkFrom))
        .limit(1);
      const approved = source
        ? await db
            .select({ n: sql<number>`count(*)::int` })
            .from(orderFiles)
            .where(and(eq(orderFiles.orderId, line.reuseArtworkFrom), eq(orderFiles.approved, true)))
        : [];
      const usable = source && source.userId === input.userId && source.productId === line.productId && source.versions === line.versions && Number(approved[0]?.n) === source.versions;
      if (!usable) line.reuseArtworkFrom = null;
    }

    // A design from the online editor: this customer's own, at this line's size; the checkout keeps a copy.
    if (!input.quoteId) {
      for (const [index, request] of input.lines.entries()) {
        if (!request.designId) continue;
        if (!deps.designs) return { ok: false, reason: "invalid", message: `Line ${index + 1}: designs cannot be ordered here` };
        const snapshot = await deps.designs.snapshotForLine(input.userId, request.designId, priced.lines[index]!);
        if (!snapshot.ok) return { ok: false, reason: "invalid", message: `Line ${index + 1} (${priced.lines[index]!.productName}): ${snapshot.message}` };
        priced.lines[index]!.design = snapshot.snapshot;
      }
    }

    let promo: ValidPromo | null = null;
    const code = input.promoCode?.trim();
    if (code) {
      const checked = await promos.check(code, now);
      if (!checked.ok) return { ok: false, reason: "invalid", message: checked.message };
      promo = checked;
    }

    let totals = orderTotals(priced.lines.map(totalsLine), promo ? promoOff(promo) : 0);
    if (promo && totals.subTotalPence < promo.minSpendPence) return { ok: false, reason: "invalid", message: minimumSpendMessage(promo.minSpendPence) };
    // A code that takes nothing off (a few pence at a small percentage, or a basket of free items) is not
    // a use: it takes no slot.
    if (promo && totals.promoDiscountPence === 0) {
      promo = null;
      totals = orderTotals(priced.lines.map(totalsLine), 0);
    }
    const clientPence = Number.isFinite(input.clientTotalPounds) ? poundsToPence(input.clientTotalPounds) : NaN;
    if (!(Math.abs(clientPence - totals.totalPence) <= TOTAL_TOLERANCE_PENCE)) {
      return {
        ok: false,
        reason: "conflict",
        message: Number.isFinite(clientPence) ? totalMismatchMessage(clientPence, totals.totalPence) : "Total must be a number of pounds",
        serverTotalPence: totals.totalPence,
      };
    }

    return { ok: true, contact, billing, delivery, lines: priced.lines, promo, totals };
  };
}
