import type { FastifyInstance } from "fastify";
import { accountRoutes } from "./accounts/routes";
import { catalogueRoutes } from "./catalogue/routes";
import { contactRoutes } from "./contact/routes";
import { pricingRoutes } from "./pricing/routes";
import { promotionRoutes } from "./promotions/routes";
import { systemRoutes } from "./system/routes";

export async function registerApi(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
  await app.register(catalogueRoutes);
  await app.register(pricingRoutes);
  await app.register(promotionRoutes);
  await app.register(contactRoutes);
  await app.register(accountRoutes);
}
