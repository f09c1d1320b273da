// A few JSON calls are made so often that the framework's per-request pipeline is most of their cost:
// `POST /api/calculatePrice` runs on every change a customer makes to a configuration. Such a route is
// declared twice by its own module, from the same parts: once as a Fastify route (documentation, inject,
// anything unusual) and once here, where the node:http listener answers it before the router runs.
//
// The direct answer goes through the same steps in the same order, with the same parts: the body parser
// (secure-json-parse, prototype poisoning refused), the route's compiled zod validator and the shared 400
// it produces, the route's own handler, the route's serialiser, the security headers and request id, the
// compression rule (br or gzip from 1 KiB) and the one request log line. server/direct-routes.test.ts
// sends a corpus of good and bad requests both ways and requires the same status, headers and body.
//
// Only plain requests come here: the exact path, `application/json` (optionally `; charset=utf-8`), a
// Content-Length up to DIRECT_BODY_LIMIT_BYTES, no Transfer-Encoding and no Expect. The decision is made
// on the headers alone, before any byte of the body is read, so everything else reaches Fastify untouched.
import { performance } from "node:perf_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import secureJson from "secure-json-parse";
import type { z } from "zod";
import { errorSchema, INVALID_JSON_MESSAGE, internalErrorBody, validationErrorBody, type ValidationIssue } from "./front-door/errors";
import { chooseEncoding } from "./front-door/encoding";
import type { RequestLog } from "./logging";
import { compileJsonSerializer } from "./plugins/serializer";
import { SECURITY_HEADERS } from "./plugins/security-headers";
import { COMPRESS_THRESHOLD_BYTES, compressBody, ON_THE_FLY } from "./front-door/compression";

/** Answers kept per memoised route (a few hundred bytes each): the configurations customers are trying now. */
export const DIRECT_MEMO_ENTRIES = 2000;
/** Longer bodies are answered but not kept, so the memo stays under about 3 MB whatever is sent. */
const MEMO_KEY_LIMIT_BYTES = 1024;

/** Larger bodies (none of a direct route's valid ones come close) go to Fastify and its own limit. */
export const DIRECT_BODY_LIMIT_BYTES = 64 * 1024;
const JSON_TYPE = /^application\/json\s*(?:;\s*charset=utf-8\s*)?$/i;

export type DirectAnswer = { status: number; payload: unknown };

export type DirectRouteDefinition<Body extends z.ZodType> = {
  /** The whole path, prefix included, e.g. `/api/calculatePrice`. Only POST is served directly. */
  url: string;
  body: Body;
  /** Response schemas by status, as on the Fastify route. */
  response: Record<number, z.ZodType>;
  /**
   * The route's handler: the same function the Fastify route calls with its validated body. It may answer
   * synchronously: a promise per request is a real cost once React's renderer has turned async hooks on.
   */
  handle: (body: z.output<Body>) => DirectAnswer | Promise<DirectAnswer>;
  /**
   * The answer is a function of the body bytes and the catalogue alone: a 200 is kept (serialised) per body
   * and sent again for the same bytes until `forgetAnswers()` (the catalogue changed).
   */
  sameForSameCatalogue?: boolean;
};

type CompiledRoute = {
  /** Body bytes (latin1) → serialised 200, oldest first; null when the route is not memoised. */
  memo: Map<string, string> | null;
  validate: (data: unknown) => { value?: unknown; error?: ValidationIssue[] };
  serializers: Map<number, (data: unknown) => string>;
  handle: (body: never) => DirectAnswer | Promise<DirectAnswer>;
};

