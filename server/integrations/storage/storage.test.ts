// One contract for both storages: the disk default in a temp folder, and S3 through the real SDK
// against s3rver on a loopback port. Each kind also has a few checks of its own layout.
import { createHash, randomBytes, randomFillSync } from "node:crypto";
import { createWriteStream, readdirSync, readFileSync, readlinkSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ListObjectsV2Command, type ListObjectsV2CommandInput, type ListObjectsV2CommandOutput, type PutObjectCommandInput, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage, createS3Client, createS3Storage, UnsatisfiableRangeError, type FileStorage, type S3StorageOptions } from "./index";

const MB = 1024 * 1024;
const BUCKET = "print-shop-test";
const BUCKET_PREFIX = "shop/";

type Harness = {
  kind: "disk" | "s3";
  start(): Promise<void>;
  stop(): Promise<void>;
  storage(): FileStorage;
  /** A storage that fails on any real disk or network access, to show bad keys are refused first. */
  untouchable(): FileStorage;
  /** True once the untouchable storage has left a trace (disk only; S3 would fail to connect instead). */
  untouchableWasTouched(): Promise<boolean>;
};

function diskHarness(): Harness {
  let root = "";
  let storage: FileStorage;
  const neverCreated = path.join(os.tmpdir(), `storage-never-${process.pid}-${Date.now()}`);
  return {
    kind: "disk",
    async start() {
      root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-disk-"));
      storage = createStorage({ kind: "disk", root });
    },
    async stop() {
      await fs.rm(root, { recursive: true, force: true });
    },
    storage: () => storage,
    untouchable: () => createStorage({ kind: "disk", root: neverCreated }),
    untouchableWasTouched: () => fs.stat(neverCreated).then(() => true, () => false),
  };
}

function s3Options(endpoint: string): S3StorageOptions {
  return {
    kind: "s3",
    bucket: BUCKET,
    region: "eu-west-2",
    endpoint,
    forcePathStyle: true,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    prefix: BUCKET_PREFIX,
  };
}

let s3Endpoint = "";

function s3Harness(): Harness {
  let directory = "";
  let server: S3rver;
  let storage: FileStorage;
  let untouchable: FileStorage | undefined;
  return {
    kind: "s3",
    async start() {
      directory = await fs.mkdtemp(path.join(os.tmpdir(), "storage-s3rver-"));
      server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
      const { port } = await server.run();
      s3Endpoint = `http://127.0.0.1:${port}`;
      storage = createStorage(s3Options(s3Endpoint));
    },
    async stop() {
      await storage.close();
      await untouchable?.close();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
    storage: () => storage,
    // Port 1 on loopback refuses connections: a request that got that far would fail with ECONNREFUSED, not RangeError.
    untouchable: () => (untouchable ??= createStorage(s3Options("http://127.0.0.1:1"))),
    untouchableWasTouched: async () => false,
  };
}

let scratch = "";
let keyCounter = 0;
/** A fresh key folder per test, so tests never see each other's objects. */
function freshFolder(): string {
  keyCounter += 1;
  return `t${keyCounter}`;
}

async function writeRandomFile(name: string, bytes: number): Promise<{ filePath: string; sha256: string }> {
  const filePath = path.join(scratch, name);
  const hash = createHash("sha256");
  const out = createWriteStream(filePath);
  // One 1 MB buffer, refilled only after each write has finished: making the file must not leave
  // its size in freed heap pages, or the memory test below could reuse them and see no growth
  // even from a storage that reads the whole file.
  const buffer = Buffer.alloc(MB);
  for (let written = 0; written < bytes; written += MB) {
    const chunk = randomFillSync(buffer).subarray(0, Math.min(MB, bytes - written));
    hash.update(chunk);
    await new Promise<void>((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { filePath, sha256: hash.digest("hex") };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(stream, hash);
  return hash.digest("hex");
}

/**
 * How far into `filePath` this process has read, from the kernel's file offset of the descriptor open on
 * it (Linux: /proc/self/fdinfo); null when no descriptor of this process has it open.
 */
function readOffsetOf(filePath: string): number | null {
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) !== filePath) continue;
      return Number(/^pos:\s+(\d+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, "utf8"))![1]);
    } catch {
      // the descriptor closed while we looked
    }
  }
  return null;
}

/**
 * A TCP proxy to `port` that forwards what clients send until `limit` bytes have passed, then stops
 * reading from them (so their writes back up) until `release()`.
 */
