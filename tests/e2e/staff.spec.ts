import { createCustomer, expect, failedToLoad, signIn, test, visit } from "./fixtures";
import { addStaffMember, completeArtwork, placePaidOrder, signInAsStaff } from "./journeys";
import { mailsContaining } from "./mail";
import { orderRef } from "../../domain/order-ref";

test.describe("staff console", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401), failedToLoad(404)] });

  test("refuses its pages to visitors (401) and customers (404)", async ({ page, baseURL }) => {
    const anonymous = await page.goto("/staff");
    expect(anonymous?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: "Please sign in with your staff account" })).toBeVisible();

    const customer = await createCustomer(baseURL!);
    await visit(page, "/login");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    const asCustomer = await page.goto("/staff");
    expect(asCustomer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("takes a paid order from Print Ready to Dispatched; the customer sees each step and gets the email", async ({ page, browser, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer, 3);
    await completeArtwork(baseURL!, customer, order);
    const staff = await addStaffMember("staff", { viaCommandLine: true });
    await expect.poll(() => mailsContaining(staff.email).some((m) => m.includes("Set your"))).toBe(true);

    await signInAsStaff(page, staff.link);
    await page.getByLabel("Order reference or number, email or name").fill(customer.email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: orderRef(order.orderGroupId), exact: true }).click();
    await expect(page.getByRole("heading", { name: `Job ${order.orderGroupId}` })).toBeVisible();
    await expect(page.getByText("Checked: ready to print")).toBeVisible();
    // The console is its own workplace: no shop header, basket or product search; its own navigation.
    await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link")).toHaveText(["Production queue", "Orders", "Customers", "Design desk", "Mail outbox"]);
    await expect(page.getByRole("link", { name: /^Basket/ })).toHaveCount(0);
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    // Nothing to pack until every item is printed.
    await expect(page.getByRole("form", { name: "Dispatch" })).toHaveCount(0);
    await expect(page.getByTestId("dispatch-waiting")).toHaveText(/Not ready to pack: 0 of 1 item printed/);
    const zip = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download all print files (ZIP)" }).click();
    expect((await zip).suggestedFilename()).toBe(`order-${order.orderGroupId}-print-files.zip`);

    const customerPage = await (await browser.newContext({ baseURL })).newPage();
    await signIn(customerPage, customer);
    const progressOf = async () => {
      await visit(customerPage, `/my-account/orders/${order.orderGroupId}`);
      await expect(customerPage.getByRole("list", { name: "Order progress" })).toBeVisible();
      return customerPage.getByRole("list", { name: "Order progress" }).locator('[data-done="true"]').count();
    };

    await page.getByRole("button", { name: "Start printing" }).click();
    await expect(page.getByTestId(`status-${order.orderId}`)).toHaveText("Production");
    expect(await progressOf()).toBe(3);
    await expect(page.getByTestId("dispatch-waiting")).toBeVisible();
    await page.getByRole("button", { name: "Printed and finished" }).click();
    await expect(page.getByTestId(`status-${order.orderId}`)).toHaveText("Printed");
    await page.getByLabel("Carrier").selectOption("DPD");
    await page.getByLabel("Tracking number").fill("15501234567890");
    await page.getByRole("button", { name: "Dispatch and email the customer" }).click();
    await expect(page.getByTestId(`status-${order.orderId}`)).toHaveText("Dispatched");
    await expect(page.getByText(/item \d+: Production → Printed/)).toBeVisible();

    expect(await progressOf()).toBe(4);
    await expect(customerPage.getByTestId("tracking-number")).toHaveText("15501234567890");
    await expect(customerPage.getByText("DPD")).toBeVisible();
    await expect.poll(() => mailsContaining(customer.email).filter((m) => m.includes("Your order is on its way")).length).toBe(1);
  });
});
