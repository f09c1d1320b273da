// Tests of the bench's own machinery (node's test runner: `node --test bench/`): the Lua requests wrk
// sends, the parsing of its results, the baseline server's answers, and the report's arithmetic.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import http from "node:http";
import os from "node:os";
import { after, describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import { cpuSecondsOf, percentOfCore } from "./cpu.mjs";
import { cleanup, request, startBaseline, stopChild } from "./processes.mjs";
import { badAnswers, formatMs, markdownTable, ratios } from "./report.mjs";
import { luaString, parseWrkOutput, runWrk, wrkScript } from "./wrk.mjs";

after(cleanup);

const hasWrk = !spawnSync("wrk", ["-v"]).error;

describe("wrk scripts", () => {
  it("escapes quotes, backslashes, control characters and UTF-8 into a Lua literal", () => {
    assert.equal(luaString('a"b\\c\n'), '"a\\"b\\\\c\\010"');
    assert.equal(luaString("£"), '"\\194\\163"');
  });

  it("sets the method, each header and the body", () => {
    const script = wrkScript({ method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    assert.match(script, /^wrk\.method = "POST"$/m);
    assert.match(script, /^wrk\.headers\["content-type"\] = "application\/json"$/m);
    assert.match(script, /^wrk\.body = "\{\}"$/m);
    assert.doesNotMatch(wrkScript({ method: "GET" }), /wrk\.body/);
  });

  it("makes wrk send exactly the request it describes", { skip: !hasWrk && "wrk is not installed" }, async () => {
    const body = JSON.stringify({ name: 'Ms "Bench" \\ Mark', note: "£12.50\n" });
    const seen = [];
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(seen.length % 2 === 0 ? 404 : 200, { "content-length": "2" });
        res.end("ok");
      });
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const result = await runWrk({
        url: `http://127.0.0.1:${server.address().port}/x?y=1`,
        target: { method: "PUT", headers: { authorization: "Bearer t\"k" }, body },
        seconds: 1,
        connections: 1,
        scriptDir: os.tmpdir(),
      });
      assert.ok(seen.length > 0);
      assert.deepEqual(seen[0], { method: "PUT", url: "/x?y=1", auth: 'Bearer t"k', body });
      // wrk stops with at most one request in flight on its one connection, unanswered and uncounted.
      assert.ok(seen.length - result.totalRequests >= 0 && seen.length - result.totalRequests <= 1);
      // Every second answer was a 404: wrk counts those as status errors.
      assert.ok(Math.abs(result.errorStatus - result.totalRequests / 2) <= 1);
      assert.ok(result.errorStatus > 0);
      assert.ok(result.latencyMs.p50 > 0 && result.latencyMs.p50 <= result.latencyMs.p99);
    } finally {
      server.close();
    }
  });
});

describe("parseWrkOutput", () => {
  it("turns the done() line into rates, milliseconds and error counts", () => {
    const line =
      'BENCH_JSON {"requests":2000,"durationUs":2000000,"bytes":400000,"connectErrors":1,"readErrors":2,"writeErrors":0,"statusErrors":3,"timeouts":4,"p50Us":1500,"p90Us":2500,"p99Us":12345,"meanUs":1700.5,"maxUs":50000}';
    const r = parseWrkOutput(`Running 2s test @ http://x\n${line}\nRequests/sec: 1000\n`);
    assert.equal(r.requestsPerSecond, 1000);
    assert.deepEqual(r.latencyMs, { p50: 1.5, p90: 2.5, p99: 12.345, mean: 1.701, max: 50 });
    assert.equal(r.bytesPerAnswer, 200);
    assert.equal(r.errorStatus, 3);
    assert.equal(r.socketErrors, 3);
    assert.equal(r.timeouts, 4);
    assert.equal(badAnswers(r), 10);
  });

  it("refuses output without a result line", () => {
    assert.throws(() => parseWrkOutput("unable to connect to 127.0.0.1:1 Connection refused\n"), /no result line/);
  });
});

