// The back office as a manager uses it, in the browser: prices edited with a preview and saved (the shop
// quotes the new price at once), restored from the history; a promo code with a limit; the price list
// exported and imported. Each test works on products and codes no other test reads.
import fs from "node:fs";
import sharp from "sharp";
import { addToBasket, createCustomer, expect, failedToLoad, test, visit } from "./fixtures";
import { addStaffMember, placePaidOrder, signInAsStaff } from "./journeys";

const PRODUCT = "Mesh Banners";

test.describe("back office", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(404)] });

  test("a manager raises a price, sees old against new, saves, and the product page quotes it; then restores it", async ({ page }) => {
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link")).toHaveText(["Today", "Production queue", "Orders", "Customers", "Design desk", "Mail outbox", "Prices", "Promotions", "Quotes", "Trade accounts", "Reports", "Team", "Audit log"]);
    await page.getByRole("link", { name: "Prices" }).click();
    await page.getByLabel("Find a product").fill("mesh banners");
    await page.getByRole("link", { name: `Edit prices of ${PRODUCT}` }).click();
    await expect(page.getByRole("heading", { name: PRODUCT })).toBeVisible();

    const price = page.getByLabel("Price per m²");
    const before = Number(await price.inputValue());
    const raised = (Math.round(before * 110) / 100).toFixed(2);
    await price.fill(raised);
    const preview = page.getByRole("table", { name: "Sample line prices before and after the change" });
    await expect(preview).toBeVisible();
    await expect(page.getByText(`Price per m²: £${before.toFixed(2)} → £${raised}`)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "move by more than 20%" })).toHaveCount(0);
    await page.getByRole("button", { name: "Save new prices" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved as version 2." })).toBeVisible();
    await expect(page.getByText("Version 2 · ")).toBeVisible();

    // The customer's product page is quoted at the new price straight away.
    const customer = await page.context().browser()!.newPage();
    await visit(customer, "/product/mesh-banner");
    await customer.getByLabel("Width (mm)").fill("1000");
    await customer.getByLabel("Height (mm)").fill("1000");
    await expect(customer.getByTestId("price")).toHaveText(`£${raised}`);
    await customer.close();

    // A big move must be acknowledged before it can be saved.
    await price.fill((before * 3).toFixed(2));
    await expect(page.getByRole("alert").filter({ hasText: "move by more than 20%" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save new prices" })).toBeDisabled();
    await page.getByRole("button", { name: "Discard changes" }).click();
    await expect(price).toHaveValue(raised);

    await page.getByRole("button", { name: "Restore version 1" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Version 1's prices restored as version 3." })).toBeVisible();
    await expect(price).toHaveValue(before.toFixed(2));
  });

  test("a manager creates a promo code with a limit of 3 and pauses it", async ({ page }) => {
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await page.getByRole("link", { name: "Promotions" }).click();
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const form = page.getByRole("form", { name: "New promo code" });
    await form.getByLabel("Code").fill(code);
    await form.getByLabel("% off Sub Total").fill("15");
    await form.getByLabel("Usage limit (all customers)").fill("3");
    await form.getByRole("button", { name: "Create promo code" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${code} created: active.` })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: code });
    await expect(row).toContainText("15%");
    await expect(row).toContainText("0 of 3");
    await page.getByRole("button", { name: `Pause ${code}` }).click();
    await expect(row).toContainText("paused");

    // A bad discount is refused in the form, naming the field.
    await form.getByLabel("Code").fill("ANOTHER1");
    await form.getByLabel("% off Sub Total").fill("0");
    await form.getByRole("button", { name: "Create promo code" }).click();
    await expect(form.getByText("The discount must be more than 0%")).toBeVisible();
  });

  test("a manager makes a £5.00-off code and a customer's basket takes exactly £5.00 off Sub Total before VAT", async ({ page, browser }) => {
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await page.getByRole("link", { name: "Promotions" }).click();
    const code = `FIVER${Date.now().toString(36).toUpperCase()}`;
    const form = page.getByRole("form", { name: "New promo code" });
    await form.getByLabel("Code").fill(code);
    await form.getByLabel("Fixed amount").check();
    await form.getByLabel("£ off Sub Total").fill("5");
    await form.getByRole("button", { name: "Create promo code" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${code} created: active.` })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: code })).toContainText("£5.00");

    const customer = await browser.newPage();
    // PVC banner 1000 × 500 mm, 510gsm, eyelets every 25cm, 2 off: £13.20 (worked in basket.spec.ts).
    await addToBasket(customer, { slug: "pvc-banner", quantity: 2, width: 1000, height: 500, options: { Material: "510gsm PVC", "Eyelet spacing": "Every 25cm" } });
    const summary = customer.getByRole("complementary", { name: "Order summary" });
    await summary.getByLabel("Promo code").fill(code.toLowerCase());
    await summary.getByRole("button", { name: "Update" }).click();
    await expect(summary.getByText("Promo code applied!")).toBeVisible();
    // 1320p − 500p + 995p = 1815p; VAT 20% = 363p; Total 2178p.
    const figure = (label: string) => summary.locator("dl > div").filter({ has: customer.getByText(label, { exact: true }) }).getByRole("definition");
    await expect(figure("Promo Discount")).toHaveText("-£5.00");
    await expect(figure("VAT")).toHaveText("£3.63");
    await expect(figure("Total")).toHaveText("£21.78");
    await customer.reload();
    await expect(figure("Total")).toHaveText("£21.78");
    await expect(summary.getByText(`${code.toLowerCase()}: £5.00 off Sub Total`)).toBeVisible();
    await customer.close();
  });

  test("a manager exports the price list, changes a row, sees the diff and applies it", async ({ page }, testInfo) => {
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await page.goto("/staff/catalogue");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export price list (CSV)" }).click();
    const download = await downloading;
    const csv = fs.readFileSync((await download.path())!, "utf8");
    const lines = csv.split("\r\n");
    const header = lines[0]!.split(",");
    const row = lines.findIndex((l) => l.startsWith("scaffold-mesh-banner,product,"));
    const cells = lines[row]!.split(",");
    const oldPrice = cells[header.indexOf("price")]!;
    cells[header.indexOf("minimum_line_charge")] = "18.00";
    lines[row] = cells.join(",");
    const edited = testInfo.outputPath("price-list.csv");
    fs.writeFileSync(edited, lines.join("\r\n"));

    await page.getByRole("link", { name: "Import price list" }).click();
    await page.getByLabel("Price list (CSV)").setInputFiles(edited);
    await expect(page.getByRole("heading", { name: "What would change" })).toBeVisible();
    await expect(page.getByText("Minimum line charge: none → £18.00")).toBeVisible();
    await page.getByRole("button", { name: "Apply 1 change" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Applied: 1 product changed." })).toBeVisible();
    expect(oldPrice).toMatch(/^\d+\.\d\d$/);
  });

  test("a manager reads this quarter's sales and VAT and downloads them as CSV; the CSV's total is the page's", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    await placePaidOrder(baseURL!, customer, 4);
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await page.getByRole("link", { name: "Reports" }).click();
    const periods = page.getByRole("table", { name: "Sales by period" });
    // The report is the whole shop's quarter, and the other browser tests place orders at the same time: an
    // order paid between reading the page and downloading moves the CSV's total (seen in CI: 72.99 against
    // 86.83). So the page is read again until a reading and its download are of the same moment; a CSV that
    // never agrees with its page still fails.
    await page.waitForURL("**/staff/reports");
    let attempt = 0;
    await expect(async () => {
      if (attempt++ > 0) await page.reload();
      await expect(periods).toBeVisible();
      const totalRow = periods.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Total" }) });
      const grossOnPage = (await totalRow.getByRole("cell").last().textContent())!.replace(/[£,]/g, "");
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download CSV" }).click();
      const csv = fs.readFileSync((await (await downloading).path())!, "utf8");
      const total = csv.split("\r\n").find((line) => line.startsWith("total,"))!.split(",");
      expect(total.at(-1)).toBe(grossOnPage);
    }).toPass({ timeout: 60_000 });
  });

  test("a manager gives a category a new picture and search description, and its page shows them at once", async ({ page }) => {
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await page.goto("/staff/catalogue");
    await page.getByRole("link", { name: "Categories" }).click();
    await expect(page.getByRole("heading", { name: "Categories" })).toBeVisible();
    const stickers = page.locator("details", { has: page.locator("summary", { hasText: "/stickers" }) });
    await stickers.locator("summary").click();
    const picture = await sharp({ create: { width: 1600, height: 400, channels: 3, background: "#c33" } }).png().toBuffer();
    await stickers.getByLabel("Category picture (JPEG, PNG or WebP, up to 10 MB)").setInputFiles({ name: "stickers.png", mimeType: "image/png", buffer: picture });
    await expect(stickers.getByRole("status").filter({ hasText: "Picture saved: customers see it now." })).toBeVisible();
    const description = `Stickers printed today ${Date.now()}`;
    const form = page.getByRole("form", { name: "Category Stickers" });
    await form.getByLabel("Search description").fill(description);
    await form.getByRole("button", { name: "Save category" }).click();
    await expect(form.getByRole("status")).toHaveText("Saved. Customers see the change now.");

    const customer = await page.context().browser()!.newPage();
    await visit(customer, "/stickers");
    await expect(customer.locator('meta[name="description"]')).toHaveAttribute("content", description);
    await expect(customer.locator("main section img").first()).toHaveAttribute("src", /^\/api\/catalogue\/images\/c\d+\/[0-9a-f]{20}\.webp$/);
    await customer.close();
  });

  test("a manager moves a product to a new address (the old one redirects) and hides it (customers get 404)", async ({ page }) => {
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await page.goto("/staff/catalogue");
    await page.getByLabel("Find a product").fill("estate agent");
    await page.getByRole("link", { name: "Edit details of Correx Estate Agent Board" }).click();
    const slug = page.getByLabel("Slug (address: /product/…)");
    await expect(slug).toHaveValue("correx-estate-agent-board");
    await slug.fill("estate-agent-board");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("status").filter({ hasText: "/product/correx-estate-agent-board now moves permanently to /product/estate-agent-board" })).toBeVisible();

    const visitor = await page.context().browser()!.newPage();
    const moved = await visitor.goto("/product/correx-estate-agent-board");
    expect(moved?.status()).toBe(200);
    expect(new URL(visitor.url()).pathname).toBe("/product/estate-agent-board");
    const redirect = await moved!.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);
    // Not kept by the browser: the manager may move the product back.
    expect(redirect?.headers()["cache-control"]).toBe("no-store");

    await page.getByLabel("Shown to customers").uncheck();
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    expect((await visitor.goto("/product/estate-agent-board"))?.status()).toBe(404);
    await expect(visitor.getByRole("heading", { name: "Product not found" })).toBeVisible();

    // Back as it was, for anyone else.
    await page.getByLabel("Shown to customers").check();
    await slug.fill("correx-estate-agent-board");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("status").filter({ hasText: "moves permanently" })).toBeVisible();
    expect((await visitor.goto("/product/correx-estate-agent-board"))?.status()).toBe(200);
    await visitor.close();
  });

  test("production staff have no back office: no tabs, and its pages are 404", async ({ page }) => {
    const staff = await addStaffMember();
    await signInAsStaff(page, staff.link);
    await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link")).toHaveText(["Production queue", "Orders", "Customers", "Design desk", "Mail outbox"]);
    const res = await page.goto("/staff/catalogue");
    expect(res?.status()).toBe(404);
  });
});
