// The product page's configurator: live price (docs/decisions/003-money-and-pricing.md), the spec's input rules
// (section 5), orientation, versions, and the delivery countdown (docs/decisions/009-uk-time-and-delivery-dates.md).
// Prices are from db/seed/catalogue.ts, in pence; rounding is half-up to the penny.
import type { Page } from "@playwright/test";
import { chooseOption, configure, expect, openProduct, priceText, test } from "./fixtures";

const price = (page: Page) => page.getByTestId("price");
const struckPrice = (page: Page) => page.locator("s");
const deliveryBy = (page: Page) => page.getByTestId("delivery-by");

/** Sets the browser's clock (it keeps running from there). */
async function setClock(page: Page, isoInstant: string) {
  const time = new Date(isoInstant);
  await page.clock.install({ time });
}

test("pvc-banner is priced per m² at its minimum size and at 1000 × 500 mm", async ({ page }) => {
  await openProduct(page, "pvc-banner");
  await expect(page.getByLabel("Quantity")).toHaveValue("1");
  await expect(page.getByLabel("Width (mm)")).toHaveValue("304");
  await expect(page.getByLabel("Height (mm)")).toHaveValue("304");
  // Defaults: 440gsm PVC, Hemmed & Eyeleted, Every 50cm, Standard: all free.
  // £8.50/m² × 0.304 m × 0.304 m = 850p × 0.092416 = 78.5536p → 79p.
  await expect(price(page)).toHaveText("£0.79");
  await expect(page.getByText("£0.79 each")).toBeVisible();

  await configure(page, { width: 1000, height: 500 });
  // 850p × 1.0 m × 0.5 m = 425p.
  await expect(price(page)).toHaveText("£4.25");
  expect(await priceText(page)).toBe("£4.25");
});

test("an empty or non-numeric quantity shows £0.00 until it snaps back to the minimum", async ({ page }) => {
  await openProduct(page, "a4-posters");
  const quantity = page.getByLabel("Quantity");
  await expect(page.getByText("Quantity (minimum 25)")).toBeVisible();
  await expect(quantity).toHaveValue("25");
  // A4 posters: 85p × 25 = 2125p; the 25-unit tier takes 25% off: 1593.75p → £15.94.
  await expect(price(page)).toHaveText("£15.94");
  // 1594p / 25 = 63.76p: what one poster costs. The 25% is what every order gets, so nothing is struck through.
  await expect(page.getByText("£0.64 each", { exact: true })).toBeVisible();
  await expect(struckPrice(page)).toHaveCount(0);
  await expect(page.getByText(/Qty discount/)).toHaveCount(0);

  await quantity.fill("");
  await expect(price(page)).toHaveText("£0.00");
  await quantity.blur();
  await expect(quantity).toHaveValue("25");
  await expect(price(page)).toHaveText("£15.94");

  // A number field holding "-" is not a number.
  await quantity.fill("");
  await quantity.pressSequentially("-");
  await expect(price(page)).toHaveText("£0.00");
  await quantity.blur();
  await expect(quantity).toHaveValue("25");
  await expect(price(page)).toHaveText("£15.94");
});

test("a quantity below the minimum snaps up to it on blur", async ({ page }) => {
  await openProduct(page, "a4-posters");
  const quantity = page.getByLabel("Quantity");
  await quantity.fill("10");
  await quantity.blur();
  await expect(quantity).toHaveValue("25");
  await expect(price(page)).toHaveText("£15.94");

  // Above the minimum it stays: 85p × 30 = 2550p, still the 25% tier → 1912.5p → £19.13.
  await quantity.fill("30");
  await quantity.blur();
  await expect(quantity).toHaveValue("30");
  await expect(price(page)).toHaveText("£19.13");
});

test("width and height below 304 mm snap up to 304 on blur", async ({ page }) => {
  await openProduct(page, "pvc-banner");
  const width = page.getByLabel("Width (mm)");
  const height = page.getByLabel("Height (mm)");
  await configure(page, { width: 1000, height: 500 });
  await expect(price(page)).toHaveText("£4.25");

  await width.fill("100");
  await width.blur();
  await expect(width).toHaveValue("304");
  // 850p × 0.304 × 0.5 = 129.2p → £1.29.
  await expect(price(page)).toHaveText("£1.29");

  await height.fill("50");
  await height.blur();
  await expect(height).toHaveValue("304");
  await expect(price(page)).toHaveText("£0.79");

  // Emptied, a size shows £0.00, then snaps to the minimum too.
  await width.fill("");
  await expect(price(page)).toHaveText("£0.00");
  await width.blur();
  await expect(width).toHaveValue("304");
  await expect(price(page)).toHaveText("£0.79");
});

