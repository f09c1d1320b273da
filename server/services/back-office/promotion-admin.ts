// Managers' promo codes: listed with their usage, created and changed. Each change is one transaction with
// its audit entry; a code's uniqueness (any case) is the database's unique index, so two managers creating
// the same code at once get one code and one clear refusal.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { checkouts, promoCodes } from "../../../db/schema";
import { promotionState, promotionWindow, type PromotionForm, type PromotionState } from "../../../domain/promotion";
import { failure, type Outcome } from "../outcome";
import { recordAudit, type Actor } from "./audit";

export type PromotionRow = {
  id: number;
  code: string;
  description: string;
  basisPoints: number;
  amountOffPence: number | null;
  activeFrom: Date | null;
  activeTo: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  minSpendPence: number;
  newCustomersOnly: boolean;
  paused: boolean;
  /** Paid orders that took a discount with it. */
  uses: number;
  /** Checkouts under way with it: each holds a use until it is paid or lapses. */
  held: number;
  state: PromotionState;
  createdAt: Date;
};

export type PromotionAdmin = {
  list: (now?: Date) => Promise<PromotionRow[]>;
  create: (form: PromotionForm, actor: Actor) => Promise<Outcome<{ promotion: PromotionRow }>>;
  update: (id: number, form: PromotionForm, actor: Actor) => Promise<Outcome<{ promotion: PromotionRow }>>;
};

const duplicateMessage = (code: string) => `A promo code "${code}" already exists (codes are the same in any case).`;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export function createPromotionAdmin(db: Db): PromotionAdmin {
  async function rows(now: Date, id?: number): Promise<PromotionRow[]> {
    const [codes, held] = await Promise.all([
      db.select().from(promoCodes).where(id === undefined ? undefined : eq(promoCodes.id, id)).orderBy(asc(sql`lower(${promoCodes.code})`)),
      db
        .select({ code: sql<string>`lower(${checkouts.promoCode})`, n: sql<number>`count(*)::int` })
        .from(checkouts)
        .where(and(eq(checkouts.status, "pending"), gt(checkouts.expiresAt, now), sql`${checkouts.promoCode} is not null`))
        .groupBy(sql`lower(${checkouts.promoCode})`),
    ]);
    const heldBy = new Map(held.map((h) => [h.code, Number(h.n)]));
    return codes.map((c) => ({
      id: c.id,
      code: c.code,
      description: c.description,
      basisPoints: c.percentBasisPoints,
      amountOffPence: c.amountOffPence,
      activeFrom: c.activeFrom,
      activeTo: c.activeTo,
      usageLimit: c.usageLimit,
      perCustomerLimit: c.perCustomerLimit,
      minSpendPence: c.minSpendPence,
      newCustomersOnly: c.newCustomersOnly,
      paused: c.paused,
      uses: c.uses,
      held: heldBy.get(c.code.toLowerCase()) ?? 0,
      state: promotionState(c, now),
      createdAt: c.createdAt,
    }));
  }

  const values = (form: PromotionForm) => {
    const window = promotionWindow(form);
    return {
      code: form.code,
      description: form.description,
      percentBasisPoints: window.basisPoints,
      amountOffPence: window.amountOffPence,
      activeFrom: window.activeFrom,
      activeTo: window.activeTo,
      usageLimit: form.usageLimit,
      perCustomerLimit: form.perCustomerLimit,
      minSpendPence: form.minSpendPence,
      newCustomersOnly: form.newCustomersOnly,
      paused: form.paused,
    };
  };

  return {
    list: (now = new Date()) => rows(now),

    async create(form, actor) {
      try {
        const id = await db.transaction(async (tx) => {
          const [created] = await tx.insert(promoCodes).values(values(form)).returning();
          await recordAudit(tx, actor, { action: "promotion.create", entityType: "promotion", entityId: String(created!.id), summary: `Promo code ${form.code} created`, before: null, after: created });
          return created!.id;
        });
        return { ok: true, promotion: (await rows(new Date(), id))[0]! };
      } catch (error) {
        if (isUniqueViolation(error)) return failure("conflict", duplicateMessage(form.code));
        throw error;
      }
    },

    async update(id, form, actor) {
      try {
        const found = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
          if (!before) return false;
          const [after] = await tx.update(promoCodes).set(values(form)).where(eq(promoCodes.id, id)).returning();
          const what = before.paused !== after!.paused ? (after!.paused ? "paused" : "resumed") : "changed";
          await recordAudit(tx, actor, { action: "promotion.update", entityType: "promotion", entityId: String(id), summary: `Promo code ${after!.code} ${what}`, before, after });
          return true;
        });
        if (!found) return failure("not-found", "No such promo code");
        return { ok: true, promotion: (await rows(new Date(), id))[0]! };
      } catch (error) {
        if (isUniqueViolation(error)) return failure("conflict", duplicateMessage(form.code));
        throw error;
      }
    },
  };
}
