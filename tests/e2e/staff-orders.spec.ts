import { readFile } from "node:fs/promises";
import path from "node:path";
import { orderRef } from "../../domain/order-ref";
import type { Locator } from "@playwright/test";
import { createCustomer, expect, expectNoHorizontalScroll, failedToLoad, test } from "./fixtures";
import { addStaffMember, completeArtwork, makeQuote, placePaidOrder, signInAsStaff } from "./journeys";

const shots = process.env.E2E_SCREENSHOTS;

test.describe("the orders desk", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401), failedToLoad(404)] });

  test("a manager finds orders by PO number and postcode, filters late work due today, moves three jobs to Printed at once and downloads a CSV of a view", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const po = `PO-${Date.now()}`;
    const withPo = await placePaidOrder(baseURL!, customer, 2, 1, { poNumber: po });
    const withPostcode = await placePaidOrder(baseURL!, customer, 2, 1, { postcode: "EH1 1YZ" });
    const third = await placePaidOrder(baseURL!, customer, 2, 1);
    const three = [withPo, withPostcode, third];
    for (const order of three) await completeArtwork(baseURL!, customer, order);

    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Orders" }).click();
    await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();

    // By PO number: the view is in the URL.
    await page.getByLabel("Search").fill(po.toLowerCase());
    await page.getByRole("button", { name: "Show orders" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${po.toLowerCase()}`));
    const rows = page.getByTestId("desk-order");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(orderRef(withPo.orderGroupId));
    await expect(rows.first()).toContainText(po);

    // A CSV of this filtered view.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "CSV of this view" }).click();
    const csv = await readFile((await (await download).path())!, "utf8");
    expect(csv.split("\r\n")[0]).toMatch(/^Reference,Order ID,Customer/);
    expect(csv).toContain(orderRef(withPo.orderGroupId));
    expect(csv).toContain(po);
    expect(csv).not.toContain(orderRef(third.orderGroupId));

    // By postcode, written without its space; the shared link opens the same view.
    await page.goto("/staff/orders?q=eh11yz");
    await expect(page.getByRole("link", { name: orderRef(withPostcode.orderGroupId), exact: true })).toBeVisible();
    await expect(page.getByLabel("Search")).toHaveValue("eh11yz");

    // Late or at-risk work due out today: every row it shows is late or at risk.
    await page.goto("/staff/orders");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    await page.getByLabel("Dispatch by").fill(today);
    await page.getByLabel("Late or at risk").selectOption("late-or-at-risk");
    await page.getByRole("button", { name: "Show orders" }).click();
    await expect(page).toHaveURL(new RegExp(`dispatch_by=${today}.*urgency=late-or-at-risk`));
    await expect(page.getByText("Loading orders…")).toHaveCount(0);
    for (const urgency of await page.getByTestId("desk-order").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-urgency")))) {
      expect(["late", "at-risk"]).toContain(urgency);
    }

    // Three jobs to Printed in one action (they go on the press first: Print Ready cannot jump to Printed).
    await page.goto(`/staff/orders?q=${encodeURIComponent(customer.email)}`);
    await expect(page.getByTestId("desk-order")).toHaveCount(3);
    for (const order of three) await page.getByLabel(`Select ${orderRef(order.orderGroupId)}`).check();
    await page.getByLabel("Move selected to").selectOption("Printed");
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.getByTestId("bulk-result")).toContainText("Moved 0 items; 3 refused:");
    await expect(page.getByTestId("bulk-result")).toContainText(orderRef(third.orderGroupId));
    await page.getByLabel("Move selected to").selectOption("Production");
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.getByTestId("bulk-result")).toContainText("Moved 3 items.");
    await page.getByLabel("Move selected to").selectOption("Printed");
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.getByTestId("bulk-result")).toContainText("Moved 3 items.");
    await expect(page.getByTestId("desk-order").filter({ hasText: "Printed" })).toHaveCount(3);

    if (shots) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: path.join(shots, "staff-orders-1280.png"), fullPage: true });
      await page.setViewportSize({ width: 768, height: 1024 });
      await page.screenshot({ path: path.join(shots, "staff-orders-768.png"), fullPage: true });
    }
  });
});

/** What a card's cells show before their values on a phone (drawn by CSS from data-label, so not in the text). */
const cellLabels = (row: Locator) => row.locator("td[data-label]").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));

test.describe("the orders desk on a phone", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401), failedToLoad(404)] });

  test("shows the search and the first order on the first screen, folds the filters until one is set, and keeps the current tab in view; customers, trade accounts, quotes and promo codes are cards too @phone", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer, 2, 1, { poNumber: `PO-${Date.now()}` });
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    // This customer's orders: other tests place orders at the same time, and the newest come first.
    await page.goto(`/staff/orders?q=${encodeURIComponent(customer.email)}`);

    // One row of tabs that scrolls sideways, not a dozen wrapped ones above the page.
    const tabs = page.getByRole("navigation", { name: "Console" });
    const tabsBox = (await tabs.boundingBox())!;
    expect(tabsBox.height).toBeLessThan(60);
    await expect(tabs.getByRole("link", { name: "Orders" })).toBeInViewport({ ratio: 1 });

    // The order is a card on the first screen: no sideways scrolling, and the filters are folded away.
    const row = page.getByTestId("desk-order").filter({ hasText: orderRef(order.orderGroupId) });
    await expect(row).toBeInViewport();
    // Each figure is named, as its column heading is not shown.
    expect(await cellLabels(row)).toEqual(['"Placed: "', '"Dispatch by: "', '"Total: "']);
    await expect(page.getByLabel("Search")).toBeVisible();
    await expect(page.getByLabel("Status")).toBeHidden();
    await expectNoHorizontalScroll(page);

    // A filter is one tap away, and a view with a filter set shows it open, with how many are set.
    await page.getByText("More filters").tap();
    await page.getByLabel("Status").selectOption("Print Ready");
    await page.getByRole("button", { name: "Show orders" }).tap();
    await expect(page).toHaveURL(/status=Print\+Ready/);
    await page.reload();
    await expect(page.getByText("More filters (1 set)")).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("Print Ready");

    // The customers list is cards too, its figures named.
    await page.goto(`/staff/customers?q=${encodeURIComponent(customer.email)}`);
    const card = page.getByRole("row").filter({ hasText: customer.email });
    await expect(card).toBeInViewport();
    expect(await cellLabels(card)).toEqual(
      ['"Phone: "', '"Orders: "', '"Spend: "', '"Refunds: "', '"Quotes: "', '"Trade account: "'],
    );
    await expectNoHorizontalScroll(page);

    // The back office's other lists are cards too. A trade account opened from the phone's own form:
    await page.goto("/staff/accounts");
    await page.getByLabel("Customer's email").fill(customer.email);
    await page.getByLabel("Credit limit (£)").fill("500.00");
    await page.getByRole("button", { name: "Open account" }).tap();
    await expect(page.getByText(`Trade account opened for ${customer.email}: £500.00 on 30 days.`)).toBeVisible();
    const account = page.getByRole("row").filter({ hasText: customer.email });
    await expect(account).toBeVisible();
    expect(await cellLabels(account)).toEqual(['"Limit: "', '"Owed: "', '"Overdue: "', '"Terms: "', '"State: "']);
    await expectNoHorizontalScroll(page);
    // a quote the customer asked for,
    const quote = await makeQuote(baseURL!, customer);
    await page.goto("/staff/quotes");
    await page.getByRole("button", { name: "Priced", exact: true }).tap();
    const quoteCard = page.getByRole("row").filter({ has: page.getByRole("link", { name: quote.number }) });
    await expect(quoteCard).toBeVisible();
    expect(await cellLabels(quoteCard)).toEqual(['"What: "', '"Asked: "', '"Total: "']);
    await expectNoHorizontalScroll(page);
    // and the promo codes, with their Edit and Pause buttons on the card.
    await page.goto("/staff/promotions");
    const promo = page.getByRole("row").filter({ has: page.getByRole("button", { name: /^Edit / }) }).first();
    await expect(promo).toBeVisible();
    expect(await cellLabels(promo)).toEqual(['"Discount: "', '"Runs: "', '"Terms: "', '"Used: "', '"State: "']);
    await promo.scrollIntoViewIfNeeded();
    await expect(promo.getByRole("button", { name: /^(Pause|Resume) / })).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalScroll(page);

    // The last tab of the row, opened, is scrolled into view.
    await page.goto("/staff/audit");
    await expect(tabs.getByRole("link", { name: "Audit log" })).toBeInViewport({ ratio: 1 });
  });
});
