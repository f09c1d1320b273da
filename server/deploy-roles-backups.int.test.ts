// docs/deploy.md, tried (ADR 046). On PostgreSQL: an owner role migrates and seeds an empty database
// (server/cli/migrate.ts does the same two calls) and grants the shop's role what db/app-role.sql says; the shop then
// starts on that role (no migration made, none asked for) behind a TLS proxy (X-Forwarded-Proto: Secure
// cookie), sells, stores artwork and sends its mail; the role is no superuser and may not create a table; a
// pending migration stops it with the command to run. A
// backup (pg_dump of the database, a copy of DATA_DIR/files) restored into an empty database and an empty
// folder serves the same order and the same file bytes. That needs PostgreSQL and its client tools; the PGlite
// pass tries the embedded shop's backup instead: a copy of its stopped DATA_DIR, opened in another folder.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "../db/client";
import { seedIfFresh } from "../db/seed/seed";
import { makeSignup, signUp } from "../tests/factories/accounts";
import { cmykJpeg, multipart } from "../tests/factories/artwork";
import { bannerLine, placeOrder, saveTestAddresses } from "../tests/factories/checkout";
import { pgliteTemplate } from "../tests/setup/pglite-template";
import { testConfig } from "../tests/setup/test-app";
import { postgresAdminUrl, testDatabaseKind, withDatabase } from "../tests/setup/test-database";
import { buildApp, type App } from "./app";

const root = path.resolve(import.meta.dirname, "..");

/** The folder holding psql, pg_dump and pg_restore: on PATH, else Debian's newest /usr/lib/postgresql/N/bin; null when absent. */
function postgresTools(): string | null {
  const candidates = [...(process.env.PATH ?? "").split(path.delimiter)];
  try {
    const versions = fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  } catch {
    // not Debian's layout
  }
  return candidates.find((dir) => dir && ["psql", "pg_dump", "pg_restore"].every((tool) => fs.existsSync(path.join(dir, tool)))) ?? null;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `print-shop-${name}-`));
  dirs.push(dir);
  return dir;
};

/** A paid order with its artwork: what a backup must keep. */
async function orderWithArtwork(shop: App) {
  const customer = await signUp(shop);
  await saveTestAddresses(shop, customer);
  const placed = await placeOrder(shop, customer, [await bannerLine(shop, { customWidth: 304, customHeight: 304, quantity: 2 })]);
  const orderId = placed.orders[0]!.id;
  const art = await cmykJpeg(1200, 1200, 100);
  const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "job.jpg", contentType: "image/jpeg", data: art }]);
  const uploaded = await shop.inject({ method: "POST", url: `/api/orders/${orderId}/imgs`, headers: { ...customer.auth, ...form.headers }, payload: form.payload });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { customer, orderGroupId: placed.orderGroupId, orderId, art, fileId: (uploaded.json() as { file: { id: number } }).file.id };
}

/** The restored shop shows the customer the same order and the same file, byte for byte. */
async function expectRestored(shop: App, made: Awaited<ReturnType<typeof orderWithArtwork>>) {
  const group = await shop.inject({ method: "GET", url: `/api/orders/group/${made.orderGroupId}`, headers: made.customer.auth });
  expect(group.statusCode, group.body).toBe(200);
  expect(JSON.stringify(group.json())).toContain(`"id":${made.orderId}`);
  const file = await shop.inject({ method: "GET", url: `/api/files/${made.fileId}/original`, headers: made.customer.auth });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.equals(made.art)).toBe(true);
}

const onPostgres = testDatabaseKind() === "postgres";
const tools = onPostgres ? postgresTools() : null;
if (onPostgres && !tools) console.warn("deploy-roles-backups: skipped, psql, pg_dump and pg_restore were not found on PATH or in /usr/lib/postgresql/*/bin");

