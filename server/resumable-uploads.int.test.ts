// A 200 MB upload through a fault-injecting proxy, as a phone on a train sends it: tus-js-client (the
// browser's library, here in Node) sends it to real shop processes (server/main.ts), the proxy cuts the
// connection at 5 random offsets, and the file must arrive byte-identical (SHA-256 taken by the server).
// - PGlite with files on disk: between the cuts the shop is stopped with SIGTERM once and killed with
//   SIGKILL once, at random moments while bytes are arriving; each time a new process resumes the upload.
// - PostgreSQL with S3 (s3rver): two processes serve at once and the proxy switches between them at every
//   cut, so each process continues what the other received. Then an expired half upload is swept and its
//   S3 multipart upload aborted.
// The file is a small JPEG followed by random bytes, so the artwork check after the last byte is quick.
// Both: two clients write one upload at once (through one process, or one through each): one wins, and
// what is stored is exactly the winner's bytes.
import type { ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import sharp from "sharp";
import { Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnShop } from "../tests/support/shop-process";
import { createDb, type DbHandle } from "../db/client";
import { signUp, type TestCustomer } from "../tests/factories/accounts";
import { bannerLine, placeOrder, saveTestAddresses } from "../tests/factories/checkout";
import { startFaultProxy, type FaultEvent } from "../tests/support/fault-proxy";
import { addAbortMultipartUpload, openMultipartUploads } from "../tests/support/s3rver-abort";
import { copyTemplateInto } from "../tests/setup/pglite-template";
import { createTestDb, testConfig } from "../tests/setup/test-app";
import { testDatabaseKind } from "../tests/setup/test-database";
import { buildApp, type App } from "./app";

const MB = 1024 * 1024;
const SIZE = 200 * MB;
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A 64 px JPEG followed by random bytes: the head check takes it, and the preflight refuses it at once (5 ppi). */
let jpegHead: Buffer;
beforeAll(async () => {
  jpegHead = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();
});
function bigFile(size: number): Buffer {
  const bytes = randomBytes(size);
  jpegHead.copy(bytes, 0);
  return bytes;
}

function startShop(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const child = spawnShop({ ...process.env, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test", LOG_LEVEL: "info", ...env }, { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      out = (out + chunk).slice(-4000);
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve({ child, base: match[1]! });
    });
    child.once("exit", (code) => reject(new Error(`the shop exited (${code}) before listening`)));
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once("exit", (code) => resolve(code));
    child.kill(signal);
  });
}

const metadataFor = (orderId: number, fileName: string) => ({ purpose: "artwork", filename: fileName, filetype: "image/jpeg", orderId: String(orderId), version: "1" });

/** Sends `file` with tus-js-client through `endpoint`, retrying after every failure as the browser does. */
function tusSend(file: Buffer, endpoint: string, customer: TestCustomer, metadata: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint,
      headers: { authorization: `Bearer ${customer.token}` },
      metadata,
      retryDelays: Array.from({ length: 200 }, () => 250),
      storeFingerprintForResuming: false,
      onError: reject,
      onSuccess: () => resolve(upload.url!),
    });
    upload.start();
  });
}

const uploadIdOf = (url: string) => /([0-9a-f]{32})$/.exec(url)![1]!;

async function outcomeOf(base: string, customer: TestCustomer, id: string) {
  const res = await fetch(`${base}/api/uploads/${id}?wait=25`, { headers: { authorization: `Bearer ${customer.token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { state: string; sha256: string | null; sizeBytes: number };
}

/** 5 cuts and the given extra events at random offsets, at least 5 MB apart, between 2% and 98% of the file. */
function randomEvents(extra: string[]): FaultEvent[] {
  const kinds = [...Array(5).fill("cut"), ...extra].sort(() => Math.random() - 0.5);
  const offsets: number[] = [];
  while (offsets.length < kinds.length) {
    const at = Math.floor(SIZE * (0.02 + Math.random() * 0.96));
    if (offsets.every((o) => Math.abs(o - at) > 5 * MB)) offsets.push(at);
  }
  offsets.sort((a, b) => a - b);
  return kinds.map((kind, i) => ({ kind, atByte: offsets[i]! }));
}

type Raw = { status: number; offset: number | null };

/** One PATCH whose body trickles (64 KiB every 15 ms, about 4 MB/s), so two of them overlap for longer than the lock drain (3 s). */
function slowPatch(base: string, customer: TestCustomer, id: string, offset: number, body: Buffer): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${base}/api/uploads/${id}`);
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "PATCH", headers: { authorization: `Bearer ${customer.token}`, "tus-resumable": "1.0.0", "upload-offset": String(offset), "content-type": "application/offset+octet-stream", "content-length": String(body.length) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, offset: res.headers["upload-offset"] ? Number(res.headers["upload-offset"]) : null }));
      },
    );
    // The loser of a race may be answered and cut off while its body is still being sent: on a busy machine the
    // write then fails (EPIPE, ECONNRESET) before the answer is read. That is a refusal, never a win (status 0).
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? resolve({ status: 0, offset: null }) : reject(error)));
    let at = 0;
    const source = new Readable({
      read() {
        if (at >= body.length) return void this.push(null);
        const next = body.subarray(at, at + 64 * 1024);
        at += next.length;
        setTimeout(() => this.push(next), 15);
      },
    });
    source.pipe(req);
  });
}

