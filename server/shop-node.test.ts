import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_HEAP_LIMIT_MB, MALLOC_SETTINGS, shopNodeArgs, shopNodeEnv } from "./shop-node.mjs";

const MB = 1024 * 1024;

function heapLimitMb(args: string[]): number {
  const out = execFileSync(process.execPath, [...args, "-e", "process.stdout.write(String(require('node:v8').getHeapStatistics().heap_size_limit))"]);
  return Number(out) / MB;
}

describe("the shop's node process", () => {
  it("gets a heap limit of 200 MB of old generation, which V8 takes (the young generation comes on top)", () => {
    const limit = heapLimitMb(shopNodeArgs({}));
    expect(limit).toBeGreaterThanOrEqual(DEFAULT_HEAP_LIMIT_MB);
    expect(limit).toBeLessThan(DEFAULT_HEAP_LIMIT_MB + 64);
    expect(heapLimitMb([])).toBeGreaterThan(limit); // V8's own default is far above the budget
  });

  it("takes HEAP_LIMIT_MB, refuses a value that is not a sensible size, and leaves V8's default on request", () => {
    expect(shopNodeArgs({ HEAP_LIMIT_MB: "320" })).toContain("--max-old-space-size=320");
    expect(shopNodeArgs({ HEAP_LIMIT_MB: "" })).toContain(`--max-old-space-size=${DEFAULT_HEAP_LIMIT_MB}`);
    for (const bad of ["lots", "8", "320MB", "1.5", "-300"]) {
      expect(() => shopNodeArgs({ HEAP_LIMIT_MB: bad })).toThrow(`HEAP_LIMIT_MB must be a whole number of megabytes, 64 or more, or "default"; it is "${bad}"`);
    }
    expect(shopNodeArgs({ HEAP_LIMIT_MB: "default" })).toEqual(["--enable-source-maps"]);
  });

  it("npm start says what is wrong with HEAP_LIMIT_MB and stops, before building or starting anything", () => {
    const start = path.join(import.meta.dirname, "..", "scripts", "start.mjs");
    let failure: { status: number; stderr: string } | null = null;
    try {
      execFileSync(process.execPath, [start], { env: { ...process.env, HEAP_LIMIT_MB: "lots" }, stdio: "pipe", timeout: 20_000 });
    } catch (error) {
      const { status, stderr } = error as { status: number; stderr: Buffer };
      failure = { status, stderr: stderr.toString() };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr.trim()).toBe(`HEAP_LIMIT_MB must be a whole number of megabytes, 64 or more, or "default"; it is "lots"`);
  });

  it("gets two malloc arenas and fixed 128 KiB mmap and trim thresholds unless told otherwise", () => {
    expect(shopNodeEnv({})).toMatchObject({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" });
    expect(shopNodeEnv({ MALLOC_ARENA_MAX: "4" }).MALLOC_ARENA_MAX).toBe("4");
    expect(shopNodeEnv({ MALLOC_MMAP_THRESHOLD_: "262144" }).MALLOC_MMAP_THRESHOLD_).toBe("262144");
    const glibcOwn = shopNodeEnv({ MALLOC_ARENA_MAX: "default", MALLOC_TRIM_THRESHOLD_: "default" });
    expect("MALLOC_ARENA_MAX" in glibcOwn || "MALLOC_TRIM_THRESHOLD_" in glibcOwn).toBe(false);
    expect(glibcOwn.MALLOC_MMAP_THRESHOLD_).toBe("131072");
  });

  it("is started the same way by the systemd unit in docs/deploy.md", () => {
    const deploy = fs.readFileSync(path.join(import.meta.dirname, "..", "docs", "deploy.md"), "utf8");
    expect(deploy).toContain(`ExecStart=/usr/bin/node ${shopNodeArgs({}).join(" ")} build/server-main.js`);
    for (const [name, value] of Object.entries(MALLOC_SETTINGS)) expect(deploy).toContain(`Environment=${name}=${value}`);
  });
});
