// The header's product search: suggestions from 2 characters, case-insensitive substring match on names.
import type { Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";

// Every product name containing "banner", any case, in catalogue order (db/seed/catalogue.ts).
const BANNER_MATCHES = [
  "PVC Banners",
  "Double-Sided Blockout Banners",
  "3m x 1m Event Banner",
  "Economy PVC Banners",
  "Mesh Banners",
  "Scaffold Mesh Banners",
  "Heras Fence Banners",
  "Fabric Banners",
  "Economy Roller Banner",
  "Premium Roller Banner",
  "Wide Roller Banner 1200mm",
  "Double-Sided Roller Banner",
  "Desktop Roller Banner A3",
  "Replacement Roller Banner Graphic",
];

test.beforeEach(async ({ page }) => {
  await visit(page, "/");
});

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search products" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Matching products" });

test("one character shows no suggestions; two do", async ({ page }) => {
  await searchBox(page).pressSequentially("b");
  await expect(searchBox(page)).toHaveValue("b");
  await expect(suggestions(page)).toBeHidden();
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "false");

  await searchBox(page).pressSequentially("a");
  await expect(suggestions(page)).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "true");
  // "ba" is in every "banner", and in "Fabric Backdrops", "Blueback Billboard Posters", "6-Sheet Backlit Poster".
  await expect(suggestions(page).getByRole("option")).toHaveText([
    ...BANNER_MATCHES.slice(0, 8),
    "Fabric Backdrops",
    ...BANNER_MATCHES.slice(8),
    "Blueback Billboard Posters",
    "6-Sheet Backlit Poster",
  ]);
});

test("matching ignores case: 'banner' and 'BANNER' list the same products", async ({ page }) => {
  await searchBox(page).fill("banner");
  await expect(suggestions(page).getByRole("option")).toHaveText(BANNER_MATCHES);
  await searchBox(page).fill("BANNER");
  await expect(suggestions(page).getByRole("option")).toHaveText(BANNER_MATCHES);
});

test("ArrowDown and Enter open the highlighted product", async ({ page }) => {
  await searchBox(page).fill("banner");
  await expect(suggestions(page).getByRole("option")).toHaveCount(BANNER_MATCHES.length);
  await searchBox(page).press("ArrowDown");
  await searchBox(page).press("ArrowDown");
  await expect(suggestions(page).getByRole("option", { name: "Double-Sided Blockout Banners" })).toHaveAttribute("aria-selected", "true");
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL("/product/blockout-banner");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Double-Sided Blockout Banners");
  await expect(searchBox(page)).toHaveValue("");
});

test("no match shows 'No items found named \"…\"'", async ({ page }) => {
  await searchBox(page).fill("zzqx");
  await expect(suggestions(page).getByRole("option")).toHaveText(['No items found named "zzqx"']);
});

test("Escape closes the suggestions", async ({ page }) => {
  await searchBox(page).fill("poster");
  await expect(suggestions(page)).toBeVisible();
  await searchBox(page).press("Escape");
  await expect(suggestions(page)).toBeHidden();
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "false");
});
