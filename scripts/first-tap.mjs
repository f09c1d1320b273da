// `npm run first-tap`: what a customer's first tap does on Lighthouse's phone profile (4× slower CPU,
// 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, a 390 px screen), measured in Debian's Chromium
// against the production build on a fresh data folder.
//
// For each journey the browser acts the moment it can: on a page the server draws (product, login, sign-up,
// contact, Quick Quote as a guest) it types and taps as soon as the first contentful paint is reported, usually before
// the page has hydrated; on a page only its script can draw (the basket's promo box, the checkout's address
// form: the basket lives in the browser) it acts as soon as the field is there and enabled. It taps twice,
// as people do when nothing seems to happen. Per run it records, from navigation start (ms):
//   paint      the first contentful paint
//   tap        when the tap landed
//   live       when React had hydrated the page (the footer carries its fibre)
//   answer     the first visible answer to the tap: the button marked busy or disabled, a new address, or the effect
//   effect     the effect itself (the basket page, the signed-in hub, "Message sent!", …)
// and whether the tap was lost (no effect within 20 s) or doubled (the request sent more than once).
//
//   node scripts/first-tap.mjs [--runs N] [--root DIR] [--only name,name]
//
// --root measures another checkout's build (its build/ folder), e.g. an older commit for a before/after.
// Results go to bench/results/first-tap.json (or first-tap-<label>.json with --label).
/* global location, performance, queueMicrotask, requestAnimationFrame, MutationObserver, PerformanceObserver, localStorage, sessionStorage -- functions below run in the page */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { cleanup, startShop, stopChild } from "../bench/processes.mjs";

const here = path.resolve(import.meta.dirname, "..");
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(arg("runs", "5"));
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 50) throw new Error("--runs must be a whole number from 1 to 50");
const ROOT = path.resolve(arg("root", here));
const LABEL = arg("label", "");
const ONLY = arg("only", "")
  .split(",")
  .filter(Boolean);
const CHROME_FLAGS = JSON.parse(fs.readFileSync(path.join(here, "scripts", "chromium-flags.json"), "utf8"));
const EFFECT_TIMEOUT_MS = 20_000;

/**
 * In the page, before its own scripts: reports each mark to this script at once, on the wall clock
 * (timeOrigin + now), so marks survive the page being replaced by the next document.
 */
function installMarks() {
  const w = window;
  const at = () => performance.timeOrigin + performance.now();
  const mark = (name) => w.__firstTapMark?.(name, at());
  let tapped = false;
  let answered = false;
  let startHref = "";
  const answer = () => {
    if (!tapped || answered) return;
    if (location.href !== startHref || document.querySelector('[aria-busy="true"], button[disabled][data-tapped]')) {
      answered = true;
      mark("answer");
    }
  };
  document.addEventListener(
    "click",
    (event) => {
      const button = event.target?.closest?.("button");
      if (!button) return;
      button.setAttribute("data-tapped", "");
      if (!tapped) {
        tapped = true;
        startHref = location.href;
        mark("tap");
        queueMicrotask(answer);
      }
    },
    true,
  );
  new MutationObserver(answer).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ["aria-busy", "disabled"] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName("first-contentful-paint")) w.__firstTapMark?.(`paint@${location.pathname}`, performance.timeOrigin + entry.startTime);
  }).observe({ type: "paint", buffered: true });
  const live = () => {
    const footer = document.querySelector("footer");
    if (footer && Object.keys(footer).some((key) => key.startsWith("__reactFiber$"))) mark(`live@${location.pathname}`);
    else requestAnimationFrame(live);
  };
  requestAnimationFrame(live);
  // For reading a lost tap afterwards: whether a submit happened and whether the page was left.
  window.addEventListener("submit", (event) => w.__firstTapMark?.(`submit@${location.pathname}`, at(), event.defaultPrevented), true);
  window.addEventListener("pagehide", () => mark(`left@${location.pathname}`));
}

let visitor = 0;

