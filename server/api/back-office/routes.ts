// The back office's catalogue, prices and promo codes (`/api/manage…`). The parts: route-context.ts (what
// the routes share), price-routes.ts, catalogue-admin-routes.ts and promotion-routes.ts, each with its
// answers' schemas.
// The staff list and audit log are team-routes.ts's, the reports report-routes.ts's.
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { catalogueAdminRoutes } from "./catalogue-admin-routes";
import { priceChangeRoutes, productPriceRoutes } from "./price-routes";
import { promotionRoutes } from "./promotion-routes";
import { backOfficeRouteContext } from "./route-context";

export { categoryTreeAnswer, productDetailsAnswer, productDetailsSavedAnswer, productImageAnswer } from "./catalogue-admin-routes";
export {
  priceHistoryAnswer,
  priceImportAnswer,
  priceImportBody,
  pricePreviewAnswer,
  pricePreviewBody,
  priceRestoreBody,
  priceSaveBody,
  priceSavedAnswer,
  productListAnswer,
  productPricesAnswer,
} from "./price-routes";
export { promotionAnswer, promotionListAnswer } from "./promotion-routes";

/** The back office: managers only (production staff and customers get 404, nobody signed in 401). */
export async function backOfficeRoutes(fastify: FastifyInstance): Promise<void> {
  const context = backOfficeRouteContext(fastify);
  await fastify.register(multipart);
  // Declared in the order they always were: the OpenAPI document lists paths in that order, and the fuzz
  // test (server/api/fuzz.test.ts) walks them in it with a fixed seed.
  productPriceRoutes(fastify);
  catalogueAdminRoutes(fastify, context);
  priceChangeRoutes(fastify, context);
  promotionRoutes(fastify, context);
}
