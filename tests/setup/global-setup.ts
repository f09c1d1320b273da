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

type Template = { pgliteTemplatePath: string; postgresTemplateDatabase: string; teardown: () => Promise<void> };
type Shared = { template: Promise<Template>; users: number };
const SHARED = Symbol.for("print-shop.test-template");
const holder = globalThis as { [SHARED]?: Shared };

/**
 * Prepares one migrated, seeded database; every test file then starts from its own copy of it:
 * a PGlite data-dir dump loaded in memory, or a PostgreSQL database created from a template.
 * The "integration" and "processes" projects both name this setup, and Vitest runs it once for each in the
 * same process: the second is given the first's template (held on globalThis, counted, removed by the last
 * teardown) instead of migrating and seeding another, about 5 s of CPU.
 */
export default async function setup(project: TestProject) {
  const shared = (holder[SHARED] ??= { template: makeTemplate(), users: 0 });
  shared.users += 1;
  const template = await shared.template;
  project.provide("pgliteTemplatePath", template.pgliteTemplatePath);
  project.provide("postgresTemplateDatabase", template.postgresTemplateDatabase);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await template.teardown();
  };
}

async function makeTemplate(): Promise<Template> {
  if (testDatabaseKind() === "postgres") {
    const TEMPLATE_DATABASE = templateDatabaseName(process.pid);
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    const handle = await createDb({ dataDir: "", databaseUrl: withDatabase(postgresAdminUrl(), TEMPLATE_DATABASE) });
    await seedIfFresh(handle.db);
    await handle.close();
    return {
      pgliteTemplatePath: "",
      postgresTemplateDatabase: TEMPLATE_DATABASE,
      teardown: async () => {
        await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
        await admin.end();
      },
    };
  }

  const handle = await createDb({ dataDir: "", inMemory: true });
  await seedIfFresh(handle.db);
  // Every test file loads this dump, so it is made cheap to load. A checkpoint first: the database then starts
  // without replaying the seed's write-ahead log. Uncompressed: PGlite unpacks a gzip dump only after a failed
  // attempt to read it as a plain tar (read back from disk, the dump carries no type). Opening a database from
  // it and running one query took 372–482 ms of CPU, against 681–894 ms from the gzip dump without the
  // checkpoint (three runs each, 27 Nov 2026, 2-core machine); a PGlite pass opens about 130.
  const client = (handle.db as unknown as { $client: { exec: (q: string) => Promise<unknown>; dumpDataDir: (c: "none") => Promise<Blob> } }).$client;
  await client.exec("CHECKPOINT");
  const dump = await client.dumpDataDir("none");
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-test-"));
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { pgliteTemplatePath: file, postgresTemplateDatabase: "", teardown: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}
