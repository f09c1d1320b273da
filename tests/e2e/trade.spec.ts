// Trade buyers in the browser: a formal quote from the basket ordered at its prices on account with a PO
// number; a Quick Quote request priced by a manager and ordered by card; the manager's side of both.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { addToBasket, createCustomer, expect, signIn, test, visit, type Customer } from "./fixtures";
import { ADDRESS, addStaffMember, CARD, goodArtwork, makeQuote, signInAsStaff } from "./journeys";
import { mailsContaining } from "./mail";

/** With SHOTS=<folder>, each step's page is kept as a screenshot for a person to look at. */
async function shot(page: Page, name: string) {
  const folder = process.env.SHOTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `trade-${name}.png`), fullPage: true });
}

async function saveAddresses(baseURL: string, customer: Customer) {
  const response = await fetch(`${baseURL}/api/checkout/address`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
    body: JSON.stringify({ userId: customer.userId, billing: ADDRESS, delivery: { ...ADDRESS, instructions: "" } }),
  });
  expect(response.status).toBe(200);
}

async function managerPage(page: Page): Promise<Page> {
  const manager = await addStaffMember("manager");
  const console = await page.context().browser()!.newPage();
  await signInAsStaff(console, manager.link);
  return console;
}

/** From the basket's Continue to the payment step, with the saved addresses and a PO number. */
async function throughAddressStep(page: Page, poNumber: string | null) {
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/address-and-delivery$/);
  await expect(page.getByRole("group", { name: "Billing address" }).getByLabel("Address 1")).toHaveValue(ADDRESS.address1);
  if (poNumber) await page.getByLabel("Purchase-order number (optional)").fill(poNumber);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
}

