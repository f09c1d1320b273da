// `npm run db:migrate`: migrates and seeds the database of DATABASE_URL (or the PGlite folder in DATA_DIR),
// then exits. Run it as the role that owns the database; the shop itself may then run as a role that can
// only read and write the tables (docs/deploy.md, ADR 046).
import { createDb } from "../../db/client";
import { seedIfFresh } from "../../db/seed/seed";
import { loadConfig } from "../config";

const config = loadConfig();
const db = await createDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  const seeded = await seedIfFresh(db.db);
  console.log(`Migrated ${db.kind === "postgres" ? "the PostgreSQL database" : `the PGlite database in ${config.dataDir}`}${seeded ? " and seeded the catalogue" : ""}.`);
} finally {
  await db.close();
}
