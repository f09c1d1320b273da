import type { Page } from "@playwright/test";
import { addToBasket, createCustomer, expect, failedToLoad, signIn, test, visit } from "./fixtures";
import { ADDRESS, CARD } from "./journeys";
import { mailsContaining } from "./mail";

const PAYMENT_FAILED = "Unfortunately, your payment was not successful. Please try again or contact support if the problem persists.";

/** The basket's Total as shown, e.g. "£21.16". */
async function basketTotal(page: Page): Promise<string> {
  return ((await page.getByTestId("total").textContent()) ?? "").trim();
}

async function fillGuestContact(page: Page, email: string) {
  const contact = page.getByRole("group", { name: "Contact details" });
  await contact.getByLabel("First name").fill("Priya");
  await contact.getByLabel("Last name").fill("Shah");
  await contact.getByLabel("Email").fill(email);
  await contact.getByLabel("Telephone").fill("07700 900123");
  await contact.getByRole("textbox", { name: "Password", exact: true }).fill("Bright-Side-Signs-7");
  await contact.getByLabel("Confirm password").fill("Bright-Side-Signs-7");
}

async function findBillingAddress(page: Page, query: string) {
  await page.getByRole("combobox", { name: "Find your billing address" }).fill(query);
  const option = page.getByRole("listbox", { name: "Address suggestions" }).getByRole("option").first();
  await option.click();
  await expect(page.getByRole("group", { name: "Billing address" }).getByLabel("Postcode")).not.toHaveValue("");
}

async function payWithCard(page: Page, number: string) {
  await expect(page.getByText("Test payment – no real card is charged")).toBeVisible();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry").fill(CARD.expiry);
  await page.getByLabel("CVC").fill(CARD.cvc);
  await page.getByLabel("Name on card").fill(CARD.name);
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

test.describe("checkout as a guest", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(400)] });

  test("shows every address-page message, keeps what was typed, then pays exactly the basket's total", async ({ page }) => {
    await addToBasket(page, { slug: "pvc-banner", quantity: 12 });
    const total = await basketTotal(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/checkout\/signup$/);
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/checkout\/address-and-delivery$/);
    await expect(page.getByRole("navigation", { name: "Checkout progress" })).toContainText("Address & Delivery");

    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect.poll(() => alerts).toEqual(["Please fill in all required fields."]);
    for (const message of [
      "First name is required",
      "Last name is required",
      "Email is required",
      "Telephone is required and must be a valid UK number.",
      "Password is required",
      "Address line 1 is required",
      "Town is required",
      "Postcode is required",
      "Please accept the terms and conditions",
    ]) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    const contact = page.getByRole("group", { name: "Contact details" });
    await contact.getByLabel("Email").fill("no-at-sign");
    await contact.getByLabel("Telephone").fill("020 7946 0321");
    await contact.getByRole("textbox", { name: "Password", exact: true }).fill("Bright-Side-Signs-7");
    await contact.getByLabel("Confirm password").fill("Different-Signs-7");
    await page.getByRole("group", { name: "Delivery address" }).getByLabel("Same as billing address").uncheck();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByText("Email must contain an @")).toBeVisible();
    await expect(page.getByText("Passwords do not match.")).toBeVisible();
    await expect(contact.getByLabel("Telephone")).toHaveValue("020 7946 0321");
    await expect(page.getByRole("group", { name: "Delivery address" }).getByText("First name is required")).toBeVisible();
    await page.getByRole("group", { name: "Delivery address" }).getByLabel("Same as billing address").check();

    await fillGuestContact(page, `guest.${Date.now()}@example.com`);
    await findBillingAddress(page, "E15");
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();

    await expect(page).toHaveURL(/\/checkout\/test-payment\/cs_test_/);
    await expect(page.getByTestId("amount")).toHaveText(total);
    await payWithCard(page, CARD.number);
    await expect(page).toHaveURL(/\/checkout\/artwork-uploader\?session_id=cs_test_/);
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "PVC Banners" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Basket, 0 items" })).toBeVisible();
  });

  test("a sign-up refused by its limit says what happened and when to try again", async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedToLoad(429));
    await page.route("**/api/auth/signup", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        headers: { "retry-after": "540" },
        body: JSON.stringify({ error: "Too many attempts from your connection. Please try again in 9 minutes.", statusCode: 429 }),
      }),
    );
    await addToBasket(page, { slug: "pvc-banner" });
    await visit(page, "/checkout/address-and-delivery");
    await fillGuestContact(page, `limited.${Date.now()}@example.com`);
    const billing = page.getByRole("group", { name: "Billing address" });
    await billing.getByLabel("Address 1").fill(ADDRESS.address1);
    await billing.getByLabel("Town").fill(ADDRESS.town);
    await billing.getByLabel("Postcode").fill(ADDRESS.postcode);
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByText("Too many attempts from your connection. Please try again in 9 minutes.")).toBeVisible();
    await expect(page.getByText("Signup failed. Please try again.")).toHaveCount(0);
    await expect(billing.getByLabel("Town")).toHaveValue(ADDRESS.town);
  });

  test("tells a guest whose email is registered to use Express Checkout, keeping the form", async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow(failedToLoad(409));
    const existing = await createCustomer(baseURL!);
    await addToBasket(page, { slug: "pvc-banner" });
    await visit(page, "/checkout/address-and-delivery");
    await fillGuestContact(page, existing.email);
    await page.getByRole("group", { name: "Billing address" }).getByLabel("Address 1").fill(ADDRESS.address1);
    await page.getByRole("group", { name: "Billing address" }).getByLabel("Town").fill(ADDRESS.town);
    await page.getByRole("group", { name: "Billing address" }).getByLabel("Postcode").fill("ls1 4ap");
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByText("This email is already registered. Please log in using Express Checkout.").first()).toBeVisible();
    await expect(page.getByRole("group", { name: "Billing address" }).getByLabel("Town")).toHaveValue("Leeds");
    await expect(page).toHaveURL(/address-and-delivery$/);
  });
});

