import type { DirectRoutes } from "./direct-routes";
import type { ResponseCache } from "./response-cache";
import type { Services } from "./services";

declare module "fastify" {
  interface FastifyInstance {
    /** The shop's services, decorated once in buildApp (server/app.ts). */
    services: Services;
    /** Prepared answers for anonymous GETs, served ahead of the router (server/response-cache.ts). */
    responseCache: ResponseCache;
    /** JSON calls answered by the listener ahead of the router, with the same parts (server/direct-routes.ts). */
    directRoutes: DirectRoutes;
  }
}
