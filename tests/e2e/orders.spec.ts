import type { Page } from "@playwright/test";
import { createCustomer, expect, failedToLoad, signIn, test, visit } from "./fixtures";
import { completeArtwork, placePaidOrder } from "./journeys";

const STEPS = ["ORDERED", "ARTWORK", "PRODUCTION", "DISPATCHED"];

/** How many progress steps show as done. */
async function doneSteps(page: Page): Promise<string[]> {
  const steps = page.getByRole("list", { name: "Order progress" }).getByRole("listitem");
  const done: string[] = [];
  for (let i = 0; i < STEPS.length; i++) if ((await steps.nth(i).getAttribute("data-done")) === "true") done.push(STEPS[i]!);
  return done;
}

test.describe("order history", () => {
  test("lists orders 10 at a time with Load More, opens one, downloads its VAT invoice and reorders it with its artwork", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const orders = [];
    for (let i = 0; i < 11; i++) orders.push(await placePaidOrder(baseURL!, customer, 2));
    await completeArtwork(baseURL!, customer, orders[0]!);
    await signIn(page, customer);
    await visit(page, "/my-account/orders");
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(11); // header + 10
    await expect(page.getByRole("columnheader")).toHaveText(["Id", "Order Date", "Products", "Status", "Order Total", "View"]);
    await expect(rows.nth(1)).toContainText(String(orders[10]!.orderGroupId));
    await expect(rows.nth(1)).toContainText(new Date().toLocaleDateString("en-GB", { timeZone: "Europe/London" }));
    await page.getByRole("button", { name: "Load More" }).click();
    await expect(rows).toHaveCount(12);
    await expect(page.getByRole("button", { name: "Load More" })).toHaveCount(0);

    await page.getByRole("link", { name: `View order ${orders[0]!.orderGroupId}`, exact: true }).click();
    await expect(page.getByRole("heading", { name: `Order ${orders[0]!.orderGroupId}` })).toBeVisible();
    expect(await doneSteps(page)).toEqual(["ORDERED", "ARTWORK", "PRODUCTION"]);
    await expect(page.getByTestId("payment-status")).toHaveText("paid");
    await expect(page.getByRole("img", { name: "" }).first()).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download VAT invoice" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);

    await page.getByRole("button", { name: "Reorder" }).click();
    await expect(page.getByLabel("Use the same approved artwork (no upload needed)")).toBeChecked();
    await page.getByRole("button", { name: "Add to basket" }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByText(/Reorder\. Same price as last time\. Your approved artwork will be used again\./)).toBeVisible();
  });

  test("shows 'No Orders' with Start Shopping, and an empty list when the fetch fails", async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow(failedToLoad(500));
    const customer = await createCustomer(baseURL!);
    await signIn(page, customer);
    await visit(page, "/my-account/orders");
    await expect(page.getByText("No Orders")).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Shopping" })).toBeVisible();
    await page.route("**/api/orders/*", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.reload();
    await expect(page.getByText("No Orders")).toBeVisible();
  });

  test("shows 'error', 'Error' and ' Error' for a missing total, quantity and price", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer);
    await signIn(page, customer);
    await page.route(`**/api/orders/${customer.userId}`, async (route) => {
      const list = await (await route.fetch()).json();
      delete list[0].total_amount;
      await route.fulfill({ json: list });
    });
    await visit(page, "/my-account/orders");
    await expect(page.getByRole("table").getByRole("row").nth(1).getByRole("cell").nth(4)).toHaveText("error");

    await page.route(`**/api/orders/group/${order.orderGroupId}`, async (route) => {
      const group = await (await route.fetch()).json();
      delete group.products[0].qty;
      group.products[0].price = "abc";
      await route.fulfill({ json: group });
    });
    await visit(page, `/my-account/orders/${order.orderGroupId}`);
    const cells = page.getByRole("table").getByRole("row").nth(1).getByRole("cell");
    await expect(cells.nth(3)).toHaveText("Error");
    expect(await cells.nth(4).textContent()).toBe(" Error");
  });

  test("maps every status to the spec's progress steps, and payment to paid or Pending", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer);
    await signIn(page, customer);
    const cases: [string, string[]][] = [
      ["Awaiting Artwork", ["ORDERED"]],
      ["Print Ready", ["ORDERED", "ARTWORK", "PRODUCTION"]],
      ["Production", ["ORDERED", "ARTWORK", "PRODUCTION"]],
      ["Part Printed", ["ORDERED", "ARTWORK", "PRODUCTION"]],
      ["Printed", ["ORDERED", "ARTWORK", "PRODUCTION"]],
      ["Shipped", STEPS],
      ["Dispatched", STEPS],
      ["On hold", ["ORDERED"]],
    ];
    for (const [status, expected] of cases) {
      await page.unroute(`**/api/orders/group/${order.orderGroupId}`);
      await page.route(`**/api/orders/group/${order.orderGroupId}`, async (route) => {
        const group = await (await route.fetch()).json();
        await route.fulfill({ json: { ...group, status, payment_status: status === "On hold" ? "unpaid" : "paid" } });
      });
      await visit(page, `/my-account/orders/${order.orderGroupId}`);
      await expect(page.getByText(`· ${status}`)).toBeVisible();
      expect(await doneSteps(page), status).toEqual(expected);
    }
    await expect(page.getByTestId("payment-status")).toHaveText("Pending");
  });

  test("shows 'Order Not Found' with Back to Orders for someone else's order @phone", async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow(failedToLoad(404));
    const owner = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, owner);
    const stranger = await createCustomer(baseURL!);
    await signIn(page, stranger);
    await visit(page, `/my-account/orders/${order.orderGroupId}`);
    await expect(page.getByRole("heading", { name: "Order Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Orders" }).click();
    await expect(page).toHaveURL(/\/my-account\/orders$/);
  });
});

