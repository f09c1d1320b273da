import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../db/schema";
import { testDatabaseKind } from "../tests/setup/test-database";
import {
  BANNER_SIZE_MM,
  bannerProductId,
  call,
  cleanUpCrashes,
  crashDataDir,
  databaseUrlFor,
  debrisAfterRestartSweep,
  debrisIn,
  killHard,
  openShopDb,
  payOnce,
  returnFromCardPage,
  startShop,
  stopShop,
  sweepAnHourOn,
  uploadArtwork,
  waitUntil,
  X_FORWARDED,
  type RunningShop,
} from "../tests/support/crash-harness";

// kill -9 at two chosen moments, where server/crash.int.test.ts kills at random ones: half-way through a
// 50 MB artwork upload's stream, and as an email file lands in the mail folder before its outbox row is
// marked sent. Each restarts the shop and checks what the restart finds. PGlite and PostgreSQL (npm run test:pg).
// A shop start is most of each case's time, so the cases share one shop's life: each kills the shop it finds
// running (starting one on the seeded template if none is) and leaves the restarted one to the next.
afterAll(cleanUpCrashes);

type Shop = { dataDir: string; databaseUrl: string | null; running: RunningShop };
let current: Shop | undefined;

async function runningShop(): Promise<Shop> {
  if (!current) {
    const dataDir = crashDataDir();
    const databaseUrl = await databaseUrlFor(dataDir);
    current = { dataDir, databaseUrl, running: await startShop(dataDir, databaseUrl) };
  }
  return current;
}

const MB = 1024 * 1024;
/** Two shop starts and a kill: about 10 s on a quiet 2-core machine, far more beside a browser run. */
const CASE_TIMEOUT_MS = 180_000;


/** Every file's size under `dir`, 0 when it does not exist yet. */
function bytesUnder(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

/**
 * POST /api/orders/{itemId}/imgs as a form announcing a `totalBytes` artwork file, streamed 1 MB at a time;
 * only the first `sendBytes` are sent, then the client waits (the test kills the shop meanwhile).
 */
function streamArtwork(base: string, token: string, itemId: number, totalBytes: number, sendBytes: number): Promise<unknown> {
  const boundary = "----crashmoment";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="version_number"\r\n\r\n1\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="artwork"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { hostname, port } = new URL(base);
  const chunk = Buffer.alloc(MB, 7);
  return new Promise((resolve) => {
    const req = http.request({
      host: hostname,
      port,
      method: "POST",
      path: `/api/orders/${itemId}/imgs`,
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": X_FORWARDED(), "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + totalBytes + tail.length) },
    });
    // The connection dies with the process: that is the end of this request.
    req.on("error", resolve);
    req.on("response", (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve(`${res.statusCode} ${body}`));
    });
    req.write(head);
    let sent = 0;
    const more = () => {
      while (sent < sendBytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", more);
      }
    };
    more();
  });
}