async function phone(browser, marks) {
  // Each run is another customer (the shop trusts one proxy hop here): the contact form's limit of five
  // messages in ten minutes per address would otherwise refuse the sixth run.
  visitor += 1;
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { "x-forwarded-for": `10.77.${visitor >> 8}.${visitor & 255}` },
  });
  await context.exposeBinding("__firstTapMark", (_source, name, at) => {
    marks[name] ??= at;
  });
  await context.addInitScript(installMarks);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  return { context, page };
}

async function firstPaint(page) {
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { polling: 16 });
}

/** Two taps on the control's centre, one straight after the other, as a person taps when nothing seems to happen. */
async function doubleTap(page, control) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error("the control is not on the screen");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.click(x, y);
  await page.mouse.click(x, y);
}

const unique = () => `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;

/** Each journey: how to get there, what to do, which request is its effect, and what shows it happened. */
const JOURNEYS = [
  {
    name: "product: Add to Basket",
    path: "/product/pvc-banner",
    act: async (page) => {
      await firstPaint(page);
      const add = page.getByRole("button", { name: "Add to Basket" });
      await doubleTap(page, add);
    },
    effect: async (page) => {
      await page.waitForURL(/\/basket$/, { timeout: EFFECT_TIMEOUT_MS });
      await page.getByRole("link", { name: "Basket, 1 item" }).waitFor({ timeout: EFFECT_TIMEOUT_MS });
    },
    requests: null,
  },
  {
    name: "login: sign in",
    path: "/login",
    prepare: async (baseURL) => signup(baseURL),
    act: async (page, customer) => {
      await firstPaint(page);
      const form = page.getByRole("form", { name: "Sign in" });
      await form.getByLabel("Email").fill(customer.email);
      await form.getByLabel("Password").fill(customer.password);
      const button = form.getByRole("button", { name: "Log in" });
      await doubleTap(page, button);
    },
    effect: (page) => page.waitForURL(/\/my-account$/, { timeout: EFFECT_TIMEOUT_MS }),
    requests: "/api/auth/login",
  },
  {
    name: "signup: create account",
    path: "/signup",
    act: async (page) => {
      await firstPaint(page);
      const form = page.getByRole("form", { name: "Registration" });
      await form.getByLabel("Title").selectOption("Ms");
      await form.getByLabel("First name").fill("Eve");
      await form.getByLabel("Last name").fill("Early");
      await form.getByLabel("Email").fill(`first.tap.${unique()}@example.com`);
      await form.getByLabel("Mobile telephone").fill("07700 900123");
      await form.getByRole("textbox", { name: "Password", exact: true }).fill("Early-Bird-Banners-9");
      await form.getByLabel("Confirm Password").fill("Early-Bird-Banners-9");
      const button = form.getByRole("button", { name: "Create account" });
      await doubleTap(page, button);
    },
    effect: (page) => page.waitForURL(/\/my-account$/, { timeout: EFFECT_TIMEOUT_MS }),
    requests: "/api/auth/signup",
  },
  {
    name: "contact: send a message",
    path: "/contact-us",
    act: async (page) => {
      await firstPaint(page);
      await page.getByLabel("Name").fill("Ada Early");
      await page.getByLabel("Email").fill("ada.early@example.com");
      await page.getByLabel("Message").fill("Sent at first paint.");
      const send = page.getByRole("button", { name: "Send message" });
      await doubleTap(page, send);
    },
    effect: (page) => page.getByText("Message sent!").waitFor({ timeout: EFFECT_TIMEOUT_MS }),
    requests: "/api/email/contact",
  },
  {
    name: "quick quote: a guest's request",
    path: "/quick-quote",
    act: async (page) => {
      await firstPaint(page);
      const form = page.getByRole("form", { name: "Quick Quote request" });
      await form.getByLabel("First name").fill("Gail");
      await form.getByLabel("Last name").fill("Guest");
      await form.getByLabel("Email").fill(`first.tap.${unique()}@example.com`);
      await form.getByLabel("Telephone").fill("07700 900123");
      await form.getByLabel(/^Password/).fill("Early-Quote-Fascia-3");
      await form.getByLabel("Confirm password").fill("Early-Quote-Fascia-3");
      await form.getByLabel("What would you like printed?").fill("Shop-front fascia");
      await form.getByLabel("Size").fill("4000 × 600 mm");
      await form.getByLabel("Quantity").fill("1");
      await doubleTap(page, form.getByRole("button", { name: "Send request" }));
    },
    effect: (page) => page.waitForURL(/\/my-account\/quotes\/\d+$/, { timeout: EFFECT_TIMEOUT_MS }),
    requests: "/api/quote-requests",
  },
  {
    name: "basket: promo code",
    path: "/basket",
    withBasket: true,
    act: async (page) => {
      const box = page.getByLabel("Promo code");
      await box.fill("welcome");
      const update = page.getByRole("button", { name: "Update" });
      await doubleTap(page, update);
    },
    effect: (page) => page.getByText("Promo code applied!").waitFor({ timeout: EFFECT_TIMEOUT_MS }),
    requests: "/api/apply-promo",
  },
  {
    name: "address: guest to the card page",
    path: "/checkout/address-and-delivery",
    withBasket: true,
    act: async (page) => {
      const contact = page.getByRole("group", { name: "Contact details" });
      await contact.getByLabel("First name").fill("Gus");
      await contact.getByLabel("Last name").fill("Guest");
      await contact.getByLabel("Email").fill(`first.tap.${unique()}@example.com`);
      await contact.getByLabel("Telephone").fill("07700 900321");
      await contact.getByRole("textbox", { name: "Password", exact: true }).fill("Early-Guest-Boards-4");
      await contact.getByLabel("Confirm password").fill("Early-Guest-Boards-4");
      const billing = page.getByRole("group", { name: "Billing address" });
      await billing.getByLabel("Address 1").fill("Unit 9, Canal Works");
      await billing.getByLabel("Town").fill("Leeds");
      await billing.getByLabel("Postcode").fill("LS1 4AP");
      await page.getByLabel(/I accept the/).check();
      const proceed = page.getByRole("button", { name: "Proceed to Payment" });
      await doubleTap(page, proceed);
    },
    effect: (page) => page.getByText("Test payment – no real card is charged").waitFor({ timeout: EFFECT_TIMEOUT_MS }),
    requests: "/api/checkout/",
  },
];

async function signup(baseURL) {
  const email = `first.tap.${unique()}@example.com`;
  const password = `Vinyl-Banner-${unique()}`;
  const response = await fetch(`${baseURL}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title: "Mr", firstname: "Sam", lastname: "Sign", email, telephone: "07700 900456", password, role: "user", site: "printwise" }),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status}`);
  return { email, password };
}

/** A basket line the way the product page stores one: added through the page, on a fast profile. */
async function basketState(browser, baseURL) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseURL}/product/pvc-banner`);
  // Setting up, not measuring: wait for the page to be live (a build without early input loses earlier taps).
  await page.waitForFunction(() => Object.keys(document.querySelector("footer") ?? {}).some((key) => key.startsWith("__reactFiber$")));
  await page.getByRole("button", { name: "Add to Basket" }).click();
  await page.waitForURL(/\/basket$/);
  const basket = await page.evaluate(() => localStorage.getItem("basket"));
  await context.close();
  return basket;
}

