// Managers' price editing: a product's price inputs read and saved as versions, previewed against the
// current prices, restored, and exported and imported as a spreadsheet. The pricing rule is never touched
// here (domain/pricing.ts); only its inputs are. Every save is one transaction: the product's row is locked,
// the version the manager started from is checked against the latest (two managers cannot both win), the
// rows are written, the version and the audit entry recorded, and the change announced to every process.
import { and, asc, desc, eq, max } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { categories, priceVersions, productAttributes, products, productVariants, storedCost, subcategories } from "../../../db/schema";
import type { ProductView } from "../../../domain/catalogue";
import {
  describePriceChanges,
  priceInputsOf,
  priceInputsProblem,
  priceSamples,
  type PriceInputs,
  type PriceSample,
} from "../../../domain/price-inputs";
import { encodePriceList, readPriceList, type PriceListError } from "../../../domain/price-list";
import { productView } from "../catalogue-service";
import type { CatalogueChanges } from "../catalogue-changes";
import { failure, type Outcome } from "../outcome";
import { recordAudit, type Actor } from "./audit";

export const PRICE_MESSAGES = {
  conflict: "These prices were changed by someone else after you opened them. Reload to see their change, then make yours again.",
  unchanged: "Nothing to save: these are the current prices.",
  noSuchVersion: "There is no such version of this product's prices.",
} as const;

export type ProductSummary = {
  id: number;
  name: string;
  slug: string;
  category: string;
  subcategory: string;
  visible: boolean;
  /** Shown itself, but hidden from customers with its category or subcategory. */
  hiddenWith: "category" | "subcategory" | null;
  priceType: PriceInputs["priceType"];
  pricePence: number;
  minLinePence: number;
  version: number;
};

export type PriceVersion = {
  version: number;
  source: "catalogue" | "editor" | "import" | "restore";
  actorEmail: string | null;
  createdAt: Date;
  changes: string[];
  inputs: PriceInputs;
};

export type ImportChange = { row: number; slug: string; name: string; changes: string[] };
export type ImportResult = { changes: ImportChange[]; errors: PriceListError[]; applied: boolean };

type Source = PriceVersion["source"];

export type PriceService = {
  list: () => Promise<ProductSummary[]>;
  get: (productId: number) => Promise<{ product: ProductView; visible: boolean; inputs: PriceInputs; version: number } | null>;
  preview: (productId: number, inputs: PriceInputs) => Promise<Outcome<{ samples: PriceSample[]; changes: string[] }>>;
  save: (productId: number, change: { inputs: PriceInputs; baseVersion: number }, actor: Actor, source?: Source) => Promise<Outcome<{ version: number; changes: string[] }>>;
  history: (productId: number) => Promise<PriceVersion[] | null>;
  restore: (productId: number, version: number, baseVersion: number, actor: Actor) => Promise<Outcome<{ version: number; changes: string[] }>>;
  exportCsv: () => Promise<string>;
  importCsv: (text: string, apply: boolean, actor: Actor) => Promise<ImportResult>;
};

type Loaded = { product: ProductView; visible: boolean; inputs: PriceInputs };

