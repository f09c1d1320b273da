import type { DbHandle } from "../../db/client";
import type { Config, ShopDetails } from "../config";
import { createCatalogueService, type CatalogueService } from "./catalogue-service";
import { createPromoService, type PromoService } from "./promo-service";

export type Services = {
  db: DbHandle;
  shop: ShopDetails;
  catalogue: CatalogueService;
  promos: PromoService;
};

export function createServices(db: DbHandle, config: Config): Services {
  return {
    db,
    shop: config.shop,
    catalogue: createCatalogueService(db.db),
    promos: createPromoService(db.db),
  };
}
