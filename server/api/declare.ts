// How a route declares itself: who may call it (enforced once, in plugins/auth.ts), its rate limit, its
// line in the API document, and its schemas. `declare({ auth: "staff", tag: "staff", summary }, { params,
// body, response })` gives Fastify's `config` and `schema`; a guarded route is documented as needing the
// bearer token.
import type { FastifySchema } from "fastify";
import type { ZodType } from "zod";
import type { RouteAccess } from "../plugins/auth";
import type { DirectAnswer } from "../direct-routes";

const BEARER = [{ bearer: [] }];

/**
 * A multipart route's parts: its file fields and its text fields. The handler reads them from here (receiveMultipart) and the fuzz suite sends them, so they are written once.
 * `schema`, when given, is what the text fields are validated with: the contract names it (API_CONTRACT's `form`).
 */
export type MultipartForm = { files: readonly string[]; fields: readonly string[]; schema?: ZodType };

declare module "fastify" {
  interface FastifyContextConfig {
    form?: MultipartForm;
  }
}

export type Declaration = {
  auth: RouteAccess;
  tag: string;
  summary: string;
  /** Requests per client address (counted by @fastify/rate-limit). */
  limit?: { max: number; timeWindow: string };
  /** Also answered by the listener ahead of the router (server/direct-routes.ts): public POSTs only. */
  direct?: (body: never) => DirectAnswer | Promise<DirectAnswer>;
  /**
   * The direct answer depends on the body bytes and the catalogue only: its 200s are kept per body until the
   * catalogue changes (server/direct-routes.ts). Only for a handler that reads nothing else (no time, no caller).
   */
  sameForSameCatalogue?: true;
  /** Left out of the API document. */
  hide?: boolean;
  /** A multipart form: the route consumes multipart/form-data with these parts. */
  form?: MultipartForm;
};

export function declare<const Schema extends FastifySchema>(declaration: Declaration, schema: Schema) {
  const { auth, tag, summary, limit, direct, sameForSameCatalogue, hide, form } = declaration;
  return {
    config: {
      auth,
      ...(limit ? { rateLimit: limit } : {}),
      ...(direct ? { direct } : {}),
      ...(sameForSameCatalogue ? { sameForSameCatalogue } : {}),
      ...(form ? { form } : {}),
    },
    schema: { tags: [tag], summary, ...(auth === "public" ? {} : { security: BEARER }), ...(hide ? { hide } : {}), ...schema },
  };
}