export function createPriceService(deps: { db: Db; changes: CatalogueChanges }): PriceService {
  const { db, changes } = deps;

  /** One product with its options, hidden or not, read inside `q` (a transaction when saving). */
  async function load(q: Db | Tx, productId: number): Promise<Loaded | null> {
    const [row] = await q.select().from(products).where(eq(products.id, productId)).limit(1);
    if (!row) return null;
    const [attributeRows, variantRows, [sub]] = await Promise.all([
      q.select().from(productAttributes).where(eq(productAttributes.productId, productId)).orderBy(asc(productAttributes.sortOrder), asc(productAttributes.id)),
      q.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.sortOrder), asc(productVariants.id)),
      q.select({ categoryId: subcategories.categoryId }).from(subcategories).where(eq(subcategories.id, row.subcategoryId)),
    ]);
    const product = productView(row, attributeRows, variantRows, sub?.categoryId ?? 0);
    return { product, visible: row.active, inputs: priceInputsOf(product) };
  }

  /** The latest version number; a product nobody has edited is at version 1 (the catalogue's prices). */
  async function latestVersion(q: Db | Tx, productId: number): Promise<number> {
    const [row] = await q.select({ latest: max(priceVersions.version) }).from(priceVersions).where(eq(priceVersions.productId, productId));
    return row?.latest ?? 1;
  }

  /**
   * Takes the manager's inputs for what they may change (prices, limits, tiers, each option's price, working
   * days and default), keeping what the catalogue decides (the options themselves, their names and groups).
   */
  function merge(current: PriceInputs, sent: PriceInputs): Outcome<{ inputs: PriceInputs }> {
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
  async function saveIn(tx: Tx, productId: number, next: PriceInputs, baseVersion: number | null, actor: Actor, source: Source): Promise<Outcome<{ version: number; changes: string[]; name: string }>> {
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

  async function saveOne(productId: number, next: PriceInputs, baseVersion: number, actor: Actor, source: Source) {
    const result = await db.transaction(async (tx) => {
      const saved = await saveIn(tx, productId, next, baseVersion, actor, source);
      if (saved.ok) await changes.announce(tx, { productIds: [productId] });
      return saved;
    });
    if (result.ok) changes.applied({ productIds: [productId] });
    return result;
  }

  /** Every product's slug, name and inputs, in catalogue order (categories, subcategories, products). */
  async function allInputs(): Promise<{ id: number; slug: string; name: string; inputs: PriceInputs }[]> {
    const [productRows, attributeRows, subRows, categoryRows] = await Promise.all([
      db.select().from(products),
      db.select().from(productAttributes).orderBy(asc(productAttributes.sortOrder), asc(productAttributes.id)),
      db.select().from(subcategories),
      db.select().from(categories),
    ]);
    const order = catalogueOrder(categoryRows, subRows);
    return productRows
      .sort((a, b) => (order.get(a.subcategoryId) ?? 0) - (order.get(b.subcategoryId) ?? 0) || a.sortOrder - b.sortOrder || a.id - b.id)
      .map((row) => {
        const view = productView(row, attributeRows.filter((a) => a.productId === row.id), [], 0);
        return { id: row.id, slug: row.slug, name: row.name, inputs: priceInputsOf(view) };
      });
  }

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
      return saveOne(productId, change.inputs, change.baseVersion, actor, source);
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
      return saveOne(productId, row.inputs, baseVersion, actor, "restore");
    },

    async exportCsv() {
      return encodePriceList(await allInputs());
    },

    async importCsv(text, apply, actor) {
      const all = await allInputs();
      const bySlug = new Map(all.map((p) => [p.slug, p]));
      const read = readPriceList(text, new Map(all.map((p) => [p.slug, p.inputs])));
      const planned: ImportChange[] = [];
      for (const [slug, inputs] of read.products) {
        const current = bySlug.get(slug)!;
        const described = describePriceChanges(current.inputs, inputs);
        if (described.length > 0) planned.push({ row: read.rows.get(slug) ?? 0, slug, name: current.name, changes: described });
      }
      planned.sort((a, b) => a.row - b.row);
      // A file with any error changes nothing: the manager fixes the rows and imports it again.
      if (!apply || read.errors.length > 0 || planned.length === 0) return { changes: planned, errors: read.errors, applied: false };

      const ids = planned.map((c) => bySlug.get(c.slug)!.id);
      const outcome = await db.transaction(async (tx) => {
        for (const change of planned) {
          const id = bySlug.get(change.slug)!.id;
          // No base version: each product is compared with its prices as they are now, row-locked here.
          const saved = await saveIn(tx, id, read.products.get(change.slug)!, null, actor, "import");
          if (!saved.ok) throw new ImportAborted(`Row ${change.row} (${change.slug}): ${saved.message}`);
        }
        await recordAudit(tx, actor, {
          action: "prices.import",
          entityType: "price-list",
          entityId: "all",
          summary: `Price list imported: ${planned.length} product${planned.length === 1 ? "" : "s"} changed`,
          before: null,
          after: { products: planned.map((c) => c.slug) },
        });
        await changes.announce(tx, { productIds: ids });
        return null;
      }).catch((error: unknown) => {
        if (error instanceof ImportAborted) return error.message;
        throw error;
      });
      if (outcome !== null) return { changes: planned, errors: [{ row: 1, message: `Nothing was changed. ${outcome}` }], applied: false };
      changes.applied({ productIds: ids });
      return { changes: planned, errors: [], applied: true };
    },
  };
}

/** Subcategory id → its place in the catalogue (categories in order, then their subcategories). */
function catalogueOrder(categoryRows: { id: number; sortOrder: number }[], subRows: { id: number; categoryId: number; sortOrder: number }[]): Map<number, number> {
  const categoryRank = new Map([...categoryRows].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((c, i) => [c.id, i]));
  const sorted = [...subRows].sort((a, b) => (categoryRank.get(a.categoryId) ?? 0) - (categoryRank.get(b.categoryId) ?? 0) || a.sortOrder - b.sortOrder || a.id - b.id);
  return new Map(sorted.map((s, i) => [s.id, i]));
}

class ImportAborted extends Error {}
