// The price service's shapes and messages (server/services/back-office/price-service.ts): a product's line
// in the list, a stored version, an import's planned changes, and the service itself.
import type { Db } from "../../../../db/client";
import type { ProductView } from "../../../../domain/catalogue";
import type { PriceInputs, PriceSample } from "../../../../domain/price-inputs";
import type { PriceListError } from "../../../../domain/price-list";
import type { CatalogueChanges } from "../../catalogue-changes";
import type { Outcome } from "../../outcome";
import type { Actor } from "../audit";

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

export type Source = PriceVersion["source"];

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

/** What every part of the price service is built from. */
export type PriceDeps = { db: Db; changes: CatalogueChanges };

export type Loaded = { product: ProductView; visible: boolean; inputs: PriceInputs };
