// Without scripts the shop says the truth (docs/decisions/043-pages-without-scripts.md): a product page shows the
// server's price of the configuration it shows and real delivery dates; pages that cannot work without scripts
// say so, and none says "Loading…" for ever.
import type { APIRequestContext, Page } from "@playwright/test";
import { deliveryDate, dispatchDay, formatDeliveryDate } from "../../domain/delivery";
import { expect, test } from "./fixtures";
import { addStaffMember, signInAsStaff } from "./journeys";

test.use({ javaScriptEnabled: false });

type ApiProduct = { id: number; slug: string };

async function productId(request: APIRequestContext, slug: string): Promise<number> {
  const data = (await (await request.get("/api/data")).json()) as { categories: { subcategories: { products: ApiProduct[] }[] }[] };
  const product = data.categories.flatMap((c) => c.subcategories.flatMap((s) => s.products)).find((p) => p.slug === slug);
  if (!product) throw new Error(`no product ${slug}`);
  return product.id;
}

/** What the page's configurator shows: the quantity, the size, and the chosen option of every group. */
async function shownConfiguration(page: Page) {
  const form = page.getByRole("region", { name: "Configure your order" });
  const number = async (label: string) => ((await form.getByLabel(label).count()) > 0 ? Number(await form.getByLabel(label).inputValue()) : undefined);
  const selects = await form.locator("select").evaluateAll((all) => all.map((s) => Number((s as HTMLSelectElement).value)));
  const radios = await form.locator('input[type="radio"]:checked').evaluateAll((all) => all.map((r) => Number((r as HTMLInputElement).value)));
  return {
    selectedQuantity: await number("Quantity"),
    customWidth: await number("Width (mm)"),
    customHeight: await number("Height (mm)"),
    attributes: [...selects, ...radios].filter((id) => Number.isInteger(id) && id > 0).map((id) => ({ subattribute_id: id })),
  };
}

/** The server's price, as the calculatePrice API answers it, for what the page shows. */
async function apiPrice(page: Page, request: APIRequestContext, slug: string): Promise<string> {
  const body = { productId: await productId(request, slug), ...(await shownConfiguration(page)) };
  const res = await request.post("/api/calculatePrice", { data: body });
  expect(res.status(), JSON.stringify(body)).toBe(200);
  const { breakdown } = (await res.json()) as { breakdown: { linePence: number } };
  return `£${(breakdown.linePence / 100).toFixed(2)}`;
}

/** The delivery date of standard turnaround (3 working days) for an order placed now, either side of the instant read. */
function standardDeliveryDates(): string[] {
  const now = new Date();
  return [...new Set([formatDeliveryDate(deliveryDate(now, 3)), formatDeliveryDate(deliveryDate(new Date(now.getTime() + 60_000), 3))])];
}

async function visibleText(page: Page): Promise<string> {
  return page.locator("body").innerText();
}

/** A <noscript> message. Playwright's text and role locators never look inside <noscript>, so it is found by its place. */
function noscriptMessage(page: Page) {
  return page.locator("noscript > p");
}

for (const slug of ["pvc-banner", "a1-posters"]) {
  test(`${slug}: the page shows the price calculatePrice answers for its configuration, and real delivery dates`, async ({ page, request }) => {
    const before = standardDeliveryDates();
    await page.goto(`/product/${slug}`);
    const price = page.getByTestId("price");
    await expect(price).toHaveText(/^£\d+\.\d\d$/);
    expect(await price.textContent()).toBe(await apiPrice(page, request, slug));
    expect(await visibleText(page)).not.toMatch(/checking|Loading/i);

    const deliveryBy = (await page.getByTestId("delivery-by").textContent()) ?? "";
    expect([...before, ...standardDeliveryDates()].map((d) => `Delivery by ${d}`)).toContain(deliveryBy);
    // The turnaround cards carry their own dates too: Standard's is the one above.
    const turnaround = page.getByRole("group", { name: "Turnaround", exact: true });
    await expect(turnaround.getByRole("radio").first()).toHaveAccessibleName(new RegExp(`^Standard.*${deliveryBy}$`));
    await expect(turnaround.getByRole("radio").nth(1)).toHaveAccessibleName(/^Express.*Delivery by \d\d-\d\d-\d{4}$/);

    const day = dispatchDay(new Date());
    await expect(page.getByText(day.isToday ? "Order by 6pm (UK time) for dispatch today" : `Order now for dispatch on ${formatDeliveryDate(day.isoDate)}`)).toBeVisible();
    await expect(noscriptMessage(page)).toHaveText("Adding to your basket needs JavaScript. Please turn it on to order.");
    await expect(noscriptMessage(page)).toBeVisible();
  });
}

