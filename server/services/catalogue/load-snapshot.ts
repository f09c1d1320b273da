// One catalogue snapshot built from the database (server/services/catalogue-service.ts): what customers see,
// as views, lookups by slug and id, old slugs' redirects, and the `GET /api/data` body with its ETag.
import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { categories, categorySlugRedirects, productAttributes, products, productSlugRedirects, productVariants, subcategories } from "../../../db/schema";
import type { CategoryView, SubcategoryView } from "../../../domain/catalogue";
import { toApiCategory } from "./catalogue-api";
import type { CatalogueSnapshot } from "./catalogue-types";
import { productView } from "./product-view";

export async function loadSnapshot(db: Db, version: number): Promise<CatalogueSnapshot> {
  const [categoryRows, subRows, productRows, attributeRows, variantRows, redirectRows, categoryRedirectRows] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
    db.select().from(subcategories).orderBy(asc(subcategories.sortOrder), asc(subcategories.id)),
    db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder), asc(products.id)),
    db.select().from(productAttributes).orderBy(asc(productAttributes.sortOrder), asc(productAttributes.id)),
    db.select().from(productVariants).orderBy(asc(productVariants.sortOrder), asc(productVariants.id)),
    db.select({ oldSlug: productSlugRedirects.oldSlug, productId: productSlugRedirects.productId }).from(productSlugRedirects),
    db.select({ oldSlug: categorySlugRedirects.oldSlug, categoryId: categorySlugRedirects.categoryId }).from(categorySlugRedirects),
  ]);

  // Customers see what is shown and sits in a shown subcategory of a shown category.
  const shownCategories = categoryRows.filter((row) => row.visible);
  const shownCategoryIds = new Set(shownCategories.map((row) => row.id));
  const shownSubs = subRows.filter((row) => row.visible && shownCategoryIds.has(row.categoryId));
  const shownSubIds = new Set(shownSubs.map((row) => row.id));
  const shownProducts = productRows.filter((row) => shownSubIds.has(row.subcategoryId));

  const attributesByProduct = groupBy(attributeRows, (row) => row.productId);
  const variantsByProduct = groupBy(variantRows, (row) => row.productId);
  const subCategoryOf = new Map(shownSubs.map((row) => [row.id, row.categoryId]));

  const productViews = shownProducts.map((row) =>
    productView(row, attributesByProduct.get(row.id) ?? [], variantsByProduct.get(row.id) ?? [], subCategoryOf.get(row.subcategoryId) ?? 0),
  );

  const productsBySub = groupBy(productViews, (p) => p.subcategoryId);
  const subViews = shownSubs.map(
    (row): SubcategoryView => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      order: row.sortOrder,
      categoryId: row.categoryId,
      pageTitle: row.pageTitle,
      pageDescription: row.pageDescription,
      pageKeywords: row.pageKeywords,
      products: productsBySub.get(row.id) ?? [],
    }),
  );
  const subsByCategory = groupBy(subViews, (s) => s.categoryId);
  const categoryViews = shownCategories.map(
    (row): CategoryView => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      image: row.image,
      order: row.sortOrder,
      pageTitle: row.pageTitle,
      pageDescription: row.pageDescription,
      pageKeywords: row.pageKeywords,
      subcategories: subsByCategory.get(row.id) ?? [],
    }),
  );

  const apiBody = Buffer.from(JSON.stringify({ categories: categoryViews.map(toApiCategory) }));
  return {
    version,
    categories: categoryViews,
    nav: categoryViews.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      image: c.image,
      subcategories: c.subcategories.map((s) => ({
        id: s.id,
        name: s.name,
        slug: s.slug,
        products: s.products.map((p) => ({ id: p.id, name: p.name, slug: p.slug })),
      })),
    })),
    categoryBySlug: new Map(categoryViews.map((c) => [c.slug, c])),
    subcategoryById: new Map(subViews.map((s) => [s.id, s])),
    productBySlug: new Map(productViews.map((p) => [p.slug, p])),
    productById: new Map(productViews.map((p) => [p.id, p])),
    categoryRedirects: new Map(
      categoryRedirectRows.flatMap((r) => {
        const category = categoryViews.find((c) => c.id === r.categoryId);
        return category ? [[r.oldSlug, category.slug] as const] : [];
      }),
    ),
    productRedirects: new Map(
      redirectRows.flatMap((r) => {
        const product = productViews.find((p) => p.id === r.productId);
        return product ? [[r.oldSlug, product.slug] as const] : [];
      }),
    ),
    apiBody,
    apiEtag: `"${createHash("sha1").update(apiBody).digest("base64url")}"`,
  };
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
