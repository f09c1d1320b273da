import { expect, test, visit, failedToLoad } from "../e2e/fixtures";
import { addStaffMember, signInAsStaff } from "../e2e/journeys";

test.use({ allowedConsoleErrors: [failedToLoad(404), failedToLoad(409)] });

test("walk", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const shot = (name: string, p = page) => p.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  // A customer prices a mesh banner and puts it in the basket first.
  const customer = await browser.newPage();
  await visit(customer, "/product/mesh-banner");
  await customer.getByLabel("Width (mm)").fill("2000");
  await customer.getByLabel("Height (mm)").fill("1000");
  await expect(customer.getByTestId("price")).toHaveText("£23.00");
  await customer.getByRole("button", { name: /Add to basket/i }).click();
  await customer.waitForTimeout(500);

  const manager = await addStaffMember("manager");
  await signInAsStaff(page, manager.link);
  await page.getByRole("link", { name: "Prices" }).click();
  await expect(page.getByRole("link", { name: "Edit prices of Mesh Banners" })).toBeVisible();
  await shot("01-prices-list");
  await page.getByRole("link", { name: "Edit prices of Mesh Banners" }).click();
  await expect(page.getByRole("heading", { name: "Mesh Banners" })).toBeVisible();
  await shot("02-editor");
  await page.getByLabel("Price per m²").fill("14.95");
  await page.getByLabel("Minimum line charge").fill("15.00");
  await expect(page.getByRole("table", { name: "Sample line prices before and after the change" })).toBeVisible();
  await page.waitForTimeout(600);
  await shot("03-editor-preview-warning");
  await page.getByLabel("I have checked the prices that move by more than 20%").check();
  await page.getByRole("button", { name: "Save new prices" }).click();
  await expect(page.getByText("Saved as version 2.")).toBeVisible();
  await shot("04-editor-saved");

  // The customer's basket was priced before: what does checkout say?
  await visit(customer, "/basket");
  await shot("05-basket-after-change", customer);
  await visit(customer, "/product/mesh-banner");
  await customer.getByLabel("Width (mm)").fill("304");
  await customer.getByLabel("Height (mm)").fill("304");
  await page.waitForTimeout(800);
  await shot("06-product-minimum-charge", customer);

  await page.getByRole("link", { name: "Promotions" }).click();
  const form = page.getByRole("form", { name: "New promo code" });
  await form.getByLabel("Code").fill("SPRING3");
  await form.getByLabel("Discount (% off Sub Total)").fill("12.5");
  await form.getByLabel("Usage limit (all customers)").fill("3");
  await form.getByLabel("Limit per customer").fill("1");
  await form.getByLabel("Minimum spend (£, Sub Total)").fill("50");
  await form.getByRole("button", { name: "Create promo code" }).click();
  await expect(page.getByText("SPRING3 created: active.")).toBeVisible();
  await shot("07-promotions");

  await page.getByRole("link", { name: "Prices" }).click();
  await page.getByRole("link", { name: "Import price list" }).click();
  await page.getByLabel("Price list (CSV)").setInputFiles({ name: "prices.csv", mimeType: "text/csv", buffer: Buffer.from("product_slug,row_type,price\r\nmesh-banner,product,15.50\r\nfoamex-board,product,abc\r\nnope,product,1.00\r\n") });
  await expect(page.getByText("What would change")).toBeVisible();
  await shot("08-import-errors");

  await page.getByRole("link", { name: "Team" }).click();
  await page.getByLabel("Email").fill("printer.jo@printwise.example.com");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByText(/Invited printer.jo/)).toBeVisible();
  await shot("09-team");
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByText(/Promo code SPRING3 created/)).toBeVisible();
  await page.getByText("Before and after").first().click();
  await shot("10-audit");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("link", { name: "Prices" }).click();
  await page.getByRole("link", { name: "Edit prices of Mesh Banners" }).click();
  await page.getByLabel("Price per m²").fill("15.25");
  await page.waitForTimeout(800);
  await shot("11-editor-phone");
});
