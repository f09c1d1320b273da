import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_HEAP_LIMIT_MB, shopNodeArgs, shopNodeEnv } from "./shop-node.mjs";

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

  it("gets two malloc arenas unless told otherwise", () => {
    expect(shopNodeEnv({}).MALLOC_ARENA_MAX).toBe("2");
    expect(shopNodeEnv({ MALLOC_ARENA_MAX: "4" }).MALLOC_ARENA_MAX).toBe("4");
    expect("MALLOC_ARENA_MAX" in shopNodeEnv({ MALLOC_ARENA_MAX: "default" })).toBe(false);
  });

  it("is started the same way by the systemd unit in docs/deploy.md", () => {
    const deploy = fs.readFileSync(path.join(import.meta.dirname, "..", "docs", "deploy.md"), "utf8");
    expect(deploy).toContain(`ExecStart=/usr/bin/node ${shopNodeArgs({}).join(" ")} build/server-main.js`);
    expect(deploy).toContain(`Environment=MALLOC_ARENA_MAX=${shopNodeEnv({}).MALLOC_ARENA_MAX}`);
  });
});
