import type { Page, Request } from "@playwright/test";
import { createCustomer, expect, holdScripts, isHydrated, test } from "./fixtures";
import { ADDRESS, addStaffMember, signInAsStaff } from "./journeys";

/**
 * Taps and typing from the first paint, before the page's scripts have run (app/lib/early-input.ts).
 * Each test holds back the page's JavaScript until it has acted, so what it does lands before hydration on
 * every run, on Lighthouse's phone profile (4× slower CPU, 150 ms round trips, 1.6 Mbit/s).
 */

async function phoneProfile(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
}

/** Records, in the page, when the first tap happened and when a button first showed it was busy. */
async function timeTheAnswer(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { tapAt?: number; busyAt?: number };
    document.addEventListener("click", () => (w.tapAt ??= performance.now()), true);
    new MutationObserver(() => {
      if (w.busyAt === undefined && document.querySelector('[aria-busy="true"][data-early-busy]')) w.busyAt = performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["aria-busy"] });
  });
}

async function answerDelay(page: Page): Promise<number> {
  const { tapAt, busyAt } = await page.evaluate(() => {
    const w = window as unknown as { tapAt?: number; busyAt?: number };
    return { tapAt: w.tapAt, busyAt: w.busyAt };
  });
  expect(tapAt, "the tap was seen").toBeDefined();
  expect(busyAt, "the button showed it was busy").toBeDefined();
  return busyAt! - tapAt!;
}

