import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb } from "../tests/setup/test-app";
import { createLogOutput, createRequestLog, LOG_SERIALIZERS, loggedPath, REDACT_PATHS, scrubbedError } from "./logging";

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA";
const EMAIL = "private.person@example.com";

describe("what a log line may carry", () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it("a failed query keeps its SQL and error code, never its parameters or the database's detail", async () => {
    await db.db.execute(sql`insert into users (email, password_hash, firstname, lastname, telephone, role) values (${EMAIL}, ${HASH}, 'Pat', 'Private', '07700 900123', 'user')`);
    let failure: unknown;
    try {
      await db.db.execute(sql`insert into users (email, password_hash, firstname, lastname, telephone, role) values (${EMAIL}, ${HASH}, 'Pat', 'Private', '07700 900123', 'user')`);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    // Unscrubbed, the error does carry them: this is what used to reach the log.
    expect(JSON.stringify({ message: (failure as Error).message, ...(failure as object) })).toContain(HASH);
    const line = JSON.stringify(scrubbedError(failure));
    expect(line).not.toContain(HASH);
    expect(line).not.toContain(EMAIL);
    expect(line).toContain("insert into users");
    expect(line).toContain("23505"); // unique_violation, down the cause chain
  });

  it("card-like digit runs are masked in any message", () => {
    const line = JSON.stringify(scrubbedError(new Error("card 4242 4242 4242 4242 declined")));
    expect(line).not.toContain("4242 4242 4242 4242");
  });

  it("a request line has the path, not the query string", () => {
    expect(loggedPath("/checkout/artwork-uploader?session_id=cs_test_abc")).toBe("/checkout/artwork-uploader?…");
    expect(loggedPath("/api/data")).toBe("/api/data");
  });
});

describe("when a log line is written", () => {
  it("an error line, and every line before it, is on stdout even when the process is killed right after logging it", () => {
    const script = `
      import pino from "pino";
      import { createLogOutput } from "./server/logging.ts";
      const out = createLogOutput();
      const log = pino({ level: "info" }, out.stream);
      log.info("request one");
      log.info("request two");
      log.error("about to die");
      process.kill(process.pid, "SIGKILL");
    `;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: path.resolve(import.meta.dirname, ".."), encoding: "utf8" });
    const lines = child.stdout.trim().split("\n").map((l) => JSON.parse(l) as { msg: string });
    expect(lines.map((l) => l.msg)).toEqual(["request one", "request two", "about to die"]);
  });
});

describe("the request line", () => {
  it("is the same line whether pino writes it or the shop's output puts it together, and never carries a query", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "request-line-"));
    const file = path.join(dir, "log");
    const fd = fs.openSync(file, "w");
    try {
      const output = createLogOutput(fd);
      // The app's logger, as buildApp configures it.
      const log = pino({ level: "info", serializers: LOG_SERIALIZERS, redact: { paths: REDACT_PATHS, censor: "[redacted]" } }, output.stream);
      const byPino = createRequestLog(log);
      const direct = createRequestLog(log, output);
      const cases: Parameters<typeof direct>[] = [
        ["4f3a9c1e-1", "GET", "/product/pvc-banner", 200, 0.04],
        ["caller.id_7-x", "POST", "/api/calculatePrice", 400, 12.345],
        ["4f3a9c1e-2", "GET", '/search?q="secret"&token=abc', 304, 1],
        ["4f3a9c1e-3", "GET", "/caf\u00e9/\"quoted\"\\path", 404, 0],
      ];
      for (const args of cases) {
        byPino(...args);
        direct(...args);
      }
      output.flushSync();
      const lines = fs.readFileSync(file, "utf8").trim().split("\n");
      expect(lines).toHaveLength(cases.length * 2);
      for (let i = 0; i < lines.length; i += 2) {
        // Byte for byte, once the clock is set aside.
        const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
        expect(withoutTime(lines[i + 1]!)).toBe(withoutTime(lines[i]!));
        expect(JSON.parse(lines[i + 1]!)).toMatchObject({ level: 30, pid: process.pid, hostname: os.hostname(), msg: "request" });
      }
      expect(JSON.parse(lines[5]!)).toMatchObject({ url: "/search?…", statusCode: 304 });
      expect(lines.join("\n")).not.toContain("secret");
      expect(JSON.parse(lines[3]!)).toMatchObject({ ms: 12.3 });
    } finally {
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is not written when the level is above info", () => {
    const output = { append: vi.fn(), flushSync: () => {}, stream: { write: () => {} } };
    const log = pino({ level: "warn" }, output.stream);
    createRequestLog(log, output)("id", "GET", "/", 200, 1);
    expect(output.append).not.toHaveBeenCalled();
  });
});