async function holdingProxy(port: number, limit: number) {
  const clients = new Set<net.Socket>();
  let forwarded = 0;
  let holding = true;
  let held!: () => void;
  const reached = new Promise<void>((resolve) => (held = resolve));
  const server = net.createServer((client) => {
    clients.add(client);
    const upstream = net.connect(port, "127.0.0.1");
    upstream.pipe(client);
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      forwarded += chunk.length;
      if (holding && forwarded >= limit) {
        client.pause();
        held();
      }
    });
    client.on("end", () => upstream.end());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    reached,
    release() {
      holding = false;
      for (const client of clients) client.resume();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), "storage-test-"));
});

afterAll(async () => {
  await fs.rm(scratch, { recursive: true, force: true });
});

describe.each([diskHarness(), s3Harness()])("$kind storage", (harness) => {
  let storage: FileStorage;

  beforeAll(async () => {
    await harness.start();
    storage = harness.storage();
  });

  afterAll(async () => {
    await harness.stop();
  });

  it("reports its kind", () => {
    expect(storage.kind).toBe(harness.kind);
  });

  it("round-trips a multi-MB file byte for byte, with its content type", async () => {
    const { filePath } = await writeRandomFile(`${harness.kind}-6mb.bin`, 6 * MB + 123);
    const original = await fs.readFile(filePath);
    const key = `${freshFolder()}/artwork/original.pdf`;

    expect(await storage.putFile(key, filePath, "application/pdf")).toEqual({ size: original.length });

    const opened = await storage.open(key);
    expect(opened).not.toBeNull();
    expect(opened!.size).toBe(original.length);
    expect(opened!.contentType).toBe("application/pdf");
    expect(opened!.range).toBeUndefined();
    expect((await collect(opened!.stream)).equals(original)).toBe(true);

    const read = await storage.read(key);
    expect(read!.equals(original)).toBe(true);
    expect(await storage.exists(key)).toBe(true);
  });

  it("stores buffers and keeps their content type", async () => {
    const key = `${freshFolder()}/thumb.png`;
    const body = randomBytes(2048);
    expect(await storage.putBuffer(key, body, "image/png")).toEqual({ size: 2048 });
    expect((await storage.read(key))!.equals(body)).toBe(true);

    const asUint8 = new Uint8Array([1, 2, 3, 250]);
    const invoiceKey = `${freshFolder()}/invoice.pdf`;
    expect(await storage.putBuffer(invoiceKey, asUint8, "application/pdf")).toEqual({ size: 4 });
    const opened = await storage.open(invoiceKey);
    expect(opened!.contentType).toBe("application/pdf");
    expect([...(await collect(opened!.stream))]).toEqual([1, 2, 3, 250]);
  });

  it("stores an empty object", async () => {
    const key = `${freshFolder()}/empty.txt`;
    expect(await storage.putBuffer(key, Buffer.alloc(0), "text/plain")).toEqual({ size: 0 });
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.read(key))!.length).toBe(0);
  });

  it("replaces an object, content type included", async () => {
    const key = `${freshFolder()}/proof`;
    await storage.putBuffer(key, Buffer.from("first version, longer than the second"), "application/pdf");
    const { filePath } = await writeRandomFile(`${harness.kind}-replacement.bin`, 1000);
    await storage.putFile(key, filePath, "image/jpeg");

    const opened = await storage.open(key);
    expect(opened!.contentType).toBe("image/jpeg");
    expect(opened!.size).toBe(1000);
    expect((await collect(opened!.stream)).equals(await fs.readFile(filePath))).toBe(true);
  });

  it("keeps the old object when a put fails because the source file is missing", async () => {
    const key = `${freshFolder()}/kept.pdf`;
    await storage.putBuffer(key, Buffer.from("old"), "application/pdf");
    await expect(storage.putFile(key, path.join(scratch, "no-such-file"), "image/png")).rejects.toMatchObject({ code: "ENOENT" });
    const opened = await storage.open(key);
    expect(opened!.contentType).toBe("application/pdf");
    expect((await collect(opened!.stream)).toString()).toBe("old");
  });

  it("answers null / false for a missing object, and deleting it is fine", async () => {
    const key = `${freshFolder()}/missing.pdf`;
    expect(await storage.open(key)).toBeNull();
    expect(await storage.open(key, { start: 0, end: 9 })).toBeNull();
    expect(await storage.read(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.deletePrefix(`${freshFolder()}/`)).resolves.toBeUndefined();
  });

  it("deletes one object and leaves its neighbours", async () => {
    const folder = freshFolder();
    await storage.putBuffer(`${folder}/a.png`, Buffer.from("a"), "image/png");
    await storage.putBuffer(`${folder}/b.png`, Buffer.from("b"), "image/png");

    await storage.delete(`${folder}/a.png`);

    expect(await storage.exists(`${folder}/a.png`)).toBe(false);
    expect(await storage.read(`${folder}/a.png`)).toBeNull();
    expect(await storage.open(`${folder}/a.png`)).toBeNull();
    expect((await storage.read(`${folder}/b.png`))!.toString()).toBe("b");
  });

  it("deletes everything under a prefix and nothing that merely starts with the same letters", async () => {
    const folder = freshFolder();
    const doomed = [`${folder}/uploads/1/original.pdf`, `${folder}/uploads/1/thumbs/small.png`, `${folder}/uploads/1/thumbs/large.png`];
    const kept = [`${folder}/uploads/10/original.pdf`, `${folder}/uploads/1.pdf`, `${folder}/other/1/original.pdf`];
    for (const key of [...doomed, ...kept]) await storage.putBuffer(key, Buffer.from(key), "application/octet-stream");

    await storage.deletePrefix(`${folder}/uploads/1/`);

    for (const key of doomed) expect(await storage.exists(key), key).toBe(false);
    for (const key of kept) expect((await storage.read(key))?.toString(), key).toBe(key);

    // The prefix can be written to again afterwards.
    await storage.putBuffer(`${folder}/uploads/1/original.pdf`, Buffer.from("again"), "application/pdf");
    expect((await storage.read(`${folder}/uploads/1/original.pdf`))!.toString()).toBe("again");
  });

  it("lists every object under a prefix with when it was written, and nothing outside it", async () => {
    const folder = freshFolder();
    const inside = [`${folder}/orders/1/2/v1-a/print.pdf`, `${folder}/orders/1/2/v1-a/thumb.jpg`, `${folder}/orders/3/4/v2-b/print.pdf`];
    const outside = [`${folder}/ordersx/1.pdf`, `${folder}/invoices/1.pdf`];
    const before = Date.now() - 60_000;
    for (const key of [...inside, ...outside]) await storage.putBuffer(key, Buffer.from(key), "application/octet-stream");
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const object of storage.list(`${folder}/orders/`)) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual([...inside].sort());
    for (const object of listed) expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
    const nothing: unknown[] = [];
    for await (const object of storage.list(`${folder}/missing/`)) nothing.push(object);
    expect(nothing).toEqual([]);
  });

  it("serves byte ranges, clamps an end past the object and refuses a start past it", async () => {
    const key = `${freshFolder()}/ranged.bin`;
    const body = randomBytes(100);
    await storage.putBuffer(key, body, "application/octet-stream");

    const middle = await storage.open(key, { start: 10, end: 19 });
    expect(middle!.size).toBe(100);
    expect(middle!.range).toEqual({ start: 10, end: 19 });
    expect((await collect(middle!.stream)).equals(body.subarray(10, 20))).toBe(true);

    const tail = await storage.open(key, { start: 90, end: 500 });
    expect(tail!.range).toEqual({ start: 90, end: 99 });
    expect((await collect(tail!.stream)).equals(body.subarray(90))).toBe(true);

    const openEnded = await storage.open(key, { start: 95 });
    expect(openEnded!.range).toEqual({ start: 95, end: 99 });
    expect((await collect(openEnded!.stream)).equals(body.subarray(95))).toBe(true);

    const past = storage.open(key, { start: 100 });
    await expect(past).rejects.toBeInstanceOf(UnsatisfiableRangeError);
    await expect(past).rejects.toMatchObject({ size: 100 });
    await expect(storage.open(key, { start: -1 })).rejects.toThrow(RangeError);
    await expect(storage.open(key, { start: 5, end: 4 })).rejects.toThrow(RangeError);
  });

  it.each([
    ["../x"],
    ["a/../../x"],
    ["a//b"],
    ["/abs"],
    ["a/./b"],
    ["."],
    [".."],
    ["a/"],
    [""],
    ["café.pdf"],
    ["a\\b"],
    ["a b"],
    ["a\0b"],
    ["x".repeat(513)],
    [`a/${"x".repeat(201)}`],
  ])("refuses the key %j before touching storage", async (key) => {
    const untouched = harness.untouchable();
    const file = path.join(scratch, "refused-source.bin");
    await fs.writeFile(file, "x");
    await expect(untouched.putFile(key, file, "text/plain")).rejects.toThrow(RangeError);
    await expect(untouched.putBuffer(key, Buffer.from("x"), "text/plain")).rejects.toThrow(RangeError);
    await expect(untouched.open(key)).rejects.toThrow(RangeError);
    await expect(untouched.read(key)).rejects.toThrow(RangeError);
    await expect(untouched.exists(key)).rejects.toThrow(RangeError);
    await expect(untouched.delete(key)).rejects.toThrow(RangeError);
    await expect(untouched.deletePrefix(`${key}/`)).rejects.toThrow(RangeError);
    expect(await harness.untouchableWasTouched()).toBe(false);
  });

  it.each([[""], ["a"], ["/"], ["../"], ["a//"], ["a/b"]])("refuses the prefix %j", async (prefix) => {
    await expect(harness.untouchable().deletePrefix(prefix)).rejects.toThrow(RangeError);
  });

  it("accepts a key of exactly 512 characters with a segment of 200", async () => {
    const key = `${freshFolder()}/${"k".repeat(200)}/${"e".repeat(100)}/${"y".repeat(100)}/`;
    const longest = key + "z".repeat(512 - key.length);
    expect(longest).toHaveLength(512);
    await storage.putBuffer(longest, Buffer.from("long"), "text/plain");
    expect((await storage.read(longest))!.toString()).toBe("long");
  });

  // The disk copies in the kernel (copyFile): the bytes never pass through this process at all.
  it.runIf(harness.kind === "s3" && process.platform === "linux")("streams a file larger than 5 MB instead of reading it into memory", async () => {
    const bytes = 48 * MB;
    const { filePath, sha256 } = await writeRandomFile(`${harness.kind}-large.bin`, bytes);
    const key = `${freshFolder()}/large.tif`;
    const proxy = await holdingProxy(Number(new URL(s3Endpoint).port), MB);
    const throughProxy = createStorage(s3Options(proxy.url));
    try {
      const stored = throughProxy.putFile(key, filePath, "image/tiff");
      await proxy.reached;
      // The server has taken 1 MB and takes no more. The descriptor the upload reads from has read what
      // was sent (the 1 MB, less the request's headers) and, beyond it, only what the sockets' buffers
      // hold; a file read whole through another descriptor would leave this one unread, or at its end.
      const offset = readOffsetOf(filePath);
      expect(offset).not.toBeNull();
      expect(offset!).toBeGreaterThanOrEqual(MB / 2);
      expect(offset!).toBeLessThan(bytes / 2);
      proxy.release();
      expect(await stored).toEqual({ size: bytes });
    } finally {
      proxy.release();
      await throughProxy.close();
      await proxy.close();
    }
    const opened = await storage.open(key);
    expect(opened!.size).toBe(bytes);
    expect(await sha256Of(opened!.stream)).toBe(sha256);
  });
});

