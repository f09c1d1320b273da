import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";

const mailDir = () => path.join(process.env.E2E_DATA_DIR ?? "", "mail");

function mailContaining(text: string): string | undefined {
  if (!fs.existsSync(mailDir())) return undefined;
  for (const file of fs.readdirSync(mailDir())) {
    const content = fs.readFileSync(path.join(mailDir(), file), "utf8");
    if (content.includes(text)) return content;
  }
  return undefined;
}

async function fillForm(page: Page, message: string) {
  await page.getByLabel("Name").fill("Priya Shah");
  await page.getByLabel("Email").fill("priya@brightside.example.com");
  await page.getByLabel("Subject").fill("Banner for a May event");
  await page.getByLabel("Message").fill(message);
}

test.describe("contact form", () => {
  test("shows the company's details and a map that needs no network", async ({ page }) => {
    await visit(page, "/contact-us");
    await expect(page.getByRole("main").getByRole("link", { name: "hello@printwise.example.com" })).toHaveAttribute("href", "mailto:hello@printwise.example.com");
    await expect(page.getByRole("main").getByRole("link", { name: "020 7946 0321" })).toHaveAttribute("href", "tel:02079460321");
    await expect(page.getByRole("main").getByText("Mon-Fri 9:00-5:00, weekends closed")).toBeVisible();
    const map = page.getByRole("img", { name: /^Map showing/ });
    await expect(map).toBeVisible();
    expect(await map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("names each missing field and sends nothing", async ({ page }) => {
    let posted = false;
    await page.route("**/api/email/contact", (route) => {
      posted = true;
      return route.continue();
    });
    await visit(page, "/contact-us");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Message is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    expect(posted).toBe(false);
  });

  test("sends the message: 'Message sent!', and the shop's email is written with reply-to the customer", async ({ page }) => {
    const marker = `Please quote 3 banners, reference ${Date.now()}`;
    await visit(page, "/contact-us");
    await fillForm(page, marker);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Message sent!", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Message")).toHaveValue("");

    await expect.poll(() => mailContaining(marker), { timeout: 20_000 }).toBeTruthy();
    const eml = mailContaining(marker)!;
    expect(eml).toMatch(/^Reply-To: priya@brightside\.example\.com\r?$/m);
    expect(eml).toMatch(/^To: hello@printwise\.example\.com\r?$/m);
    // The customer's acknowledgement goes out too.
    await expect.poll(() => mailContaining("To: priya@brightside.example.com"), { timeout: 20_000 }).toBeTruthy();
  });

  test("a bad response shows 'Failed to send message.' and keeps what was typed", async ({ page, consoleGuard }) => {
    consoleGuard.allow("status of 500");
    await page.route("**/api/email/contact", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await visit(page, "/contact-us");
    await fillForm(page, "Kept after a failure");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Failed to send message.", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Message")).toHaveValue("Kept after a failure");
  });

  test("a network error shows 'Error sending message.' and keeps what was typed", async ({ page, consoleGuard }) => {
    consoleGuard.allow("net::ERR_FAILED");
    await page.route("**/api/email/contact", (route) => route.abort());
    await visit(page, "/contact-us");
    await fillForm(page, "Kept after a network error");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Error sending message.", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Message")).toHaveValue("Kept after a network error");
  });
});
