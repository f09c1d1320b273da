// Shape of the seeded catalogue. Money is integer pence; percentages are basis points (1% = 100).
import type { AttributeView, ProductView } from "../../domain/catalogue";

export type { AttributeCost } from "../../domain/pricing";
export type { DisplayType } from "../../domain/catalogue";

/** An option as the seed writes it: the catalogue's attribute without its id; one default per group. */
export type SeedAttribute = Omit<AttributeView, "id" | "isDefault" | "workingDays"> & { isDefault?: boolean; workingDays?: number };

/**
 * A product as the seed writes it: the catalogue's fields (pence, per item or per m², size limits for
 * size-based products, "AxB" mm for fixed ones) without ids and order, its options by name, and each
 * variant as a list of "Group/Name" keys.
 */
export type SeedProduct = Omit<
  ProductView,
  "id" | "order" | "subcategoryId" | "categoryId" | "sizeLimits" | "fixedSize" | "attributes" | "variants" | "maxQty" | "quantityTiers" | "minLinePence"
> &
  Partial<Pick<ProductView, "maxQty" | "quantityTiers" | "minLinePence">> & {
  sizeLimits?: ProductView["sizeLimits"] & object;
  fixedSize?: string;
  attributes: SeedAttribute[];
  variants?: string[][];
};

export type SeedSubcategory = {
  slug: string;
  name: string;
  pageTitle: string;
  pageDescription: string;
  pageKeywords: string;
  products: SeedProduct[];
};

export type SeedCategory = {
  slug: string;
  name: string;
  description: string;
  /** e.g. "/images/categories/banners.svg" */
  image: string;
  pageTitle: string;
  pageDescription: string;
  pageKeywords: string;
  subcategories: SeedSubcategory[];
};
