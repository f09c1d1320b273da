import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { declare } from "../declare";

/** How long a readiness check waits for the database or the storage before calling it unavailable. */
export const READINESS_TIMEOUT_MS = 2_000;

const kinds = { database: z.enum(["pglite", "postgres"]), storage: z.enum(["disk", "s3"]) };
export const readyAnswer = z.object({ status: z.literal("ready"), ...kinds });
export const notReadyAnswer = z.object({ status: z.literal("unavailable"), ...kinds, failed: z.array(z.enum(["database", "storage"])), error: z.string() });

/** Resolves true when `check` finishes within the timeout, false when it fails or takes longer. */
async function answersInTime(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS)));
  try {
    return await Promise.race([check().then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function systemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.services;

  app.get(
    "/health/live",
    declare({ auth: "public", tag: "system", summary: "Liveness: the process is up and answering (no database or storage call)" }, { response: { 200: z.object({ status: z.literal("ok") }) } }),
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    },
  );

  app.get(
    "/health/ready",
    declare({ auth: "public", tag: "system", summary: `Readiness: the database answers a query and the file storage a lookup, each within ${READINESS_TIMEOUT_MS / 1000} s; 503 names what did not` }, {
      response: { 200: readyAnswer, 503: notReadyAnswer },
    }),
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const [databaseUp, storageUp] = await Promise.all([answersInTime(() => db.db.execute(sql`select 1`)), answersInTime(() => storage.exists("health/ready-probe"))]);
      const where = { database: db.kind, storage: storage.kind };
      if (databaseUp && storageUp) return { status: "ready" as const, ...where };
      const failed = [...(databaseUp ? [] : (["database"] as const)), ...(storageUp ? [] : (["storage"] as const))];
      request.log.error({ failed }, "readiness check failed");
      const error = failed.map((part) => (part === "database" ? "Database unreachable" : "File storage unreachable")).join("; ");
      return reply.status(503).send({ status: "unavailable" as const, ...where, failed, error });
    },
  );

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