test.describe("input from the first paint @phone", () => {
  test("a sign-in autofilled and sent before hydration signs in once, by POST, with nothing in the URL", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    await phoneProfile(page);
    await timeTheAnswer(page);
    const release = await holdScripts(page);
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));

    await page.goto("/login", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill(customer.email);
    await form.getByLabel("Password").fill(customer.password);
    const button = form.getByRole("button", { name: "Log in" });
    await button.click();
    await button.click();
    expect(await isHydrated(page), "the taps came before hydration").toBe(false);
    await expect(button).toHaveAttribute("aria-busy", "true");
    expect(await answerDelay(page)).toBeLessThanOrEqual(100);

    release();
    await expect(page).toHaveURL(/\/my-account$/);
    expect(requests.filter((r) => r.url().includes("/api/auth/login")).length, "signed in exactly once").toBe(1);
    expect(requests.filter((r) => /[?&](email|password)=/.test(r.url())), "no field in a URL").toEqual([]);
  });

  test("a tap on a form the browser checks, made while a required field is momentarily empty, is kept and sent once", async ({ page, baseURL }) => {
    // After hydration React resets each controlled field to its empty state for a few frames, until the
    // early-input script has told it what was typed. On a form the browser checks (the staff console's have
    // required fields and no noValidate), that check ran before submit and failed, so a tap in those frames
    // vanished: a manager's "Open account" in CI. Here the field is empty at the tap and filled after it,
    // all before hydration.
    const customer = await createCustomer(baseURL!);
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await phoneProfile(page);
    const release = await holdScripts(page);
    const opened: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/manage/trade-accounts")) opened.push(request.postData() ?? "");
    });

    await page.goto("/staff/accounts", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Credit limit (£)").fill("500.00");
    const open = page.getByRole("button", { name: "Open account" });
    await open.click();
    await open.click();
    await expect(open).toHaveAttribute("aria-busy", "true");
    await page.getByLabel("Customer's email").fill(customer.email);
    expect(await isHydrated(page), "the taps came before hydration").toBe(false);

    release();
    await expect(page.getByText(`Trade account opened for ${customer.email}: £500.00 on 30 days.`)).toBeVisible();
    expect(opened, "opened exactly once").toHaveLength(1);
  });

  test("Add to Basket tapped twice before hydration adds the line once", async ({ page }) => {
    await phoneProfile(page);
    await timeTheAnswer(page);
    const release = await holdScripts(page);

    await page.goto("/product/pvc-banner", { waitUntil: "domcontentloaded" });
    const add = page.getByRole("button", { name: "Add to Basket" });
    await add.click();
    await add.click();
    expect(await isHydrated(page), "the taps came before hydration").toBe(false);
    await expect(add).toHaveAttribute("aria-busy", "true");
    expect(await answerDelay(page)).toBeLessThanOrEqual(100);

    release();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole("link", { name: /^Basket, \d+ items?$/ })).toHaveAccessibleName("Basket, 1 item");
  });

  test("a size typed before hydration, then Design online tapped, opens the editor at that size", async ({ page }) => {
    // The link's address carries the configuration, which React writes into it only once the page is live:
    // followed at once, it opened the editor at the product's default size (CI, the phone design journey).
    await phoneProfile(page);
    const release = await holdScripts(page);

    await page.goto("/product/pvc-banner", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Width (mm)").fill("3000");
    await page.getByLabel("Height (mm)").fill("1000");
    const design = page.getByRole("link", { name: "No artwork? Design online" });
    await design.click();
    expect(await isHydrated(page), "the tap came before hydration").toBe(false);
    await expect(design).toHaveAttribute("aria-busy", "true");

    release();
    await expect(page).toHaveURL(/\/design\/pvc-banner\?/);
    await expect(page.getByTestId("design-size")).toHaveText("3000 × 1000 mm");
  });

  test("a contact message typed and sent before hydration is sent once, with every field", async ({ page }) => {
    await phoneProfile(page);
    await timeTheAnswer(page);
    const release = await holdScripts(page);
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/email/contact")) sent.push(request.postData() ?? "");
    });

    await page.goto("/contact-us", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Name").fill("Ada Early");
    await page.getByLabel("Email").fill("ada.early@example.com");
    await page.getByLabel("Message").fill("Typed before the page came alive.");
    const send = page.getByRole("button", { name: "Send message" });
    await send.click();
    await send.click();
    expect(await isHydrated(page), "the taps came before hydration").toBe(false);
    expect(await answerDelay(page)).toBeLessThanOrEqual(100);

    release();
    await expect(page.getByText("Message sent!")).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ name: "Ada Early", email: "ada.early@example.com", message: "Typed before the page came alive." });
  });

  test("a sign-up typed and sent before hydration makes one account, by POST, with nothing in the URL", async ({ page }) => {
    await phoneProfile(page);
    await timeTheAnswer(page);
    const release = await holdScripts(page);
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    const email = `early.signup.${Date.now()}@example.com`;

    await page.goto("/signup", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Registration" });
    await form.getByLabel("Title").selectOption("Ms");
    await form.getByLabel("First name").fill("Eve");
    await form.getByLabel("Last name").fill("Early");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Mobile telephone").fill("07700 900123");
    await form.getByRole("textbox", { name: "Password", exact: true }).fill("Early-Bird-Banners-9");
    await form.getByLabel("Confirm Password").fill("Early-Bird-Banners-9");
    const create = form.getByRole("button", { name: "Create account" });
    await create.click();
    await create.click();
    expect(await isHydrated(page), "the taps came before hydration").toBe(false);
    expect(await answerDelay(page)).toBeLessThanOrEqual(100);

    release();
    await expect(page).toHaveURL(/\/my-account$/);
    const signups = requests.filter((r) => r.url().endsWith("/api/auth/signup"));
    expect(signups, "signed up exactly once").toHaveLength(1);
    expect(JSON.parse(signups[0]!.postData() ?? "{}")).toMatchObject({ title: "Ms", firstname: "Eve", lastname: "Early", email });
    expect(requests.filter((r) => /[?&](email|password|firstname)=/.test(r.url())), "no field in a URL").toEqual([]);
  });

  test("a guest acting as soon as each page is drawn adds to the basket, applies a promo code and reaches the card page", async ({ page }) => {
    await phoneProfile(page);
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    const release = await holdScripts(page);
    await page.goto("/product/pvc-banner", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Add to Basket" }).click();
    expect(await isHydrated(page), "the tap came before hydration").toBe(false);
    release();
    await expect(page).toHaveURL(/\/basket$/);

    // The basket lives in this browser, so its page is drawn by its script; the promo box is usable once enabled.
    await page.getByLabel("Promo code").fill("welcome");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Promo code applied!")).toBeVisible();
    expect(requests.filter((r) => r.url().endsWith("/api/apply-promo")), "applied once").toHaveLength(1);

    // A fresh load of the address page on the phone profile: the guest types as soon as the fields are drawn.
    await page.goto("/checkout/address-and-delivery", { waitUntil: "domcontentloaded" });
    const contact = page.getByRole("group", { name: "Contact details" });
    const email = `early.guest.${Date.now()}@example.com`;
    await contact.getByLabel("First name").fill("Gus");
    await contact.getByLabel("Last name").fill("Guest");
    await contact.getByLabel("Email").fill(email);
    await contact.getByLabel("Telephone").fill("07700 900321");
    await contact.getByRole("textbox", { name: "Password", exact: true }).fill("Early-Guest-Boards-4");
    await contact.getByLabel("Confirm password").fill("Early-Guest-Boards-4");
    const billing = page.getByRole("group", { name: "Billing address" });
    await billing.getByLabel("Address 1").fill(ADDRESS.address1);
    await billing.getByLabel("Town").fill(ADDRESS.town);
    await billing.getByLabel("Postcode").fill(ADDRESS.postcode);
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByText("Test payment – no real card is charged")).toBeVisible();
    // The promo survived the reload and is part of what the card page will charge.
    await expect(page.getByText(/less £\d+\.\d\d \(Welcome\)/)).toBeVisible();
    expect(requests.filter((r) => /[?&](email|password|address1|postcode)=/i.test(r.url())), "no field in a URL").toEqual([]);
  });

  test("a quantity typed below the minimum and left before hydration snaps up to it once the page is live", async ({ page }) => {
    await phoneProfile(page);
    const release = await holdScripts(page);
    await page.goto("/product/a4-posters", { waitUntil: "domcontentloaded" });
    const quantity = page.getByLabel("Quantity");
    await quantity.fill("10");
    await quantity.blur();
    expect(await isHydrated(page), "typed and left before hydration").toBe(false);

    release();
    // 25 is the A4 posters' minimum: the field snaps up when left, as it does after hydration.
    await expect(quantity).toHaveValue("25");
    await expect(page.getByTestId("price")).toHaveText("£15.94");
  });
});
