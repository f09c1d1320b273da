// Responses are written by fast-json-stringify, compiled once per route from the route's zod response
// schema (converted to JSON Schema): only the documented fields go out, and no per-request validation pass
// runs. Each is compiled when its first answer is sent, not at start: the route table declares several
// hundred (route, status) pairs, most of which a process never sends, and compiling them all took about
// 0.5 s of the 4 s of CPU a shop spent starting. In tests the zod schema also checks every answer, so a
// handler that drifts from its documented contract fails there rather than being quietly coerced in production.
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

export type SerializerOptions = { checkWithZod: boolean };

/** The serialiser of one response schema (`method` and `url` only name the route in a drift error). */
export function compileJsonSerializer(
  schema: z.ZodType,
  options: SerializerOptions & { method: string; url: string },
): (data: unknown) => string {
  let serialize = (data: unknown): string => {
    serialize = compileNow(schema, options);
    return serialize(data);
  };
  return (data) => serialize(data);
}

function compileNow(schema: z.ZodType, options: SerializerOptions & { method: string; url: string }): (data: unknown) => string {
  const strict = zodSerializerCompiler({ schema, method: options.method, url: options.url } as never) as (data: unknown) => string;
  let fast: (data: unknown) => string;
  try {
    const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any", target: "draft-7" }) as Record<string, unknown>;
    delete json.$schema;
    fast = fastJson(json as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    // A schema JSON Schema cannot express: the zod serializer handles that route.
    return strict;
  }
  if (!options.checkWithZod) return fast;
  return (data) => {
    strict(data);
    return fast(data);
  };
}

export function createResponseSerializerCompiler(options: SerializerOptions): FastifySerializerCompiler<unknown> {
  return (route) => compileJsonSerializer(route.schema as z.ZodType, { ...options, method: route.method, url: route.url });
}
