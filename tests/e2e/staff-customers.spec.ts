import path from "node:path";
import { formatPence } from "../../domain/money";
import { orderRef } from "../../domain/order-ref";
import { createCustomer, expect, failedToLoad, test } from "./fixtures";
import { addStaffMember, placePaidOrder, signInAsStaff } from "./journeys";

const shots = process.env.E2E_SCREENSHOTS;

test.describe("customers", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401), failedToLoad(404)] });

  test("a manager finds a customer by email, opens them, sees their order and spend, and follows the order to its job", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer, 2, 1);
    const group = await fetch(`${baseURL}/api/orders/group/${order.orderGroupId}`, { headers: { authorization: `Bearer ${customer.token}` } });
    const totalPence = ((await group.json()) as { total_pence: number }).total_pence;
    expect(totalPence).toBeGreaterThan(0);

    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Customers" }).click();
    await expect(page.getByRole("heading", { name: "Customers", exact: true })).toBeVisible();

    // By email, typed in capitals: the search is in the URL.
    await page.getByLabel("Find a customer").fill(customer.email.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]q=E2E\./);
    const rows = page.getByTestId("customer-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(customer.email);
    await expect(rows.first()).toContainText(formatPence(totalPence));

    if (shots) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: path.join(shots, "staff-customers-1280.png"), fullPage: true });
      await page.setViewportSize({ width: 768, height: 1024 });
      await page.screenshot({ path: path.join(shots, "staff-customers-768.png"), fullPage: true });
    }

    await rows.first().getByRole("link", { name: `${customer.firstname} Sign` }).click();
    await expect(page.getByRole("heading", { name: `${customer.firstname} Sign`, level: 1 })).toBeVisible();
    await expect(page.locator("dt", { hasText: "Spend" }).locator("xpath=following-sibling::dd")).toHaveText(formatPence(totalPence));
    await expect(page.locator("dt", { hasText: "Orders" }).locator("xpath=following-sibling::dd")).toHaveText("1");
    const orderLink = page.getByRole("link", { name: orderRef(order.orderGroupId), exact: true });
    await expect(orderLink).toBeVisible();

    if (shots) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: path.join(shots, "staff-customer-1280.png"), fullPage: true });
      await page.setViewportSize({ width: 768, height: 1024 });
      await page.screenshot({ path: path.join(shots, "staff-customer-768.png"), fullPage: true });
    }

    await orderLink.click();
    await expect(page).toHaveURL(new RegExp(`/staff/orders/${order.orderGroupId}$`));
    await expect(page.getByText(orderRef(order.orderGroupId)).first()).toBeVisible();
  });
});
