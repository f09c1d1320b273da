// Who may call a route is declared on the route (`config: { auth }`) and enforced here, once. Only routes
// that need a customer or staff member pay for the lookup: public routes get no hook at all.
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from "fastify";
import { ACCOUNT_MESSAGES } from "../../domain/account";
import { errorBody } from "../front-door/errors";
import { isManagerRole, isStaffRole, type UserRole } from "../../domain/roles";
import type { AuthUser } from "../services/account-service";

/**
 * `customer`: any signed-in account, serving only its own data. `staff`: production staff and managers.
 * `manager`: managers only (the back office).
 */
export type RouteAccess = "public" | "customer" | "staff" | "manager";

/** A route as declared: who may call it, and its schemas (the contract test compares them with the client's). */
export type RouteEntry = {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  schema: FastifySchema | undefined;
  /** A HEAD route of its own (tus), not the one Fastify adds beside every GET: it is documented, fuzzed and in the matrix. */
  ownHead?: true;
  /** A multipart route's declared parts (`config.form`, declared in server/api/declare.ts). */
  form?: FastifyContextConfig["form"];
};

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set on `customer` and `staff` routes before the handler runs. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every route with its declared access (the authorisation tests are generated from it). */
    routeTable: RouteEntry[];
  }
}

export const NOT_FOUND_MESSAGE = "Not found";

/** The bearer token of a request, or null. The token never goes anywhere but the hash lookup. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

export function registerAuth(app: FastifyInstance, authenticate: (token: string) => Promise<AuthUser | null>): void {
  app.decorateRequest("user", null);
  app.decorate("routeTable", [] as RouteEntry[]);

  const unauthorised = (reply: FastifyReply) =>
    reply.code(401).header("www-authenticate", 'Bearer realm="shop"').send(errorBody(ACCOUNT_MESSAGES.signInRequired, 401));

  const guard = (allowed: (role: UserRole) => boolean) =>
    async function requireAccount(request: FastifyRequest, reply: FastifyReply) {
      // Private answers, and the refusals too, are never stored by browsers or proxies.
      reply.header("cache-control", "no-store");
      const token = bearerToken(request);
      if (!token) return unauthorised(reply);
      const user = await authenticate(token);
      if (!user) return unauthorised(reply);
      // A customer is not told that staff routes exist, nor production staff that the back office does.
      if (!allowed(user.role)) return reply.code(404).send(errorBody(NOT_FOUND_MESSAGE, 404));
      request.user = user;
    };
  // A public route answered for a request that carries credentials (apply-promo, the address lookup) may
  // depend on who asked: it is not stored either, unless the route sets its own cache-control.
  app.addHook("onRequest", async (request, reply) => {
    if (request.headers.authorization !== undefined) reply.header("cache-control", "no-store");
  });
  const guards = { customer: guard(() => true), staff: guard(isStaffRole), manager: guard(isManagerRole) };

  app.addHook("onRoute", (route: RouteOptions) => {
    const access = route.config?.auth;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const ownHead = (route.config as { swagger?: { exposeHeadRoute?: boolean } } | undefined)?.swagger?.exposeHeadRoute === true;
    for (const method of methods) app.routeTable.push({ method, url: route.url, access, schema: route.schema, ...(method === "HEAD" && ownHead ? { ownHead: true as const } : {}), ...(route.config?.form ? { form: route.config.form } : {}) });
    if (access === undefined || access === "public") return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guards[access], ...existing];
  });
}

/** The signed-in account of a guarded route; a missing one is a wiring mistake, not a client error. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error(`Route ${request.routeOptions.url} reads the user but is not guarded`);
  return request.user;
}

/** True when `id` names the signed-in customer. Anything else is answered 404, never 403 (docs/decisions/004-accounts-and-access.md). */
export function isOwnId(request: FastifyRequest, id: number | string): boolean {
  return String(requireUser(request).userId) === String(id);
}
