import { reviews } from "../../app/content/reviews";
import { expect, holdScripts, isHydrated, test, visit } from "./fixtures";

test.describe("home page", () => {
  test("markets the shop with the spec's texts", async ({ page }) => {
    await visit(page, "/");
    await expect(page.getByRole("heading", { level: 1, name: "Quality Printing for Your Business" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Order now", exact: true })).toBeVisible();
    const tiles = page.getByRole("region", { name: "Why Printwise" }).getByRole("heading", { level: 2 });
    await expect(tiles).toHaveText(["Fast & Same-Day Dispatch", "Quality Guarantee", "Lowest Prices", "Premium Materials"]);
    await expect(page.getByText("New customer? Get 10% off your first order with code")).toContainText("Welcome");
    await expect(page.getByRole("heading", { name: "Free Sample Pack" })).toBeVisible();
    await expect(page.getByText("Excellent", { exact: true })).toBeVisible();
    await expect(page.getByText("Based on 1578 reviews")).toBeVisible();
    await expect(page.getByRole("img", { name: "5 out of 5 stars" }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Print Guarantee" })).toBeVisible();
  });

  test("the sample pack's Order Now opens the contact form with the subject filled in", async ({ page }) => {
    await visit(page, "/");
    await page.getByRole("link", { name: "Order Now", exact: true }).click();
    await expect(page).toHaveURL(/\/contact-us\?subject=freesamplepack$/);
    await expect(page.getByLabel("Subject")).toHaveValue("Sample Pack");
  });

  test("the reviews carousel steps one 336 px card at a time and stops at count − 3", async ({ page }) => {
    await visit(page, "/");
    const track = page.getByTestId("reviews-track");
    const next = page.getByRole("button", { name: "Next review" });
    const previous = page.getByRole("button", { name: "Previous review" });
    await expect(track.getByRole("listitem")).toHaveCount(reviews.length);
    await expect(previous).toBeDisabled();

    const last = reviews.length - 3; // 7 for ten reviews
    for (let i = 1; i <= last; i++) {
      await next.click();
      await expect(track).toHaveAttribute("data-index", String(i));
    }
    await expect(next).toBeDisabled();
    await expect(track).toHaveAttribute("style", `transform: translateX(-${last * 336}px);`);

    // The keyboard moves it too, and clamps at 0.
    await page.getByRole("region", { name: "Customer reviews" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(track).toHaveAttribute("data-index", String(last - 1));
    for (let i = 0; i < reviews.length + 2; i++) await page.keyboard.press("ArrowLeft");
    await expect(track).toHaveAttribute("data-index", "0");
    await page.keyboard.press("ArrowRight");
    await expect(track).toHaveAttribute("data-index", "1");
  });

  // A part drawn only near the screen stands in at a fixed height until then. At the old stand-in, a row of
  // product cards grew 32 px as it was drawn, and a tap on the reviews' Next button after a jump there landed
  // 44 px above it (8 of 140 runs of the test above under two workers).
  for (const width of [1280, 768, 390]) {
    test(`at ${width} px nothing moves as the parts below the first screen are drawn`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, "/");
      await expect(page.getByTestId("reviews-track").getByRole("listitem")).toHaveCount(reviews.length);
      const layout = () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll("main *"))
            .filter((el) => getComputedStyle(el).contentVisibility === "auto")
            .map((el) => el.getBoundingClientRect().height)
            .concat(document.querySelector("footer")!.getBoundingClientRect().top + window.scrollY),
        );
      const standIn = await layout();
      expect(standIn.length).toBeGreaterThan(1);
      for (let y = 0; y < standIn.at(-1)!; y += 400) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
      }
      expect(await layout()).toEqual(standIn);
    });
  }

  test("on a screen 500 px wide or less the reviews are dragged, not stepped", async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 900 });
    await visit(page, "/");
    await expect(page.getByRole("button", { name: "Next review" })).toBeHidden();
    const region = page.getByRole("region", { name: "Customer reviews" });
    await region.scrollIntoViewIfNeeded();
    const box = (await region.boundingBox())!;
    expect(await region.evaluate((el) => el.scrollLeft)).toBe(0);
    await page.mouse.move(box.x + box.width - 40, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + 60, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(200);
  });

  test("the reviews dragged before the page is live move at once", async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 900 });
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const region = page.getByRole("region", { name: "Customer reviews" });
    await region.scrollIntoViewIfNeeded();
    const box = (await region.boundingBox())!;
    await page.mouse.move(box.x + box.width - 40, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + 60, { steps: 8 });
    await page.mouse.up();
    expect(await isHydrated(page)).toBe(false);
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(200);
    release();
  });

  test("the footer links scroll to Most Popular and Reviews on the home page", async ({ page }) => {
    await visit(page, "/faq");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Reviews" }).click();
    await expect(page).toHaveURL(/\/#reviews$/);
    await expect(page.getByRole("heading", { name: "What our customers say" })).toBeInViewport();
    await footer.getByRole("link", { name: "Most Popular" }).click();
    await expect(page).toHaveURL(/\/#most-popular$/);
    await expect(page.getByRole("heading", { name: "Most Popular" })).toBeInViewport();
  });
});
