// The tus 1.0 endpoint, /api/uploads (creation, termination and expiration extensions), mounted beside the
// shop's other routes. Each tus request is a declared route (customer access, rate limit, API document,
// authorisation matrix); the route checks the caller owns the upload (another customer's answers 404),
// then hands the request to @tus/server, whose answer goes out through Fastify like any other (JSON errors
// with a message, security headers, one log line). GET /api/uploads/{uploadId} (not part of tus) answers
// what became of a complete upload.
import { Readable } from "node:stream";
import { Server, type ServerOptions } from "@tus/server";
import { Metadata } from "@tus/utils";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { UPLOAD_MESSAGES, UPLOAD_PURPOSES, UPLOAD_STATES } from "../../../domain/uploads";
import { errorBody } from "../../front-door/errors";
import { discardBody } from "../../front-door/refuse-body";
import { requireUser } from "../../plugins/auth";
import type { UploadRow } from "../../services/uploads/upload-service";
import { declare } from "../declare";
import { notFound, sendFailure } from "../failure";
import { preflightSchema } from "../orders/serialise";
import { replies } from "../schemas";

export const UPLOADS_PATH = "/api/uploads";
const TUS_VERSION = "1.0.0";

export const uploadOutcomeAnswer = z.object({
  id: z.string(),
  purpose: z.enum(UPLOAD_PURPOSES),
  state: z.enum(UPLOAD_STATES),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  /** Bytes the server holds: what an unfinished upload would carry on from. */
  receivedBytes: z.number().int(),
  /** SHA-256 (hex) of the bytes received, once all have arrived. */
  sha256: z.string().nullable(),
  /** What the purpose's completion answered (artwork: orderId, versionNumber, fileId). */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Why the file could not be used (state failed). */
  message: z.string().nullable(),
  /** An artwork file that failed its check: the check's findings. */
  preflight: preflightSchema.nullable(),
});

const uploadParams = z.object({ uploadId: z.string().regex(/^[0-9a-f]{32}$/, "uploadId must be an upload's id") });
const tusHeaders = {
  "tus-resumable": z.string().optional().describe(`${TUS_VERSION} on every request but OPTIONS`),
};

/** Reads and drops what is left of a request's body so its client can read the answer; nothing to do once it ended or broke. */
const drain = (request: FastifyRequest, reply: FastifyReply) => (request.raw.readableEnded || request.raw.destroyed ? undefined : discardBody(request, reply));

/** tus answers in plain text; the shop answers every error in its one JSON shape, in words a customer can read. */
function shopMessage(status: number, text: string): { status: number; message: string } {
  const said = text.trim();
  if (status === 412) return { status, message: `Send the header Tus-Resumable: ${TUS_VERSION}.` };
  if (status === 409) return { status, message: "The upload's offset has moved on: ask for it again (HEAD) and carry on from there." };
  if (status === 410) return { status, message: UPLOAD_MESSAGES.expired };
  if (status === 413) return { status, message: "The file is larger than it was declared, or than we accept." };
  // Another request holds the upload for longer than the lock wait: retried by tus clients (423).
  if (status === 500 && said.includes("lock")) return { status: 423, message: UPLOAD_MESSAGES.busy };
  if (status === 400 && said.includes("aborted")) return { status: 409, message: UPLOAD_MESSAGES.busy };
  return { status, message: said || "The upload request could not be handled." };
}

