// Saving prices (server/services/back-office/price-service.ts): the manager's inputs merged with what the
// catalogue decides, and the one save transaction (row locked, base version checked, version and audit written).
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../../db/client";
import { priceVersions, productAttributes, products, storedCost } from "../../../../db/schema";
import { describePriceChanges, priceInputsProblem, type PriceInputs } from "../../../../domain/price-inputs";
import { failure, type Outcome } from "../../outcome";
import { recordAudit, type Actor } from "../audit";
import { latestVersion, load } from "./price-reads";
import { PRICE_MESSAGES, type PriceDeps, type Source } from "./price-types";

/**
 * Takes the manager's inputs for what they may change (prices, limits, tiers, each option's price, working
 * days and default), keeping what the catalogue decides (the options themselves, their names and groups).
 */
export function merge(current: PriceInputs, sent: PriceInputs): Outcome<{ inputs: PriceInputs }> {
  const sentById = new Map(sent.options.map((o) => [o.id, o]));
  for (const option of sent.options) {
    if (!current.options.some((o) => o.id === option.id)) return failure("invalid", `options: ${option.id} is not an option of this product`);
  }
  if (sentById.size !== sent.options.length) return failure("invalid", "options: an option is listed twice");
  const missing = current.options.find((o) => !sentById.has(o.id));
  if (missing) return failure("invalid", `options: ${missing.group} / ${missing.name} (${missing.id}) is missing`);
  const inputs: PriceInputs = {
    ...sent,
    sizeLimits: sent.priceType === "sqm" ? sent.sizeLimits : null,
    options: current.options.map((o) => {
      const s = sentById.get(o.id)!;
      return { ...o, isDefault: s.isDefault, cost: s.cost, workingDays: s.workingDays };
    }),
  };
  const problem = priceInputsProblem(inputs);
  return problem ? failure("invalid", problem) : { ok: true, inputs };
}

async function writeInputs(tx: Tx, productId: number, inputs: PriceInputs): Promise<void> {
  const limits = inputs.sizeLimits;
  await tx
    .update(products)
    .set({
      priceType: inputs.priceType,
      pricePence: inputs.pricePence,
      minWidthMm: limits?.minWidthMm ?? null,
      minHeightMm: limits?.minHeightMm ?? null,
      maxWidthMm: limits?.maxWidthMm ?? null,
      maxHeightMm: limits?.maxHeightMm ?? null,
      minQty: inputs.minQty,
      maxQty: inputs.maxQty,
      quantityTiers: inputs.quantityTiers,
      minLinePence: inputs.minLinePence,
      updatedAt: new Date(),
    })
    .where(eq(products.id, productId));
  for (const option of inputs.options) {
    await tx
      .update(productAttributes)
      .set({ ...storedCost(option.cost), isDefault: option.isDefault, workingDays: option.workingDays })
      .where(and(eq(productAttributes.id, option.id), eq(productAttributes.productId, productId)));
  }
}

/** The write of one product's new inputs, inside the caller's transaction. Null when nothing changes. */
export async function saveIn(tx: Tx, productId: number, next: PriceInputs, baseVersion: number | null, actor: Actor, source: Source): Promise<Outcome<{ version: number; changes: string[]; name: string }>> {
  // The row lock makes concurrent saves of one product take turns; the version check picks the winner.
  const locked = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  if (locked.length === 0) return failure("not-found", "No such product");
  const current = await load(tx, productId);
  if (!current) return failure("not-found", "No such product");
  const latest = await latestVersion(tx, productId);
  if (baseVersion !== null && baseVersion !== latest) return failure("conflict", PRICE_MESSAGES.conflict);
  const merged = merge(current.inputs, next);
  if (!merged.ok) return merged;
  const described = describePriceChanges(current.inputs, merged.inputs);
  if (described.length === 0) return failure("invalid", PRICE_MESSAGES.unchanged);

  const hasHistory = (await tx.select({ id: priceVersions.id }).from(priceVersions).where(eq(priceVersions.productId, productId)).limit(1)).length > 0;
  // The first change keeps the catalogue's prices as version 1, so they can be restored too.
  if (!hasHistory) {
    await tx.insert(priceVersions).values({ productId, version: 1, inputs: current.inputs, changes: [], source: "catalogue", actorId: null, actorEmail: null });
  }
  const version = latest + 1;
  await writeInputs(tx, productId, merged.inputs);
  await tx.insert(priceVersions).values({ productId, version, inputs: merged.inputs, changes: described, source, actorId: actor.userId, actorEmail: actor.email });
  await recordAudit(tx, actor, {
    action: source === "restore" ? "prices.restore" : source === "import" ? "prices.import" : "prices.save",
    entityType: "product-prices",
    entityId: String(productId),
    summary: `${current.product.name}: prices version ${version}${source === "restore" ? " (restored)" : ""}: ${described.join("; ")}`,
    before: current.inputs,
    after: merged.inputs,
  });
  return { ok: true, version, changes: described, name: current.product.name };
}

/** One product's save in its own transaction, announced to every process once it has committed. */
export async function saveOne(deps: PriceDeps, productId: number, next: PriceInputs, baseVersion: number, actor: Actor, source: Source) {
  const { db, changes } = deps;
  const result = await db.transaction(async (tx) => {
    const saved = await saveIn(tx, productId, next, baseVersion, actor, source);
    if (saved.ok) await changes.announce(tx, { productIds: [productId] });
    return saved;
  });
  if (result.ok) changes.applied({ productIds: [productId] });
  return result;
}
