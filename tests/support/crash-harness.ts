import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createDb } from "../../db/client";
import { penceToPounds, poundsToPence } from "../../domain/money";
import { orderTotals } from "../../domain/totals";
import { DEBRIS_AGE_MS, isHalfWritten, sweepDebris } from "../../server/services/debris-sweep";
import { makeSignup } from "../factories/accounts";
import { copyTemplateInto } from "../setup/pglite-template";
import { postgresAdminUrl, testDatabaseKind, withDatabase } from "../setup/test-database";
import { spawnShop } from "./shop-process";

/**
 * The kill -9 harness's pieces (server/crash.int.test.ts, server/crash-moments.int.test.ts): the shop as a
 * real process on PGlite in a fresh data folder or on a fresh PostgreSQL database, a customer's paid
 * checkout over HTTP, and the debris a killed process can leave. `cleanUpCrashes` (run after each test)
 * kills what is still running, deletes the folders and drops the databases.
 */
const children: ChildProcess[] = [];
const dirs: string[] = [];
const databases: string[] = [];

export async function cleanUpCrashes(): Promise<void> {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  for (const name of databases.splice(0)) {
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A fresh data folder, deleted after the test. */
export function crashDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "print-shop-crash-"));
  dirs.push(dataDir);
  return dataDir;
}

/**
 * PGlite in the data folder (null), or a new PostgreSQL database for this run: empty, so the shop migrates and
 * seeds it on its first start, or with `seededIn` a copy of the test run's seeded template (global-setup.ts),
 * which saves a test about that start's work; on PGlite the template is unpacked into that data folder.
 */