export type DirectRoutes = {
  add<Body extends z.ZodType>(definition: DirectRouteDefinition<Body>): void;
  /** The paths answered here (the parity test sends a corpus to each). */
  urls(): string[];
  /**
   * Takes every route declared with `config.direct` (an onRoute hook). A route that is not a public POST
   * with a body schema is refused at start-up: the listener runs none of the hooks a guarded route needs.
   */
  register(app: FastifyInstance, enabled: boolean): void;
  /** Drops every kept answer (app.ts: on every catalogue change, before the new catalogue serves a request). */
  forgetAnswers(): void;
  /** The node:http front: takes a plain POST to a direct route and returns true, or returns false untouched. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
};

const JSON_PARSE_OPTIONS = { protoAction: "error", constructorAction: "error" } as const;

export function createDirectRoutes(options: {
  /** For a handler's failure. */
  log: FastifyBaseLogger;
  logRequest: RequestLog;
  requestId: (req: IncomingMessage) => string;
  checkWithZod: boolean;
}): DirectRoutes {
  const { log, logRequest, requestId, checkWithZod } = options;
  const routes = new Map<string, CompiledRoute>();
  const errorSerializer = compileJsonSerializer(errorSchema, { checkWithZod, method: "POST", url: "(direct routes)" });
  // Everything before the request id is the same on every answer: computed once.
  const leadingHeaders = Object.entries(SECURITY_HEADERS).flat();

  function send(req: IncomingMessage, res: ServerResponse, id: string, started: number, status: number, json: string): void {
    let body: Buffer | string = json;
    const headers = leadingHeaders.slice();
    headers.push("x-request-id", id, "content-type", "application/json; charset=utf-8");
    if (Buffer.byteLength(json) >= COMPRESS_THRESHOLD_BYTES) {
      const encoding = acceptedEncoding(req.headers["accept-encoding"]);
      if (encoding) {
        body = compressBody(json, encoding, ON_THE_FLY);
        headers.push("vary", "accept-encoding", "content-encoding", encoding);
      }
    }
    headers.push("content-length", String(Buffer.byteLength(body)));
    res.writeHead(status, headers);
    res.end(body);
    logRequest(id, "POST", req.url ?? "", status, performance.now() - started);
  }

  // Bumped on every catalogue change: an answer computed across a change is not kept.
  let generation = 0;

  function remember(memo: Map<string, string>, key: string, json: string): void {
    if (memo.size >= DIRECT_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
    memo.set(key, json);
  }

  function answer(req: IncomingMessage, res: ServerResponse, route: CompiledRoute, raw: Buffer, id: string, started: number): void {
    const memo = route.memo && raw.length <= MEMO_KEY_LIMIT_BYTES ? route.memo : null;
    const key = memo ? raw.toString("latin1") : "";
    const kept = memo?.get(key);
    if (kept !== undefined) return send(req, res, id, started, 200, kept);
    const born = generation;
    let parsed: unknown;
    try {
      if (raw.length === 0) throw new SyntaxError("empty body");
      parsed = secureJson.parse(raw, undefined, JSON_PARSE_OPTIONS);
    } catch {
      return send(req, res, id, started, 400, errorSerializer({ error: INVALID_JSON_MESSAGE, message: INVALID_JSON_MESSAGE, statusCode: 400 }));
    }
    const checked = route.validate(parsed);
    if (checked.error) return send(req, res, id, started, 400, errorSerializer(validationErrorBody(checked.error)));
    const succeed = ({ status, payload }: DirectAnswer) => {
      const serialize = route.serializers.get(status) ?? errorSerializer;
      const json = serialize(payload);
      if (memo && status === 200 && born === generation) remember(memo, key, json);
      send(req, res, id, started, status, json);
    };
    const fail = (error: unknown) => {
      log.error({ err: error, reqId: id }, "request failed");
      if (!res.headersSent) send(req, res, id, started, 500, errorSerializer(internalErrorBody(id)));
      else res.destroy();
    };
    try {
      const result = route.handle(checked.value as never);
      if (result instanceof Promise) result.then(succeed).catch(fail);
      else succeed(result);
    } catch (error) {
      fail(error);
    }
  }

  function add<Body extends z.ZodType>(definition: DirectRouteDefinition<Body>): void {
    const method = "POST";
    const serializers = new Map<number, (data: unknown) => string>();
    for (const [status, schema] of Object.entries(definition.response)) {
      serializers.set(Number(status), compileJsonSerializer(schema, { checkWithZod, method, url: definition.url }));
    }
    const validate = validatorCompiler({ schema: definition.body, method, url: definition.url, httpPart: "body" } as never) as CompiledRoute["validate"];
    const memo = definition.sameForSameCatalogue ? new Map<string, string>() : null;
    routes.set(definition.url, { memo, validate, serializers, handle: definition.handle as CompiledRoute["handle"] });
  }

  return {
    add,

    urls: () => [...routes.keys()],

    register(app, enabled) {
      app.addHook("onRoute", (route: RouteOptions) => {
        const handle = route.config?.direct;
        if (!handle) return;
        const where = `${String(route.method)} ${route.url}`;
        if (route.config?.auth !== "public") throw new Error(`${where} declares a direct route but is not public: the listener runs no access checks`);
        if (route.method !== "POST") throw new Error(`${where} declares a direct route: only POST is answered directly`);
        const body = route.schema?.body as z.ZodType | undefined;
        const response = route.schema?.response as Record<number, z.ZodType> | undefined;
        if (!body || !response) throw new Error(`${where} declares a direct route without body and response schemas`);
        const sameForSameCatalogue = route.config?.sameForSameCatalogue === true;
        if (enabled) add({ url: route.url, body, response, sameForSameCatalogue, handle: handle as (body: unknown) => DirectAnswer | Promise<DirectAnswer> });
      });
    },

    forgetAnswers() {
      generation++;
      for (const route of routes.values()) route.memo?.clear();
    },

    serve(req, res) {
      if (req.method !== "POST" || routes.size === 0) return false;
      const route = routes.get(req.url ?? "");
      if (!route) return false;
      const { headers } = req;
      const type = headers["content-type"];
      const length = Number(headers["content-length"]);
      if (
        type === undefined ||
        !JSON_TYPE.test(type) ||
        headers["content-length"] === undefined ||
        !Number.isSafeInteger(length) ||
        length > DIRECT_BODY_LIMIT_BYTES ||
        headers["transfer-encoding"] !== undefined ||
        headers.expect !== undefined
      ) {
        return false;
      }
      const started = performance.now();
      const id = requestId(req);
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      // A client that goes away mid-body gets nothing; there is nobody to answer.
      req.on("error", () => {});
      req.on("end", () => {
        answer(req, res, route, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), id, started);
      });
      return true;
    },
  };
}

/** The one front-door choice (server/front-door/encoding.ts); identity means no coding here. */
function acceptedEncoding(header: string | string[] | undefined): "br" | "gzip" | null {
  const coding = chooseEncoding(header);
  return coding === "identity" ? null : coding;
}
