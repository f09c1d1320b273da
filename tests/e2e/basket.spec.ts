// The basket: lines, the order summary (docs/decisions/003-money-and-pricing.md), promo codes (docs/decisions/008-promotions.md), persistence and Continue.
// Prices from db/seed/catalogue.ts, in pence; every rounding is half-up to the penny.
import type { Locator, Page } from "@playwright/test";
import { addToBasket, basketLink, expect, failedToLoad, test, visit, type BasketLineConfig } from "./fixtures";

// Line A: PVC banner 1000 × 500 mm, 510gsm PVC, eyelets every 25cm, 2 off.
// Unit: 850p × 0.5 m² = 425p; 510gsm +20% of the running price = 510p; every 25cm +150p = 660p.
// Line: 660p × 2 = 1320p (below the first tier) → £13.20.
const LINE_A: BasketLineConfig = {
  slug: "pvc-banner",
  quantity: 2,
  width: 1000,
  height: 500,
  options: { Material: "510gsm PVC", "Eyelet spacing": "Every 25cm" },
};
// Line B: A3 posters, landscape, 200gsm gloss, express, 12 off in 3 artworks.
// Unit: 160p; 200gsm gloss +5% of the running price = 168p; express +25% of the base (160p) = 40p → 208p.
// Line: 208p × 12 = 2496p; 12 units take 10% off: 2246.4p → 2246p → £22.46.
const LINE_B: BasketLineConfig = {
  slug: "a3-posters",
  quantity: 12,
  orientation: "Landscape",
  versions: 3,
  options: { Paper: "200gsm gloss", Turnaround: "Express (2 working days)" },
};

const basketLines = (page: Page) => page.getByRole("region", { name: "Items in your basket" }).getByRole("listitem");
const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });
const promoMessage = (page: Page) => summary(page).getByRole("paragraph").first();

/** The figure beside a label in the order summary. */
function summaryValue(page: Page, label: string): Locator {
  return summary(page).locator("dl > div").filter({ has: page.getByText(label, { exact: true }) }).getByRole("definition");
}

async function expectSummary(page: Page, figures: { subTotal: string; delivery: string; vat: string; promo: string; total: string }) {
  await expect(summaryValue(page, "Sub Total")).toHaveText(figures.subTotal);
  await expect(summaryValue(page, "Delivery")).toHaveText(figures.delivery);
  await expect(summaryValue(page, "VAT")).toHaveText(figures.vat);
  await expect(summaryValue(page, "Promo Discount")).toHaveText(figures.promo);
  await expect(summaryValue(page, "Total")).toHaveText(figures.total);
}

async function applyPromo(page: Page, code: string) {
  await summary(page).getByLabel("Promo code").fill(code);
  await summary(page).getByRole("button", { name: "Update" }).click();
}

// Lines A + B, no promo. Sub Total 1320p + 2246p = 3566p; Delivery 995p;
// VAT = 20% × (3566p + 995p = 4561p) = 912.2p → 912p; Total = 4561p + 912p = 5473p.
const TOTALS_A_B = { subTotal: "£35.66", delivery: "£9.95", vat: "£9.12", promo: "£0.00", total: "£54.73" };
// With 'welcome' (10%): Promo = 10% × 3566p = 356.6p → 357p; VAT = 20% × (3566p − 357p + 995p = 4204p) = 840.8p → 841p;
// Total = 4204p + 841p = 5045p.
const TOTALS_A_B_WELCOME = { subTotal: "£35.66", delivery: "£9.95", vat: "£8.41", promo: "-£3.57", total: "£50.45" };

test("an empty basket says so, and Continue explains why it cannot go on", async ({ page }) => {
  await visit(page, "/basket");
  await expect(page.getByText("No items in basket")).toBeVisible();
  await expect(basketLines(page)).toHaveCount(0);
  await expect(basketLink(page)).toHaveAccessibleName("Basket, 0 items");

  const dialog = new Promise<string>((resolve) => {
    page.once("dialog", (d) => {
      resolve(d.message());
      void d.accept();
    });
  });
  await page.getByRole("button", { name: "Continue" }).click();
  expect(await dialog).toBe("Your basket is empty. Please add items to continue.");
  await expect(page).toHaveURL("/basket");
});

test("two configured lines show their details, and the summary follows the totals rule (docs/decisions/003-money-and-pricing.md) to the penny", async ({ page }) => {
  await addToBasket(page, LINE_A);
  await addToBasket(page, LINE_B);

  await expect(basketLink(page)).toHaveAccessibleName("Basket, 2 items");
  await expect(basketLink(page)).toHaveText("2");
  await expect(basketLines(page)).toHaveCount(2);

  const [a, b] = [basketLines(page).nth(0), basketLines(page).nth(1)];
  await expect(a.getByRole("heading")).toHaveText("PVC Banners");
  await expect(a.getByRole("term")).toHaveText(["Orientation", "Size", "Material", "Finishing", "Eyelet spacing", "Turnaround", "Quantity", "Versions"]);
  await expect(a.getByRole("definition")).toHaveText([
    "Custom",
    "1000 × 500 mm",
    "510gsm PVC",
    "Hemmed & Eyeleted",
    "Every 25cm",
    "Standard (3-4 working days)",
    "2",
    "1",
  ]);
  await expect(a).toContainText("£13.20");
  await expect(a.getByRole("button", { name: "Remove PVC Banners" })).toBeVisible();

  await expect(b.getByRole("heading")).toHaveText("A3 Posters");
  await expect(b.getByRole("term")).toHaveText(["Orientation", "Size", "Paper", "Turnaround", "Quantity", "Versions"]);
  // A3 is 297 × 420 mm portrait, so 420 × 297 mm landscape.
  await expect(b.getByRole("definition")).toHaveText(["Landscape", "420 × 297 mm", "200gsm gloss", "Express (2 working days)", "12", "3"]);
  await expect(b).toContainText("£22.46");

  await expectSummary(page, TOTALS_A_B);
});

