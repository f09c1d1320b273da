// One product's prices as the editor sees them (server/services/back-office/price-service.ts): every
// product listed, one read, a change previewed against the current prices, saved, its history, and an
// earlier version restored.
import { and, desc, eq, max } from "drizzle-orm";
import { categories, priceVersions, products, subcategories } from "../../../../db/schema";
import { describePriceChanges, priceSamples } from "../../../../domain/price-inputs";
import { failure } from "../../outcome";
import { catalogueOrder, latestVersion, load } from "./price-reads";
import { merge, saveOne } from "./price-save";
import { PRICE_MESSAGES, type PriceDeps, type PriceService } from "./price-types";

export function productPrices(deps: PriceDeps): Pick<PriceService, "list" | "get" | "preview" | "save" | "history" | "restore"> {
  const { db } = deps;
  return {
    async list() {
      const [productRows, subRows, categoryRows, versions] = await Promise.all([
        db.select().from(products),
        db.select().from(subcategories),
        db.select().from(categories),
        db.select({ productId: priceVersions.productId, latest: max(priceVersions.version) }).from(priceVersions).groupBy(priceVersions.productId),
      ]);
      const order = catalogueOrder(categoryRows, subRows);
      const subById = new Map(subRows.map((s) => [s.id, s]));
      const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
      const versionOf = new Map(versions.map((v) => [v.productId, v.latest ?? 1]));
      return productRows
        .sort((a, b) => (order.get(a.subcategoryId) ?? 0) - (order.get(b.subcategoryId) ?? 0) || a.sortOrder - b.sortOrder || a.id - b.id)
        .map((row) => {
          const sub = subById.get(row.subcategoryId);
          const category = sub ? categoryById.get(sub.categoryId) : undefined;
          return {
            id: row.id,
            name: row.name,
            slug: row.slug,
            category: category?.name ?? "",
            subcategory: sub?.name ?? "",
            visible: row.active,
            hiddenWith: category && !category.visible ? ("category" as const) : sub && !sub.visible ? ("subcategory" as const) : null,
            priceType: row.priceType,
            pricePence: row.pricePence,
            minLinePence: row.minLinePence,
            version: versionOf.get(row.id) ?? 1,
          };
        });
    },

    async get(productId) {
      const loaded = await load(db, productId);
      if (!loaded) return null;
      return { ...loaded, version: await latestVersion(db, productId) };
    },

    async preview(productId, inputs) {
      const loaded = await load(db, productId);
      if (!loaded) return failure("not-found", "No such product");
      const merged = merge(loaded.inputs, inputs);
      if (!merged.ok) return merged;
      return { ok: true, samples: priceSamples(loaded.product, merged.inputs), changes: describePriceChanges(loaded.inputs, merged.inputs) };
    },

    async save(productId, change, actor, source = "editor") {
      return saveOne(deps, productId, change.inputs, change.baseVersion, actor, source);
    },

    async history(productId) {
      const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
      if (!exists) return null;
      const rows = await db.select().from(priceVersions).where(eq(priceVersions.productId, productId)).orderBy(desc(priceVersions.version));
      if (rows.length === 0) {
        const current = await load(db, productId);
        return current ? [{ version: 1, source: "catalogue", actorEmail: null, createdAt: new Date(0), changes: [], inputs: current.inputs }] : null;
      }
      return rows.map((r) => ({ version: r.version, source: r.source, actorEmail: r.actorEmail, createdAt: r.createdAt, changes: r.changes, inputs: r.inputs }));
    },

    async restore(productId, version, baseVersion, actor) {
      const [row] = await db
        .select({ inputs: priceVersions.inputs })
        .from(priceVersions)
        .where(and(eq(priceVersions.productId, productId), eq(priceVersions.version, version)))
        .limit(1);
      if (!row) {
        const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
        return failure(exists ? "invalid" : "not-found", exists ? PRICE_MESSAGES.noSuchVersion : "No such product");
      }
      return saveOne(deps, productId, row.inputs, baseVersion, actor, "restore");
    },
  };
}