describe(`kill -9 at a chosen moment (${testDatabaseKind()})`, () => {
  it("half-way through a 50 MB artwork upload: the order and payment stand, no version is recorded, no temporary file stays, and the upload can be sent again", async () => {
    const shop = await runningShop();
    const { dataDir, databaseUrl } = shop;
    const productId = await bannerProductId(shop.running.base);
    const checkout = productId ? await payOnce(shop.running.base, productId) : null;
    expect(checkout).not.toBeNull();
    const { token } = checkout!;
    const returned = await returnFromCardPage(shop.running.base, checkout!);
    const groupUrl = `/api/orders/group/${returned.body.order_group_id}`;
    const before = await call<{ payment_status: string; total_pence: number; products: { order_id: number; files: { version_number: number; size_bytes: number }[] }[] }>(shop.running.base, groupUrl, { token });
    expect(before.status).toBe(200);
    expect(before.body.payment_status).toBe("paid");
    const itemId = returned.body.orders[0]!.id;
    expect(before.body.products.map((item) => item.order_id)).toEqual([itemId]);

    // 30 MB of the 50 MB sent; the kill comes once the shop has written 25 MB of it to its temporary file.
    const uploads = path.join(dataDir, "tmp", "uploads");
    let answered: unknown;
    const cut = streamArtwork(shop.running.base, token, itemId, 50 * MB, 30 * MB).then((end) => (answered = end));
    await waitUntil(() => {
      if (answered !== undefined) throw new Error(`the upload ended before the kill: ${String(answered)}`);
      return bytesUnder(uploads) >= 25 * MB;
    }, "25 MB of the upload on disk", 45_000);
    await killHard(shop.running);
    await cut;
    const atKill = bytesUnder(uploads);
    expect(atKill).toBeGreaterThanOrEqual(25 * MB);
    expect(atKill).toBeLessThan(50 * MB);
    shop.running = await startShop(dataDir, databaseUrl);
    const { base } = shop.running;

    // The order, its payment and its (still empty) artwork versions, as they were.
    expect(await call(base, groupUrl, { token })).toEqual(before);
    expect(await returnFromCardPage(base, checkout!)).toEqual(returned);
    const debris = await debrisAfterRestartSweep(dataDir, databaseUrl);
    if (databaseUrl) {
      // On PostgreSQL the restart's sweep leaves files younger than an hour (other processes may share the folder).
      expect(debris).toHaveLength(1);
      await sweepAnHourOn(dataDir);
    }
    expect(debrisIn(dataDir)).toEqual([]);

    // A valid file for the 304 mm banner: 150 ppi in CMYK, and noise so it is not a blank page.
    const pixels = Math.round((BANNER_SIZE_MM / 25.4) * 150);
    const artwork = await sharp({ create: { width: pixels, height: pixels, channels: 3, background: "#3060a0", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .toColourspace("cmyk")
      .jpeg({ quality: 80 })
      .withDensity(150)
      .toBuffer();
    expect(await uploadArtwork(base, token, itemId, artwork)).toBe(201);
    const after = await call<typeof before.body>(base, groupUrl, { token });
    expect(after.body.products[0]!.files.map((file) => ({ version: file.version_number, bytes: file.size_bytes }))).toEqual([{ version: 1, bytes: artwork.length }]);
    console.log(`kill -9 mid-upload: ${Math.round(atKill / MB)} MB of 50 on disk at the kill; debris after the restart's sweep: ${debris.length}`);
  }, CASE_TIMEOUT_MS);

  it("as an email file lands, and again as the resend's file is half-written: each message is delivered once in the end, as one whole file", async () => {
    const shop = await runningShop();
    const { dataDir, databaseUrl } = shop;
    const mail = path.join(dataDir, "mail");
    fs.mkdirSync(mail, { recursive: true });
    const earlier = new Set(fs.readdirSync(mail));
    // Kills from the watcher's callback, the moment a new file appears: first a message under its final name
    // (.eml), then, in the restarted shop, a message still being written aside (.eml.partial).
    let target: ChildProcess = shop.running.child;
    const moments: { suffix: string; file?: string; left?: string[] }[] = [{ suffix: ".eml" }, { suffix: ".eml.partial" }];
    const watcher = fs.watch(mail, (_event, name) => {
      const moment = moments.find((m) => !m.file);
      // A name can be reported as it goes (the rename away from .partial): the landed .eml must be there.
      if (!moment || !name?.endsWith(moment.suffix) || earlier.has(name) || (moment.suffix === ".eml" && !fs.existsSync(path.join(mail, name)))) return;
      moment.file = name;
      target.kill("SIGKILL");
    });
    try {
      // One contact message queues two emails in one transaction: the shop's copy and the acknowledgement.
      const form = { name: "Kim Kill", email: "kim.kill@example.com", subject: "Banner sizes", message: "Do you print 6 m banners?" };
      await call(shop.running.base, "/api/email/contact", { body: form }).catch(() => null);
      await shop.running.exited;
      moments[0]!.left = fs.readdirSync(mail).filter((name) => !earlier.has(name));
      // The restart sends the landed message again (its file is there: nothing is written), then the other one.
      const second = new Promise((resolve) => startShop(dataDir, databaseUrl, (child) => { target = child; child.once("exit", resolve); }).catch(() => null));
      // Were the second message's file never seen being written, the shop would run on: fail rather than hang.
      const delivered = () => fs.readdirSync(mail).filter((name) => name.endsWith(".eml") && !earlier.has(name)).length >= 2;
      await Promise.race([second, waitUntil(() => delivered() && !moments[1]!.file, "a shop that sent both messages unkilled", 60_000).then(() => { throw new Error("the second kill never came"); }, () => {})]);
      moments[1]!.left = fs.readdirSync(mail).filter((name) => !earlier.has(name));
    } finally {
      watcher.close();
    }
    expect(moments.map((m) => m.file?.endsWith(m.suffix))).toEqual([true, true]);

    shop.running = await startShop(dataDir, databaseUrl);
    await waitUntil(() => fs.readdirSync(mail).filter((name) => name.endsWith(".eml")).length >= earlier.size + 2, "both emails delivered");
    const debris = await debrisAfterRestartSweep(dataDir, databaseUrl);
    await stopShop(shop.running);
    current = undefined;
    if (databaseUrl) await sweepAnHourOn(dataDir);

    const files = fs.readdirSync(mail);
    const handle = await openShopDb(dataDir, databaseUrl);
    try {
      const rows = await handle.db.select({ messageId: emailOutbox.messageId, status: emailOutbox.status, attempts: emailOutbox.attempts }).from(emailOutbox);
      const idOf = (messageId: string) => messageId.replace(/^<|@.*$|>$/g, "").replace(/[^\w-]/g, "");
      expect(rows.map((row) => row.status)).toEqual(rows.map(() => "sent"));
      // One whole file per message, nothing half-written, and every file that had landed before a kill is the one kept.
      expect(files.sort()).toEqual(rows.map((row) => files.find((name) => name.endsWith(`-${idOf(row.messageId)}.eml`))).sort());
      for (const moment of moments) for (const name of moment.left!.filter((left) => left.endsWith(".eml"))) expect(files).toContain(name);
      // Sent again after each kill that caught it unsent: the landed one once more (2 attempts, in every run so far:
      // the kill beat the shop marking it sent; 1 had the mark won that race); the half-written one, claimed by both
      // killed shops, twice more (3) when the kill came before its rename (a .partial was left; almost always).
      const attemptsOf = (file: string) => rows.find((row) => file.replace(/\.partial$/, "").endsWith(`-${idOf(row.messageId)}.eml`))!.attempts;
      expect([1, 2]).toContain(attemptsOf(moments[0]!.file!));
      if (moments[1]!.left!.includes(moments[1]!.file!)) expect(attemptsOf(moments[1]!.file!)).toBe(3);
      console.log(
        `kill -9 as an email lands: new at the kills ${JSON.stringify(moments.map((m) => m.left))}; after the restart ${rows.length} messages, ${files.length} files, ` +
          `attempts ${rows.map((r) => r.attempts).join(", ")}; debris after the restart's sweep: ${debris.length}`,
      );
    } finally {
      await handle.close();
    }
  }, CASE_TIMEOUT_MS);
});
