// Shape of the seeded catalogue. Money is integer pence; percentages are basis points (1% = 100).

export type DisplayType = "Dropdown" | "Radio buttons" | "Turnaround";

export type AttributeCost =
  | { unit: "fixed"; pence: number }
  | { unit: "percentage"; basisPoints: number };

export type SeedAttribute = {
  /** Group shown to the customer, e.g. "Finishing", "Turnaround". */
  group: string;
  /** Option name, e.g. "Hemmed & Eyeleted", "Express (2 working days)". */
  name: string;
  displayType: DisplayType;
  /** Exactly one option per group is the default. */
  isDefault?: boolean;
  cost: AttributeCost;
};

export type SeedProduct = {
  slug: string;
  name: string;
  /** One sentence for cards. */
  shortDesc: string;
  /** A paragraph or two for the Description tab. */
  description: string;
  /** Path served by the shop, e.g. "/images/products/pvc-banner.svg"; null shows the placeholder. */
  image: string | null;
  /** Fixed products: price per item. Size-based products: price per square metre. */
  pricePence: number;
  priceType: "fixed" | "sqm";
  /** Size-based products only. */
  sizeLimits?: { minWidthMm: number; minHeightMm: number; maxWidthMm: number; maxHeightMm: number };
  minQty: number;
  orientation: "both" | "portrait" | "landscape";
  /** Fixed products only: "AxB" in millimetres (width x height in portrait). */
  fixedSize?: string;
  attributes: SeedAttribute[];
  /** Each variant is a list of "Group/Name" keys naming attributes of this product. */
  variants?: string[][];
  /** Newline-separated specification lines (blank lines allowed, they are dropped on display). */
  specifications: string;
  pageTitle: string;
  pageDescription: string;
  pageKeywords: string;
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
