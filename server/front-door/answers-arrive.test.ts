// Answers that arrive (issue: hardening, item 6), through a real listener: a refused body's 413 reaches
// a client that sends it all without waiting for 100-continue, and a URL the router cannot decode gets a
// 400 with the security headers, a JSON message and a log line.
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testConfig } from "../../tests/setup/test-app";
import { buildApp, type App } from "../app";
import type { DbHandle } from "../../db/client";

let db: DbHandle;
let app: App;
let base: string;
const lines: string[] = [];

beforeAll(async () => {
  db = await createTestDb();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  app = await buildApp({ config: testConfig({ LOG_LEVEL: "info" }), db, logger: { level: "info", stream: sink } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe("answers that arrive", () => {
  it("a 5 MB JSON body sent without 100-continue gets its 413, 20 times in a row", async () => {
    const body = JSON.stringify({ message: "x".repeat(5 * 1024 * 1024) });
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${base}/api/email/contact`, { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status).toBe(413);
      expect((await res.json()).message).toBe("The request is too large.");
    }
  });

  it("an API URL the router cannot decode is a 400 with the security headers, a JSON message and a log line", async () => {
    const res = await fetch(`${base}/api/products/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    expect(res.headers.get("content-security-policy")).toBeTruthy();
    expect((await res.json()).message).toBe("The address is not valid: it has a broken %-escape.");
    expect(lines.some((line) => line.includes('"statusCode":400') && line.includes("FST_ERR_BAD_URL"))).toBe(true);
  });

  it("a page URL the router cannot decode is a 400 page in HTML, not JSON", async () => {
    for (const path of ["/%E0%A4%A", "/product/%E0%A4%A", "/category/1/%ZZ"]) {
      const res = await fetch(`${base}${path}`, { headers: { accept: "text/html" } });
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const html = await res.text();
      expect(html).toContain("<h1>Bad address</h1>");
      expect(html).toContain("The address is not valid: it has a broken %-escape.");
      expect(html).toContain('<a href="/">Back to the home page</a>');
    }
  });
});
