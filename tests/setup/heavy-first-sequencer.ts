import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each of the longest files took on the 2-core machine (a full `npm test` with three workers,
 * 28 Nov 2026). Vitest's own order runs the projects one after another, by name, so the process tests and the
 * artwork workers started near the end and one worker finished them alone while the other sat idle (566 s for
 * 344 s of work per worker). Started first, across projects, the long files overlap each other and the short
 * ones fill the gaps. A clean clone has no timing cache, so the order is fixed here rather than learned.
 */
const KNOWN_SECONDS: Record<string, number> = {
  "server/api/fuzz.test.ts": 180,
  "server/api/authorization.test.ts": 80,
  "server/crash.int.test.ts": 76,
  "server/resumable-uploads.int.test.ts": 73,
  "server/crash-moments.int.test.ts": 45,
  "server/main.int.test.ts": 38,
  "server/api/orders/orders.test.ts": 35,
  "server/artwork/processor.test.ts": 28,
  "server/artwork/print-pdf.test.ts": 28,
  "server/artwork/preflight-file.test.ts": 28,
  "db/client.int.test.ts": 23,
  "server/front-door/parity.test.ts": 22,
  "server/two-processes.int.test.ts": 15,
  "server/artwork/design-pixels.test.ts": 15,
};

/**
 * A non-isolated worker is kept for the next file only when the next file in the queue belongs to the same
 * project; otherwise Vitest ends it and starts another, which loads the app's modules again (2–2.6 s of CPU
 * for a server project). Sorting every file by size mixed the projects, so one `npm test` started 75 workers
 * for 122 files (94 s of CPU). The rest after the long files therefore go project by project, the biggest
 * project first, each longest first: the long files still overlap, and the queue then changes project only a
 * few times.
 */
const PROJECT_ORDER = ["integration", "server", "processes", "unit", "mocked"];

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const known = (spec: TestSpecification): number | undefined => KNOWN_SECONDS[path.relative(root, spec.moduleId).split(path.sep).join("/")];
    // A file's size as a rough guess of its time (1 s per 10 KB).
    const guess = (spec: TestSpecification): number => {
      try {
        return fs.statSync(spec.moduleId).size / 10_000;
      } catch {
        return 0;
      }
    };
    const rank = (spec: TestSpecification): number => {
      const at = PROJECT_ORDER.indexOf(spec.project.name);
      return at === -1 ? PROJECT_ORDER.length : at;
    };
    const long = files.filter((spec) => known(spec) !== undefined).sort((a, b) => known(b)! - known(a)!);
    const rest = files.filter((spec) => known(spec) === undefined).sort((a, b) => rank(a) - rank(b) || guess(b) - guess(a));
    return [...long, ...rest];
  }
}
