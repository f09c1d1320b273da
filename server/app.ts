import path from "node:path";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { createServer } from "node:http";
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { DbHandle } from "../db/client";
import { tooManyRequestsMessage } from "../domain/retry";
import { registerApi } from "./api";
import { errorBody, internalErrorBody, INVALID_JSON_MESSAGE, validationErrorBody } from "./front-door/errors";
import { BAD_URL_MESSAGE, badUrlPage, isApiUrl } from "./front-door/bad-url-page";
import type { Config } from "./config";
import { registerMailViewer } from "./dev/mail-viewer";
import { registerAuth } from "./plugins/auth";
import { registerSecurityHeaders, requestIdGenerator, SECURITY_HEADERS } from "./plugins/security-headers";
import { createResponseSerializerCompiler } from "./plugins/serializer";
import { mailDir, type MailTransport } from "./integrations/email/transport";
import type { PaymentProvider } from "./integrations/payments/payment-provider";
import { createServices } from "./services";
import { pagesShowing } from "./services/catalogue-service";
import { CATALOGUE_URL } from "./api/catalogue/routes";
import { startDebrisSweeper, type DebrisPlace } from "./services/debris-sweep";
import { postgresRateLimitStore, sweepRateLimits } from "./plugins/rate-limit-store";
import { createDirectRoutes, type DirectRoutes } from "./direct-routes";
import { compressPluginOptions } from "./front-door/compression";
import { createResponseCache, type ResponseCache } from "./response-cache";
import { registerSsr, type SsrSource } from "./ssr";
import { refuseOversizedBodies } from "./front-door/refuse-body";
import { createLogOutput, createRequestLog, LOG_SERIALIZERS, loggedPath, REDACT_PATHS } from "./logging";
import { registerStatic } from "./static";

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** Catalogue pages (about a hundred today) plus the catalogue JSON. */
const MAX_PREPARED_ANSWERS = 500;
/** Counts whose window has passed are deleted this often (PostgreSQL). */
const RATE_LIMIT_SWEEP_MS = 10 * 60_000;
/** Expired resumable uploads are looked for this often. */
const UPLOAD_SWEEP_MS = 10 * 60_000;

export type BuildAppOptions = {
  config: Config;
  db: DbHandle;
  /** Where React Router's server build comes from; without it only the API is served (API tests). */
  ssr?: SsrSource;
  /** Built client files (production). In development Vite serves them. */
  clientDir?: string;
  logger?: FastifyServerOptions["logger"];
  /** Replaces the configured mail transport (tests). */
  mailTransport?: MailTransport;
  /** Replaces the configured payment provider (tests: Stripe against a local server). */
  paymentProvider?: PaymentProvider;
  /** Runs the email sender loop; main.ts sets it, tests call `services.emailSender.deliverDue()` themselves. */
  startBackgroundJobs?: boolean;
};

export type App = FastifyInstance;

