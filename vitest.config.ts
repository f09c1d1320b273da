import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import HeavyFirstSequencer from "./tests/setup/heavy-first-sequencer";

/**
 * Integration-test files that never open a database: run once, in the "server" project; `npm run test:pg`
 * (the "integration" project again on PostgreSQL) leaves them out. A file on this list that asks for a
 * test database fails at once (TEST_DATABASE_FREE, tests/setup/test-database.ts): take it off the list,
 * and it runs on both databases.
 */
const DATABASE_FREE_TEST_FILES = [
  "server/artwork/design-pdf.test.ts",
  "server/artwork/design-pixels.test.ts",
  "server/artwork/placement.test.ts",
  "server/artwork/preflight-file.test.ts",
  "server/artwork/print-pdf.test.ts",
  "server/artwork/processor.test.ts",
  "server/concurrency-limit.test.ts",
  "server/direct-routes.test.ts",
  "server/documents/invoice-pdf.test.ts",
  "server/documents/packing-slip-pdf.test.ts",
  "server/documents/pdf-layout.test.ts",
  "server/documents/pdf-text.test.ts",
  "server/front-door/canonical-path.test.ts",
  "server/front-door/content-disposition.test.ts",
  "server/front-door/encoding.test.ts",
  "server/integrations/address/builtin-address-lookup.test.ts",
  "server/integrations/address/getaddress-lookup.test.ts",
  "server/integrations/payments/stripe-provider.test.ts",
  "server/integrations/storage/storage.test.ts",
  "server/response-cache.test.ts",
  "server/services/debris-sweep.test.ts",
  "server/services/uploads/locker.test.ts",
  "server/shop-node.test.ts",
];

/** Files that start the shop as a real process: the built server, built first when stale (tests/setup/built-server.ts). */
const PROCESS_TEST_FILES = ["server/crash.int.test.ts", "server/crash-moments.int.test.ts", "server/main.int.test.ts", "server/resumable-uploads.int.test.ts", "server/two-processes.int.test.ts", "server/workers.int.test.ts"];

/**
 * Files whose database is only a fixture, run on PGlite alone: the parity test compares the prepared answers
 * with Fastify's through a Vite dev server; which database filled the catalogue changes nothing it checks.
 */
const ONE_DATABASE_TEST_FILES = ["server/front-door/parity.test.ts"];
const onPostgres = process.env.TEST_DATABASE === "postgres";

/**
 * A worker loads the app's modules once for all the files it runs, not once per file: the suites build their
 * own app and database per file and share no module state, so isolation bought nothing but imports (about
 * 5 s per integration file on the 2-core machine; 11 files: 107 → 41 s). The one file that replaces a module
 * (vi.mock) runs in a project of its own, isolated. Set per project: inline projects do not inherit the root.
 */
const shared = { isolate: false } as const;

/**
 * A test's own limit. In CI the PostgreSQL pass runs beside the browser tests, so a test that starts the
 * artwork workers (sharp and MuPDF loading, then a print PDF) can take several times its quiet-machine time:
 * on a slow 2-core machine (27 Nov 2026, every step 2.5 times its usual time) single tests took 47–54 s there.
 * 120 s still stops a hung test, without failing a slow one.
 */
const TEST_TIMEOUT_MS = 120_000;

// Kept apart from vite.config.ts: the React Router plugin is for the app build, not for tests.
export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (one worker on a 2-core machine). Many of these files wait on a
    // database, a child process or a timer, so more files than cores finish sooner: two workers on two cores
    // took npm test from 471 to 363 s, and three from 330–357 s to 317–318 s (28 Nov 2026; /proc/stat had
    // shown a core idle for 30 s at a time with two). .ci/run gives the PostgreSQL pass two: it runs beside
    // the browser tests, which fill its waits.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // The longest files first, across projects (tests/setup/heavy-first-sequencer.ts).
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        test: {
          name: "unit",
          ...shared,
          include: ["domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", "db/seed/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        // Replaces sharp with a recording wrapper (vi.mock): isolated, so no other file sees the wrapper.
        test: {
          name: "mocked",
          include: ["server/artwork/pixel-bomb.test.ts"],
          environment: "node",
          isolate: true,
          env: { TEST_DATABASE_FREE: "1" },
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        // Server tests that never open a database: run once (npm test), never again on PostgreSQL.
        test: {
          name: "server",
          ...shared,
          include: DATABASE_FREE_TEST_FILES,
          environment: "node",
          env: { TEST_DATABASE_FREE: "1" },
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        // Everything that opens a database: on PGlite (npm test) and again on PostgreSQL (npm run test:pg).
        test: {
          name: "integration",
          ...shared,
          include: ["server/**/*.test.ts", "db/**/*.int.test.ts"],
          exclude: [...configDefaults.exclude, ...DATABASE_FREE_TEST_FILES, "server/artwork/pixel-bomb.test.ts", ...PROCESS_TEST_FILES, ...(onPostgres ? ONE_DATABASE_TEST_FILES : [])],
          environment: "node",
          globalSetup: ["tests/setup/global-setup.ts"],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        // The shop as real processes, on PGlite and again on PostgreSQL (npm run test:pg).
        test: {
          name: "processes",
          ...shared,
          include: PROCESS_TEST_FILES,
          environment: "node",
          globalSetup: ["tests/setup/global-setup.ts", "tests/setup/built-server.ts"],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
        },
      },
    ],
  },
});
