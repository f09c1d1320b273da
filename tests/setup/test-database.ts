/** Which database the integration tests run on: PGlite clones (default) or a real PostgreSQL. */
export function testDatabaseKind(): "pglite" | "postgres" {
  if (process.env.TEST_DATABASE_FREE) {
    throw new Error("This test file is listed as database-free in vitest.config.ts but asks for a database: take it off that list.");
  }
  return process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite";
}

export function postgresAdminUrl(): string {
  return process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * The seeded template every test file copies. Named per test run (the runner's pid), so two runs on one
 * PostgreSQL (two checkouts, or CI beside a developer) never drop each other's template.
 */
export function templateDatabaseName(runId: string | number): string {
  return `print_shop_test_template_${runId}`;
}