describe.skipIf(!tools)("the shop on a least-privilege role, and a backup restored (PostgreSQL only)", () => {
  const suffix = randomBytes(4).toString("hex");
  const owner = `print_shop_owner_${suffix}`;
  const appRole = `print_shop_app_${suffix}`;
  const password = `pw-${suffix}`;
  const live = `print_shop_deploy_${suffix}`;
  const restored = `print_shop_restored_${suffix}`;
  const opened: { app?: App; db: DbHandle }[] = [];
  let admin: pg.Client;

  const urlFor = (role: string, database: string) => {
    const url = new URL(withDatabase(postgresAdminUrl(), database));
    url.username = role;
    url.password = password;
    return url.toString();
  };
  const run = (tool: string, args: string[]) => execFileSync(path.join(tools!, tool), args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  const grantAppRole = (database: string) => run("psql", ["-q", "-v", `app_role=${appRole}`, "-f", "db/app-role.sql", urlFor(owner, database)]);

  /** The shop as `npm start` builds it, on the app role: createDb migrates only when something is pending. */
  async function shopOn(database: string, dataDir: string, settings: Record<string, string> = {}): Promise<App> {
    const db = await createDb({ dataDir, databaseUrl: urlFor(appRole, database), onConnectionLost: () => {} });
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir, ...settings }), db, logger: false });
    opened.push({ app, db });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    await admin.query(`create role ${owner} login nosuperuser password '${password}'`);
    await admin.query(`create role ${appRole} login nosuperuser password '${password}'`);
    await admin.query(`create database ${live} owner ${owner}`);
    // What `npm run db:migrate` does, as the owner: migrate, then seed.
    const ownerDb = await createDb({ dataDir: "", databaseUrl: urlFor(owner, live) });
    expect(await seedIfFresh(ownerDb.db)).toBe(true);
    await ownerDb.close();
    grantAppRole(live);
  }, 240_000);

  afterAll(async () => {
    for (const { app, db } of opened.splice(0)) {
      await app?.close();
      await db.close();
    }
    for (const database of [live, restored]) await admin.query(`drop database if exists ${database} with (force)`);
    for (const role of [appRole, owner]) await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  it("serves on the app role, then a backup restored into an empty database and folder has the order and its file", async () => {
    const dataDir = tempDir("deploy-live");
    // Behind nginx as docs/deploy.md sets it up: one trusted hop, which says the customer came over HTTPS.
    const shop = await shopOn(live, dataDir, { TRUST_PROXY_HOPS: "1" });
    const overTls = await shop.inject({ method: "POST", url: "/api/auth/signup", headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" }, payload: makeSignup() });
    expect(overTls.statusCode, overTls.body).toBe(201);
    expect(overTls.headers["set-cookie"]).toMatch(/; Secure$/);
    expect(overTls.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");

    // The role can do no more than db/app-role.sql says.
    const asApp = new pg.Client({ connectionString: urlFor(appRole, live) });
    await asApp.connect();
    try {
      expect((await asApp.query<{ rolsuper: boolean }>("select rolsuper from pg_roles where rolname = current_user")).rows).toEqual([{ rolsuper: false }]);
      await expect(asApp.query("create table intruder (id int)")).rejects.toMatchObject({ code: "42501" });
    } finally {
      await asApp.end();
    }

    const made = await orderWithArtwork(shop);
    // The outbox is claimed and sent by the app role too (the order's confirmation).
    expect((await shop.services.emailSender.deliverDue()).sent).toBeGreaterThan(0);

    // Backup: the database as its owner, the files as they lie. Restore: an empty database and an empty folder.
    const backupDir = tempDir("deploy-backup");
    run("pg_dump", ["--format=custom", "--file", path.join(backupDir, "shop.dump"), urlFor(owner, live)]);
    fs.cpSync(path.join(dataDir, "files"), path.join(backupDir, "files"), { recursive: true });
    await admin.query(`create database ${restored} owner ${owner}`);
    run("pg_restore", ["--exit-on-error", "--single-transaction", "--dbname", urlFor(owner, restored), path.join(backupDir, "shop.dump")]);
    grantAppRole(restored);
    const restoredDir = tempDir("deploy-restored");
    fs.cpSync(path.join(backupDir, "files"), path.join(restoredDir, "files"), { recursive: true });

    const again = await shopOn(restored, restoredDir);
    // Without TRUST_PROXY_HOPS nobody's X-Forwarded-Proto is believed: the cookie is not marked Secure on plain HTTP.
    const untrusted = await again.inject({ method: "POST", url: "/api/auth/signup", headers: { "x-forwarded-proto": "https" }, payload: makeSignup() });
    expect(untrusted.statusCode, untrusted.body).toBe(201);
    expect(untrusted.headers["set-cookie"]).not.toContain("Secure");
    await expectRestored(again, made);
  }, 240_000);

  it("a database with a migration pending stops the app role's start with the command to run", async () => {
    const ownerClient = new pg.Client({ connectionString: urlFor(owner, live) });
    await ownerClient.connect();
    try {
      const [last] = (await ownerClient.query<{ id: number; hash: string; created_at: string }>("delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at")).rows;
      try {
        await expect(createDb({ dataDir: "", databaseUrl: urlFor(appRole, live), onConnectionLost: () => {} })).rejects.toThrow(
          new RegExp(`needs 1 migration\\(s\\) \\(\\w+\\) and role ${appRole} may not make them: run \`npm run db:migrate\``),
        );
      } finally {
        await ownerClient.query("insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)", [last!.id, last!.hash, last!.created_at]);
      }
    } finally {
      await ownerClient.end();
    }
  });
});

describe.skipIf(onPostgres)("the embedded shop's backup (PGlite only)", () => {
  it("a copy of the stopped shop's DATA_DIR, opened in another folder, has the order and its file", async () => {
    const dataDir = tempDir("embedded-live");
    const db = await createDb({ dataDir, loadDataDir: pgliteTemplate() });
    const shop = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), db, logger: false });
    await shop.ready();
    const made = await orderWithArtwork(shop);
    await shop.close();
    await db.close();

    const restoredDir = tempDir("embedded-restored");
    fs.cpSync(dataDir, restoredDir, { recursive: true });
    const restoredDb = await createDb({ dataDir: restoredDir });
    const again = await buildApp({ config: testConfig({ DATA_DIR: restoredDir }), db: restoredDb, logger: false });
    try {
      await again.ready();
      await expectRestored(again, made);
    } finally {
      await again.close();
      await restoredDb.close();
    }
  });
});