const NEEDS_SCRIPTS: [string, string][] = [
  ["/basket", "Your basket needs JavaScript. Please turn it on to see your basket and check out."],
  ["/checkout/signup", "Checking out needs JavaScript. Please turn it on to pay for your order."],
  ["/checkout/address-and-delivery", "Checking out needs JavaScript. Please turn it on to pay for your order."],
  ["/checkout/payment", "Checking out needs JavaScript. Please turn it on to pay for your order."],
  ["/checkout/artwork-uploader?order_group_id=1", "This page needs JavaScript. Please turn it on to see your order and send your artwork."],
  ["/my-account", "Your account needs JavaScript. Please turn it on to see your orders, quotes and details."],
  ["/my-account/orders", "Your account needs JavaScript. Please turn it on to see your orders, quotes and details."],
  ["/my-account/details", "Your account needs JavaScript. Please turn it on to see your orders, quotes and details."],
  ["/login", "Logging in needs JavaScript. Please turn it on to log in."],
  ["/quick-quote", "Sending a quote request needs JavaScript. Please turn it on to send your request."],
];

for (const [url, message] of NEEDS_SCRIPTS) {
  test(`${url} says it needs JavaScript and shows no loading text`, async ({ page }) => {
    await page.goto(url);
    await expect(noscriptMessage(page)).toHaveText(message);
    await expect(noscriptMessage(page)).toBeVisible();
    expect(await visibleText(page)).toContain(message);
    expect(await visibleText(page)).not.toMatch(/Loading|checking…|Taking you to our secure payment page/i);
  });
}

test("without scripts the basket shows no totals it cannot know", async ({ page }) => {
  await page.goto("/basket");
  await expect(noscriptMessage(page)).toBeVisible();
  expect(await visibleText(page)).not.toMatch(/£0\.00|Order summary/);
});

test("the page cache drops a product page when a manager changes its prices", async ({ page, request, browser, baseURL }) => {
  const slug = "a1-posters";
  const url = `/product/${slug}`;
  for (const cached of [url, `${url}.data`]) {
    await request.get(cached);
    expect((await request.get(cached)).headers()["x-cache"], cached).toBe("HIT");
  }
  await page.goto(url);
  const oldPrice = await page.getByTestId("price").textContent();

  // A manager (signed in with scripts, as the console needs them) raises the price by 10%.
  const manager = await addStaffMember("manager");
  const staff = await browser.newContext({ javaScriptEnabled: true, baseURL });
  const staffPage = await staff.newPage();
  await signInAsStaff(staffPage, manager.link);
  const token = JSON.parse((await staffPage.evaluate(() => window.localStorage.getItem("token"))) ?? "null") as string;
  await staff.close();
  const headers = { authorization: `Bearer ${token}` };
  const id = await productId(request, slug);
  const current = (await (await request.get(`/api/manage/products/${id}/prices`, { headers })).json()) as { inputs: { pricePence: number }; version: number };
  const raised = await request.put(`/api/manage/products/${id}/prices`, {
    headers,
    data: { inputs: { ...current.inputs, pricePence: Math.round(current.inputs.pricePence * 1.1) }, baseVersion: current.version },
  });
  expect(raised.status()).toBe(200);
  const { version } = (await raised.json()) as { version: number };
  try {
    // The document and its React Router data (what a link from another page loads) are both made afresh.
    expect((await request.get(url)).headers()["x-cache"]).toBe("MISS");
    expect((await request.get(`${url}.data`)).headers()["x-cache"]).toBe("MISS");
    await page.goto(url);
    const newPrice = await page.getByTestId("price").textContent();
    expect(newPrice).not.toBe(oldPrice);
    expect(newPrice).toBe(await apiPrice(page, request, slug));
  } finally {
    const restored = await request.put(`/api/manage/products/${id}/prices`, { headers, data: { inputs: current.inputs, baseVersion: version } });
    expect(restored.status()).toBe(200);
  }
});
