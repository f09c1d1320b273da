// The catalogue as the shop reads it: one snapshot per version, built once and served from memory, rebuilt
// after any change, and the cached pages a change makes stale (pagesShowing).
// The parts, in catalogue/: catalogue-types.ts (the shapes), load-snapshot.ts (a snapshot from the database),
// product-view.ts (one product from its rows) and catalogue-api.ts (the `GET /api/data` body's shape).
import type { Db } from "../../db/client";
import type { CatalogueService, CatalogueSnapshot } from "./catalogue/catalogue-types";
import { loadSnapshot } from "./catalogue/load-snapshot";

export { productView } from "./catalogue/product-view";
export type { CatalogueService, CatalogueSnapshot } from "./catalogue/catalogue-types";

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