describe("disk layout", () => {
  let root = "";
  let storage: FileStorage;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-layout-"));
    storage = createStorage({ kind: "disk", root });
  });

  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it("keeps each object as a plain file with a content-type sidecar and no temp files left behind", async () => {
    await storage.putBuffer("uploads/7/original.pdf", Buffer.from("%PDF-1.7"), "application/pdf");
    await storage.putBuffer("uploads/7/original.pdf", Buffer.from("%PDF-1.4"), "application/pdf");

    expect((await fs.readdir(path.join(root, "uploads", "7"))).sort()).toEqual(["original.pdf", "original.pdf~meta.json"]);
    expect(await fs.readFile(path.join(root, "uploads", "7", "original.pdf"), "utf8")).toBe("%PDF-1.4");
    expect(JSON.parse(await fs.readFile(path.join(root, "uploads", "7", "original.pdf~meta.json"), "utf8"))).toEqual({
      contentType: "application/pdf",
    });
  });

  it("removes the sidecar with the object, and the prefix folder with deletePrefix", async () => {
    await storage.putBuffer("invoices/1/a.pdf", Buffer.from("a"), "application/pdf");
    await storage.putBuffer("invoices/1/b.pdf", Buffer.from("b"), "application/pdf");
    await storage.delete("invoices/1/a.pdf");
    expect(await fs.readdir(path.join(root, "invoices", "1"))).toEqual(["b.pdf", "b.pdf~meta.json"]);

    await storage.deletePrefix("invoices/1/");
    await expect(fs.stat(path.join(root, "invoices", "1"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("does not let deletePrefix remove an object whose key equals the prefix without its slash", async () => {
    await storage.putBuffer("thumbs/9", Buffer.from("nine"), "image/png");
    await storage.deletePrefix("thumbs/9/");
    expect((await storage.read("thumbs/9"))!.toString()).toBe("nine");
  });

  it("keeps reading the version it opened while the key is replaced", async () => {
    await storage.putBuffer("proofs/1.png", Buffer.alloc(256 * 1024, 1), "image/png");
    const opened = await storage.open("proofs/1.png");
    await storage.putBuffer("proofs/1.png", Buffer.alloc(10, 2), "image/png");
    const bytes = await collect(opened!.stream);
    expect(bytes.length).toBe(256 * 1024);
    expect(bytes.every((b) => b === 1)).toBe(true);
  });

  it("falls back to application/octet-stream when a sidecar is missing", async () => {
    await storage.putBuffer("legacy/1.bin", Buffer.from("x"), "image/png");
    await fs.rm(path.join(root, "legacy", "1.bin~meta.json"));
    expect((await storage.open("legacy/1.bin"))!.contentType).toBe("application/octet-stream");
  });
});

describe("s3 specifics", () => {
  const harness = s3Harness();
  let raw: S3Client;

  beforeAll(async () => {
    await harness.start();
    raw = createS3Client(s3Options(s3Endpoint));
  });

  afterAll(async () => {
    raw.destroy();
    await harness.stop();
  });

  async function keysInBucket(prefix: string): Promise<string[]> {
    const page = await raw.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
    return (page.Contents ?? []).map((object) => object.Key!).sort();
  }

  it("keeps every object under the configured prefix inside the bucket", async () => {
    await harness.storage().putBuffer("orders/5/invoice.pdf", Buffer.from("inv"), "application/pdf");
    expect(await keysInBucket("")).toContain(`${BUCKET_PREFIX}orders/5/invoice.pdf`);
  });

  it("hands PutObject a file stream with its length, not a buffer", async () => {
    const client = createS3Client(s3Options(s3Endpoint));
    const seen: PutObjectCommandInput[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "PutObjectCommand") seen.push(args.input as PutObjectCommandInput);
        return next(args);
      },
      { step: "initialize" },
    );
    const storage = createS3Storage(s3Options(s3Endpoint), client);
    const { filePath } = await writeRandomFile("s3-spy.bin", 6 * MB);
    try {
      await storage.putFile("spy/original.tif", filePath, "image/tiff");
    } finally {
      await storage.close();
    }
    expect(seen).toHaveLength(1);
    expect(Buffer.isBuffer(seen[0]!.Body)).toBe(false);
    expect(typeof (seen[0]!.Body as Readable).pipe).toBe("function");
    expect(seen[0]!.ContentLength).toBe(6 * MB);
  });

  it("deletes a prefix that spans several listing pages", async () => {
    // s3rver fails any truncated ListObjectsV2 answer on Node 17+ (its continuation token uses DES,
    // which OpenSSL 3 refuses), so this client cuts s3rver's full answers into pages of two keys,
    // as S3 does with its 1,000: IsTruncated set, the rest reached through StartAfter.
    const client = createS3Client(s3Options(s3Endpoint));
    const listings: { startAfter?: string; keys: string[] }[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName !== "ListObjectsV2Command") return result;
        const output = result.output as ListObjectsV2CommandOutput;
        const all = output.Contents ?? [];
        output.Contents = all.slice(0, 2);
        output.IsTruncated = all.length > 2;
        listings.push({ startAfter: (args.input as ListObjectsV2CommandInput).StartAfter, keys: output.Contents.map((o) => o.Key!) });
        return result;
      },
      { step: "initialize" },
    );
    const storage = createS3Storage(s3Options(s3Endpoint), client);
    const keys = ["pages/1/a", "pages/1/b", "pages/1/c", "pages/1/d", "pages/1/e"];
    for (const key of keys) await storage.putBuffer(key, Buffer.from(key), "text/plain");
    await storage.putBuffer("pages/2/a", Buffer.from("kept"), "text/plain");

    try {
      await storage.deletePrefix("pages/1/");
    } finally {
      await storage.close();
    }

    expect(listings.map((listing) => listing.keys.length)).toEqual([2, 2, 1]);
    expect(listings[1]!.startAfter).toBe(`${BUCKET_PREFIX}pages/1/b`);
    expect(await keysInBucket(`${BUCKET_PREFIX}pages/`)).toEqual([`${BUCKET_PREFIX}pages/2/a`]);
  });

  it("needs both halves of a key pair or neither", () => {
    expect(() => createStorage({ ...s3Options(s3Endpoint), secretAccessKey: undefined })).toThrow(/both/);
  });
});
