// A design job's files (server/api/design-jobs/routes.ts): brief and amends files, and proof files, each
// for its customer or staff only.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isStaffRole } from "../../../domain/roles";
import { requireUser } from "../../plugins/auth";
import { contentDisposition } from "../../front-door/content-disposition";
import { declare } from "../declare";
import { notFound } from "../failure";
import { idParams } from "../schemas";

export function designFileRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { designJobs: design } = app.services;
  const { services } = app;

  const sendStored = async (reply: FastifyReply, found: { key: string; contentType: string; downloadName: string } | null, disposition: "inline" | "attachment") => {
    if (!found) return notFound(reply);
    const stored = await services.storage.open(found.key);
    if (!stored) return notFound(reply);
    reply.header("cache-control", "private, no-store");
    reply.header("content-length", stored.size);
    reply.header("content-disposition", contentDisposition(disposition, found.downloadName));
    return reply.type(found.contentType).send(stored.stream);
  };

  app.get(
    "/design/brief-files/:fileId/:kind",
    declare({ auth: "customer", tag: "design", summary: "A brief or amends file (the original, or its thumbnail), for its customer or staff only" }, { params: idParams("fileId").extend({ kind: z.enum(["original", "thumbnail"]) }) }),
    async (request, reply) => {
      const user = requireUser(request);
      const found = await design.openFile("brief", request.params.fileId as number, request.params.kind, { userId: user.userId, staff: isStaffRole(user.role) });
      return sendStored(reply, found, request.params.kind === "original" ? "attachment" : "inline");
    },
  );

  app.get(
    "/design/proof-files/:fileId/:kind",
    declare({ auth: "customer", tag: "design", summary: "A proof's design: thumbnail, preview (PNG), print PDF, or (staff only) the designer's original; for its customer or staff only" }, { params: idParams("fileId").extend({ kind: z.enum(["thumbnail", "preview", "pdf", "original"]) }) }),
    async (request, reply) => {
      const user = requireUser(request);
      const found = await design.openFile("proof", request.params.fileId as number, request.params.kind, { userId: user.userId, staff: isStaffRole(user.role) });
      return sendStored(reply, found, request.params.kind === "pdf" || request.params.kind === "original" ? "attachment" : "inline");
    },
  );
}
