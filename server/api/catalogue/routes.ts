import type { FastifyInstance } from "fastify";

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  // The body is serialised once per catalogue version, so it bypasses the response serialiser.
  app.get(
    "/data",
    { config: { auth: "public" }, schema: { tags: ["catalogue"], summary: "The whole catalogue: categories → subcategories → products" } },
    async (request, reply) => {
      const snapshot = await services.catalogue.snapshot();
      reply.header("etag", snapshot.apiEtag);
      reply.header("cache-control", "public, max-age=0, must-revalidate");
      reply.header("vary", "accept-encoding");
      if (request.headers["if-none-match"] === snapshot.apiEtag) return reply.status(304).send();
      return reply.type("application/json; charset=utf-8").send(snapshot.apiBody);
    },
  );
}
