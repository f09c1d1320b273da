// Quick Quote for guests (docs/decisions/042-quick-quote-for-guests.md): the form is there from the first
// paint for everyone; a guest gives checkout's contact details with the job, the account is made at submit
// and the quote request is theirs; an email that has an account is refused as at checkout.
import type { Page, Request } from "@playwright/test";
import { createCustomer, expect, failedToLoad, holdScripts, isHydrated, signIn, test } from "./fixtures";
import { goodArtwork } from "./journeys";

let n = 0;
const guestEmail = () => `qq-guest-${Date.now()}-${++n}@example.test`;

async function fillAsGuest(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Quick Quote request" });
  await form.getByLabel("First name").fill("Gail");
  await form.getByLabel("Last name").fill("Guest");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Telephone").fill("07700 900123");
  await form.getByLabel(/^Password/).fill("secret-enough");
  await form.getByLabel("Confirm password").fill("secret-enough");
  await form.getByLabel("What would you like printed?").fill("Shop-front fascia");
  await form.getByLabel("Size").fill("4000 × 600 mm");
  await form.getByLabel("Quantity").fill("1");
  return form;
}

test.describe("Quick Quote as a guest @phone", () => {
  test("a guest fills the form before the page is live and sends it once, by POST, and is answered", async ({ page }) => {
    const release = await holdScripts(page);
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    await page.addInitScript(() => {
      const w = window as unknown as { tapAt?: number; busyAt?: number };
      document.addEventListener("click", () => (w.tapAt ??= performance.now()), true);
      new MutationObserver(() => {
        if (w.busyAt === undefined && document.querySelector('[aria-busy="true"][data-early-busy]')) w.busyAt = performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["aria-busy"] });
    });

    await page.goto("/quick-quote", { waitUntil: "domcontentloaded" });
    const form = await fillAsGuest(page, guestEmail());
    const button = form.getByRole("button", { name: "Send request" });
    await button.click();
    await button.click();
    expect(await isHydrated(page), "the taps came before hydration").toBe(false);
    await expect(button).toHaveAttribute("aria-busy", "true");
    const { tapAt, busyAt } = await page.evaluate(() => {
      const w = window as unknown as { tapAt?: number; busyAt?: number };
      return { tapAt: w.tapAt, busyAt: w.busyAt };
    });
    expect(tapAt, "the tap was seen").toBeDefined();
    expect(busyAt, "the button showed it was busy").toBeDefined();
    expect(busyAt! - tapAt!, "busy within 100 ms").toBeLessThanOrEqual(100);

    release();
    await expect(page).toHaveURL(/\/my-account\/quotes\/\d+$/);
    await expect(page.getByTestId("quote-state")).toHaveText("Waiting for our price");
    const sent = requests.filter((r) => r.url().includes("/api/quote-requests"));
    expect(sent.map((r) => `${r.method()} ${new URL(r.url()).pathname}`), "sent once, by POST").toEqual(["POST /api/quote-requests/guest"]);
    expect(requests.filter((r) => /[?&](email|password|productKind)=/.test(r.url())), "no field in a URL").toEqual([]);
    // Signed in as the new account (it read the quote): the header links to My account.
    await expect(page.getByRole("link", { name: "My account" })).toBeVisible();
  });
});

test.describe("Quick Quote as a guest", () => {
  test("a guest's file travels with the request and is listed on the quote", async ({ page }) => {
    await page.goto("/quick-quote");
    const form = await fillAsGuest(page, guestEmail());
    await form.getByLabel("Files (optional)").setInputFiles({ name: "fascia-photo.jpg", mimeType: "image/jpeg", buffer: await goodArtwork() });
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/my-account\/quotes\/\d+$/);
    await expect(page.getByTestId("quote-state")).toHaveText("Waiting for our price");
    await expect(page.getByText("fascia-photo.jpg")).toBeVisible();
  });

  test("an email that already has an account is asked to log in, as at checkout", async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow(failedToLoad(409));
    const customer = await createCustomer(baseURL!);
    await page.goto("/quick-quote");
    const form = await fillAsGuest(page, customer.email);
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.getByText("This email is already registered. Please log in to send your request.").first()).toBeVisible();
    await expect(form.getByRole("link", { name: "Log in to send your request" })).toHaveAttribute("href", "/login?next=/quick-quote");
    await expect(page).toHaveURL(/\/quick-quote$/);
  });

  test("a signed-in customer is asked for no contact details: the form says where the quote goes", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    await signIn(page, customer);
    await page.goto("/quick-quote");
    const form = page.getByRole("form", { name: "Quick Quote request" });
    await expect(form.getByTestId("quote-contact")).toHaveText(`We will send the quote to Sam Sign, ${customer.email}, 07700 900456. Change your details`);
    await expect(form.getByLabel("First name")).toHaveCount(0);
    await expect(form.getByLabel("Confirm password")).toHaveCount(0);
  });
});
