// Design online (issue 40): a guest on a phone designs a banner in the browser, pays, and sees the proof of
// the print file; staff download a PDF of exactly the ordered size.
import * as mupdf from "mupdf";
import sharp from "sharp";
import { addStaffMember, recordUploadRequests } from "./journeys";
import { configure, expect, openProduct, test } from "./fixtures";
import { CARD } from "./journeys";

const shots = process.env.E2E_SCREENSHOTS;

const logo = (px: number) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}"><circle cx="${px / 2}" cy="${px / 2}" r="${px / 2.2}" fill="#0f766e"/></svg>`)).png().toBuffer();

test.describe("design online @phone", () => {
  test("a guest designs a 3 × 1 m banner from a template, is warned about a small logo, pays and sees the proof; staff get a PDF of exactly that size", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    await openProduct(page, "pvc-banner");
    await configure(page, { width: 3000, height: 1000 });
    await page.getByRole("link", { name: "No artwork? Design online" }).click();
    await expect(page).toHaveURL(/\/design\/pvc-banner\?/);
    await expect(page.getByTestId("design-size")).toHaveText("3000 × 1000 mm");

    await page.getByRole("button", { name: "Summer sale" }).click();
    // The wording, edited in place on the design.
    await page.getByRole("tab", { name: "Layers" }).click();
    await page.getByRole("button", { name: "Text: SUMMER SALE", exact: true }).click();
    await page.getByRole("button", { name: "Edit on the design" }).click();
    await page.getByRole("textbox", { name: "Edit text" }).fill("SPRING SALE");
    await page.getByRole("textbox", { name: "Edit text" }).press("Escape");
    await expect(page.locator("svg g[data-element] text").filter({ hasText: "SPRING SALE" })).toHaveCount(1);
    if (shots) await page.screenshot({ path: `${shots}/design-editor-390.png`, fullPage: true });

    // A logo too small for its place is warned about, and stops the design being used until it is fixed.
    await page.getByRole("tab", { name: "Add" }).click();
    await page.getByTestId("picture-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logo(300) });
    await expect(page.getByTestId("ppi")).toContainText("it will print blurred");
    if (shots) await page.screenshot({ path: `${shots}/design-small-logo-390.png`, fullPage: true });
    await page.getByRole("button", { name: "Use this design" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "it will print blurred" }).first()).toBeVisible();
    await page.getByRole("button", { name: "Replace image" }).click();
    await page.getByTestId("picture-input").setInputFiles({ name: "logo-large.png", mimeType: "image/png", buffer: await logo(2400) });
    await expect(page.getByTestId("ppi")).toContainText("152 ppi");

    await page.getByRole("button", { name: "Use this design" }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByText("Your design “PVC Banners design” will be printed")).toBeVisible();

    // Checkout as a guest: the account is made, the design moves to it, the card is paid.
    const email = `designer.${Date.now()}@example.com`;
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("link", { name: "Continue" }).click();
    const contact = page.getByRole("group", { name: "Contact details" });
    await contact.getByLabel("First name").fill("Jo");
    await contact.getByLabel("Last name").fill("Baker");
    await contact.getByLabel("Email").fill(email);
    await contact.getByLabel("Telephone").fill("07700 900456");
    await contact.getByRole("textbox", { name: "Password", exact: true }).fill("Sunny-Side-Signs-9");
    await contact.getByLabel("Confirm password").fill("Sunny-Side-Signs-9");
    await page.getByRole("combobox", { name: "Find your billing address" }).fill("E15");
    await page.getByRole("listbox", { name: "Address suggestions" }).getByRole("option").first().click();
    await page.getByLabel(/I accept the/).check();
    const uploads = recordUploadRequests(page);
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByText("Test payment – no real card is charged")).toBeVisible({ timeout: 30_000 });
    await page.getByLabel("Card number").fill(CARD.number);
    await page.getByLabel("Expiry").fill(CARD.expiry);
    await page.getByLabel("CVC").fill(CARD.cvc);
    await page.getByLabel("Name on card").fill(CARD.name);
    await page.getByRole("button", { name: /^Pay £/ }).click();

    await expect(page.getByText("Your payment was successful.")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("PVC Banners design.pdf")).toBeVisible({ timeout: 30_000 });
    // The guest's picture moved to the new account as a resumable upload (tus at /api/uploads).
    expect(uploads).toContain("POST /api/uploads");
    expect(uploads.some((request) => /^PATCH \/api\/uploads\/[0-9a-f]{32}$/.test(request))).toBe(true);
    expect(uploads).not.toContain("POST /api/design-images");
    await page.getByRole("button", { name: "View proof" }).click();
    await expect(page.getByRole("dialog").getByRole("img")).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/design-proof-390.png` });

    // Staff download the print PDF: exactly 3000 × 1000 mm.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("token") ?? "null") as string);
    const orderGroupId = await page.evaluate(() => JSON.parse(localStorage.getItem("orderGroupId") ?? "null") as number);
    const group = await (await page.request.get(`${baseURL}/api/orders/group/${orderGroupId}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const fileId = group.products[0].files[0].id as number;
    const staff = await addStaffMember();
    const staffPage = await (await browser.newContext({ baseURL })).newPage();
    const { pathname, hash } = new URL(staff.link);
    await staffPage.goto(pathname + hash);
    await staffPage.getByRole("textbox", { name: "New password" }).fill("Press-Room-2026!");
    await staffPage.getByLabel("Confirm Password").fill("Press-Room-2026!");
    await staffPage.getByRole("button", { name: "Save new password" }).click();
    await expect(staffPage).toHaveURL(/\/staff$/);
    const staffToken = await staffPage.evaluate(() => JSON.parse(localStorage.getItem("token") ?? "null") as string);
    const pdf = await staffPage.request.get(`${baseURL}/api/files/${fileId}/pdf`, { headers: { authorization: `Bearer ${staffToken}` } });
    expect(pdf.status()).toBe(200);
    const [x0, y0, x1, y1] = mupdf.Document.openDocument(await pdf.body(), "application/pdf").loadPage(0).getBounds();
    expect(Math.abs(((x1 - x0) * 25.4) / 72 - 3000)).toBeLessThan(0.1);
    expect(Math.abs(((y1 - y0) * 25.4) / 72 - 1000)).toBeLessThan(0.1);
  });
});
