// Catalogue shapes shared by the server (which builds them from the database) and the pages.
// Money is integer pence; percentages are basis points (1% = 100).
import type { AttributeCost, PriceType } from "./pricing";
import type { QuantityTier } from "./quantity-tiers";

export type Orientation = "both" | "portrait" | "landscape";
export type DisplayType = "Dropdown" | "Radio buttons" | "Turnaround";

export type AttributeView = {
  id: number;
  group: string;
  name: string;
  displayType: DisplayType;
  isDefault: boolean;
  cost: AttributeCost;
  /** Turnaround options only: working days from dispatch to delivery; null keeps the standard rule (3, express 2). */
  workingDays: number | null;
};

export type SizeLimits = { minWidthMm: number; minHeightMm: number; maxWidthMm: number; maxHeightMm: number };

export type ProductView = {
  id: number;
  slug: string;
  name: string;
  shortDesc: string;
  description: string;
  image: string | null;
  pricePence: number;
  priceType: PriceType;
  sizeLimits: SizeLimits | null;
  minQty: number;
  maxQty: number;
  /** This product's quantity discounts (the standard tiers unless a manager changed them). */
  quantityTiers: QuantityTier[];
  /** The least a line may cost, in pence; 0 for none. */
  minLinePence: number;
  orientation: Orientation;
  fixedSize: string | null;
  attributes: AttributeView[];
  variants: number[][];
  specifications: string;
  order: number;
  subcategoryId: number;
  categoryId: number;
  pageTitle: string;
  pageDescription: string;
  pageKeywords: string;
};

export type SubcategoryView = {
  id: number;
  slug: string;
  name: string;
  order: number;
  categoryId: number;
  pageTitle: string;
  pageDescription: string;
  pageKeywords: string;
  products: ProductView[];
};

export type CategoryView = {
  id: number;
  slug: string;
  name: string;
  description: string;
  image: string | null;
  order: number;
  pageTitle: string;
  pageDescription: string;
  pageKeywords: string;
  subcategories: SubcategoryView[];
};

/** What the header needs on every page: small enough to send with each document. */
export type NavProduct = { id: number; name: string; slug: string };
export type NavSubcategory = { id: number; name: string; slug: string; products: NavProduct[] };
export type NavCategory = { id: number; name: string; slug: string; image: string | null; subcategories: NavSubcategory[] };

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

export function productImage(image: string | null | undefined): string {
  return image || PLACEHOLDER_IMAGE;
}

/** "Roller Banner (Premium)" → "roller-banner-premium". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Cards show the first 20 words of a description followed by an ellipsis. */
export function truncateWords(text: string, maxWords = 20): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return words.join(" ");
  return `${words.slice(0, maxWords).join(" ")}...`;
}

/** Specifications are newline-separated; empty lines are dropped. */
export function specificationLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Case-insensitive substring match on product names, in catalogue order. */
export function searchProducts<T extends { name: string }>(products: T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (needle.length < 2) return [];
  return products.filter((product) => product.name.toLowerCase().includes(needle));
}

/** The home page's Most Popular grid: the first product of each of the first 4 subcategories of every category. */
export function mostPopular<P>(categories: { subcategories: { products: P[] }[] }[]): P[] {
  return categories.flatMap((category) =>
    category.subcategories.slice(0, 4).flatMap((sub) => (sub.products[0] ? [sub.products[0]] : [])),
  );
}

/** A fixed size is stored portrait-first ("AxB" mm); landscape swaps the sides. "594 × 841 mm". */
export function fixedSizeLabel(fixedSize: string | null | undefined, orientation: "Portrait" | "Landscape" | null): string | null {
  const match = /^(\d+)x(\d+)$/.exec(fixedSize ?? "");
  if (!match) return null;
  const [short, long] = [match[1]!, match[2]!];
  return orientation === "Landscape" ? `${long} × ${short} mm` : `${short} × ${long} mm`;
}
