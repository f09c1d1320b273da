import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../../db/client";
import { seedIfFresh } from "../../db/seed/seed";
import { postgresAdminUrl, templateDatabaseName, testDatabaseKind, withDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateDatabase: string;
  }
}

/**
 * Prepares one migrated, seeded database; every test file then starts from its own copy of it:
 * a PGlite data-dir dump loaded in memory, or a PostgreSQL database created from a template.
 */
export default async function setup(project: TestProject) {
  if (testDatabaseKind() === "postgres") {
    const TEMPLATE_DATABASE = templateDatabaseName(process.pid);
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    const handle = await createDb({ dataDir: "", databaseUrl: withDatabase(postgresAdminUrl(), TEMPLATE_DATABASE) });
    await seedIfFresh(handle.db);
    await handle.close();
    project.provide("pgliteTemplatePath", "");
    project.provide("postgresTemplateDatabase", TEMPLATE_DATABASE);
    return async () => {
      await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await admin.end();
    };
  }

  const handle = await createDb({ dataDir: "", inMemory: true });
  await seedIfFresh(handle.db);
  const client = (handle.db as unknown as { $client: { dumpDataDir: (c: "gzip") => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("gzip");
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-test-"));
  const file = path.join(dir, "template.tar.gz");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplatePath", file);
  project.provide("postgresTemplateDatabase", "");
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
