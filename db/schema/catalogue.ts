import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { AttributeCost } from "../../domain/pricing";
import { QUANTITY_TIERS, type QuantityTier } from "../../domain/quantity-tiers";

const pageMeta = {
  pageTitle: text("page_title").notNull(),
  pageDescription: text("page_description").notNull(),
  pageKeywords: text("page_keywords").notNull(),
};

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    image: text("image"),
    sortOrder: integer("sort_order").notNull(),
    /** A hidden category, with everything in it, is not shown or sold; orders that have its products still show them. */
    visible: boolean("visible").notNull().default(true),
    ...pageMeta,
  },
  (t) => [uniqueIndex("categories_slug_key").on(t.slug)],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull(),
    /** A hidden subcategory, with its products, is not shown or sold. */
    visible: boolean("visible").notNull().default(true),
    ...pageMeta,
  },
  (t) => [uniqueIndex("subcategories_slug_key").on(t.slug), index("subcategories_category_idx").on(t.categoryId)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    subcategoryId: integer("subcategory_id")
      .notNull()
      .references(() => subcategories.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    shortDesc: text("short_desc").notNull(),
    description: text("description").notNull(),
    image: text("image"),
    /** Per item for fixed products, per square metre otherwise. */
    pricePence: integer("price_pence").notNull(),
    priceType: text("price_type", { enum: ["fixed", "sqm"] }).notNull(),
    minWidthMm: integer("min_width_mm"),
    minHeightMm: integer("min_height_mm"),
    maxWidthMm: integer("max_width_mm"),
    maxHeightMm: integer("max_height_mm"),
    minQty: integer("min_qty").notNull().default(1),
    maxQty: integer("max_qty").notNull().default(100_000),
    /** Quantity discounts, lowest quantity first; the shop's standard tiers unless a manager set others. */
    quantityTiers: jsonb("quantity_tiers").$type<QuantityTier[]>().notNull().default([...QUANTITY_TIERS]),
    /** The least a line may cost after its quantity discount, in pence (0: none). */
    minLinePence: integer("min_line_pence").notNull().default(0),
    orientation: text("orientation", { enum: ["both", "portrait", "landscape"] }).notNull().default("both"),
    fixedSize: text("fixed_size"),
    specifications: text("specifications").notNull().default(""),
    sortOrder: integer("sort_order").notNull(),
    active: boolean("active").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ...pageMeta,
  },
  (t) => [
    uniqueIndex("products_slug_key").on(t.slug),
    index("products_subcategory_idx").on(t.subcategoryId),
    check("products_price_nonnegative", sql`${t.pricePence} >= 0`),
    check("products_min_qty_positive", sql`${t.minQty} >= 1`),
    check("products_max_qty_at_least_min", sql`${t.maxQty} >= ${t.minQty}`),
    check("products_min_line_nonnegative", sql`${t.minLinePence} >= 0`),
  ],
);

/** A category's earlier slugs: an old address answers 301 to the category's current page. */
export const categorySlugRedirects = pgTable("category_slug_redirects", {
  oldSlug: text("old_slug").primaryKey(),
  categoryId: integer("category_id")
    .notNull()
    .references(() => categories.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A product's earlier slugs: an old address answers 301 to the product's current page. */
export const productSlugRedirects = pgTable("product_slug_redirects", {
  oldSlug: text("old_slug").primaryKey(),
  productId: integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const productAttributes = pgTable(
  "product_attributes",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    groupName: text("group_name").notNull(),
    name: text("name").notNull(),
    displayType: text("display_type", { enum: ["Dropdown", "Radio buttons", "Turnaround"] }).notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    costUnit: text("cost_unit", { enum: ["fixed", "sqm", "percentage"] }).notNull(),
    /** Pence when cost_unit is fixed, pence per m² when sqm; basis points (1% = 100) when percentage. */
    costValue: integer("cost_value").notNull().default(0),
    /** Turnaround options: working days from dispatch to delivery (null: 3, or 2 for express). */
    workingDays: integer("working_days"),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [index("product_attributes_product_idx").on(t.productId)],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    attributeIds: integer("attribute_ids").array().notNull(),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [index("product_variants_product_idx").on(t.productId)],
);

/** An option's price effect as stored (a unit and one integer) in the pricing rule's terms. */
export function attributeCost(unit: AttributeCost["unit"], value: number): AttributeCost {
  return unit === "percentage" ? { unit, basisPoints: value } : { unit, pence: value };
}

/** The stored unit and integer of an option's price effect. */
export function storedCost(cost: AttributeCost): { costUnit: AttributeCost["unit"]; costValue: number } {
  return { costUnit: cost.unit, costValue: cost.unit === "percentage" ? cost.basisPoints : cost.pence };
}
