import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { promoCodes } from "../../db/schema";
import { formatPence } from "../../domain/money";

export type ValidPromo = { code: string; basisPoints: number; amountOffPence: number | null; newCustomersOnly: boolean; minSpendPence: number; perCustomerLimit: number | null };

export type PromoCheck = ({ ok: true } & ValidPromo) | { ok: false; reason: "unknown" | "not-started" | "expired" | "used-up" | "paused"; message: string };

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
      if (code === "") return { ok: false, reason: "unknown", message: PROMO_MESSAGES.unknown };
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(sql`lower(${promoCodes.code}) = ${code.toLowerCase()}`)
        .limit(1);
      if (!row) return { ok: false, reason: "unknown", message: PROMO_MESSAGES.unknown };
      if (row.paused) return { ok: false, reason: "paused", message: PROMO_MESSAGES.paused };
      if (row.activeFrom && now < row.activeFrom) return { ok: false, reason: "not-started", message: PROMO_MESSAGES["not-started"] };
      if (row.activeTo && now > row.activeTo) return { ok: false, reason: "expired", message: PROMO_MESSAGES.expired };
      if (row.usageLimit !== null && row.uses >= row.usageLimit) {
        return { ok: false, reason: "used-up", message: PROMO_MESSAGES["used-up"] };
      }
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
