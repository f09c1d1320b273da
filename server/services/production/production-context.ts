// What every part of the production service shares (server/services/production-service.ts): its
// dependencies, the shop's public address without a trailing slash, and the domain of its mails' ids.
import type { ProductionDeps } from "./production-types";

export type ProductionContext = ReturnType<typeof productionContext>;

export function productionContext(deps: ProductionDeps) {
  const { db, storage, shop, sender } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, "");
  const messageIdDomain = shop.email.split("@")[1];
  return { deps, db, storage, shop, sender, publicUrl, messageIdDomain };
}