describe("baseline server", () => {
  const page = Buffer.from("<!doctype html><title>page</title>");
  const routes = {
    "POST /api/calculatePrice": {
      jsonBody: true,
      etag: null,
      notModifiedHeaders: {},
      variants: { "": { status: 200, headers: { "content-type": "application/json" }, bodyBase64: Buffer.from('{"total":1}').toString("base64") } },
    },
    "GET /api/data": {
      jsonBody: false,
      etag: '"v1"',
      notModifiedHeaders: { etag: '"v1"' },
      variants: { "": { status: 200, headers: { "content-type": "application/json", etag: '"v1"' }, bodyBase64: Buffer.from("[]").toString("base64") } },
    },
    "GET /page": {
      jsonBody: false,
      etag: null,
      notModifiedHeaders: {},
      variants: {
        "": { status: 200, headers: { "content-type": "text/html" }, bodyBase64: page.toString("base64") },
        gzip: { status: 200, headers: { "content-type": "text/html", "content-encoding": "gzip" }, bodyBase64: gzipSync(page).toString("base64") },
      },
    },
  };

  it("answers the captured bytes, parses POST bodies, revalidates and picks the encoding", async () => {
    const baseline = await startBaseline(routes);
    try {
      const json = { "content-type": "application/json" };
      const priced = await request(baseline.port, "POST", "/api/calculatePrice", { body: '{"productId":1}', headers: json });
      assert.equal(priced.status, 200);
      assert.equal(priced.body.toString(), '{"total":1}');
      const notJson = await request(baseline.port, "POST", "/api/calculatePrice", { body: "{nope", headers: json });
      assert.equal(notJson.status, 400);

      const fresh = await request(baseline.port, "GET", "/api/data");
      assert.equal(fresh.headers.etag, '"v1"');
      const revalidated = await request(baseline.port, "GET", "/api/data", { headers: { "if-none-match": '"v1"' } });
      assert.equal(revalidated.status, 304);
      assert.equal(revalidated.body.length, 0);
      const stale = await request(baseline.port, "GET", "/api/data", { headers: { "if-none-match": '"v0"' } });
      assert.equal(stale.status, 200);

      const gz = await request(baseline.port, "GET", "/page", { headers: { "accept-encoding": "gzip" } });
      assert.equal(gz.headers["content-encoding"], "gzip");
      assert.deepEqual(gz.body, gzipSync(page));
      const identity = await request(baseline.port, "GET", "/page", { headers: { "accept-encoding": "br" } });
      assert.equal(identity.headers["content-encoding"], undefined);
      assert.deepEqual(identity.body, page);
      assert.equal(identity.wireBytes > page.length, true);

      assert.equal((await request(baseline.port, "GET", "/elsewhere")).status, 404);
    } finally {
      await stopChild(baseline.child);
    }
  });
});

describe("report arithmetic", () => {
  const side = (rps, p50, p99) => ({ requestsPerSecond: rps, latencyMs: { p50, p99 }, errorStatus: 0, socketErrors: 0, timeouts: 0 });

  it("divides shop by baseline, and gives null for a zero baseline", () => {
    assert.deepEqual(ratios(side(300, 4, 20), side(1000, 2, 5)), { rps: 0.3, p50: 2, p99: 4 });
    assert.deepEqual(ratios(side(300, 4, 20), side(0, 0, 0)), { rps: null, p50: null, p99: null });
  });

  it("prints milliseconds to three significant figures", () => {
    assert.deepEqual([0.5814, 4.158, 99.99, 134.24, 2392.4].map(formatMs), ["0.581", "4.16", "100", "134", "2392"]);
  });

  it("writes a Markdown row per case", () => {
    const md = markdownTable([{ name: "GET /x", shop: side(300, 4, 20), baseline: side(1000, 2, 5), ratios: { rps: 0.3 } }]);
    assert.equal(md.split("\n")[2], "| `GET /x` | 300 | 1000 | 0.30× | 4 / 2 | 20 / 5 | 0 / 0 |");
  });
});

describe("cpu", () => {
  it("reads this process's CPU time on Linux and turns it into a share of a core", { skip: os.platform() !== "linux" && "Linux only" }, () => {
    const spent = cpuSecondsOf(process.pid);
    assert.equal(typeof spent, "number");
    assert.ok(spent > 0);
    assert.equal(percentOfCore(0.5, 2), 25);
    assert.equal(percentOfCore(null, 2), null);
  });
});
