// The catalogue service's shapes (server/services/catalogue-service.ts): the snapshot the shop reads and what the service offers.
import type { CategoryView, NavCategory, ProductView, SubcategoryView } from "../../../domain/catalogue";

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
