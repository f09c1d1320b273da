import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each of the longest files took on the 2-core machine (a full `npm test`, 27 Nov 2026). Vitest's own
 * order runs the projects one after another, by name, so the process tests and the artwork workers started
 * near the end and one worker finished them alone while the other sat idle (566 s for 344 s of work per
 * worker). Started first, across projects, the long files overlap each other and the short ones fill the gaps.
 * A clean clone has no timing cache, so the order is fixed here rather than learned.
 */
const KNOWN_SECONDS: Record<string, number> = {
  "server/api/fuzz.test.ts": 145,
  "server/crash.int.test.ts": 100,
  "server/resumable-uploads.int.test.ts": 100,
  "server/api/authorization.test.ts": 90,
  "server/main.int.test.ts": 70,
  "server/artwork/processor.test.ts": 50,
  "server/api/orders/orders.test.ts": 16,
  "db/client.int.test.ts": 15,
  "server/artwork/print-pdf.test.ts": 15,
  "server/artwork/design-pixels.test.ts": 15,
  "server/two-processes.int.test.ts": 15,
};

/** Longest first, whatever the project: a file's known time, or else its size as a rough guess (1 s per 10 KB). */
export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weight = (spec: TestSpecification): number => {
      const name = path.relative(root, spec.moduleId).split(path.sep).join("/");
      const known = KNOWN_SECONDS[name];
      if (known !== undefined) return known;
      try {
        return fs.statSync(spec.moduleId).size / 10_000;
      } catch {
        return 0;
      }
    };
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}
