// Reading prices (server/services/back-office/price-service.ts): one product's price inputs, its latest
// version number, every product's inputs in catalogue order, and that order itself.
import { asc, eq, max } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client";
import { categories, priceVersions, productAttributes, products, productVariants, subcategories } from "../../../../db/schema";
import { priceInputsOf, type PriceInputs } from "../../../../domain/price-inputs";
import { productView } from "../../catalogue-service";
import type { Loaded } from "./price-types";

/** One product with its options, hidden or not, read inside `q` (a transaction when saving). */
export async function load(q: Db | Tx, productId: number): Promise<Loaded | null> {
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
export async function latestVersion(q: Db | Tx, productId: number): Promise<number> {
  const [row] = await q.select({ latest: max(priceVersions.version) }).from(priceVersions).where(eq(priceVersions.productId, productId));
  return row?.latest ?? 1;
}

/** Every product's slug, name and inputs, in catalogue order (categories, subcategories, products). */
export async function allInputs(db: Db): Promise<{ id: number; slug: string; name: string; inputs: PriceInputs }[]> {
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

/** Subcategory id → its place in the catalogue (categories in order, then their subcategories). */
export function catalogueOrder(categoryRows: { id: number; sortOrder: number }[], subRows: { id: number; categoryId: number; sortOrder: number }[]): Map<number, number> {
  const categoryRank = new Map([...categoryRows].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((c, i) => [c.id, i]));
  const sorted = [...subRows].sort((a, b) => (categoryRank.get(a.categoryId) ?? 0) - (categoryRank.get(b.categoryId) ?? 0) || a.sortOrder - b.sortOrder || a.id - b.id);
  return new Map(sorted.map((s, i) => [s.id, i]));
}
