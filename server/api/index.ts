import type { FastifyInstance } from "fastify";
import { accountRoutes } from "./accounts/routes";
import { addressRoutes } from "./address/routes";
import { artworkRoutes } from "./artwork/routes";
import { catalogueRoutes } from "./catalogue/routes";
import { checkoutRoutes } from "./checkout/routes";
import { contactRoutes } from "./contact/routes";
import { orderRoutes } from "./orders/routes";
import { pricingRoutes } from "./pricing/routes";
import { promotionRoutes } from "./promotions/routes";
import { staffRoutes } from "./staff/routes";
import { systemRoutes } from "./system/routes";

export async function registerApi(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
  await app.register(catalogueRoutes);
  await app.register(pricingRoutes);
  await app.register(promotionRoutes);
  await app.register(contactRoutes);
  await app.register(accountRoutes);
  await app.register(addressRoutes);
  await app.register(checkoutRoutes);
  await app.register(orderRoutes);
  await app.register(artworkRoutes);
  await app.register(staffRoutes);
}