async function request(base: string, customer: TestCustomer, method: string, pathname: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Raw> {
  const res = await fetch(`${base}${pathname}`, { method, headers: { authorization: `Bearer ${customer.token}`, "tus-resumable": "1.0.0", ...headers }, body: body ? new Uint8Array(body) : undefined });
  await res.arrayBuffer();
  return { status: res.status, offset: res.headers.get("upload-offset") ? Number(res.headers.get("upload-offset")) : null };
}

/**
 * Two writers at one offset: A sends the file's bytes, B other bytes, through `bases[0]` and `bases[1]`.
 * Then the upload is finished with the file's bytes from wherever it stands. The stored file must be the
 * file with exactly the winner's bytes between the offset and where the winner stopped.
 */
async function twoWriters(bases: [string, string], customer: TestCustomer, orderId: number) {
  const size = 16 * MB;
  const file = bigFile(size);
  const other = Buffer.from(file.map((b) => b ^ 0xff));
  const created = await fetch(`${bases[0]}/api/uploads`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${customer.token}`,
      "tus-resumable": "1.0.0",
      "upload-length": String(size),
      "upload-metadata": Object.entries(metadataFor(orderId, "race.jpg")).map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`).join(","),
    },
  });
  expect(created.status).toBe(201);
  const id = uploadIdOf(created.headers.get("location")!);
  const start = MB;
  expect((await request(bases[0], customer, "PATCH", `/api/uploads/${id}`, { "upload-offset": "0", "content-type": "application/offset+octet-stream" }, file.subarray(0, start))).status).toBe(204);
  const a = slowPatch(bases[0], customer, id, start, file.subarray(start, size - MB));
  await new Promise((r) => setTimeout(r, 300));
  const b = slowPatch(bases[1], customer, id, start, other.subarray(start, size - MB));
  const [ra, rb] = await Promise.all([a, b]);
  const head = await request(bases[0], customer, "HEAD", `/api/uploads/${id}`);
  const held = head.offset!;
  const answers = JSON.stringify({ ra, rb, held });
  expect(held, answers).toBeGreaterThan(start);
  // No answer claims bytes the upload does not hold. A writer cut when the lock's drain ran out answers nothing
  // (0), and may still be the one whose bytes were kept: CI saw A cut with 11 MB of its bytes stored and B
  // refused (409), so the winner is read from the finished file, not from the answers.
  expect([ra, rb].every((r) => r.status === 409 || r.status === 0 || (r.status === 204 && r.offset !== null && r.offset <= held)), answers).toBe(true);
  expect((await request(bases[1], customer, "PATCH", `/api/uploads/${id}`, { "upload-offset": String(held), "content-type": "application/offset+octet-stream" }, file.subarray(held))).status).toBe(204);
  const stored = (await outcomeOf(bases[0], customer, id)).sha256;
  const withBytesOf = (writer: Buffer) => sha256(Buffer.concat([file.subarray(0, start), writer.subarray(start, held), file.subarray(held)]));
  // One wins: the bytes between the offset and where the upload stood are all A's or all B's, never a mix.
  const winner = stored === withBytesOf(file) ? "A" : stored === withBytesOf(other) ? "B" : null;
  expect(winner, answers).not.toBeNull();
  // An answer that says it moved the upload to where it stands is the winner's.
  if (ra.status === 204 && ra.offset === held) expect(winner, answers).toBe("A");
  if (rb.status === 204 && rb.offset === held) expect(winner, answers).toBe("B");
  return { winner, held, answers: `A ${ra.status || "cut"}, B ${rb.status || "cut"}` };
}

