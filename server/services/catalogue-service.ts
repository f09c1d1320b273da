import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attributeCost, categories, categorySlugRedirects, productAttributes, products, productSlugRedirects, productVariants, subcategories } from "../../db/schema";
import type {
  AttributeView,
  CategoryView,
  NavCategory,
  ProductView,
  SubcategoryView,
} from "../../domain/catalogue";
import { penceToPounds } from "../../domain/money";

/** Everything the shop reads about its catalogue, built once per version and served from memory. */
export type CatalogueSnapshot = {
  version: number;
  categories: CategoryView[];
  nav: NavCategory[];
  categoryBySlug: Map<string, CategoryView>;
  subcategoryById: Map<number, SubcategoryView>;
  productBySlug: Map<string, ProductView>;
  productById: Map<number, ProductView>;
  /** A category's earlier slugs → its slug now (old addresses answer 301). */
  categoryRedirects: Map<string, string>;
  /** A visible product's earlier slugs → its slug now (old addresses answer 301). */
  productRedirects: Map<string, string>;
  /** `GET /api/data` body, serialised once. */
  apiBody: Buffer;
  apiEtag: string;
};

export type CatalogueService = {
  snapshot: () => Promise<CatalogueSnapshot>;
  /** The current snapshot when it is already built, else null: lets a hot path skip a promise. */
  loaded: () => CatalogueSnapshot | null;
  /**
   * Call after any change to catalogue tables: the next read rebuilds, and cached pages are dropped (those
   * showing the changed products when their ids are given, else all).
   */
  invalidate: (change?: { productIds: number[] }) => void;
  /** Told of each change, with the snapshot it replaced (null when none was built) to find what showed it. */
  onChange: (listener: (version: number, change: { productIds: number[] } | null, previous: CatalogueSnapshot | null) => void) => void;
};

export function createCatalogueService(db: Db): CatalogueService {
  let version = 1;
  let current: Promise<CatalogueSnapshot> | null = null;
  let ready: CatalogueSnapshot | null = null;
  const listeners: Parameters<CatalogueService["onChange"]>[0][] = [];

  return {
    snapshot() {
      if (!current) {
        const building = loadSnapshot(db, version);
        current = building;
        building.then(
          (snapshot) => {
            if (current === building) ready = snapshot;
          },
          () => {
            if (current === building) current = null;
          },
        );
      }
      return current;
    },
    loaded: () => ready,
    invalidate(change) {
      const previous = ready;
      version += 1;
      current = null;
      ready = null;
      for (const listener of listeners) listener(version, change ?? null, previous);
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

async function loadSnapshot(db: Db, version: number): Promise<CatalogueSnapshot> {
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

type ProductRow = typeof products.$inferSelect;
type AttributeRow = typeof productAttributes.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/** One product as the shop reads it, from its rows (attributes and variants in their order). */
export function productView(row: ProductRow, attributeRows: AttributeRow[], variantRows: VariantRow[], categoryId: number): ProductView {
  const attributes = attributeRows.map(
    (a): AttributeView => ({
      id: a.id,
      group: a.groupName,
      name: a.name,
      displayType: a.displayType,
      isDefault: a.isDefault,
      cost: attributeCost(a.costUnit, a.costValue),
      workingDays: a.workingDays,
    }),
  );
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    shortDesc: row.shortDesc,
    description: row.description,
    image: row.image,
    pricePence: row.pricePence,
    priceType: row.priceType,
    sizeLimits:
      row.priceType === "sqm"
        ? {
            minWidthMm: row.minWidthMm ?? 1,
            minHeightMm: row.minHeightMm ?? 1,
            maxWidthMm: row.maxWidthMm ?? 100_000,
            maxHeightMm: row.maxHeightMm ?? 100_000,
          }
        : null,
    minQty: row.minQty,
    maxQty: row.maxQty,
    quantityTiers: row.quantityTiers,
    minLinePence: row.minLinePence,
    orientation: row.orientation,
    fixedSize: row.fixedSize,
    attributes,
    variants: variantRows.map((v) => v.attributeIds),
    specifications: row.specifications,
    order: row.sortOrder,
    subcategoryId: row.subcategoryId,
    categoryId,
    pageTitle: row.pageTitle,
    pageDescription: row.pageDescription,
    pageKeywords: row.pageKeywords,
  };
}

/**
 * The catalogue pages that show any of these products (its own page, its subcategory and category, the
 * home page's grid, the search page) and the catalogue JSON: what a change to them makes stale. Every
 * other page shows only product names (the header), which a price change does not touch.
 */
export function pagesShowing(snapshot: CatalogueSnapshot, productIds: number[], catalogueUrl: string): string[] {
  const paths = new Set(["/", "/print", catalogueUrl]);
  for (const id of productIds) {
    const product = snapshot.productById.get(id);
    if (!product) continue;
    paths.add(`/product/${product.slug}`);
    const sub = snapshot.subcategoryById.get(product.subcategoryId);
    if (sub) paths.add(`/category/${sub.id}/${sub.slug}`);
    const category = snapshot.categories.find((c) => c.id === product.categoryId);
    if (category) paths.add(`/${category.slug}`);
  }
  return [...paths];
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

// ---- The spec's section 3 field names, pounds where the spec has pounds ----

function apiPageMeta(view: { pageTitle: string; pageDescription: string; pageKeywords: string }) {
  return { page_title: view.pageTitle, page_description: view.pageDescription, page_keywords: view.pageKeywords };
}

function toApiCategory(c: CategoryView) {
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    image: c.image,
    order: c.order,
    ...apiPageMeta(c),
    subcategories: c.subcategories.map(toApiSubcategory),
  };
}

function toApiSubcategory(s: SubcategoryView) {
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    order: s.order,
    ...apiPageMeta(s),
    products: s.products.map(toApiProduct),
  };
}

function toApiProduct(p: ProductView) {
  return {
    id: p.id,
    slug: p.slug,
    product_name: p.name,
    product_short_desc: p.shortDesc,
    description: p.description,
    product_description: p.description,
    image_url: p.image,
    img: p.image,
    price: penceToPounds(p.pricePence),
    order: p.order,
    price_type: p.priceType,
    size_limits: p.sizeLimits
      ? {
          min_width: p.sizeLimits.minWidthMm,
          min_height: p.sizeLimits.minHeightMm,
          max_width: p.sizeLimits.maxWidthMm,
          max_height: p.sizeLimits.maxHeightMm,
        }
      : null,
    qty_limits: { min_qty: p.minQty, max_qty: p.maxQty, orientation: p.orientation, fixed_size: p.fixedSize },
    quantity_tiers: p.quantityTiers.map((t) => ({ min_qty: t.minQty, percent: t.percent })),
    min_line_charge: penceToPounds(p.minLinePence),
    attributes: p.attributes.map((a) => ({
      group: a.group,
      subattribute_id: a.id,
      subattribute_name: a.name,
      is_default: a.isDefault,
      cost: a.cost.unit === "percentage" ? a.cost.basisPoints / 100 : penceToPounds(a.cost.pence),
      cost_unit: a.cost.unit,
      display_type: a.displayType,
      working_days: a.workingDays,
    })),
    productSpecifications: p.specifications,
    product_specifications: p.specifications,
    variants: p.variants.map((attributeIds) => ({ attributeIds })),
    ...apiPageMeta(p),
  };
}