async function measure(browser, baseURL, journey, basket) {
  const prepared = journey.prepare ? await journey.prepare(baseURL) : undefined;
  const marks = {};
  const { context, page } = await phone(browser, marks);
  if (journey.withBasket) await context.addInitScript((stored) => sessionStorage.getItem("seeded") || (localStorage.setItem("basket", stored), sessionStorage.setItem("seeded", "1")), basket);
  const sent = [];
  page.on("request", (request) => {
    if (journey.requests && new URL(request.url()).pathname.startsWith(journey.requests) && request.method() !== "GET") sent.push(`${request.method()} ${request.url()}`);
    if (/[?&](email|password|message|postcode|address1)=/i.test(request.url())) sent.push(`FIELD IN URL: ${request.url()}`);
  });
  const result = { lost: false, doubled: false, fieldInUrl: false };
  let start = 0;
  try {
    await page.goto(`${baseURL}${journey.path}`, { waitUntil: "commit" });
    start = await page.evaluate(() => performance.timeOrigin);
    await journey.act(page, prepared);
    await journey.effect(page);
    result.effect = Date.now() - start;
  } catch (error) {
    result.lost = true;
    result.error = error instanceof Error ? error.message.split("\n")[0] : String(error);
  }
  await page.waitForTimeout(1500); // a doubled request would be sent by now
  const since = (name) => (marks[name] === undefined ? undefined : marks[name] - start);
  Object.assign(result, { paint: since(`paint@${journey.path}`), tap: since("tap"), live: since(`live@${journey.path}`), answer: since("answer") ?? result.effect });
  if (journey.requests) result.doubled = sent.filter((url) => !url.startsWith("FIELD")).length > 1;
  result.fieldInUrl = sent.some((url) => url.startsWith("FIELD"));
  result.sent = sent;
  result.marks = Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, Math.round(v - start)]));
  await context.close();
  return result;
}