test.describe("trade buyers", () => {
  test("a formal quote from the basket is ordered at its prices on account, with the PO number on the order; the manager records the payment", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    await saveAddresses(baseURL!, customer);
    const console = await managerPage(page);

    // The manager opens a trade account: £500 on 30 days.
    await visit(console, "/staff/accounts");
    await console.getByLabel("Customer's email").fill(customer.email);
    await console.getByLabel("Credit limit (£)").fill("500.00");
    await console.getByRole("button", { name: "Open account" }).click();
    await expect(console.getByText(`Trade account opened for ${customer.email}: £500.00 on 30 days.`)).toBeVisible();
    await shot(console, "1-accounts");

    await signIn(page, customer);
    await addToBasket(page, { slug: "pvc-banner", quantity: 3 });
    const basketTotal = ((await page.getByTestId("total").textContent()) ?? "").trim();
    await page.getByRole("button", { name: "Get a formal quote" }).click();
    await expect(page).toHaveURL(/\/my-account\/quotes\/\d+$/);
    const heading = page.getByRole("heading", { level: 1, name: /^Quote Q-\d{6}$/ });
    await expect(heading).toBeVisible();
    const number = ((await heading.textContent()) ?? "").replace("Quote ", "");
    await expect(page.getByTestId("quote-state")).toHaveText(/^Valid until \d{1,2} \w+ \d{4}$/);
    await expect(page.getByTestId("total")).toHaveText(basketTotal);
    await expect.poll(() => mailsContaining(`Your quote ${number}`).length, { timeout: 15_000 }).toBe(1);
    expect(mailsContaining(`Your quote ${number}`)[0]).toContain(`filename=${number}.pdf`);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download quote PDF" }).click();
    expect((await download).suggestedFilename()).toBe(`${number}.pdf`);
    await shot(page, "2-quote");

    await page.getByRole("button", { name: "Order this quote" }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole("status").filter({ hasText: `Quote ${number}: these are its prices` })).toBeVisible();
    await expect(page.getByTestId("total")).toHaveText(basketTotal);
    await shot(page, "3-basket-with-quote");
    await throughAddressStep(page, "ACME-PO 4471");

    await expect(page.getByRole("heading", { name: `How would you like to pay ${basketTotal}?` })).toBeVisible();
    await expect(page.getByText(/Invoiced today, due in 30 days\. £[\d,.]+ of your £500\.00 limit is available\./)).toBeVisible();
    await shot(page, "4-pay-on-account");
    await page.getByRole("button", { name: "Pay on account" }).click();
    await expect(page).toHaveURL(/\/checkout\/artwork-uploader\?order_group_id=\d+$/);
    const orderGroupId = Number(new URL(page.url()).searchParams.get("order_group_id"));

    await visit(page, `/my-account/orders/${orderGroupId}`);
    await expect(page.getByTestId("po-number")).toHaveText("ACME-PO 4471");
    await expect(page.getByTestId("payment-card")).toHaveText(/^On account, due \d{1,2} [A-Z][a-z]+ \d{4}$/);
    // The spec: anything but paid shows as Pending; the due date is beside it.
    await expect(page.getByTestId("payment-status")).toHaveText("Pending");
    await visit(page, `/my-account/quotes`);
    await expect(page.getByRole("link", { name: new RegExp(`Quote ${number}`) })).toContainText(`Ordered: order ${orderGroupId}`);
    await visit(page, "/my-account/trade-account");
    await expect(page.getByText("Balance owed").locator("..")).toContainText(basketTotal);
    await shot(page, "5-statement");

    // The manager records the money received; the account owes nothing.
    await visit(console, `/staff/accounts/${customer.userId}`);
    await console.getByLabel("Reference").fill("BACS 88121");
    await console.getByRole("button", { name: "Record payment" }).click();
    await expect(console.getByText(/^£[\d,.]+ recorded against INV-\d{6}\.$/)).toBeVisible();
    await expect(console.getByText("Every invoice on this account is paid.")).toBeVisible();
    await shot(console, "6-payment-recorded");
    await visit(console, "/staff/reports");
    await expect(console.getByRole("heading", { name: "Receivables" })).toBeVisible();
    await console.close();
  });

  test("a Quick Quote request with a file is priced by a manager and ordered by card at that price", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    await saveAddresses(baseURL!, customer);
    await signIn(page, customer);
    await visit(page, "/quick-quote");
    await page.getByLabel("What would you like printed?").fill("Hoarding panels");
    await page.getByLabel("Size").fill("2440 × 1220 mm");
    await page.getByLabel("Quantity").fill("8");
    await page.getByLabel("Material or finish").fill("5 mm Foamex");
    await page.getByLabel("Files (optional)").setInputFiles({ name: "site-plan.jpg", mimeType: "image/jpeg", buffer: await goodArtwork() });
    await shot(page, "7-quick-quote");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/my-account\/quotes\/\d+$/);
    await expect(page.getByTestId("quote-state")).toHaveText("Waiting for our price");
    await expect(page.getByText("site-plan.jpg")).toBeVisible();
    const quoteUrl = page.url();
    const number = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").replace("Quote ", "");

    const console = await managerPage(page);
    await visit(console, "/staff/quotes");
    await console.getByRole("link", { name: number }).click();
    await expect(console.getByRole("heading", { name: `Quick Quote ${number}` })).toBeVisible();
    await expect(console.getByRole("button", { name: /^site-plan\.jpg/ })).toBeVisible();
    await console.getByLabel("Width (mm)").fill("2440");
    await console.getByLabel("Height (mm)").fill("1220");
    await console.getByLabel("Amount (£, ex VAT)").fill("360.00");
    // 360.00 + 9.95 delivery = 369.95; VAT 73.99; total 443.94.
    await expect(console.getByText("Sub Total £360.00 + Delivery £9.95 + VAT £73.99 =")).toBeVisible();
    await shot(console, "8-pricing");
    await console.getByRole("button", { name: "Send the quote" }).click();
    await expect(console.getByRole("heading", { name: "Quoted at £443.94" })).toBeVisible();
    await console.close();

    await visit(page, new URL(quoteUrl).pathname);
    await expect(page.getByTestId("quote-state")).toHaveText(/^Valid until/);
    await expect(page.getByTestId("total")).toHaveText("£443.94");
    await page.getByRole("button", { name: "Order this quote" }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole("heading", { name: "Hoarding panels, 2440 × 1220 mm, 5 mm Foamex" })).toBeVisible();
    await throughAddressStep(page, null);
    await expect(page.getByText("Test payment – no real card is charged")).toBeVisible();
    await page.getByLabel("Card number").fill(CARD.number);
    await page.getByLabel("Expiry").fill(CARD.expiry);
    await page.getByLabel("CVC").fill(CARD.cvc);
    await page.getByLabel("Name on card").fill(CARD.name);
    await page.getByRole("button", { name: "Pay £443.94" }).click();
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    await shot(page, "9-paid");
  });
});

test.describe("trade pages on a phone", () => {
  test("a quote, the trade account and the Quick Quote form fit a 390 px screen @phone", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    await saveAddresses(baseURL!, customer);
    const quote = await makeQuote(baseURL!, customer);
    await signIn(page, customer);
    for (const [path, name] of [[`/my-account/quotes/${quote.id}`, "phone-quote"], ["/my-account/quotes", "phone-quotes"], ["/my-account/trade-account", "phone-trade-account"], ["/quick-quote", "phone-quick-quote"]] as const) {
      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, name);
    }
  });
});
