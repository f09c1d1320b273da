import fs from "node:fs";
import { inject } from "vitest";
import { createDb } from "../../db/client";

/** The run's seeded PGlite template (tests/setup/global-setup.ts), as a data-folder dump to load. */
export function pgliteTemplate(): Blob {
  return new Blob([fs.readFileSync(inject("pgliteTemplatePath"))]);
}

/**
 * Fills the empty folder `dataDir` with a copy of the seeded template, as a shop's PGlite folder, and closes it:
 * for a test whose subject is not a fresh folder (PGlite's initdb, the migrations and the seed cost 4–8 s of CPU).
 */
export async function copyTemplateInto(dataDir: string): Promise<void> {
  await (await createDb({ dataDir, loadDataDir: pgliteTemplate(), migrate: false })).close();
}
