// A big artwork file from a phone on a throttled connection (CDP network emulation): the network goes off
// and on twice mid-upload, the upload pauses and carries on by itself, and after a reload the page offers
// to continue from what the server holds. The bar shows the bytes the server holds throughout.
// RESUMABLE_E2E_MB sets the file's size (CI: 24 MB; tried by hand at 200); RESUMABLE_E2E_SHOTS names a
// folder for screenshots of each moment.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { CDPSession, Page } from "@playwright/test";
import { createCustomer, expect, signIn, test, visit } from "./fixtures";
import { placePaidOrder } from "./journeys";

const SIZE_MB = Number(process.env.RESUMABLE_E2E_MB ?? 24);
const SHOTS = process.env.RESUMABLE_E2E_SHOTS ?? null;
/** About 16 Mbit/s up, 4G-like latency. */
const PHONE = { offline: false, latency: 70, downloadThroughput: 4_000_000, uploadThroughput: 2_000_000 };

let dir: string;
let file: string;
test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-resumable-"));
  file = path.join(dir, "shopfront-banner.jpg");
  if (SIZE_MB <= 40) {
    // Noise hardly compresses: a real, printable CMYK JPEG (304 mm at about 250 ppi) of roughly the size asked.
    const side = Math.round(Math.sqrt((SIZE_MB * 1024 * 1024) / 2.2));
    fs.writeFileSync(file, await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).toColourspace("cmyk").jpeg({ quality: 95 }).withDensity(Math.round(side / (304 / 25.4))).toBuffer());
  } else {
    // Larger than any printable JPEG we can make quickly: a JPEG head and random bytes (the check then refuses it).
    const head = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();
    fs.writeFileSync(file, Buffer.concat([head, randomBytes(SIZE_MB * 1024 * 1024 - head.length)]));
  }
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${page.viewportSize()!.width}-${name}.png`), fullPage: false });
}

/** What the bar says the server holds. */
const held = async (page: Page) => Number((await page.getByRole("progressbar", { name: /Uploading artwork of/ }).getAttribute("value").catch(() => "0")) ?? 0);

async function offlineFor(page: Page, cdp: CDPSession, label: string) {
  await cdp.send("Network.emulateNetworkConditions", { ...PHONE, offline: true });
  await expect(page.getByText(/Paused: you are offline\. The upload carries on by itself when you are back online\./)).toBeVisible();
  const pausedAt = await held(page);
  await shot(page, `${label}-offline`);
  await page.waitForTimeout(1500);
  // Nothing moves while offline, and nothing is lost: the bar still shows what the server held.
  expect(await held(page)).toBe(pausedAt);
  await cdp.send("Network.emulateNetworkConditions", PHONE);
  await expect(page.getByText(/Paused: you are offline/)).toBeHidden();
  await expect.poll(() => held(page), { timeout: 60_000 + SIZE_MB * 1000 }).toBeGreaterThan(pausedAt);
  await shot(page, `${label}-back-online`);
}

test.describe("resumable artwork upload", () => {
  // RESUMABLE_E2E_DESKTOP=1 runs it at 1280 px too (screenshots of the desktop layout); CI runs the phone.
  const variants = process.env.RESUMABLE_E2E_DESKTOP ? ["@phone", "on a desktop"] : ["@phone"];
  for (const variant of variants) {
    test(`a big file on a throttled connection survives the network going off twice and a reload ${variant}`, async ({ page, baseURL, consoleGuard }) => {
      // Chromium logs each request the offline network fails.
      consoleGuard.allow(/net::ERR_INTERNET_DISCONNECTED|Failed to load resource: net::/);
      test.setTimeout(120_000 + SIZE_MB * 6_000);
      const customer = await createCustomer(baseURL!);
      const order = await placePaidOrder(baseURL!, customer, 2);
      await signIn(page, customer);
      await visit(page, `/checkout/artwork-uploader?order_group_id=${order.orderGroupId}`);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", PHONE);

      await page.locator('input[type="file"]').setInputFiles(file);
      const bar = page.getByRole("progressbar", { name: /Uploading artwork of PVC Banners/ });
      await expect(bar).toBeVisible();
      await expect(bar).toHaveAttribute("max", String(fs.statSync(file).size));
      await expect.poll(() => held(page), { timeout: 60_000 }).toBeGreaterThan(0);
      await shot(page, "1-uploading");

      await offlineFor(page, cdp, "2");
      await offlineFor(page, cdp, "3");

      // A reload mid-upload (the tab closed, the phone restarted the browser): the page offers to carry on.
      const uploadUrl = await page.evaluate(() => Object.entries(localStorage).find(([key]) => key.startsWith("tus::"))?.[1]).then((entry) => (entry ? (JSON.parse(entry) as { uploadUrl: string }).uploadUrl : null));
      expect(uploadUrl).toMatch(/\/api\/uploads\/./);
      const before = await held(page);
      await page.reload();
      // The tus traffic of the reloaded page, in order: what the server says it holds (HEAD answers), where each
      // PATCH starts (its Upload-Offset), and any new upload created.
      const traffic: { kind: "held" | "patch" | "create"; url: string; offset: () => Promise<string | null> }[] = [];
      const isUpload = (url: string) => new URL(url).pathname.startsWith("/api/uploads");
      page.on("response", (response) => {
        if (response.request().method() === "HEAD" && isUpload(response.url())) traffic.push({ kind: "held", url: response.url(), offset: () => response.headerValue("upload-offset") });
      });
      page.on("request", (request) => {
        if (!isUpload(request.url())) return;
        if (request.method() === "PATCH") traffic.push({ kind: "patch", url: request.url(), offset: () => request.headerValue("upload-offset") });
        if (request.method() === "POST") traffic.push({ kind: "create", url: request.url(), offset: async () => null });
      });
      const offer = page.getByText(/You were uploading shopfront-banner\.jpg \(\d+(\.\d)? [KM]B already received\)\. Choose the same file to carry on from there\./);
      await expect(offer).toBeVisible();
      await shot(page, "4-offered-after-reload");
      await cdp.send("Network.emulateNetworkConditions", PHONE);
      await page.locator('input[type="file"]').setInputFiles(file);
      // It carries on from what the server held, not from zero: the same upload (no new one is created), and
      // its first PATCH starts at the offset the server's HEAD answer gave, at least what the bar showed.
      await expect.poll(() => traffic.some((t) => t.kind === "patch"), { timeout: 30_000 }).toBe(true);
      const firstPatch = traffic.find((t) => t.kind === "patch")!;
      const heldAnswer = traffic.slice(0, traffic.indexOf(firstPatch)).findLast((t) => t.kind === "held");
      expect(traffic.filter((t) => t.kind === "create").map((t) => t.url)).toEqual([]);
      expect(heldAnswer, "a HEAD asked the server what it holds before sending").toBeDefined();
      expect(new URL(firstPatch.url, baseURL).pathname).toBe(new URL(uploadUrl!, baseURL).pathname);
      expect(heldAnswer!.url).toBe(firstPatch.url);
      const serverHeld = Number(await heldAnswer!.offset());
      const resumedAt = Number(await firstPatch.offset());
      expect(resumedAt).toBeGreaterThan(0);
      expect(resumedAt).toBe(serverHeld);
      expect(resumedAt).toBeGreaterThanOrEqual(before);
      await expect.poll(() => held(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(before);
      await shot(page, "5-carrying-on");
      if (SIZE_MB <= 40) {
        await expect(page.getByText("Checked: ready to print")).toBeVisible({ timeout: 60_000 + SIZE_MB * 6_000 });
      } else {
        await expect(page.getByText(/cannot be printed|could not be read|not a PDF, JPEG/).first()).toBeVisible({ timeout: SIZE_MB * 6_000 });
      }
      await shot(page, "6-finished");
    });
  }
});
