// On a phone (the "phone" project runs only tests tagged @phone): the menu, the basket icon, and a
// product page that fits the screen.
import { addToBasket, basketLink, configure, expect, expectNoHorizontalScroll, openProduct, test, visit } from "./fixtures";

test("the menu button opens the mobile menu with pages, phone and email @phone", async ({ page }) => {
  await visit(page, "/");
  const menu = page.getByRole("navigation", { name: "Mobile menu" });
  await expect(menu).toHaveCount(0);

  await page.getByRole("button", { name: "Open menu" }).tap();
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  const links = menu.getByRole("link");
  await expect(links).toHaveText(["Home", "Print", "About Us", "FAQ", "Contact Us", "020 7946 0321", "hello@printwise.example.com"]);
  await expect(menu.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(menu.getByRole("link", { name: "Print", exact: true })).toHaveAttribute("href", "/print");
  await expect(menu.getByRole("link", { name: "About Us", exact: true })).toHaveAttribute("href", "/about-us");
  await expect(menu.getByRole("link", { name: "FAQ", exact: true })).toHaveAttribute("href", "/faq");
  await expect(menu.getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute("href", "/contact-us");
  await expect(menu.getByRole("link", { name: "020 7946 0321", exact: true })).toHaveAttribute("href", "tel:02079460321");
  await expect(menu.getByRole("link", { name: "hello@printwise.example.com", exact: true })).toHaveAttribute("href", "mailto:hello@printwise.example.com");

  // Following a link closes the menu.
  await menu.getByRole("link", { name: "FAQ", exact: true }).tap();
  await expect(page).toHaveURL("/faq");
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
});

test("the basket icon and its count are visible @phone", async ({ page }) => {
  await visit(page, "/");
  await expect(basketLink(page)).toBeVisible();
  await expect(basketLink(page)).toHaveAccessibleName("Basket, 0 items");
  await expect(basketLink(page).getByText("0", { exact: true })).toBeVisible();

  await addToBasket(page, { slug: "a2-posters", quantity: 2 });
  await expect(basketLink(page)).toHaveAccessibleName("Basket, 1 item");
  await expect(basketLink(page).getByText("1", { exact: true })).toBeVisible();
  // A2 posters: 450p × 2 = 900p, below the first tier.
  await expect(page.getByRole("region", { name: "Items in your basket" })).toContainText("£9.00");
});

test("a product page fits the screen and can be configured @phone", async ({ page }) => {
  await openProduct(page, "pvc-banner");
  await expectNoHorizontalScroll(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PVC Banners");
  await configure(page, { width: 1000, height: 500 });
  // 850p × 0.5 m² = 425p.
  await expect(page.getByTestId("price")).toHaveText("£4.25");
  await page.getByRole("button", { name: "Add to Basket" }).tap();
  await expect(page).toHaveURL("/basket");
  await expect(page.getByRole("region", { name: "Items in your basket" })).toContainText("£4.25");
  await expectNoHorizontalScroll(page);

  // A fixed-size product too, with its orientation buttons.
  await openProduct(page, "event-banner-3m-x-1m");
  await expectNoHorizontalScroll(page);
  await expect(page.getByRole("button", { name: "Portrait", exact: true })).toBeDisabled();
});

test("the home page fits the screen @phone", async ({ page }) => {
  await visit(page, "/");
  await expect(page.getByRole("heading", { level: 1, name: "Quality Printing for Your Business" })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