test("no price is struck through: at the minimum quantity the next tier is offered, not a discount nobody misses", async ({ page }) => {
  await openProduct(page, "a3-posters");
  // A3 posters: minimum 10, which already gets the 10-unit tier. 160p × 12 = 1920p less 10% = 1728p.
  await configure(page, { quantity: 12 });
  await expect(price(page)).toHaveText("£17.28");
  await expect(struckPrice(page)).toHaveCount(0);
  await expect(page.getByText(/Qty discount/)).toHaveCount(0);
  // The next tier: 160p × 15 = 2400p less 15% = 2040p, 136p each.
  await expect(page.getByTestId("tier-offer")).toHaveText("Buy 15 for £1.36 each");

  // 15 units beat what the smallest order gets: the discount is named. Next: 160p × 20 less 20% = 2560p, 128p each.
  await configure(page, { quantity: 15 });
  await expect(price(page)).toHaveText("£20.40");
  await expect(struckPrice(page)).toHaveCount(0);
  await expect(page.getByText("Qty discount 15% applied")).toBeVisible();
  await expect(page.getByTestId("tier-offer")).toHaveText("Buy 20 for £1.28 each");
});

test("below 5 units there is no discount but 5 are offered; 5 units take 5% off", async ({ page }) => {
  await openProduct(page, "pvc-banner");
  // 79p each (see above) × 4 = 316p, no tier.
  await configure(page, { quantity: 4 });
  await expect(price(page)).toHaveText("£3.16");
  await expect(struckPrice(page)).toHaveCount(0);
  await expect(page.getByText(/Qty discount/)).toHaveCount(0);
  // × 5 = 395p less 5% = 375.25p → 375p, 75p each.
  await expect(page.getByTestId("tier-offer")).toHaveText("Buy 5 for £0.75 each");

  await configure(page, { quantity: 5 });
  await expect(struckPrice(page)).toHaveCount(0);
  await expect(price(page)).toHaveText("£3.75");
  await expect(page.getByText("Qty discount 5% applied")).toBeVisible();
});

test.describe("turnaround and delivery dates", () => {
  test("Express adds 25% of the base price and brings 'Delivery by' forward", async ({ page }) => {
    // Wednesday 8 January 2025, 10:00 in London (GMT): dispatch today.
    await setClock(page, "2025-01-08T10:00:00Z");
    await openProduct(page, "pvc-banner");
    await configure(page, { width: 1000, height: 500, options: { Material: "510gsm PVC" } });
    // Base 850p × 0.5 m² = 425p; 510gsm adds 20% of the running price: 425p + 85p = 510p.
    await expect(price(page)).toHaveText("£5.10");
    await expect(page.getByRole("radio", { name: /^Standard \(3-4 working days\)/ })).toBeChecked();
    // Standard: Wed 8 + 3 working days = Mon 13 January.
    await expect(deliveryBy(page)).toHaveText("Delivery by 13-01-2025");
    await expect(page.getByText("for dispatch today")).toBeVisible();

    await chooseOption(page, "Turnaround", "Express (2 working days)");
    // Express adds 25% of the base (425p), not of the running price: 510p + 106.25p = 616.25p → £6.16.
    await expect(price(page)).toHaveText("£6.16");
    // Express: Wed 8 + 2 working days = Fri 10 January.
    await expect(deliveryBy(page)).toHaveText("Delivery by 10-01-2025");

    await chooseOption(page, "Turnaround", "Standard (3-4 working days)");
    await expect(price(page)).toHaveText("£5.10");
    await expect(deliveryBy(page)).toHaveText("Delivery by 13-01-2025");
  });

  test("each turnaround option shows its own delivery date, skipping bank holidays", async ({ page }) => {
    // Thursday 17 April 2025, 10:00 in London (BST = UTC+1). Good Friday 18th and Easter Monday 21st are bank holidays.
    await setClock(page, "2025-04-17T09:00:00Z");
    await openProduct(page, "a2-posters");
    const turnaround = page.getByRole("group", { name: "Turnaround", exact: true });
    await expect(turnaround.getByRole("radio")).toHaveCount(2);
    // Standard listed first. Thu 17 + 3 working days: Tue 22, Wed 23, Thu 24. Express: Wed 23.
    await expect(turnaround.getByRole("radio").first()).toHaveAccessibleName(/^Standard \(3-4 working days\).*Delivery by 24-04-2025$/);
    await expect(turnaround.getByRole("radio").nth(1)).toHaveAccessibleName(/^Express \(2 working days\).*\+25%.*Delivery by 23-04-2025$/);
    await expect(page.getByTestId("delivery-by")).toHaveText("Delivery by 24-04-2025");
  });

  test.describe("in a browser outside the UK", () => {
    test.use({ timezoneId: "America/New_York" });

    test("the cut-off is 18:00 UK time, not the browser's", async ({ page }) => {
      // Wednesday 8 January 2025, 18:30 in London but 13:30 in New York: too late for today's dispatch.
      await setClock(page, "2025-01-08T18:30:00Z");
      await openProduct(page, "pvc-banner");
      await expect(page.getByText("for dispatch on the next working day")).toBeVisible();
      // Dispatch Thu 9; + 3 working days = Tue 14 January. The next cut-off is Thu 9, 18:00: 23h 30m away.
      await expect(page.getByTestId("delivery-by")).toHaveText("Delivery by 14-01-2025");
      await expect(page.getByTestId("countdown")).toHaveText(/^23h (30m 00s|29m [0-5]\ds)$/);
    });
  });

  test("the countdown ticks every second", async ({ page }) => {
    await openProduct(page, "pvc-banner");
    const countdown = page.getByTestId("countdown");
    await expect(countdown).toHaveText(/^(\d+d )?\d+h \d\dm \d\ds$/);
    const first = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 3000, intervals: [100] }).not.toBe(first);
  });
});