export async function databaseUrlFor(seededIn?: string): Promise<string | null> {
  if (testDatabaseKind() !== "postgres") {
    if (seededIn) await copyTemplateInto(seededIn);
    return null;
  }
  const name = `print_shop_crash_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  await admin.query(seededIn ? `create database ${name} template ${inject("postgresTemplateDatabase")}` : `create database ${name}`);
  await admin.end();
  databases.push(name);
  return withDatabase(postgresAdminUrl(), name);
}

export type RunningShop = { child: ChildProcess; base: string; exited: Promise<unknown>; output: () => string };

/** Starts the shop; `onSpawn` has the process at once, before it listens (a test may kill it during its start). */
export function startShop(dataDir: string, databaseUrl: string | null, onSpawn?: (child: ChildProcess) => void): Promise<RunningShop> {
  // One proxy hop is trusted so each request can come from its own address: the per-address limits
  // would otherwise stop the writes long before the kills.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test", LOG_LEVEL: "info", TRUST_PROXY_HOPS: "1" };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawnShop(env, { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  onSpawn?.(child);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      out += chunk;
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve({ child, base: match[1]!, exited, output: () => out });
    });
    child.once("exit", (code) => reject(new Error(`the shop exited (${code}) before listening`)));
  });
}

/** kill -9, and wait until the process is gone. */
export async function killHard(shop: RunningShop): Promise<void> {
  shop.child.kill("SIGKILL");
  await shop.exited;
}

/** A graceful stop (SIGTERM), so the test can open the database itself. */
export async function stopShop(shop: RunningShop): Promise<void> {
  shop.child.kill("SIGTERM");
  await shop.exited;
}

/** The shop's database, opened by the test while no shop runs on it (PGlite's folder, or the PostgreSQL database). */
export function openShopDb(dataDir: string, databaseUrl: string | null) {
  return createDb(databaseUrl ? { dataDir: "", databaseUrl, migrate: false } : { dataDir });
}

export const X_FORWARDED = () => `10.${1 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

export async function call<T>(base: string, url: string, init: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": X_FORWARDED(), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text.startsWith("{") ? JSON.parse(text) : {}) as T };
}

const ADDRESS = { first_name: "Sam", last_name: "Sign", company: "", address1: "Unit 9, Canal Works", address2: "", town: "Leeds", county: "", postcode: "LS1 4AP", country: "United Kingdom" };

export type PaidCheckout = { token: string; checkoutId: string };

/** The PVC banner's id, from the catalogue the shop serves; null when the shop does not answer. */
export async function bannerProductId(base: string): Promise<number | null> {
  const data = await call<{ categories: { subcategories: { products: { id: number; slug: string }[] }[] }[] }>(base, "/api/data").catch(() => null);
  return data?.body.categories.flatMap((c) => c.subcategories.flatMap((s) => s.products)).find((p) => p.slug === "pvc-banner")?.id ?? null;
}

/** The banner line every harness checkout buys: 304 mm square, two of them. */
export const BANNER_SIZE_MM = 304;

/**
 * A customer's whole paid checkout over HTTP: sign up, addresses, price, session, the test card page's
 * form post. Answers the checkout once the card page has answered 303 (the card is taken), else null.
 */
export async function payOnce(base: string, productId: number): Promise<PaidCheckout | null> {
  const signup = makeSignup();
  const account = await call<{ token: string; userId: number }>(base, "/api/auth/signup", { body: signup });
  if (account.status !== 201) return null;
  const { token, userId } = account.body;
  await call(base, "/api/checkout/address", { token, body: { userId, billing: ADDRESS, delivery: { ...ADDRESS, instructions: "" } } });
  const size = { customWidth: BANNER_SIZE_MM, customHeight: BANNER_SIZE_MM };
  const price = await call<{ total: number }>(base, "/api/calculatePrice", { body: { productId, ...size, selectedQuantity: 2, attributes: [] } });
  const total = penceToPounds(orderTotals([poundsToPence(price.body.total)], 0).totalPence);
  const line = { productId, ...size, quantity: 2, versions: 1, attributes: [] };
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

/** The order a paid checkout became (the customer back from the card page), as the shop answers it. */
export function returnFromCardPage<T extends object>(base: string, checkout: PaidCheckout) {
  return call<T & { order_group_id: number; orders: { id: number }[] }>(base, `/api/orders/${checkout.checkoutId}`, { token: checkout.token, body: {} });
}

/** Sends one version's artwork for an ordered item, as the order page does; answers the status. */
export async function uploadArtwork(base: string, token: string, itemId: number, artwork: Buffer): Promise<number> {
  const form = new FormData();
  form.append("version_number", "1");
  form.append("artwork", new Blob([new Uint8Array(artwork)], { type: "image/jpeg" }), "artwork.jpg");
  const res = await fetch(`${base}/api/orders/${itemId}/imgs`, { method: "POST", headers: { authorization: `Bearer ${token}`, "x-forwarded-for": X_FORWARDED() }, body: form });
  await res.arrayBuffer();
  return res.status;
}

/** Files a killed process can leave: temporary uploads and half-written files, anywhere in the data folder but PGlite's. */
export function debrisIn(dataDir: string): string[] {
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

/** Polls until `check` holds: on a condition, never a fixed sleep. */
export async function waitUntil(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The debris a restarted shop's start-up sweep leaves, once the sweep is done. On PGlite the folder's lock
 * makes the new process the only one, so the sweep takes everything from before it started: wait for it.
 * On PostgreSQL other processes may share the folder, so it waits until files are an hour old: answers what
 * is there now (see `sweepAnHourOn`).
 */
export async function debrisAfterRestartSweep(dataDir: string, databaseUrl: string | null): Promise<string[]> {
  if (!databaseUrl) await waitUntil(() => debrisIn(dataDir).length === 0, "the start-up sweep", 10_000).catch(() => {});
  return debrisIn(dataDir);
}

/** The sweep a shop on PostgreSQL runs an hour after a kill: it takes every temporary and half-written file. */
export async function sweepAnHourOn(dataDir: string): Promise<void> {
  await sweepDebris(
    [
      { dir: path.join(dataDir, "tmp", "uploads"), everything: true },
      { dir: dataDir, everything: false },
    ],
    { now: new Date(Date.now() + DEBRIS_AGE_MS + 1000) },
  );
}