export async function resumableUploadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { uploads, config } = app.services;
  const { tus: tusStore } = uploads;

  // No body is parsed here: tus reads a PATCH's bytes as they arrive, and no other tus request has a body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  /** The id a creation request is to get (tus asks its naming function with the request it was given). */
  const idFor = new WeakMap<Request, string>();
  const options: ServerOptions & { datastore: typeof tusStore.store } = {
    path: UPLOADS_PATH,
    datastore: tusStore.store,
    locker: uploads.locker,
    maxSize: config.uploadMaxBytes,
    disableTerminationForFinishedUploads: true,
    namingFunction: (req) => {
      const id = idFor.get(req as unknown as Request);
      if (!id) throw new Error("an upload was created without an id");
      return tusStore.storeId(id);
    },
    generateUrl: (_req, { path, id }) => `${path}/${tusStore.publicId(id)}`,
    getFileIdFromRequest: (_req, last) => (last && /^[0-9a-f]{32}$/.test(last) ? tusStore.storeId(last) : undefined),
    // The last byte is stored: the purpose's completion runs before the final PATCH is answered.
    onUploadFinish: async (_req, upload) => {
      const id = tusStore.publicId(upload.id);
      if (id) await uploads.finish(id);
      return {};
    },
  };
  const tus = new Server(options);

  /**
   * The request as tus reads it: a Fetch Request over the same headers, with `body` (a PATCH's bytes) as a
   * stream, and the Node request beside it so tus ends a write gracefully when the client goes away.
   */
  function tusRequest(request: FastifyRequest, reply: FastifyReply, body?: Readable): Request | null {
    const raw = request.raw;
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(raw.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      const init: RequestInit & { duplex?: "half" } = { method: raw.method, headers };
      if (body) {
        init.body = Readable.toWeb(body) as ReadableStream;
        init.duplex = "half";
      }
      const web = new Request(`http://${raw.headers.host ?? "localhost"}${raw.url}`, init);
      Object.defineProperty(web, "runtime", { value: { name: "node", node: { req: raw, res: reply.raw } } });
      return web;
    } catch {
      return null;
    }
  }

  /** Sends tus's answer through Fastify: its headers, and errors in the shop's JSON shape. */
  async function answer(request: FastifyRequest, reply: FastifyReply, response: Response) {
    // SIGTERM answered this request 503 already (server/main.ts): nothing more to send.
    if (reply.raw.headersSent) return reply;
    const text = response.body ? await response.text() : "";
    for (const [name, value] of response.headers) {
      const lower = name.toLowerCase();
      if (lower === "content-length" || lower === "content-type" || lower.startsWith("access-control-")) continue;
      reply.header(name, value);
    }
    if (response.status >= 400) {
      const { status, message } = shopMessage(response.status, text);
      if (status >= 500) request.log.error({ uploadStatus: response.status, said: text.slice(0, 300) }, "the tus server failed");
      // Whatever of the body is still arriving is read and dropped, so the client can read the answer.
      if (request.method === "PATCH" || request.method === "POST") await drain(request, reply);
      return reply.status(status).send(errorBody(message, status));
    }
    return reply.status(response.status).send(text === "" ? undefined : text);
  }

  const refuse = async (request: FastifyRequest, reply: FastifyReply, status: number, message: string) => {
    if (request.method === "PATCH") await drain(request, reply);
    reply.header("tus-resumable", TUS_VERSION);
    return reply.status(status).send(errorBody(message, status));
  };
  const badHeaders = (request: FastifyRequest, reply: FastifyReply) => refuse(request, reply, 400, "The request's headers could not be read.");
  const versionMissing = (request: FastifyRequest) => request.headers["tus-resumable"] !== TUS_VERSION;

  /** A finished upload answers HEAD itself: all its bytes were received (tus clients then read GET for the outcome). */
  const finishedHead = (reply: FastifyReply, row: UploadRow) =>
    reply
      .headers({ "tus-resumable": TUS_VERSION, "upload-offset": String(row.sizeBytes), "upload-length": String(row.sizeBytes), "cache-control": "no-store" })
      .status(200)
      .send();

  app.options(
    "/uploads",
    declare({ auth: "public", tag: "uploads", summary: "The tus server's capabilities: Tus-Version, Tus-Extension (creation, termination, expiration) and Tus-Max-Size" }, { response: { 204: z.null().optional() } }),
    async (request, reply) => {
      const web = tusRequest(request, reply);
      return web ? answer(request, reply, await tus.handleWeb(web)) : badHeaders(request, reply);
    },
  );

  app.post(
    "/uploads",
    declare({ auth: "customer", tag: "uploads", limit: { max: 120, timeWindow: "10 minutes" }, summary: `Creates a resumable upload (tus creation). Headers: Tus-Resumable ${TUS_VERSION}, Upload-Length (bytes), Upload-Metadata (base64 pairs: purpose, filename, filetype, and the purpose's target: artwork takes orderId and version). The owner and the item's state are checked now and again at completion; answers 201 with Location and Upload-Expires.` }, {
      headers: z.object({ ...tusHeaders, "upload-length": z.string().optional(), "upload-metadata": z.string().optional() }),
      response: replies({ 201: z.null().optional() }, 400, 401, 404, 409, 412, 413, 429),
    }),
    async (request, reply) => {
      if (versionMissing(request)) return refuse(request, reply, 412, `Send the header Tus-Resumable: ${TUS_VERSION}.`);
      const lengthHeader = request.headers["upload-length"];
      if (typeof lengthHeader !== "string" || !/^\d{1,15}$/.test(lengthHeader)) return refuse(request, reply, 400, "Upload-Length is required: the file's size in bytes.");
      let metadata: Record<string, string>;
      try {
        const parsed = Metadata.parse(typeof request.headers["upload-metadata"] === "string" ? request.headers["upload-metadata"] : undefined);
        metadata = Object.fromEntries(Object.entries(parsed ?? {}).map(([key, value]) => [key, value ?? ""]));
      } catch {
        return refuse(request, reply, 400, "Upload-Metadata could not be read: send comma-separated pairs of a key and a base64 value.");
      }
      const created = await uploads.create(requireUser(request).userId, { metadata, length: Number(lengthHeader) });
      if (!created.ok) return created.tooLarge ? refuse(request, reply, 413, created.message) : sendFailure(reply, created);
      const web = tusRequest(request, reply);
      if (!web) {
        await uploads.terminated(created.upload.id);
        return badHeaders(request, reply);
      }
      idFor.set(web, created.upload.id);
      const response = await tus.handleWeb(web);
      if (response.status !== 201) await uploads.terminated(created.upload.id);
      return answer(request, reply, response);
    },
  );

  const headDeclaration = declare({ auth: "customer", tag: "uploads", limit: { max: 600, timeWindow: "10 minutes" }, summary: "How many bytes of the upload the server holds (Upload-Offset) and its length; the owner's uploads only (another customer's: 404)" }, {
      params: uploadParams,
      headers: z.object(tusHeaders),
      response: replies({ 200: z.null().optional() }, 400, 401, 404, 410, 412, 423, 429),
    });
  app.route({
    method: "HEAD",
    url: "/uploads/:uploadId",
    schema: headDeclaration.schema,
    // An explicit HEAD (tus), so it is in the API document, the fuzz suite and the authorisation matrix.
    config: { ...headDeclaration.config, swagger: { exposeHeadRoute: true } },
    handler: async (request: FastifyRequest<{ Params: { uploadId: string } }>, reply: FastifyReply) => {
      const row = await uploads.find(requireUser(request).userId, request.params.uploadId);
      if (!row) return notFound(reply);
      if (versionMissing(request)) return refuse(request, reply, 412, `Send the header Tus-Resumable: ${TUS_VERSION}.`);
      if (row.state !== "receiving") return finishedHead(reply, row);
      const web = tusRequest(request, reply);
      return web ? answer(request, reply, await tus.handleWeb(web)) : badHeaders(request, reply);
    },
  });

  app.patch(
    "/uploads/:uploadId",
    {
      ...declare({ auth: "customer", tag: "uploads", limit: { max: 2000, timeWindow: "10 minutes" }, summary: "Sends bytes of the upload from Upload-Offset (Content-Type application/offset+octet-stream); answers 204 with the new Upload-Offset. The first bytes must be of a kind the upload's purpose takes (415 otherwise). When the last byte arrives the purpose's completion runs (artwork: checked and made print-ready) before the answer." }, {
        params: uploadParams,
        headers: z.object({ ...tusHeaders, "upload-offset": z.string().optional(), "content-type": z.string().optional() }),
        response: replies({ 204: z.null().optional() }, 400, 401, 404, 409, 410, 412, 413, 415, 423, 429),
      }),
      // The bytes are tus's to read (up to the largest upload); refuse-body.ts refuses anything beyond.
      bodyLimit: config.uploadMaxBytes + 1024 * 1024,
    },
    async (request, reply) => {
      const row = await uploads.find(requireUser(request).userId, request.params.uploadId);
      if (!row) return refuse(request, reply, 404, "Not found");
      if (versionMissing(request)) return refuse(request, reply, 412, `Send the header Tus-Resumable: ${TUS_VERSION}.`);
      if (row.state !== "receiving") return refuse(request, reply, 409, UPLOAD_MESSAGES.complete);
      const offset = Number(request.headers["upload-offset"]);
      const gate = Number.isSafeInteger(offset) && offset >= 0 && offset < row.sizeBytes ? await uploads.headGate(row, offset) : null;
      if (gate?.refused) {
        await uploads.refuse(row, gate.refused);
        return refuse(request, reply, 415, gate.refused);
      }
      let body: Readable = request.raw;
      if (gate) {
        request.raw.pipe(gate);
        // A refusal ends the gate's stream; the request's own bytes are then read and dropped below.
        gate.once("error", () => request.raw.unpipe(gate));
        body = gate;
      }
      const web = tusRequest(request, reply, body);
      if (!web) return badHeaders(request, reply);
      const response = await tus.handleWeb(web);
      if (gate?.refused) {
        await uploads.refuse(row, gate.refused);
        return refuse(request, reply, 415, gate.refused);
      }
      return answer(request, reply, response);
    },
  );

  app.delete(
    "/uploads/:uploadId",
    declare({ auth: "customer", tag: "uploads", limit: { max: 120, timeWindow: "10 minutes" }, summary: "Stops an unfinished upload and deletes what arrived of it (tus termination); the owner's only" }, {
      params: uploadParams,
      headers: z.object(tusHeaders),
      response: replies({ 204: z.null().optional() }, 400, 401, 404, 409, 412, 423, 429),
    }),
    async (request, reply) => {
      const row = await uploads.find(requireUser(request).userId, request.params.uploadId);
      if (!row) return notFound(reply);
      if (versionMissing(request)) return refuse(request, reply, 412, `Send the header Tus-Resumable: ${TUS_VERSION}.`);
      if (row.state === "failed") {
        await uploads.forget(row.id);
        return reply.header("tus-resumable", TUS_VERSION).status(204).send(undefined);
      }
      if (row.state !== "receiving") return refuse(request, reply, 409, UPLOAD_MESSAGES.complete);
      const web = tusRequest(request, reply);
      if (!web) return badHeaders(request, reply);
      const response = await tus.handleWeb(web);
      if (response.status === 204) await uploads.terminated(row.id);
      return answer(request, reply, response);
    },
  );

  app.get(
    "/uploads/:uploadId",
    {
      ...declare({ auth: "customer", tag: "uploads", summary: "What became of an upload: receiving, processing, done (with the purpose's result) or failed (with why). With `wait` (seconds, up to 25) the answer waits while a completion runs." }, {
        params: uploadParams,
        querystring: z.object({ wait: z.coerce.number({ error: "wait must be a number of seconds" }).int().min(0).max(25).optional() }),
        response: replies({ 200: uploadOutcomeAnswer }, 400, 401, 404),
      }),
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const view = await uploads.outcome(requireUser(request).userId, request.params.uploadId, (request.query.wait ?? 0) * 1000);
      if (!view) return notFound(reply);
      reply.header("cache-control", "no-store");
      const failedWith = view.state === "failed" ? ((await uploads.find(requireUser(request).userId, view.id))?.result ?? null) : null;
      const preflight = preflightSchema.safeParse(failedWith?.preflight ?? null);
      return { ...view, purpose: view.purpose as (typeof UPLOAD_PURPOSES)[number], preflight: preflight.success ? preflight.data : null };
    },
  );
}
