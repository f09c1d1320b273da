import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { declare } from "../declare";

export async function systemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;

  app.get(
    "/health",
    declare({ auth: "public", tag: "system", summary: "Liveness and database check" }, {
      response: {
        200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
        503: z.object({ status: z.literal("unavailable"), database: z.enum(["pglite", "postgres"]), error: z.string() }),
      },
    }),
    async (request, reply) => {
      try {
        await db.db.execute(sql`select 1`);
        return { status: "ok" as const, database: db.kind };
      } catch (error) {
        request.log.error({ err: error }, "health check failed");
        return reply.status(503).send({ status: "unavailable" as const, database: db.kind, error: "Database unreachable" });
      }
    },
  );
}
