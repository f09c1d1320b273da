import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { promoCodes } from "../../db/schema";
import { formatPence } from "../../domain/money";
import { failure, type Outcome } from "./outcome";

export type ValidPromo = { code: string; basisPoints: number; amountOffPence: number | null; newCustomersOnly: boolean; minSpendPence: number; perCustomerLimit: number | null };

/** Refused with PROMO_MESSAGES' words: `not-found` (no such code), `conflict` (paused, not started, expired), `limited` (used up). */
export type PromoCheck = Outcome<ValidPromo>;

export const PROMO_MESSAGES = {
  unknown: "Invalid promo code.",
  "not-started": "This promo code is not active yet.",
  expired: "This promo code has expired.",
  "used-up": "This promo code is no longer available.",
  paused: "This promo code is not active at the moment.",
  perCustomer: "You have already used this promo code as many times as it allows.",
} as const;

/** Refused at payment, when the Sub Total is known. */
export function minimumSpendMessage(minSpendPence: number): string {
  return `This promo code needs a Sub Total of at least ${formatPence(minSpendPence)}.`;
}

export type PromoService = {
  /** Looks a code up (any case) and checks its dates and usage limit at `now`. */
  check: (code: string, now?: Date) => Promise<PromoCheck>;
};

export function createPromoService(db: Db): PromoService {
  return {
    async check(rawCode, now = new Date()) {
      const code = rawCode.trim();
      if (code === "") return failure("not-found", PROMO_MESSAGES.unknown);
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(sql`lower(${promoCodes.code}) = ${code.toLowerCase()}`)
        .limit(1);
      if (!row) return failure("not-found", PROMO_MESSAGES.unknown);
      if (row.paused) return failure("conflict", PROMO_MESSAGES.paused);
      if (row.activeFrom && now < row.activeFrom) return failure("conflict", PROMO_MESSAGES["not-started"]);
      if (row.activeTo && now > row.activeTo) return failure("conflict", PROMO_MESSAGES.expired);
      if (row.usageLimit !== null && row.uses >= row.usageLimit) return failure("limited", PROMO_MESSAGES["used-up"]);
      return {
        ok: true,
        code: row.code,
        basisPoints: row.percentBasisPoints,
        amountOffPence: row.amountOffPence,
        newCustomersOnly: row.newCustomersOnly,
        minSpendPence: row.minSpendPence,
        perCustomerLimit: row.perCustomerLimit,
      };
    },
  };
}
