import type { IncomingMessage, ServerResponse } from "node:http";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createDb, type DbHandle } from "../db/client";
import { seedIfFresh } from "../db/seed/seed";
import { buildApp } from "./app";
import { deleteUnfinishedUploadFiles } from "./api/uploads";
import { loadConfig } from "./config";
import { startControlSocket } from "./control-socket";
import { databaseIdentity, removeRunningShop, writeRunningShop } from "./running-shop";
import { runWorkers } from "./workers";
import type { SsrSource } from "./ssr";

// server/main.ts in development and build/server-main.js in production both sit one folder below the root.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The built server (build/server-main.js) serves the built pages whatever NODE_ENV says; the sources serve through Vite. */
const bundled = path.basename(fileURLToPath(import.meta.url)) === "server-main.js";

/**
 * Until the server listens, a stop signal (Ctrl-C, SIGTERM) closes the database as soon as it is open, which
 * frees the PGlite lock, and exits. `opened` says whether a stop was asked for before the database opened.
 */
function stopDuringStartUp() {
  let db: DbHandle | undefined;
  let requested = false;
  const stop = () => {
    requested = true;
    if (db) void db.close().finally(() => process.exit(1));
  };
  process.once("SIGINT", stop).once("SIGTERM", stop);
  return {
    opened(handle: DbHandle): boolean {
      db = handle;
      if (requested) stop();
      return requested;
    },
    release(): void {
      process.off("SIGINT", stop).off("SIGTERM", stop);
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (config.workers > 1 && cluster.isPrimary) {
    // Migrations and the first seed happen once, here; each worker then finds them done.
    // The primary's start line says whether it seeded; the workers' say nothing of it (they never seed).
    await runWorkers(config, async () => {
      if ((config.env === "production" || bundled) && !fs.existsSync(path.join(root, "build", "server", "index.js"))) throw new Error("No build found: run `npm run build` first (npm start does).");
      const db = await createDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        return await seedIfFresh(db.db);
      } finally {
        await db.close();
      }
    });
    return;
  }
  const startUp = stopDuringStartUp();
  const db = await createDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  if (startUp.opened(db)) return;
  // A cluster worker finds the database seeded by the primary (above): its start line leaves `seeded` out.
  const seeded = cluster.isWorker ? undefined : await seedIfFresh(db.db);

  let ssr: SsrSource;
  let clientDir: string | undefined;
  let closeVite = async () => {};
  if (config.env === "production" || bundled) {
    const serverBuildPath = path.join(root, "build", "server", "index.js");
    if (!fs.existsSync(serverBuildPath)) throw new Error("No build found: run `npm run build` first (npm start does).");
    const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
    ssr = { mode: "production", getBuild: async () => build };
    clientDir = path.join(root, "build", "client");
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    closeVite = () => devServer.close();
    ssr = {
      mode: "development",
      getBuild: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    };
    const app = await buildApp({ config, db, ssr, startBackgroundJobs: true });
    await app.register((await import("@fastify/middie")).default);
    app.use(devServer.middlewares);
    startUp.release();
    await listen(app, config, seeded, async () => {
      await closeVite();
      await db.close();
    });
    return;
  }

  const app = await buildApp({ config, db, ssr, clientDir, startBackgroundJobs: true });
  startUp.release();
  await listen(app, config, seeded, async () => {
    await db.close();
  });
}

async function listen(
  app: Awaited<ReturnType<typeof buildApp>>,
  config: ReturnType<typeof loadConfig>,
  seeded: boolean | undefined,
  cleanup: () => Promise<void>,
): Promise<void> {
  let closing = false;
  let closeControl = async () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Within 2 s: what is still open after 1.5 s (a slow download, an idle keep-alive) is cut so the
    // database closes and the process exits 0; the hard stop at 5 s is for a close that hangs.
    const hurry = setTimeout(() => app.server.closeAllConnections(), 1_500);
    hurry.unref();
    const force = setTimeout(() => process.exit(1), 5_000);
    force.unref();
    try {
      endUnfinishedBodies();
      await closeControl();
      await app.close();
      // The uploads the shutdown ended leave their temporary files: nobody will finish them (ADR 036).
      const deleted = await deleteUnfinishedUploadFiles();
      if (deleted > 0) app.log.info({ deleted }, "deleted the temporary files of unfinished uploads");
      await cleanup();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  // Ours alone: the dev server (vite) adds handlers that exit at once; cleanup() closes it here.
  process.removeAllListeners("SIGINT").removeAllListeners("SIGTERM");
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  // Requests whose body is still arriving (a slow upload) would hold the shutdown until they finish. Only a
  // request with a body can be one: the others (every page and cached answer) cost nothing to track here.
  const open = new Set<[IncomingMessage, ServerResponse]>();
  app.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined) return;
    const pair: [IncomingMessage, ServerResponse] = [req, res];
    open.add(pair);
    res.once("close", () => open.delete(pair));
  });
  /** Answers each still-arriving body 503 and stops reading it; the upload code then deletes its temporary files. */
  function endUnfinishedBodies(): void {
    for (const [req, res] of open) {
      if (req.complete) continue;
      if (!res.headersSent) {
        res.writeHead(503, { "content-type": "application/json; charset=utf-8", connection: "close", "retry-after": "10" });
        res.end(JSON.stringify({ message: "The shop is restarting. Please send the file again in a minute." }), () => req.destroy());
      } else {
        req.destroy();
      }
    }
  }
  // `npm run staff` reaches a PGlite shop through this socket; on PostgreSQL it uses the database itself.
  if (app.services.db.kind === "pglite") closeControl = await startControlSocket(app.services, config.dataDir, app.log);
  // `npm run staff` reads which database this shop uses and where its links point (server/running-shop.ts).
  writeRunningShop(config.dataDir, { pid: process.pid, database: databaseIdentity(config), publicUrl: config.publicUrl });
  const closeSocket = closeControl;
  closeControl = async () => {
    removeRunningShop(config.dataDir, process.pid);
    await closeSocket();
  };
  app.log.info(
    { url: config.publicUrl, database: app.services.db.kind, dataDir: config.dataDir, seeded },
    `${config.shop.name} is open at http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