test("a portrait-only product disables Landscape; a landscape-only one disables Portrait", async ({ page }) => {
  await openProduct(page, "premium-roller-banner");
  const portrait = page.getByRole("button", { name: "Portrait", exact: true });
  const landscape = page.getByRole("button", { name: "Landscape", exact: true });
  await expect(landscape).toBeDisabled();
  await expect(portrait).toBeEnabled();
  await expect(portrait).toHaveAttribute("aria-pressed", "true");
  // Fixed size 850x2000 mm, portrait.
  await expect(page.getByRole("group", { name: /^Orientation/ })).toHaveAccessibleName("Orientation (850 × 2000 mm)");

  await openProduct(page, "event-banner-3m-x-1m");
  await expect(portrait).toBeDisabled();
  await expect(landscape).toBeEnabled();
  await expect(landscape).toHaveAttribute("aria-pressed", "true");
  await expect(portrait).toHaveAttribute("aria-pressed", "false");
  // Fixed size 1000x3000 mm, shown landscape.
  await expect(page.getByRole("group", { name: /^Orientation/ })).toHaveAccessibleName("Orientation (3000 × 1000 mm)");
});

test("a product offered both ways switches orientation and its size", async ({ page }) => {
  await openProduct(page, "a3-posters");
  const portrait = page.getByRole("button", { name: "Portrait", exact: true });
  const landscape = page.getByRole("button", { name: "Landscape", exact: true });
  await expect(portrait).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("group", { name: /^Orientation/ })).toHaveAccessibleName("Orientation (297 × 420 mm)");
  await landscape.click();
  await expect(landscape).toHaveAttribute("aria-pressed", "true");
  await expect(portrait).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("group", { name: /^Orientation/ })).toHaveAccessibleName("Orientation (420 × 297 mm)");
});

test("'Multiple artworks?' Yes reveals a versions field that snaps to 1..quantity", async ({ page }) => {
  await openProduct(page, "pvc-banner");
  await configure(page, { quantity: 5 });
  const artworks = page.getByRole("group", { name: "Multiple artworks?" });
  await expect(artworks.getByRole("radio", { name: "No" })).toBeChecked();
  await expect(page.getByLabel("Number of artworks")).toHaveCount(0);

  await artworks.getByRole("radio", { name: "Yes" }).check();
  const versions = page.getByLabel("Number of artworks (1 to 5)");
  await expect(versions).toHaveValue("1");

  await versions.fill("9");
  await versions.blur();
  await expect(versions).toHaveValue("5");

  await versions.fill("0");
  await versions.blur();
  await expect(versions).toHaveValue("1");

  await versions.fill("3");
  await versions.blur();
  await expect(versions).toHaveValue("3");

  // Lowering the quantity below the versions pulls them down with it.
  await configure(page, { quantity: 2 });
  await expect(page.getByLabel("Number of artworks (1 to 2)")).toHaveValue("2");

  await artworks.getByRole("radio", { name: "No" }).check();
  await expect(page.getByLabel("Number of artworks")).toHaveCount(0);
});

test("changing product resets the configuration", async ({ page }) => {
  await openProduct(page, "pvc-banner");
  await configure(page, {
    quantity: 3,
    width: 1000,
    height: 500,
    versions: 2,
    options: { Material: "510gsm PVC", Finishing: "Hemmed only", Turnaround: "Express (2 working days)" },
  });
  // 425p + 20% (85p) + express 25% of 425p (106.25p) = 616.25p → 616p × 3 = 1848p.
  await expect(price(page)).toHaveText("£18.48");

  // To another product without reloading the page: through the search box.
  const search = page.getByRole("combobox", { name: "Search products" });
  await search.fill("economy pvc");
  await search.press("Enter");
  await expect(page).toHaveURL("/product/economy-pvc-banner");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Economy PVC Banners");

  await expect(page.getByLabel("Quantity")).toHaveValue("1");
  await expect(page.getByLabel("Width (mm)")).toHaveValue("304");
  await expect(page.getByLabel("Height (mm)")).toHaveValue("304");
  await expect(page.getByRole("group", { name: "Multiple artworks?" }).getByRole("radio", { name: "No" })).toBeChecked();
  await expect(page.getByLabel("Number of artworks")).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Finishing", exact: true }).locator("option:checked")).toHaveText("Hemmed & Eyeleted");
  await expect(page.getByRole("radio", { name: /^Standard \(3-4 working days\)/ })).toBeChecked();
  // Economy PVC: 750p × 0.304 × 0.304 = 69.312p → 69p.
  await expect(price(page)).toHaveText("£0.69");
});