test.describe("checkout signed in", () => {
  test("'Cancel and go back' on the payment page returns to the address step with everything kept; the PO number reaches the order", async ({ page }) => {
    await addToBasket(page, { slug: "pvc-banner" });
    await visit(page, "/checkout/address-and-delivery");
    await fillGuestContact(page, `cancel.${Date.now()}@example.com`);
    const billing = page.getByRole("group", { name: "Billing address" });
    await billing.getByLabel("Address 1").fill(ADDRESS.address1);
    await billing.getByLabel("Town").fill(ADDRESS.town);
    await billing.getByLabel("Postcode").fill(ADDRESS.postcode);
    await page.getByLabel("Delivery instructions").fill("Goods in at the rear");
    await page.getByLabel("Ship unbranded").check();
    await page.getByLabel("Sender name").fill("Bright Side Signs");
    const returns = page.getByRole("group", { name: "Trade and white-label" });
    await returns.getByLabel("Address 1").fill("1 Mill Lane");
    await returns.getByLabel("Town").fill("York");
    await returns.getByLabel("Postcode").fill("YO1 7HH");
    await page.getByLabel("Purchase-order number (optional)").fill("BSS <77>");
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByText("The purchase-order number may contain letters, digits, spaces and / - . _ # only")).toBeVisible();
    await page.getByLabel("Purchase-order number (optional)").fill("BSS-PO 77/2026");
    await page.getByRole("button", { name: "Proceed to Payment" }).click();

    await expect(page.getByText("Test payment – no real card is charged")).toBeVisible();
    await page.getByRole("link", { name: "Cancel and go back" }).click();
    await expect(page).toHaveURL(/\/checkout\/address-and-delivery\?payment=cancelled$/);
    await expect(page.getByRole("status").filter({ hasText: "Payment cancelled. Nothing has been charged" })).toBeVisible();
    await expect(billing.getByLabel("Address 1")).toHaveValue(ADDRESS.address1);
    await expect(page.getByLabel("Same as billing address")).toBeChecked();
    await expect(page.getByLabel("Delivery instructions")).toHaveValue("Goods in at the rear");
    await expect(page.getByLabel("Sender name")).toHaveValue("Bright Side Signs");
    await expect(returns.getByLabel("Town")).toHaveValue("York");
    await expect(page.getByLabel(/I accept the/)).toBeChecked();
    await expect(page.getByLabel("Purchase-order number (optional)")).toHaveValue("BSS-PO 77/2026");
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await payWithCard(page, CARD.number);
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    await visit(page, "/my-account/orders");
    await page.getByRole("link", { name: /^View order \d+$/ }).first().click();
    await expect(page.getByTestId("po-number")).toHaveText("BSS-PO 77/2026");
  });

  test("skips express checkout, prefills saved addresses, and a declined card lands on /checkout/failed with the basket intact", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    await fetch(`${baseURL}/api/checkout/address`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ userId: customer.userId, billing: ADDRESS, delivery: { ...ADDRESS, instructions: "Side door" } }),
    });
    await signIn(page, customer);
    await addToBasket(page, { slug: "pvc-banner", quantity: 3 });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/address-and-delivery$/);
    await expect(page.getByRole("group", { name: "Contact details" })).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Billing address" }).getByLabel("Address 1")).toHaveValue(ADDRESS.address1);
    await expect(page.getByLabel("Delivery instructions")).toHaveValue("Side door");
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();

    await payWithCard(page, CARD.declined);
    await expect(page).toHaveURL(/\/checkout\/failed/);
    await expect(page.getByText(PAYMENT_FAILED)).toBeVisible();
    await page.getByRole("link", { name: "Back to basket" }).click();
    await expect(page.getByRole("link", { name: "Basket, 1 item" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "PVC Banners" })).toBeVisible();
  });

  test("says 'Could not start payment. Please try again.' and retries", async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow(failedToLoad(502));
    const customer = await createCustomer(baseURL!);
    await fetch(`${baseURL}/api/checkout/address`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ userId: customer.userId, billing: ADDRESS, delivery: ADDRESS }),
    });
    await signIn(page, customer);
    await addToBasket(page, { slug: "pvc-banner" });
    let failures = 1;
    await page.route("**/api/stripe/create-checkout-session", (route) =>
      failures-- > 0 ? route.fulfill({ status: 502, contentType: "application/json", body: JSON.stringify({ error: "Bad gateway" }) }) : route.continue(),
    );
    await visit(page, "/checkout/payment");
    await expect(page.getByText("Could not start payment. Please try again.")).toBeVisible();
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/checkout\/test-payment\//);
  });

  test("shows the account message when the stored user id is not the customer's", async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow(failedToLoad(404));
    const customer = await createCustomer(baseURL!);
    await signIn(page, { ...customer, userId: customer.userId + 100000 });
    await addToBasket(page, { slug: "pvc-banner" });
    await visit(page, "/checkout/payment");
    await expect(page.getByText("There was a problem with your account. Please log in again or contact support.")).toBeVisible();
  });
});

test.describe("the whole journey @phone", () => {
  test("a guest on a phone checks out and pays; exactly one confirmation email", async ({ page }) => {
    const email = `phone.${Date.now()}@example.com`;
    await addToBasket(page, { slug: "pvc-banner", quantity: 5 });
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("link", { name: "Continue" }).click();
    await fillGuestContact(page, email);
    await findBillingAddress(page, "E15");
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await payWithCard(page, CARD.number);
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    await expect.poll(() => mailsContaining(email).filter((m) => m.includes("confirmed")).length).toBe(1);
  });
});