describe.skipIf(testDatabaseKind() !== "pglite")("a 200 MB upload on PGlite with files on disk", () => {
  it("survives 5 cuts, a SIGTERM and a kill -9 mid-upload, and arrives byte-identical", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "resumable-pglite-"));
    dirs.push(dataDir);
    // The customer and their paid order are made before the shop owns the folder, a copy of the run's seeded template.
    await copyTemplateInto(dataDir);
    const db = await createDb({ dataDir, migrate: false });
    const setup = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), db, logger: false });
    await setup.ready();
    const customer = await signUp(setup);
    await saveTestAddresses(setup, customer);
    const placed = await placeOrder(setup, customer, [await bannerLine(setup, { customWidth: 304, customHeight: 304, quantity: 2 })]);
    const second = await placeOrder(setup, customer, [await bannerLine(setup, { customWidth: 304, customHeight: 304, quantity: 2 })]);
    await setup.close();
    await db.close();

    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    let shop = await startShop(env);
    const file = bigFile(SIZE);
    const stops: { signal: string; exitCode: number | null; atByte: number }[] = [];
    const restarting: Promise<void>[] = [];
    const proxy = await startFaultProxy(shop.base, randomEvents(["sigterm", "sigkill"]), (event) => {
      proxy.hold();
      restarting.push(
        (async () => {
          const signal = event.kind === "sigterm" ? "SIGTERM" : "SIGKILL";
          const exitCode = await stop(shop.child, signal);
          stops.push({ signal, exitCode, atByte: event.atByte });
          shop = await startShop(env);
          proxy.release(shop.base);
        })(),
      );
    });
    try {
      const started = Date.now();
      const url = await tusSend(file, `${proxy.url}/api/uploads`, customer, metadataFor(placed.orders[0]!.id, "big.jpg"));
      const seconds = (Date.now() - started) / 1000;
      await Promise.all(restarting);
      const id = uploadIdOf(url);
      const outcome = await outcomeOf(shop.base, customer, id);
      console.log(`PGlite/disk: 200 MB in ${seconds.toFixed(1)} s through ${proxy.happened.map((e) => `${e.kind}@${(e.atByte / MB).toFixed(0)}MB`).join(", ")}; ${proxy.forwarded - SIZE} bytes sent again or in headers`);
      expect(proxy.happened.map((e) => e.kind).sort()).toEqual(["cut", "cut", "cut", "cut", "cut", "sigkill", "sigterm"]);
      expect(stops.find((s) => s.signal === "SIGTERM")?.exitCode).toBe(0);
      expect(outcome.sizeBytes).toBe(SIZE);
      expect(outcome.sha256).toBe(sha256(file));
      expect(["done", "failed"]).toContain(outcome.state);
      // Once complete, the bytes waiting in the tus folder are gone.
      expect(fs.existsSync(path.join(dataDir, "files", "tus", id))).toBe(false);

      const race = await twoWriters([shop.base, shop.base], customer, second.orders[0]!.id);
      console.log(`PGlite: two writers at once, ${race.winner} won, ${(race.held / MB).toFixed(1)} MB held (answers: ${race.answers})`);
    } finally {
      await proxy.close();
      await stop(shop.child, "SIGTERM");
    }
  }, 420_000);
});

