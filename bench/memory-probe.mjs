// Loaded into the shop by bench/memory.ts (`node --import ./bench/memory-probe.mjs build/server-main.js`):
// on SIGUSR2 it writes the process's own view of its memory (process.memoryUsage, the V8 heap and its
// spaces, and the heap after a full collection when the shop runs with --expose-gc) to MEMORY_PROBE_FILE. It changes nothing else; without MEMORY_PROBE_FILE it does nothing.
import fs from "node:fs";
import v8 from "node:v8";

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on("SIGUSR2", () => {
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
    const usage = process.memoryUsage();
    // With --expose-gc (the bench starts the shop with it): what the heap still holds after a full collection.
    globalThis.gc?.();
    const afterGc = process.memoryUsage();
    fs.writeFileSync(file, JSON.stringify({ at: Date.now(), usage, heap: v8.getHeapStatistics(), spaces, heapUsedAfterGc: afterGc.heapUsed, rssAfterGc: afterGc.rss }));
  });
}
