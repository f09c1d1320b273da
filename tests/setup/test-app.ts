import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createDb, type DbHandle } from "../../db/client";
import { buildApp, type App } from "../../server/app";
import { loadConfig, type Config } from "../../server/config";
import type { MailTransport } from "../../server/integrations/email/transport";
import type { SsrSource } from "../../server/ssr";
import { pgliteTemplate } from "./pglite-template";
import { postgresAdminUrl, testDatabaseKind, withDatabase } from "./test-database";

/** A fresh copy of the seeded test database, for one test file; on PostgreSQL, with its address. */
export async function createTestDb(): Promise<DbHandle & { url?: string }> {
  if (testDatabaseKind() === "postgres") {
    const name = `print_shop_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject("postgresTemplateDatabase")}`);
    await admin.end();
    // The copy is dropped `with (force)` when the file ends, which ends any connection the pool still holds.
    const databaseUrl = withDatabase(postgresAdminUrl(), name);
    const handle = await createDb({ dataDir: "", databaseUrl, migrate: false, onConnectionLost: () => {} });
    return {
      ...handle,
      url: databaseUrl,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: postgresAdminUrl() });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  return createDb({ dataDir: "", inMemory: true, loadDataDir: pgliteTemplate(), migrate: false });
}

/** Files a test app writes (uploads, mail) go to the system's temp folder, never into the project. */
const processDataDir = path.join(os.tmpdir(), `print-shop-test-${process.pid}`);

export function testConfig(overrides: Record<string, string> = {}): Config {
  // The cheap argon2 cost (ADR 035); accounts.test.ts pins production's with PASSWORD_HASH_COST=production.
  // The config allows the cheap cost only under NODE_ENV=test, so an app started as development or production
  // hashes at production's.
  const cost = (overrides.NODE_ENV ?? "test") === "test" ? "test" : "production";
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: processDataDir, PASSWORD_HASH_COST: cost, ...overrides });
}

export type TestApp = { app: App; db: DbHandle & { url?: string }; config: Config; close: () => Promise<void> };

export type TestAppOptions = {
  /** Replaces the mail transport (otherwise .eml files under DATA_DIR/mail). */
  mailTransport?: MailTransport;
  /** Renders pages too (otherwise the API alone). */
  ssr?: SsrSource;
};

/** The real app (pages only when given `ssr`) on a fresh database copy. */
export async function createTestApp(overrides: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDb();
  const ownDir = overrides.DATA_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-test-app-"));
  const config = testConfig({ ...(ownDir ? { DATA_DIR: ownDir } : {}), ...overrides });
  const app = await buildApp({ config, db, logger: false, mailTransport: options.mailTransport, ssr: options.ssr });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.close();
      if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second shop process on the same PostgreSQL database as `first` (its own pool, its own catalogue and
 * caches, its own LISTEN connection): what a second `npm start` with the same DATABASE_URL would be.
 */
export async function createPeerApp(first: TestApp): Promise<TestApp> {
  if (!first.db.url) throw new Error("A peer process needs PostgreSQL (TEST_DATABASE=postgres)");
  const db = await createDb({ dataDir: "", databaseUrl: first.db.url, migrate: false, onConnectionLost: () => {} });
  const app = await buildApp({ config: first.config, db, logger: false });
  await app.ready();
  return {
    app,
    db,
    config: first.config,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