/** Builds the whole shop (plugins, API, pages). Never listens: main.ts does, tests use inject. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  // Request lines are batched; warnings and errors are written at once; nothing secret is written at all
  // (server/logging.ts).
  const logOutput = options.logger === undefined && config.logLevel !== "silent" ? createLogOutput() : null;
  const requestId = requestIdGenerator();
  // Prepared answers are sent by the listener itself, ahead of the router (server/response-cache.ts).
  // So are the few JSON calls that declare a direct route (server/direct-routes.ts).
  const front: { cache?: ResponseCache; direct?: DirectRoutes } = {};
  const app = Fastify({
    serverFactory: (handler) => createServer((req, res) => {
      if (!front.cache?.serve(req, res) && !front.direct?.serve(req, res)) handler(req, res);
    }),
    logger: options.logger ?? {
      level: config.logLevel,
      ...(logOutput ? { stream: logOutput.stream } : {}),
      serializers: LOG_SERIALIZERS,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: requestId,
    // Behind a proxy, trust exactly its hops; otherwise X-Forwarded-For could dodge the rate limits.
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    // One structured line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot even decode ("/%E0%A4%A") never reaches the hooks: it is answered here with
    // the same security headers, error body and log line as every other answer.
    frameworkErrors: (error, request, reply) => {
      reply.headers(SECURITY_HEADERS);
      reply.header("x-request-id", request.id);
      const badUrl = error.code === "FST_ERR_BAD_URL";
      const message = badUrl ? BAD_URL_MESSAGE : "The request could not be read.";
      request.log.info({ method: request.method, url: loggedPath(request.url), statusCode: 400, code: error.code }, "request");
      const answer = reply as unknown as { code: (n: number) => { send: (body: unknown) => unknown }; header: (name: string, value: string) => unknown };
      // A browser that followed a broken link gets a page; only /api/* callers get JSON.
      if (badUrl && !isApiUrl(request.url)) {
        answer.header("content-type", "text/html; charset=utf-8");
        answer.header("cache-control", "no-store");
        void answer.code(400).send(badUrlPage());
        return;
      }
      void answer.code(400).send(errorBody(message, 400));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // In tests every answer is also checked against its zod schema (server/plugins/serializer.ts).
  const checkWithZod = config.env === "test";
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkWithZod }));

  const services = createServices(options.db, config, {
    mailTransport: options.mailTransport,
    paymentProvider: options.paymentProvider,
    log: app.log,
  });
  app.decorate("services", services);
  const responseCache = createResponseCache({ maxEntries: MAX_PREPARED_ANSWERS, logRequest: createRequestLog(app.log, logOutput), requestId });
  front.cache = responseCache;
  services.catalogue.onChange((_version, change, previous) => {
    front.direct?.forgetAnswers();
    if (change && previous && change.productIds.length > 0) responseCache.drop(pagesShowing(previous, change.productIds, CATALOGUE_URL));
    else responseCache.clear();
  });
  app.decorate("responseCache", responseCache);
  const directRoutes = createDirectRoutes({ log: app.log, logRequest: createRequestLog(app.log, logOutput), requestId, checkWithZod });
  front.direct = directRoutes;
  app.decorate("directRoutes", directRoutes);
  directRoutes.register(app, config.directRoutes);
  registerAuth(app, (token) => services.accounts.authenticate(token));
  // Other processes' catalogue changes (PostgreSQL): heard from before the first request is served.
  await services.catalogueChanges.start();
  app.addHook("onClose", async () => {
    logOutput?.flushSync();
    await services.catalogueChanges.stop();
    await services.emailSender.stop();
    await services.artworkProcessor.close();
    await services.uploads.close();
    await services.storage.close();
  });

  registerSecurityHeaders(app);
  // Before any other check: a body over its limit is read and thrown away, then refused, so the 413 arrives.
  app.addHook("onRequest", refuseOversizedBodies);
  const logRequest = createRequestLog(app.log, logOutput);
  app.addHook("onResponse", (request, reply, done) => {
    logRequest(request.id, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  await app.register(compress, compressPluginOptions);
  await app.register(rateLimit, {
    global: false,
    // On PostgreSQL every process counts in one table, so N processes allow the limit once between them.
    ...(options.db.kind === "postgres" ? { store: postgresRateLimitStore(options.db.db) } : {}),
    // Every limit says when to come back, in the shop's words (the error handler keeps Retry-After).
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: tooManyRequestsMessage(context.ttl / 1000) }),
  });

  installErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.shop.name} API`, version: "1.0.0" },
      tags: [
        { name: "catalogue" },
        { name: "pricing" },
        { name: "promotions" },
        { name: "contact" },
        { name: "accounts" },
        { name: "checkout" },
        { name: "orders" },
        { name: "artwork" },
        { name: "uploads" },
        { name: "staff" },
        { name: "system" },
      ],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });

  await app.register(registerApi, { prefix: "/api" });
  if (config.env === "development") await registerMailViewer(app, mailDir(config));

  if (options.clientDir) await registerStatic(app, options.clientDir);
  if (options.ssr) await registerSsr(app, { source: options.ssr, services, config, cache: responseCache });

  if (options.startBackgroundJobs) {
    let stopSweeper: (() => Promise<void>) | undefined;
    let rateLimitSweep: NodeJS.Timeout | undefined;
    let refundRetry: NodeJS.Timeout | undefined;
    let uploadSweep: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      // Resumable uploads: expired unfinished ones deleted (S3 multipart uploads aborted), stalled completions taken over.
      const sweepUploads = () => void services.uploads.sweep().catch((error: unknown) => app.log.warn({ err: error }, "upload sweep failed"));
      sweepUploads();
      uploadSweep = setInterval(sweepUploads, UPLOAD_SWEEP_MS);
      uploadSweep.unref();
      // Refunds a card processor did not confirm are asked about again (with the same key) until settled.
      refundRetry = setInterval(() => void services.refunds.settlePending().catch((error: unknown) => app.log.warn({ err: error }, "pending refund retry failed")), 60_000);
      refundRetry.unref();
      services.emailSender.start(5000);
      // Files a killed process left behind: temporary uploads, half-written mail and storage files.
      const places: DebrisPlace[] = [
        { dir: path.join(config.dataDir, "tmp", "uploads"), everything: true },
        { dir: mailDir(config), everything: false },
      ];
      if (config.storage.kind === "disk") places.push({ dir: config.storage.root, everything: false });
      // On PGlite the data folder's lock makes this the only process: anything from before it started is debris.
      const exclusiveSince = options.db.kind === "pglite" ? new Date(performance.timeOrigin) : undefined;
      stopSweeper = startDebrisSweeper(places, app.log, undefined, { storage: services.storage, db: options.db.db }, exclusiveSince);
      if (options.db.kind === "postgres") {
        const db = options.db.db;
        rateLimitSweep = setInterval(() => void sweepRateLimits(db).catch((error: unknown) => app.log.warn({ err: error }, "rate limit sweep failed")), RATE_LIMIT_SWEEP_MS);
        rateLimitSweep.unref();
      }
    });
    app.addHook("onClose", async () => {
      if (rateLimitSweep) clearInterval(rateLimitSweep);
      if (refundRetry) clearInterval(refundRetry);
      if (uploadSweep) clearInterval(uploadSweep);
      await stopSweeper?.();
    });
  }

  return app;
}

function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return reply.status(400).send(validationErrorBody(error.validation));
    const err = error as { statusCode?: number; message?: string; code?: string };
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status < 500) {
      const message =
        err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
          ? "The request is too large."
          : err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "Unsupported content type."
            : err.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || err.code === "FST_ERR_CTP_INVALID_JSON_BODY"
              ? INVALID_JSON_MESSAGE
              : (err.message ?? "Bad request");
      if (status === 429) reply.header("retry-after", reply.getHeader("retry-after") ?? "60");
      return reply.status(status).send(errorBody(message, status));
    }
    request.log.error({ err: error, reqId: request.id }, "request failed");
    return reply.status(500).send(internalErrorBody(request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const message = `No such endpoint: ${request.method} ${request.url.split("?")[0]}`;
    return reply.status(404).send(errorBody(message, 404));
  });
}
