// Customer and staff journeys for browser tests, done through the shop's own HTTP API where a test only
// needs their result (a paid order, a member of staff), and through the page where the page is the point.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { expect, type Page } from "@playwright/test";
import { penceToPounds, poundsToPence } from "../../domain/money";
import { orderTotals } from "../../domain/totals";
import { sendControlCommand } from "../../server/control-socket";
import type { Customer } from "./fixtures";

const run = promisify(execFile);

export const CARD = { number: "4242 4242 4242 4242", declined: "4000 0000 0000 0002", expiry: "12/30", cvc: "123", name: "Sam Sign" };

export const ADDRESS = {
  first_name: "Sam",
  last_name: "Sign",
  company: "Sign Co",
  address1: "Unit 9, Canal Works",
  address2: "",
  town: "Leeds",
  county: "",
  postcode: "LS1 4AP",
  country: "United Kingdom",
};

async function api<T>(baseURL: string, url: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(`${baseURL}${url}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), "x-forwarded-for": `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** The catalogue's PVC banner, as the shop lists it. */
async function pvcBanner(baseURL: string): Promise<{ id: number; slug: string }> {
  const data = await api<{ categories: { subcategories: { products: { id: number; slug: string }[] }[] }[] }>(baseURL, "/api/data");
  return data.categories.flatMap((c) => c.subcategories.flatMap((s) => s.products)).find((p) => p.slug === "pvc-banner")!;
}

/** A formal quote of the customer's for five 1200 × 800 mm PVC banners, made as the basket's button makes it. */
export async function makeQuote(baseURL: string, customer: Customer): Promise<{ id: number; number: string }> {
  const product = await pvcBanner(baseURL);
  const made = await api<{ quote: { id: number; number: string } }>(baseURL, "/api/quotes", {
    token: customer.token,
    body: { lines: [{ productId: product.id, customWidth: 1200, customHeight: 800, quantity: 5, versions: 1, attributes: [] }] },
  });
  return made.quote;
}

/** A paid order of a 304 × 304 mm PVC banner (quantity `quantity`), made as the browser would: checkout, card, return. */
export async function placePaidOrder(
  baseURL: string,
  customer: Customer,
  quantity = 2,
  versions = 1,
  extra: { poNumber?: string; postcode?: string } = {},
): Promise<{ orderGroupId: number; orderId: number }> {
  const delivery = { ...ADDRESS, ...(extra.postcode ? { postcode: extra.postcode } : {}), instructions: "" };
  await api(baseURL, "/api/checkout/address", { token: customer.token, body: { userId: customer.userId, billing: ADDRESS, delivery } });
  const product = await pvcBanner(baseURL);
  const line = { productId: product.id, customWidth: 304, customHeight: 304, quantity, versions, attributes: [] };
  const price = await api<{ total: number }>(baseURL, "/api/calculatePrice", { body: { productId: product.id, customWidth: 304, customHeight: 304, selectedQuantity: quantity, attributes: [] } });
  const totals = orderTotals([poundsToPence(price.total)], 0);
  const started = await api<{ url: string; checkout_id: string; amount_total: number }>(baseURL, "/api/stripe/create-checkout-session", {
    token: customer.token,
    body: { userId: customer.userId, Total: penceToPounds(totals.totalPence), lines: [line], ...(extra.poNumber ? { poNumber: extra.poNumber } : {}) },
  });
  // The built-in test page takes an ordinary form post, as a browser without JavaScript would send it.
  const paid = await fetch(`${baseURL}${started.url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ cardNumber: CARD.number, expiry: CARD.expiry, cvc: CARD.cvc, nameOnCard: CARD.name }).toString(),
  });
  expect([302, 303]).toContain(paid.status);
  const made = await api<{ order_group_id: number; orders: { id: number }[] }>(baseURL, `/api/orders/${started.checkout_id}`, { token: customer.token, body: {} });
  return { orderGroupId: made.order_group_id, orderId: made.orders[0]!.id };
}

/** A 304 mm square CMYK JPEG at 150 ppi: passes the preflight for the banner above. */
export async function goodArtwork(): Promise<Buffer> {
  return sharp({ create: { width: 1796, height: 1796, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .toColourspace("cmyk")
    .jpeg({ quality: 80 })
    .withDensity(150)
    .toBuffer();
}

/** Uploads, approves and completes an order's artwork through the API. */
export async function completeArtwork(baseURL: string, customer: Customer, order: { orderGroupId: number; orderId: number }) {
  const form = new FormData();
  form.append("version_number", "1");
  form.append("artwork", new Blob([new Uint8Array(await goodArtwork())], { type: "image/jpeg" }), "artwork.jpg");
  const uploaded = await fetch(`${baseURL}/api/orders/${order.orderId}/imgs`, { method: "POST", headers: { authorization: `Bearer ${customer.token}` }, body: form });
  expect(uploaded.status).toBe(201);
  await api(baseURL, `/api/orders/${order.orderId}/imgs/1`, { method: "PATCH", token: customer.token, body: { approved: true } });
  await api(baseURL, `/api/orders/group/${order.orderGroupId}`, { method: "PATCH", token: customer.token, body: { status: "Print Ready" } });
}

/**
 * A member of staff, added the only way staff are added: the running shop's control socket, which is what
 * `npm run staff -- add` talks to. With `viaCommandLine` the command itself is run (staff.spec.ts does, once):
 * elsewhere the socket is called directly, as the command would, without starting npm and tsx each time
 * (about 1.2 s of CPU a call, 25 calls a run). Answers the single-use set-password link.
 */
export async function addStaffMember(role: "staff" | "manager" = "staff", options: { viaCommandLine?: boolean } = {}): Promise<{ email: string; link: string }> {
  const email = `${role}.${Date.now()}@printwise.example.com`;
  let answer: string;
  if (options.viaCommandLine) {
    const root = path.resolve(import.meta.dirname, "../..");
    answer = (await run("npm", ["run", "--silent", "staff", "--", "add", email, "--role", role], { cwd: root, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: "production" } })).stdout;
  } else {
    const sent = await sendControlCommand(process.env.E2E_DATA_DIR!, { command: "staff-add", email, role });
    if (!sent?.ok) throw new Error(`the running shop did not add ${email}: ${sent?.message ?? "no control socket"}`);
    answer = sent.link ?? "";
  }
  const link = /https?:\/\/\S+\/reset-password#token=[\w-]{43}/.exec(answer)?.[0];
  if (!link) throw new Error(`no link in: ${answer}`);
  return { email, link };
}

/** Opens the set-password link and chooses a password; staff land on their console. */
export async function signInAsStaff(page: Page, link: string) {
  const { pathname, hash } = new URL(link);
  // Each staff member at their own machine: the shop's per-address limit on setting passwords (10 in
  // 15 minutes) is for one client, and the whole suite's staff would otherwise share 127.0.0.1.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  await page.goto(pathname + hash);
  await page.getByRole("textbox", { name: "New password" }).fill("Press-Room-2026!");
  await page.getByLabel("Confirm Password").fill("Press-Room-2026!");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/staff$/);
}

/** Records the page's upload requests ("POST /api/uploads", "PATCH /api/uploads/…", one-request upload routes) as they go. */
export function recordUploadRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/uploads") || pathname.endsWith("/design/files") || pathname === "/api/design-images") seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}
