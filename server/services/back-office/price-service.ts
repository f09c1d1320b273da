// Managers' price editing: a product's price inputs read and saved as versions, previewed against the
// current prices, restored, and exported and imported as a spreadsheet. The pricing rule is never touched
// here (domain/pricing.ts); only its inputs are. Every save is one transaction: the product's row is locked,
// the version the manager started from is checked against the latest (two managers cannot both win), the
// rows are written, the version and the audit entry recorded, and the change announced to every process.
// The parts, in prices/: price-types.ts (the shapes and messages), price-reads.ts (a product's inputs, its
// latest version, catalogue order), price-save.ts (the one save transaction), product-prices.ts (list, get,
// preview, save, history, restore) and price-list-file.ts (CSV export and import).
import type { Db } from "../../../db/client";
import type { CatalogueChanges } from "../catalogue-changes";
import { priceListFile } from "./prices/price-list-file";
import type { PriceService } from "./prices/price-types";
import { productPrices } from "./prices/product-prices";

export { PRICE_MESSAGES } from "./prices/price-types";
export type { ImportChange, ImportResult, PriceService, PriceVersion, ProductSummary } from "./prices/price-types";

export function createPriceService(deps: { db: Db; changes: CatalogueChanges }): PriceService {
  return {
    ...productPrices(deps),
    ...priceListFile(deps),
  };
}
