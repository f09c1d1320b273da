import type { FastifyInstance } from "fastify";
import { refuseControlCharactersIn } from "../front-door/input";
import { accountRoutes } from "./accounts/routes";
import { addressRoutes } from "./address/routes";
import { afterSaleRoutes } from "./after-sale/routes";
import { artworkRoutes } from "./artwork/routes";
import { reportRoutes } from "./back-office/report-routes";
import { backOfficeRoutes } from "./back-office/routes";
import { teamRoutes } from "./back-office/team-routes";
import { catalogueRoutes } from "./catalogue/routes";
import { checkoutRoutes } from "./checkout/routes";
import { contactRoutes } from "./contact/routes";
import { designJobRoutes } from "./design-jobs/routes";
import { designRoutes } from "./designs/routes";
import { orderRoutes } from "./orders/routes";
import { pricingRoutes } from "./pricing/routes";
import { promotionRoutes } from "./promotions/routes";
import { quoteRoutes } from "./quotes/routes";
import { resumableUploadRoutes } from "./resumable/routes";
import { tradeRoutes } from "./trade/routes";
import { staffRoutes } from "./staff/routes";
import { ordersDeskRoutes } from "./staff/orders-desk-routes";
import { ordersBulkRoutes } from "./staff/orders-bulk-routes";
import { customersRoutes } from "./staff/customers-routes";
import { systemRoutes } from "./system/routes";

export async function registerApi(root: FastifyInstance): Promise<void> {
  // One scope for the API, so the input rules below reach every route in it and nothing else.
  await root.register(async (app) => {
    refuseControlCharactersIn(app);
    await registerRoutes(app);
  });
}

async function registerRoutes(app: FastifyInstance): Promise<void> {
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
  await app.register(ordersDeskRoutes);
  await app.register(ordersBulkRoutes);
  await app.register(customersRoutes);
  await app.register(backOfficeRoutes);
  await app.register(reportRoutes);
  await app.register(teamRoutes);
  await app.register(quoteRoutes);
  await app.register(tradeRoutes);
  await app.register(afterSaleRoutes);
  await app.register(designJobRoutes);
  await app.register(designRoutes);
  await app.register(resumableUploadRoutes);
}
