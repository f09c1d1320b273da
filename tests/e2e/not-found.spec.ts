// Unknown products, categories, pages and orders answer 404 with the spec's messages, a broken address 400; product pages carry their
// title and meta tags in the server's HTML, before any script runs.
import { expect, failedToLoad, test, visit } from "./fixtures";

// Chromium logs every document that answers 404 as a failed resource load.
test.use({ allowedConsoleErrors: [failedToLoad(404)] });

test("an unknown product shows 'Product not found' with HTTP 404", async ({ page }) => {
  const response = await visit(page, "/product/no-such-thing");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product not found");
  await expect(page).toHaveTitle("Product not found | Printwise Trade Print");
});

test("an unknown subcategory shows 'Category not found' with HTTP 404", async ({ page }) => {
  const response = await visit(page, "/category/99999/nope");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Category not found");
  await expect(page).toHaveTitle("Category not found | Printwise Trade Print");
});

for (const path of ["/no-such-category", "/no/such/page"]) {
  test(`${path} is a 'Page not found' 404 in the shop's layout, with search and the categories`, async ({ page }) => {
    const response = await visit(page, path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle("Page not found | Printwise Trade Print");
    await expect(page.getByRole("heading", { name: "Category not found" })).toHaveCount(0);
    const main = page.getByRole("main");
    await expect(main.getByRole("combobox")).toBeVisible();
    const categories = main.getByRole("navigation", { name: "Browse our categories" });
    await expect(categories.getByRole("link", { name: "Posters" })).toHaveAttribute("href", "/posters");
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
}

test("an order id that names no order is a 404 with 'Order Not Found', Back to Orders and no checkout steps", async ({ page }) => {
  const response = await visit(page, "/checkout/order-confirmation/abc");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order Not Found");
  await expect(page.getByRole("link", { name: "Back to Orders" })).toHaveAttribute("href", "/my-account/orders");
  await expect(page.getByRole("navigation", { name: "Checkout progress" })).toHaveCount(0);
});

test("a page address with a broken %-escape is a 400 page in HTML; an API one is JSON", async ({ request }) => {
  const pageAnswer = await request.get("/product/%E0%A4%A", { headers: { accept: "text/html" } });
  expect(pageAnswer.status()).toBe(400);
  expect(pageAnswer.headers()["content-type"]).toContain("text/html");
  expect(elementText(await pageAnswer.text(), "h1")).toBe("Bad address");
  const apiAnswer = await request.get("/api/products/%E0%A4%A");
  expect(apiAnswer.status()).toBe(400);
  expect(apiAnswer.headers()["content-type"]).toContain("application/json");
});

test("a product page's HTML carries its page title, description, keywords and name", async ({ request }) => {
  const response = await request.get("/product/pvc-banner");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/html");
  const html = await response.text();

  // db/seed/catalogue.ts, product pvc-banner.
  expect(elementText(html, "title")).toBe("PVC Banners | Printed Outdoor Banners | Printwise Trade Print");
  expect(metaContent(html, "description")).toBe(
    "Custom PVC banners from £8.50 per m², printed in full colour on 440gsm or 510gsm PVC, hemmed with eyelets every 50cm. Any size up to 3.2m x 50m, trade prices.",
  );
  expect(metaContent(html, "keywords")).toBe(
    "pvc banner, printed banner, outdoor banner, vinyl banner, custom size banner, 440gsm pvc, 510gsm pvc",
  );
  expect(elementText(html, "h1")).toBe("PVC Banners");
});

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function elementText(html: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`).exec(html);
  return match ? decodeEntities(match[1]!) : undefined;
}

function metaContent(html: string, name: string): string | undefined {
  for (const [tag] of html.matchAll(/<meta\s[^>]*>/g)) {
    if (!new RegExp(`\\sname="${name}"`).test(tag)) continue;
    const content = /\scontent="([^"]*)"/.exec(tag);
    return content ? decodeEntities(content[1]!) : undefined;
  }
  return undefined;
}