test("the basket survives a reload", async ({ page }) => {
  await addToBasket(page, LINE_A);
  await addToBasket(page, LINE_B);
  await page.reload();
  await expect(basketLines(page)).toHaveCount(2);
  await expect(basketLines(page).getByRole("heading")).toHaveText(["PVC Banners", "A3 Posters"]);
  await expect(basketLink(page)).toHaveAccessibleName("Basket, 2 items");
  await expectSummary(page, TOTALS_A_B);
});

test("promo 'welcome' takes 10% off Sub Total before VAT; a bad code is refused", async ({ page }) => {
  await addToBasket(page, LINE_A);
  await addToBasket(page, LINE_B);
  await expectSummary(page, TOTALS_A_B);

  // Codes are case-insensitive: the shop's code is 'Welcome'.
  await applyPromo(page, "welcome");
  await expect(promoMessage(page)).toHaveText("Promo code applied!");
  await expectSummary(page, TOTALS_A_B_WELCOME);

  await applyPromo(page, "NOT-A-CODE");
  await expect(promoMessage(page)).toHaveText("Invalid promo code.");
  // The code already applied still stands.
  await expectSummary(page, TOTALS_A_B_WELCOME);

  await page.reload();
  await expectSummary(page, TOTALS_A_B_WELCOME);
});

test("a promo request that never reaches the shop says 'Error applying promo code.'", async ({ page, consoleGuard }) => {
  // Chromium logs the aborted request.
  consoleGuard.allow("net::ERR_FAILED");
  await addToBasket(page, LINE_A);
  await page.route("**/api/apply-promo", (route) => route.abort());
  await applyPromo(page, "welcome");
  await expect(promoMessage(page)).toHaveText("Error applying promo code.");
  // Line A alone, no promo: VAT = 20% × (1320p + 995p = 2315p) = 463p; Total = 2315p + 463p = 2778p.
  await expectSummary(page, { subTotal: "£13.20", delivery: "£9.95", vat: "£4.63", promo: "£0.00", total: "£27.78" });
});

test("removing every line empties the basket and drops the promo", async ({ page }) => {
  await addToBasket(page, LINE_A);
  await applyPromo(page, "welcome");
  await expect(promoMessage(page)).toHaveText("Promo code applied!");
  // Line A with 10% off: Promo = 132p; VAT = 20% × (1320p − 132p + 995p = 2183p) = 436.6p → 437p; Total = 2183p + 437p = 2620p.
  await expectSummary(page, { subTotal: "£13.20", delivery: "£9.95", vat: "£4.37", promo: "-£1.32", total: "£26.20" });

  await page.getByRole("button", { name: "Remove PVC Banners" }).click();
  await expect(page.getByText("No items in basket")).toBeVisible();
  await expect(basketLink(page)).toHaveAccessibleName("Basket, 0 items");

  // The promo went with the last line: the same line again costs the full price.
  await addToBasket(page, LINE_A);
  await expectSummary(page, { subTotal: "£13.20", delivery: "£9.95", vat: "£4.63", promo: "£0.00", total: "£27.78" });
});

test("removing one of two lines keeps the other and re-totals", async ({ page }) => {
  await addToBasket(page, LINE_A);
  await addToBasket(page, LINE_B);
  await page.getByRole("button", { name: "Remove PVC Banners" }).click();
  await expect(basketLines(page)).toHaveCount(1);
  await expect(basketLines(page).getByRole("heading")).toHaveText("A3 Posters");
  // Line B alone: VAT = 20% × (2246p + 995p = 3241p) = 648.2p → 648p; Total = 3241p + 648p = 3889p.
  await expectSummary(page, { subTotal: "£22.46", delivery: "£9.95", vat: "£6.48", promo: "£0.00", total: "£38.89" });
});

test("two tabs of one browser keep the basket in step", async ({ page, context }) => {
  const other = await context.newPage();
  await visit(other, "/about-us");
  await expect(basketLink(other)).toHaveAccessibleName("Basket, 0 items");

  await addToBasket(page, LINE_A);
  await expect(basketLink(other)).toHaveAccessibleName("Basket, 1 item");
  await expect(basketLink(other)).toHaveText("1");
  await expect(other).toHaveURL("/about-us");
});

test("Continue with items goes to /checkout/signup", async ({ page, consoleGuard }) => {
  // The checkout pages are not built yet; the address answers 404.
  consoleGuard.allow(failedToLoad(404));
  await addToBasket(page, LINE_A);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL("/checkout/signup");
});
