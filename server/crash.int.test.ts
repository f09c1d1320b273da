import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { inArray, like } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { spawnShop } from "../tests/support/shop-process";
import { createDb } from "../db/client";
import { emailOutbox, orderGroups, users } from "../db/schema";
import { penceToPounds, poundsToPence } from "../domain/money";
import { orderTotals } from "../domain/totals";
import { DEBRIS_AGE_MS, isHalfWritten, sweepDebris } from "./services/debris-sweep";
import { makeSignup } from "../tests/factories/accounts";
import { postgresAdminUrl, testDatabaseKind, withDatabase } from "../tests/setup/test-database";

// A kill -9 harness: the shop runs as a real process, sign-ups and paid checkouts are sent over HTTP,
// and the process is killed at a random moment while they are in flight, 10 times. Every sign-up that
// was answered 201 must be in the database after the restarts; every card payment taken must be one
// order with one confirmation email; and the restart sweep must leave no temporary or half-written file. It runs on PGlite (npm test) and on a fresh PostgreSQL database
// (npm run test:pg), where the shop migrates and seeds it on its first start.
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const databases: string[] = [];
afterEach(async () => {
  for (const name of databases.splice(0)) {
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

/** PGlite in the data folder, or a new empty PostgreSQL database for this run. */
async function databaseUrlFor(): Promise<string | null> {
  if (testDatabaseKind() !== "postgres") return null;
  const name = `print_shop_crash_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  return withDatabase(postgresAdminUrl(), name);
}

function startShop(dataDir: string, databaseUrl: string | null): Promise<{ child: ChildProcess; base: string }> {
  // One proxy hop is trusted so each sign-up can come from its own address: the per-address limits
  // would otherwise stop the writes long before the kills.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test", LOG_LEVEL: "info", TRUST_PROXY_HOPS: "1" };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawnShop(env, { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      out += chunk;
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve({ child, base: match[1]! });
    });
    child.once("exit", (code) => reject(new Error(`the shop exited (${code}) before listening`)));
  });
}

const X_FORWARDED = () => `10.${1 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function call<T>(base: string, url: string, init: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": X_FORWARDED(), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text.startsWith("{") ? JSON.parse(text) : {}) as T };
}

const ADDRESS = { first_name: "Sam", last_name: "Sign", company: "", address1: "Unit 9, Canal Works", address2: "", town: "Leeds", county: "", postcode: "LS1 4AP", country: "United Kingdom" };

type PaidCheckout = { token: string; checkoutId: string };

/**
 * A customer's whole paid checkout over HTTP: sign up, addresses, price, session, the test card page's
 * form post. Answers the checkout once the card page has answered 303 (the card is taken), else null.
 */
async function payOnce(base: string, productId: number): Promise<PaidCheckout | null> {
  const signup = makeSignup();
  const account = await call<{ token: string; userId: number }>(base, "/api/auth/signup", { body: signup });
  if (account.status !== 201) return null;
  const { token, userId } = account.body;
  await call(base, "/api/checkout/address", { token, body: { userId, billing: ADDRESS, delivery: { ...ADDRESS, instructions: "" } } });
  const price = await call<{ total: number }>(base, "/api/calculatePrice", { body: { productId, customWidth: 304, customHeight: 304, selectedQuantity: 2, attributes: [] } });
  const total = penceToPounds(orderTotals([poundsToPence(price.body.total)], 0).totalPence);
  const line = { productId, customWidth: 304, customHeight: 304, quantity: 2, versions: 1, attributes: [] };
  const started = await call<{ url: string; checkout_id: string }>(base, "/api/stripe/create-checkout-session", { token, body: { userId, Total: total, lines: [line] } });
  if (started.status !== 200) return null;
  const paid = await fetch(`${base}${started.body.url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": X_FORWARDED() },
    body: new URLSearchParams({ cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", nameOnCard: "Sam Sign" }).toString(),
  });
  await paid.arrayBuffer();
  return paid.status === 303 || paid.status === 302 ? { token, checkoutId: started.body.checkout_id } : null;
}

/** The customer back from the card page uploads artwork for the first item: the upload a kill may cut. */
async function uploadArtwork(base: string, checkout: PaidCheckout, artwork: Buffer): Promise<void> {
  const order = await call<{ orders: { id: number }[] }>(base, `/api/orders/${checkout.checkoutId}`, { token: checkout.token, body: {} });
  const itemId = order.body.orders?.[0]?.id;
  if (!itemId) return;
  const form = new FormData();
  form.append("version_number", "1");
  form.append("artwork", new Blob([new Uint8Array(artwork)], { type: "image/jpeg" }), "artwork.jpg");
  const res = await fetch(`${base}/api/orders/${itemId}/imgs`, { method: "POST", headers: { authorization: `Bearer ${checkout.token}`, "x-forwarded-for": X_FORWARDED() }, body: form });
  await res.arrayBuffer();
}

/** Files a killed process can leave: temporary uploads and half-written files, anywhere in the data folder but PGlite's. */
function debrisIn(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(dataDir, "pglite")) walk(full);
      } else if (full.startsWith(path.join(dataDir, "tmp")) || isHalfWritten(entry.name)) {
        found.push(path.relative(dataDir, full));
      }
    }
  };
  walk(dataDir);
  return found;
}

describe(`kill -9 while writing (${testDatabaseKind()})`, () => {
  it("loses no acknowledged sign-up or payment, doubles no order, sends one confirmation per order and leaves no debris", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-crash-"));
    dirs.push(dataDir);
    const databaseUrl = await databaseUrlFor();
    const acknowledged: string[] = [];
    const paid: PaidCheckout[] = [];
    // 304 mm square at 150 ppi in CMYK: passes preflight for the banner; noise makes it a few MB to send.
    const noise = Buffer.from(Array.from({ length: 1796 * 1796 * 3 }, (_, i) => (i * 2654435761) >>> 24));
    const artwork = await sharp(noise, { raw: { width: 1796, height: 1796, channels: 3 } }).toColourspace("cmyk").jpeg({ quality: 95 }).withDensity(150).toBuffer();
    let sent = 0;
    let checkoutsStarted = 0;
    const rounds = 10;
    for (let round = 0; round < rounds; round++) {
      const { child, base } = await startShop(dataDir, databaseUrl);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      let killed = false;
      const signups = (async () => {
        while (!killed) {
          const signup = makeSignup();
          sent += 1;
          try {
            const res = await fetch(`${base}/api/auth/signup`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-forwarded-for": X_FORWARDED() },
              body: JSON.stringify(signup),
            });
            if (res.status === 201 || res.status === 200) acknowledged.push(signup.email.toLowerCase());
            await res.arrayBuffer();
          } catch {
            // the connection died with the process: not acknowledged
          }
        }
      })();
      // Paid checkouts alongside, until at least 5 card payments have been taken over the rounds.
      const checkouts = (async () => {
        const data = await call<{ categories: { subcategories: { products: { id: number; slug: string }[] }[] }[] }>(base, "/api/data").catch(() => null);
        const product = data?.body.categories.flatMap((c) => c.subcategories.flatMap((s) => s.products)).find((p) => p.slug === "pvc-banner");
        while (!killed && product) {
          checkoutsStarted += 1;
          const done = await payOnce(base, product.id).catch(() => null);
          if (done) paid.push(done);
          if (done && !killed) await uploadArtwork(base, done, artwork).catch(() => {});
        }
      })();
      // Kill after a random number of acknowledged writes, mid-stream; in the first rounds, only once a payment
      // has been taken in this round too, so kills land between a card being taken and its order being read.
      const target = acknowledged.length + 1 + Math.floor(Math.random() * 5);
      const paidTarget = paid.length < 5 ? paid.length + 1 : 0;
      while ((acknowledged.length < target || paid.length < paidTarget) && child.exitCode === null) await new Promise((r) => setImmediate(r));
      if (paid.length < 5 || Math.random() < 0.5) await new Promise((r) => setTimeout(r, Math.random() * 50));
      child.kill("SIGKILL");
      killed = true;
      await exited;
      await Promise.all([signups, checkouts]);
    }

    // The last start: the customers come back from the card page, twice at once (a double click).
    const { child, base } = await startShop(dataDir, databaseUrl);
    const returned = await Promise.all(
      paid.flatMap((checkout) => [0, 1].map(() => call<{ order_group_id: number }>(base, `/api/orders/${checkout.checkoutId}`, { token: checkout.token, body: {} }))),
    );
    // The start-up sweep removes what the killed processes left; it runs in the background, so wait for it.
    for (let i = 0; i < 100 && debrisIn(dataDir).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    const debris = debrisIn(dataDir);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;

    const handle = await createDb(databaseUrl ? { dataDir: "", databaseUrl, migrate: false } : { dataDir });
    try {
      const found = await handle.db.select({ email: users.email }).from(users).where(inArray(users.email, acknowledged));
      const groups = await handle.db.select({ id: orderGroups.id, checkoutId: orderGroups.checkoutId }).from(orderGroups);
      const mails = await handle.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(like(emailOutbox.subject, "Order % confirmed%"));
      console.log(
        `crash harness: ${rounds} kills, ${sent} sign-ups sent, ${acknowledged.length} acknowledged, ${found.length} found; ` +
          `${checkoutsStarted} checkouts started, ${paid.length} paid, ${groups.length} orders, ${mails.length} confirmations; debris left: ${debris.length}`,
      );
      expect(acknowledged.length).toBeGreaterThanOrEqual(rounds);
      expect(new Set(found.map((u) => u.email.toLowerCase()))).toEqual(new Set(acknowledged));
      // Every payment taken is an order, once, and both returns name the same one.
      expect(paid.length).toBeGreaterThanOrEqual(5);
      expect(returned.map((r) => r.status)).toEqual(returned.map(() => 200));
      const byCheckout = new Map(groups.map((g) => [g.checkoutId, g.id]));
      expect(byCheckout.size).toBe(groups.length);
      paid.forEach((checkout, i) => {
        expect(byCheckout.get(checkout.checkoutId)).toBeDefined();
        expect(returned[2 * i]!.body.order_group_id).toBe(byCheckout.get(checkout.checkoutId));
        expect(returned[2 * i + 1]!.body.order_group_id).toBe(byCheckout.get(checkout.checkoutId));
      });
      // One confirmation per order, no more, no fewer.
      expect(mails.map((m) => m.subject).sort()).toEqual(groups.map((g) => `Order ${g.id} confirmed - Printwise Trade Print`).sort());
      if (!databaseUrl) {
        expect(debris).toEqual([]);
      } else {
        // On PostgreSQL other processes may share the folder, so the sweep waits until files are an hour old;
        // an hour on, it takes every one of them.
        await sweepDebris(
          [
            { dir: path.join(dataDir, "tmp", "uploads"), everything: true },
            { dir: dataDir, everything: false },
          ],
          { now: new Date(Date.now() + DEBRIS_AGE_MS + 1000) },
        );
        expect(debrisIn(dataDir)).toEqual([]);
      }
    } finally {
      await handle.close();
    }
  }, 420_000);
});