describe.skipIf(testDatabaseKind() !== "postgres")("a 200 MB upload on PostgreSQL with S3, through two processes", () => {
  let db: DbHandle & { url?: string };
  let s3: S3rver;
  let s3Dir: string;
  let shops: { child: ChildProcess; base: string }[] = [];
  let setup: App;
  let setupDb: DbHandle;
  let customer: TestCustomer;
  let s3Env: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDb();
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "resumable-s3-"));
    dirs.push(s3Dir);
    s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: "uploads" }] });
    addAbortMultipartUpload(s3, s3Dir);
    const { port } = await s3.run();
    s3Env = { S3_BUCKET: "uploads", S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_FORCE_PATH_STYLE: "true", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER", S3_REGION: "eu-west-2" };
    shops = await Promise.all(
      [0, 1].map(() => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "resumable-pg-app-"));
        dirs.push(dataDir);
        return startShop({ DATA_DIR: dataDir, DATABASE_URL: db.url!, ...s3Env });
      }),
    );
    setupDb = await createDb({ dataDir: "", databaseUrl: db.url!, migrate: false, onConnectionLost: () => {} });
    const setupDir = fs.mkdtempSync(path.join(os.tmpdir(), "resumable-pg-setup-"));
    dirs.push(setupDir);
    setup = await buildApp({ config: testConfig({ DATA_DIR: setupDir, ...s3Env }), db: setupDb, logger: false });
    await setup.ready();
    customer = await signUp(setup);
    await saveTestAddresses(setup, customer);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(shops.map((shop) => stop(shop.child, "SIGTERM")));
    await setup?.close();
    await setupDb?.close();
    await s3?.close();
    await db?.close();
  });

  const newItem = async () => (await placeOrder(setup, customer, [await bannerLine(setup, { customWidth: 304, customHeight: 304, quantity: 2 })])).orders[0]!.id;

  it("survives 5 cuts, each resumed on the other process, and arrives byte-identical", async () => {
    const orderId = await newItem();
    const file = bigFile(SIZE);
    let serving = 0;
    const proxy = await startFaultProxy(shops[0]!.base, randomEvents([]));
    // After every cut the next connection goes to the other process.
    const watch = setInterval(() => {
      const want = proxy.happened.length % 2;
      if (want !== serving) {
        serving = want;
        proxy.retarget(shops[serving]!.base);
      }
    }, 5);
    try {
      const started = Date.now();
      const url = await tusSend(file, `${proxy.url}/api/uploads`, customer, metadataFor(orderId, "big.jpg"));
      const seconds = (Date.now() - started) / 1000;
      const id = uploadIdOf(url);
      const outcome = await outcomeOf(shops[1]!.base, customer, id);
      console.log(`PostgreSQL/S3: 200 MB in ${seconds.toFixed(1)} s through ${proxy.happened.map((e) => `${e.kind}@${(e.atByte / MB).toFixed(0)}MB`).join(", ")}`);
      expect(proxy.happened).toHaveLength(5);
      expect(outcome.sha256).toBe(sha256(file));
      // Complete: no multipart upload is left open, and the tus objects are gone.
      expect(openMultipartUploads(s3Dir)).toEqual([]);
    } finally {
      clearInterval(watch);
      await proxy.close();
    }
  }, 420_000);

  it("lets one of two writers at once win, across the two processes", async () => {
    const race = await twoWriters([shops[0]!.base, shops[1]!.base], customer, await newItem());
    console.log(`PostgreSQL: two writers at once on two processes, ${race.winner} won, ${(race.held / MB).toFixed(1)} MB held (answers: ${race.answers})`);
  }, 180_000);

  it("sweeps an expired half upload and aborts its S3 multipart upload", async () => {
    const orderId = await newItem();
    const size = 20 * MB;
    const file = bigFile(size);
    const created = await fetch(`${shops[0]!.base}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${customer.token}`, "tus-resumable": "1.0.0", "upload-length": String(size), "upload-metadata": `purpose ${Buffer.from("artwork").toString("base64")},orderId ${Buffer.from(String(orderId)).toString("base64")},version ${Buffer.from("1").toString("base64")}` },
    });
    const id = uploadIdOf(created.headers.get("location")!);
    // 12 MB: a whole part and an incomplete one.
    expect((await request(shops[1]!.base, customer, "PATCH", `/api/uploads/${id}`, { "upload-offset": "0", "content-type": "application/offset+octet-stream" }, file.subarray(0, 12 * MB))).status).toBe(204);
    expect(openMultipartUploads(s3Dir)).toHaveLength(1);
    const swept = await setup.services.uploads.sweep(new Date(Date.now() + setup.services.uploads.expiryMs + 60_000));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(openMultipartUploads(s3Dir)).toEqual([]);
    const left: string[] = [];
    for await (const object of setup.services.storage.list("tus/")) left.push(object.key);
    expect(left.filter((key) => key.includes(id))).toEqual([]);
    expect((await request(shops[0]!.base, customer, "HEAD", `/api/uploads/${id}`)).status).toBe(404);
  }, 120_000);
});
