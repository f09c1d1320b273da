// Who may still use a promo code (docs/decisions/008-promotions.md), decided inside the transaction that
// writes the checkout: the code's row locked, its uses and this customer's counted, new customers only.
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { checkouts, orderGroups, promoCodes } from "../../../db/schema";
import { PROMO_MESSAGES, type ValidPromo } from "../promo-service";

export const NEW_CUSTOMERS_ONLY_MESSAGE = "This promo code is for new customers only.";

/** A customer (by account or email) with a paid order is not new (docs/decisions/008-promotions.md). */
export async function hasPaidOrder(tx: Db, userId: number, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderGroups.id })
    .from(orderGroups)
    .where(or(eq(orderGroups.userId, userId), sql`lower(${orderGroups.userEmail}) = ${email.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

/**
 * Inside the transaction that writes the checkout: the promo's uses are counted with its row locked, so
 * two checkouts cannot both take its last use. Answers the message when the code can no longer be used.
 */
export async function holdPromo(t: Tx, promo: ValidPromo, userId: number, contactEmail: string): Promise<string | null> {
  // The promo row is locked so two checkouts cannot both take its last use (PostgreSQL); PGlite runs
  // transactions one at a time anyway. Unpaid, unexpired checkouts hold a use until they lapse.
  const [row] = await t
    .select({ id: promoCodes.id, usageLimit: promoCodes.usageLimit, uses: promoCodes.uses })
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = ${promo.code.toLowerCase()}`)
    .for("update");
  if (!row) return PROMO_MESSAGES.unknown;
  const codeKey = promo.code.toLowerCase();
  const pendingWithCode = and(sql`lower(${checkouts.promoCode}) = ${codeKey}`, eq(checkouts.status, "pending"), gt(checkouts.expiresAt, sql`now()`));
  if (row.usageLimit !== null) {
    const [held] = await t.select({ n: sql<number>`count(*)::int` }).from(checkouts).where(pendingWithCode);
    if (row.uses + Number(held?.n ?? 0) >= row.usageLimit) return PROMO_MESSAGES["used-up"];
  }
  if (promo.perCustomerLimit !== null) {
    // The customer by account or, for a guest's earlier orders, by email; their unpaid checkouts count too.
    const email = contactEmail.toLowerCase();
    const [[paid], [pending]] = await Promise.all([
      t
        .select({ n: sql<number>`count(*)::int` })
        .from(orderGroups)
        .where(and(sql`lower(${orderGroups.promoCode}) = ${codeKey}`, gt(orderGroups.promoDiscountPence, 0), or(eq(orderGroups.userId, userId), sql`lower(${orderGroups.userEmail}) = ${email}`))),
      t
        .select({ n: sql<number>`count(*)::int` })
        .from(checkouts)
        .where(and(pendingWithCode, or(eq(checkouts.userId, userId), sql`lower(${checkouts.email}) = ${email}`))),
    ]);
    if (Number(paid?.n ?? 0) + Number(pending?.n ?? 0) >= promo.perCustomerLimit) return PROMO_MESSAGES.perCustomer;
  }
  if (promo.newCustomersOnly && (await hasPaidOrder(t, userId, contactEmail))) return NEW_CUSTOMERS_ONLY_MESSAGE;
  return null;
}
