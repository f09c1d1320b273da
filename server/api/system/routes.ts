import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

export async function systemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  app.get(
    "/health",
    {
      config: { auth: "public" },
      schema: {
        tags: ["system"],
        summary: "Liveness and database check",
        response: {
          200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
          503: z.object({ status: z.literal("unavailable"), database: z.enum(["pglite", "postgres"]), error: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await services.db.db.execute(sql`select 1`);
        return { status: "ok" as const, database: services.db.kind };
      } catch (error) {
        request.log.error({ err: error }, "health check failed");
        return reply.status(503).send({ status: "unavailable" as const, database: services.db.kind, error: "Database unreachable" });
      }
    },
  );
}
