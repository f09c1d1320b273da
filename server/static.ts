import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Built client files: hashed assets are immutable; other public files (images) are cached for a day. */
export async function registerStatic(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes("/assets/")) res.header("cache-control", "public, max-age=31536000, immutable");
      else res.header("cache-control", "public, max-age=86400");
    },
  });
}
