import type { FastifyInstance } from "fastify";
import { prepareAnswer } from "../../response-cache";
import { declare } from "../declare";

export const CATALOGUE_URL = "/api/data";

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const { services, responseCache } = app;

  // The body is serialised and compressed once per catalogue version and kept in the response cache, from
  // which later requests are answered before they reach this route (the cache is emptied on a change).
  app.get(
    "/data",
    declare({ auth: "public", tag: "catalogue", summary: "The whole catalogue: categories → subcategories → products" }, {}),
    async (request, reply) => {
      let answer = responseCache.get(CATALOGUE_URL);
      // HIT when the answer was already prepared (HEAD, or a request `inject` sends), as the listener says.
      const state = answer ? "HIT" : "MISS";
      if (!answer) {
        const snapshot = await services.catalogue.snapshot();
        answer = prepareAnswer({
          status: 200,
          headers: [
            ["content-type", "application/json; charset=utf-8"],
            ["cache-control", "public, max-age=0, must-revalidate"],
          ],
          body: snapshot.apiBody,
          etag: snapshot.apiEtag,
        });
        // Only the current catalogue is kept: a change while this snapshot was read has dropped it.
        if ((await services.catalogue.snapshot()) === snapshot) responseCache.set(CATALOGUE_URL, answer);
      }
      return responseCache.send(request, reply, answer, state);
    },
  );
}
