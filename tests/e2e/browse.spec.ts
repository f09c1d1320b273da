// Browsing the catalogue: home page, category and subcategory pages, product page, /print and the mega-menu.
// Figures come from db/seed/catalogue.ts.
import { expect, test, visit, waitForHydration } from "./fixtures";

test("home shows the hero and a Most Popular card for each of the first 4 subcategories of every category", async ({ page }) => {
  await visit(page, "/");
  await expect(page.getByRole("heading", { level: 1, name: "Quality Printing for Your Business" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Order now", exact: true })).toHaveAttribute("href", "/print");
  await expect(page.getByRole("heading", { name: "Most Popular" })).toBeVisible();

  // Banners 4 subcategories → 4, Posters 3 → 3, Boards 4 → 4, Flags 4 → 4, Stickers 4 → 4: 19 cards,
  // each the first product of its subcategory, in catalogue order.
  const cards = page.getByRole("list", { name: "Most popular products" }).getByRole("listitem");
  await expect(cards).toHaveCount(19);
  await expect(cards.getByRole("heading")).toHaveText([
    "PVC Banners",
    "Mesh Banners",
    "Fabric Banners",
    "Economy Roller Banner",
    "A4 Posters",
    "Blueback Billboard Posters",
    "Stretched Canvas Prints",
    "Foamex Boards",
    "Correx Boards",
    "Dibond Boards",
    "A-Board Pavement Sign",
    "Feather Flag Small (2.2m)",
    "Teardrop Flag Small (2.0m)",
    "Printed Desk Flags",
    "Pole Flag 5ft x 3ft",
    "Printed Vinyl Stickers",
    "Window Vinyl Stickers",
    "Floor Graphics",
    "Wall Graphics",
  ]);
});

test("card descriptions are cut at 20 words followed by '...'", async ({ page }) => {
  await visit(page, "/");
  const card = page.getByRole("list", { name: "Most popular products" }).getByRole("listitem").first();
  // The PVC banner's description, words 1-20: "A frontlit … cable ties", then "...".
  await expect(card.getByRole("paragraph").first()).toHaveText(
    "A frontlit PVC banner is the workhorse of outdoor advertising: tough, weatherproof and quick to put up with cable ties...",
  );
  // Its price: £8.50 per m².
  await expect(card).toContainText("From £8.50 per m²");
});

test("category tab → category page → subcategory page → product page, with breadcrumb and tabs", async ({ page }) => {
  await visit(page, "/");
  await page.getByRole("navigation", { name: "Product categories" }).getByRole("link", { name: "Posters", exact: true }).click();
  await expect(page).toHaveURL("/posters");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Posters");
  await expect(page).toHaveTitle("Poster Printing | A0 to A4, Outdoor & Canvas | Printwise Trade Print");

  await page.getByRole("navigation", { name: "Posters ranges" }).getByRole("link", { name: "Paper Posters" }).click();
  await expect(page).toHaveURL(/\/category\/\d+\/paper-posters$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paper Posters");
  await expect(page).toHaveTitle("Paper Posters | A4, A3, A2, A1 & A0 Poster Printing | Printwise Trade Print");
  const subcategoryUrl = new URL(page.url()).pathname;

  await page.getByRole("list", { name: "Paper Posters" }).getByRole("link", { name: /^A3 Posters/ }).click();
  await expect(page).toHaveURL("/product/a3-posters");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A3 Posters");
  await expect(page).toHaveTitle("A3 Posters | A3 Poster Printing | Printwise Trade Print");

  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("listitem")).toHaveText(["Home", "› Posters", "› Paper Posters", "› A3 Posters"]);
  await expect(breadcrumb.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByRole("link", { name: "Posters", exact: true })).toHaveAttribute("href", "/posters");
  await expect(breadcrumb.getByRole("link", { name: "Paper Posters", exact: true })).toHaveAttribute("href", subcategoryUrl);

  const tabs = page.getByRole("tablist", { name: "Product information" }).getByRole("tab");
  await expect(tabs).toHaveText(["Description", "Product Specifications", "Artwork Guidelines"]);
  await expect(page.getByRole("tab", { name: "Description" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toHaveText(
    "A popular size for windows, counters and event listings. Printed on silk or gloss paper with crisp text and strong solid colours, trimmed and packed flat so they arrive without creases.",
  );

  await page.getByRole("tab", { name: "Product Specifications" }).click();
  await expect(page.getByRole("tab", { name: "Product Specifications" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel").getByRole("listitem")).toHaveText([
    "Size: 297mm x 420mm (A3)",
    "Print: full colour digital",
    "Paper: 170gsm silk as standard",
    "Artwork: PDF or JPG in CMYK, 150dpi at full size, no bleed or crop marks needed",
  ]);

  await page.getByRole("tab", { name: "Artwork Guidelines" }).click();
  const guidelines = page.getByRole("tabpanel");
  await expect(guidelines).toContainText("PDF or JPG");
  await expect(guidelines).toContainText("300 dpi at full size");
  await expect(guidelines).toContainText("150 dpi at full size (or 300 dpi at half size)");
  await expect(guidelines).toContainText("CMYK");
  await expect(guidelines).toContainText("RGB files are converted to CMYK and print darker");
  await expect(guidelines).toContainText("No bleeds or crop marks are needed");
});

test("specifications show one list item per non-empty line", async ({ page }) => {
  await visit(page, "/product/pvc-banner");
  await page.getByRole("tab", { name: "Product Specifications" }).click();
  // Seven lines in the data, one of them empty: six items.
  await expect(page.getByRole("tabpanel").getByRole("listitem")).toHaveText([
    "Material: 440gsm or 510gsm frontlit PVC",
    "Print: full colour CMYK at 720dpi with UV-resistant solvent inks",
    "Finishing: welded hem with brass eyelets every 50cm",
    "Size: 304mm x 304mm up to 3200mm x 50000mm",
    "Outdoor life: 2-3 years",
    "Artwork: PDF or JPG in CMYK, 150dpi at full size, no bleed or crop marks needed",
  ]);
});

test("/print has a section per category linking to its page", async ({ page }) => {
  await visit(page, "/print");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Print");
  const categories: [string, string][] = [
    ["Banners", "/banners"],
    ["Posters", "/posters"],
    ["Boards", "/boards"],
    ["Flags", "/flags"],
    ["Stickers", "/stickers"],
  ];
  await expect(page.getByRole("main").getByRole("region")).toHaveCount(categories.length);
  for (const [name, href] of categories) {
    const section = page.getByRole("region", { name });
    await expect(section.getByRole("heading", { name })).toBeVisible();
    await expect(section.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  // Following one goes to the category page.
  await page.getByRole("region", { name: "Flags" }).getByRole("link", { name: "Shop Flags" }).click();
  await expect(page).toHaveURL("/flags");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flags");
});

test("hovering a category tab opens its mega-menu of subcategories and products", async ({ page }) => {
  await visit(page, "/about-us");
  const header = page.getByRole("banner");
  const flagsTab = page.getByRole("navigation", { name: "Product categories" }).getByRole("link", { name: "Flags", exact: true });
  const toggle = page.getByRole("button", { name: "Show Flags products" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(header.getByRole("link", { name: "Feather Flags" })).toHaveCount(0);

  // A pointer resting on the tab before the page is live opens nothing (hover is not a tap to replay); the
  // next movement over it does, as a person's pointer keeps moving.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await flagsTab.hover();
    await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 500 });
  }).toPass();
  // Flags: Feather Flags, Teardrop Flags, Desk & Hand Flags, Pole Flags & Bunting, each with its products.
  for (const subcategory of ["Feather Flags", "Teardrop Flags", "Desk & Hand Flags", "Pole Flags & Bunting"]) {
    await expect(header.getByRole("link", { name: subcategory, exact: true })).toHaveAttribute("href", new RegExp(`^/category/\\d+/`));
  }
  await expect(header.getByRole("link", { name: "Feather Flags", exact: true })).toHaveAttribute("href", /\/feather-flags$/);
  await expect(header.getByRole("link", { name: "Feather Flag Small (2.2m)" })).toHaveAttribute("href", "/product/feather-flag-small");
  await expect(header.getByRole("link", { name: "Printed Bunting (10m)" })).toHaveAttribute("href", "/product/printed-bunting");
  await expect(header.getByRole("link", { name: "All Flags →" })).toHaveAttribute("href", "/flags");
  await expect(header.getByRole("link", { name: "Feather Flags", exact: true })).toBeVisible();

  // Moving to another tab swaps the menu.
  await page.getByRole("navigation", { name: "Product categories" }).getByRole("link", { name: "Boards", exact: true }).hover();
  await expect(header.getByRole("link", { name: "Dibond & Acrylic", exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Feather Flags", exact: true })).toHaveCount(0);

  // Leaving the bar closes it; a product link in the menu goes to the product.
  await page.getByRole("contentinfo").hover();
  await expect(header.getByRole("link", { name: "Dibond & Acrylic", exact: true })).toHaveCount(0);
  await flagsTab.hover();
  await header.getByRole("link", { name: "Printed Bunting (10m)" }).click();
  await expect(page).toHaveURL("/product/printed-bunting");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Printed Bunting (10m)");
});

test("a product without an image shows the placeholder", async ({ page }) => {
  // Heras Fence Banners has no image in the catalogue.
  await visit(page, "/product/heras-fence-banner");
  const image = page.getByRole("img", { name: "Heras Fence Banners" });
  await expect(image).toHaveAttribute("src", "/images/placeholder.svg");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

// The footer's year once came from the server's start-up clock, so every page failed to hydrate
// (React error #418) from 1 January until a restart, or whenever a browser's clock read another year.
test("pages hydrate cleanly when the browser's year is not the one the server started in", async ({ page }) => {
  const nextYear = new Date().getFullYear() + 1;
  await page.clock.install({ time: new Date(`${nextYear}-01-05T10:00:00Z`) });
  await visit(page, "/");
  await waitForHydration(page); // a failed hydration is what this guards against: the console guard sees it
  await expect(page.getByRole("contentinfo")).toContainText(`© ${nextYear} Printwise Trade Print`);
});

test("the page is drawn before its scripts are fetched, then hydrates without a console error", async ({ page, request }) => {
  // As sent: the framework's preloads and boot script are parked, so nothing but the document is needed to paint.
  const html = await (await request.get("/product/pvc-banner")).text();
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).toContain('<link rel="x-modulepreload"');
  expect(html.match(/<script\b[^>]* type="x-module">/g)).toHaveLength(1);
  expect(html).not.toMatch(/<script\b[^>]* type="module"/);

  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const scriptRequests: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scriptRequests.push(r.url());
  });
  await visit(page, "/product/pvc-banner");
  await waitForHydration(page);
  expect(scriptRequests.some((url) => url.includes("/assets/framework-"))).toBe(true);
  expect(problems).toEqual([]);
  // The framework was asked for only once the browser had reported the first contentful paint (same clock).
  const { firstPaint, frameworkRequested } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    frameworkRequested: performance
      .getEntriesByType("resource")
      .find((entry) => entry.name.includes("/assets/framework-"))?.startTime,
  }));
  expect(firstPaint).toBeDefined();
  expect(frameworkRequested).toBeGreaterThan(firstPaint!);
});