const round = (value) => (typeof value === "number" ? Math.round(value) : null);

async function main() {
  process.env.TRUST_PROXY_HOPS = "1";
  const shop = await startShop(ROOT, { pageCache: "on", label: "first-tap" });
  const baseURL = `http://127.0.0.1:${shop.port}`;
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROME_FLAGS });
  const report = { root: ROOT, runs: RUNS, at: new Date().toISOString(), journeys: [] };
  try {
    const basket = await basketState(browser, baseURL);
    for (const journey of JOURNEYS.filter((j) => ONLY.length === 0 || ONLY.some((o) => j.name.startsWith(o)))) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await measure(browser, baseURL, journey, basket);
        runs.push(run);
        const cell = (key) => String(round(run[key]) ?? "–").padStart(6);
        console.log(
          `${journey.name.padEnd(34)} paint${cell("paint")} tap${cell("tap")} live${cell("live")} answer${cell("answer")} effect${cell("effect")}` +
            `  tap→answer ${String(round(run.answer - run.tap) ?? "–").padStart(5)} ms  tap→effect ${String(round(run.effect - run.tap) ?? "–").padStart(5)} ms` +
            `${run.lost ? `  LOST (${run.error})` : ""}${run.doubled ? "  DOUBLED" : ""}${run.fieldInUrl ? "  FIELD IN URL" : ""}`,
        );
      }
      const done = runs.filter((r) => !r.lost);
      const worst = (f) => (done.length ? Math.round(Math.max(...done.map(f))) : null);
      report.journeys.push({
        name: journey.name,
        lost: runs.filter((r) => r.lost).length,
        doubled: runs.filter((r) => r.doubled).length,
        tappedBeforeLive: runs.filter((r) => r.tap !== undefined && (r.live === undefined || r.tap < r.live)).length,
        worstTapToAnswerMs: worst((r) => r.answer - r.tap),
        worstTapToEffectMs: worst((r) => r.effect - r.tap),
        runs: runs.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? round(v) : v]))),
      });
    }
  } finally {
    await browser.close();
    await stopChild(shop.child);
  }
  console.log("\njourney                            lost doubled before-live  worst tap→answer  worst tap→effect");
  for (const j of report.journeys) {
    console.log(`${j.name.padEnd(34)} ${String(j.lost).padStart(4)} ${String(j.doubled).padStart(7)} ${String(j.tappedBeforeLive).padStart(11)} ${String(j.worstTapToAnswerMs ?? "–").padStart(14)} ms ${String(j.worstTapToEffectMs ?? "–").padStart(14)} ms`);
  }
  const out = path.join(here, "bench", "results", LABEL ? `first-tap-${LABEL}.json` : "first-tap.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten to ${path.relative(here, out)}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
