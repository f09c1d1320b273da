import { spawnSync } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../tests/setup/test-app";
import { loggedPath, scrubbedError } from "./logging";

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
