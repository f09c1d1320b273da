import type { DirectAnswer, DirectRoutes } from "./direct-routes";
import type { ResponseCache } from "./response-cache";
import type { Services } from "./services";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Also answered by the listener ahead of the router, with this synchronous-when-possible handler of the
     * validated body (server/direct-routes.ts). Only a public POST may declare it: the listener runs no hooks.
     */
    direct?: (body: never) => DirectAnswer | Promise<DirectAnswer>;
    /** The direct answer is a function of the body bytes and the catalogue: kept until the catalogue changes. */
    sameForSameCatalogue?: true;
  }
  interface FastifyInstance {
    /** The shop's services, decorated once in buildApp (server/app.ts). */
    services: Services;
    /** Prepared answers for anonymous GETs, served ahead of the router (server/response-cache.ts). */
    responseCache: ResponseCache;
    /** JSON calls answered by the listener ahead of the router, with the same parts (server/direct-routes.ts). */
    directRoutes: DirectRoutes;
  }
}
