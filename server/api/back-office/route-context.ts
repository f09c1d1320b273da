// What the catalogue, price and promotion routes share (server/api/back-office/routes.ts): who is making
// a change, for the audit log, and dates as the answers write them.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireUser } from "../../plugins/auth";
import { actorOf } from "../../services/back-office/audit";

export const iso = (d: Date) => d.toISOString();

export type BackOfficeRouteContext = ReturnType<typeof backOfficeRouteContext>;

export function backOfficeRouteContext(fastify: FastifyInstance) {
  const { services } = fastify;
  const actor = (request: FastifyRequest) => actorOf(services.db.db, requireUser(request).userId);
  return { actor };
}
