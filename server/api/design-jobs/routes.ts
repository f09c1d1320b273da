// The design service's API (docs/decisions/027-design-service-money-and-dates.md). Customers: their designed item's brief, files, proofs,
// amends and approval (`/api/orders/:orderId/design…`, only their own). Staff: the designers' desk
// (`/api/staff/design…`). Files: brief files and proof files, for their customer or staff only. Uploads
// stream to a temporary file and are checked by content (server/api/uploads.ts, server/artwork).
// The parts: serialise.ts (the answers), route-context.ts (what the routes share), customer-routes.ts,
// file-routes.ts, staff-routes.ts and redesign-routes.ts, declared in that order.
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { customerDesignRoutes } from "./customer-routes";
import { designFileRoutes } from "./file-routes";
import { redesignRoutes } from "./redesign-routes";
import { designRouteContext } from "./route-context";
import { staffDesignRoutes } from "./staff-routes";

export async function designJobRoutes(fastify: FastifyInstance): Promise<void> {
  const context = designRouteContext(fastify);
  await fastify.register(multipart);
  customerDesignRoutes(fastify, context);
  designFileRoutes(fastify);
  staffDesignRoutes(fastify, context);
  redesignRoutes(fastify);
}