test.describe("order history on a phone @phone", () => {
  test("the list and the detail fit the screen: an item shows its status, quantity and total, the progress steps apart", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer, 1);
    await signIn(page, customer);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    const viewport = page.viewportSize()!.width;
    await visit(page, "/my-account/orders");
    await expect(page.getByRole("link", { name: `View order ${order.orderGroupId}`, exact: true })).toBeAttached();
    expect(await pageWidth()).toBeLessThanOrEqual(viewport);
    await visit(page, `/my-account/orders/${order.orderGroupId}`);
    await expect(page.getByRole("heading", { name: `Order ${order.orderGroupId}` })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(viewport);

    // The item is a card: nothing scrolls inside it, and its status, quantity and total lie on the screen.
    const products = page.getByRole("region", { name: "Products" });
    expect(await products.evaluate((card) => card.scrollWidth - card.clientWidth)).toBe(0);
    const cells = products.getByRole("row").last().getByRole("cell");
    await expect(cells.nth(2)).toHaveText("Awaiting Artwork");
    await expect(cells.nth(3)).toHaveText("1");
    await expect(cells.nth(4)).toHaveText(/^£\d+\.\d\d$/);
    for (const index of [2, 3, 4]) {
      await expect(cells.nth(index)).toBeVisible();
      const box = (await cells.nth(index).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport);
    }

    // The four progress steps' names do not run into each other.
    const steps = await page.getByRole("list", { name: "Order progress" }).getByRole("listitem").evaluateAll((items) =>
      items.map((item) => {
        const label = item.lastElementChild!;
        const range = document.createRange();
        range.selectNodeContents(label.firstChild!);
        const box = range.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
    );
    expect(steps).toHaveLength(4);
    for (let i = 1; i < steps.length; i += 1) expect(steps[i]!.left, `step ${i + 1} starts after step ${i} ends`).toBeGreaterThanOrEqual(steps[i - 1]!.right);
  });
});

test.describe("orders on a phone", () => {
  test("each order is a card that opens it; the order names the card that paid @phone", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const first = await placePaidOrder(baseURL!, customer);
    const second = await placePaidOrder(baseURL!, customer);
    await signIn(page, customer);
    await visit(page, "/my-account/orders");
    const cards = page.getByRole("list", { name: "Your orders" }).getByRole("listitem");
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole("table")).toBeHidden();
    await expect(cards.first()).toContainText(`Order ${second.orderGroupId}`);
    await expect(cards.first()).toContainText("Awaiting Artwork");
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    await page.getByRole("link", { name: `View order ${first.orderGroupId}`, exact: true }).tap();
    await expect(page.getByRole("heading", { name: `Order ${first.orderGroupId}` })).toBeVisible();
    await expect(page.getByTestId("payment-card")).toHaveText("by Visa ending 4242");
  });
});
