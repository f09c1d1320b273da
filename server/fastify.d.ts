import type { Services } from "./services";

declare module "fastify" {
  interface FastifyInstance {
    /** The shop's services, decorated once in buildApp (server/app.ts). */
    services: Services;
  }
}
