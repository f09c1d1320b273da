// After the sale in the browser: a customer cancels an order before it is printed and sees the refund and
// the credit note; a manager refunds the delivery charge of another order and raises a reprint of a
// dispatched item, which goes through the queue at no charge.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createCustomer, expect, signIn, test, visit } from "./fixtures";
import { addStaffMember, completeArtwork, placePaidOrder, signInAsStaff } from "./journeys";
import { mailsContaining } from "./mail";

/** With SHOTS=<folder>, each step's page is kept as a screenshot for a person to look at. */
async function shot(page: Page, name: string) {
  const folder = process.env.SHOTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `after-sale-${name}.png`), fullPage: true });
}

async function managerPage(page: Page): Promise<Page> {
  const manager = await addStaffMember("manager");
  const console = await page.context().browser()!.newPage();
  await signInAsStaff(console, manager.link);
  return console;
}

test.describe("after the sale", () => {
  test("a customer cancels an order before printing and sees the refund and the credit note", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!, { firstname: "Cara" });
    const order = await placePaidOrder(baseURL!, customer, 3);
    await signIn(page, customer);
    await visit(page, `/my-account/orders/${order.orderGroupId}`);
    const total = (await page.locator("dl").getByText(/^£/).last().textContent())!;

    await expect(page.getByRole("heading", { name: "Cancel this order" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByText(`Cancel the whole order and refund ${total} to Visa ending 4242?`, { exact: false })).toBeVisible();
    await shot(page, "1-customer-confirm");
    await page.getByRole("button", { name: `Yes, cancel and refund ${total}` }).click();

    const notice = page.getByRole("status").filter({ hasText: "Your order is cancelled" });
    await expect(notice).toContainText(`${total} is on its way back to Visa ending 4242; credit note CN-`);
    await expect(page.getByText(/Placed .* · Cancelled/)).toBeVisible();
    await expect(page.getByRole("list", { name: "Order progress" })).toContainText("CANCELLED");
    const history = page.getByTestId("after-sale-history");
    await expect(history).toContainText(`Cancelled and refunded ${total}`);
    await expect(page.getByTestId("net-paid")).toHaveText("£0.00");
    await expect(page.getByRole("heading", { name: "Cancel this order" })).toHaveCount(0);
    await shot(page, "2-customer-cancelled");

    // Beside the invoice, and in the history.
    const creditNote = page.getByRole("button", { name: /^Credit note CN-\d{6}$/ });
    const label = (await creditNote.textContent())!.replace("Credit note ", "");
    await expect(history.getByRole("button", { name: `Download ${label}` })).toBeVisible();
    const download = page.waitForEvent("download");
    await creditNote.click();
    expect((await download).suggestedFilename()).toBe(`${label}.pdf`);
    await expect.poll(() => mailsContaining(`Credit note: ${label}`).length).toBe(1);
  });

  test("once printing has started the customer is told to contact the shop", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer);
    await completeArtwork(baseURL!, customer, order);
    const console = await managerPage(page);
    await visit(console, `/staff/orders/${order.orderGroupId}`);
    await console.getByRole("button", { name: "Start printing" }).click();
    await expect(console.getByTestId(`status-${order.orderId}`)).toHaveText("Production");

    await signIn(page, customer);
    await visit(page, `/my-account/orders/${order.orderGroupId}`);
    await expect(page.getByTestId("cancel-closed")).toHaveText("Printing has started, so this order can no longer be cancelled online. Please contact us and we will help.");
    await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  });

  test("a manager refunds the delivery charge, then raises a reprint of a dispatched item that goes through the queue at no charge", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!, { firstname: "Rhys" });
    const order = await placePaidOrder(baseURL!, customer, 2);
    await completeArtwork(baseURL!, customer, order);
    const console = await managerPage(page);
    await visit(console, `/staff/orders/${order.orderGroupId}`);

    // The delivery charge back: £9.95 + VAT.
    const refund = console.getByRole("form", { name: "Refund" });
    await refund.getByRole("row", { name: /^Delivery/ }).getByRole("button", { name: "All" }).click();
    await expect(refund.getByLabel("Refund for delivery")).toHaveValue("11.94");
    await refund.getByLabel("Reason").selectOption("Late delivery");
    await refund.getByLabel("Details (on the credit note)").fill("Courier missed the promised day");
    await shot(console, "3-manager-refund");
    await refund.getByRole("button", { name: "Refund £11.94 and send a credit note" }).click();
    await expect(console.getByRole("status").filter({ hasText: "Refunded £11.94: credit note CN-" })).toBeVisible();
    await expect(console.getByTestId("staff-refunds")).toContainText("Late delivery: Courier missed the promised day");

    // Printed, dispatched, then it arrives damaged.
    await console.getByRole("button", { name: "Start printing" }).click();
    await console.getByRole("button", { name: "Printed and finished" }).click();
    await console.getByLabel("Tracking number").fill("15501234567890");
    await console.getByRole("button", { name: "Dispatch and email the customer" }).click();
    await expect(console.getByTestId(`status-${order.orderId}`)).toHaveText("Dispatched");

    const reprint = console.getByRole("form", { name: "Reprint under the guarantee" });
    await reprint.getByRole("checkbox").first().check();
    await reprint.getByLabel("Reason").selectOption("Damaged in transit");
    await reprint.getByLabel("What went wrong").fill("Corner torn");
    await reprint.getByRole("button", { name: "Raise reprint at no charge" }).click();
    const raised = reprint.getByRole("status");
    await expect(raised).toContainText(/Reprint raised: job \d+ is in the queue\./);
    await shot(console, "4-manager-reprint-raised");
    const reprintId = Number(/job (\d+)/.exec((await raised.textContent())!)![1]);

    // The reprint is a job like any other, ready to print from the approved artwork, at no charge.
    await raised.getByRole("link", { name: `job ${reprintId}` }).click();
    await expect(console).toHaveURL(new RegExp(`/staff/orders/${reprintId}$`));
    await expect(console.getByTestId("reprint-of")).toContainText(`Reprint of job ${order.orderGroupId} (Damaged in transit: Corner torn)`);
    await console.getByRole("button", { name: "Start printing" }).click();
    await console.getByRole("button", { name: "Printed and finished" }).click();
    await console.getByLabel("Tracking number").fill("15509876543210");
    await console.getByRole("button", { name: "Dispatch and email the customer" }).click();
    await expect(console.getByRole("heading", { name: "Dispatched", exact: true })).toBeVisible();
    await shot(console, "5-reprint-dispatched");

    // The customer sees both: the refund on the original, and the reprint linked both ways at no charge.
    await signIn(page, customer);
    await visit(page, `/my-account/orders/${order.orderGroupId}`);
    const history = page.getByTestId("after-sale-history");
    await expect(history).toContainText("Refunded £11.94 (Delivery)");
    await expect(history).toContainText(`Reprint at no charge (Damaged in transit: Corner torn): order ${reprintId}`);
    await shot(page, "6-customer-original");
    await history.getByRole("link", { name: `order ${reprintId}` }).click();
    await expect(page.getByTestId("reprint-banner")).toContainText(`A reprint of order ${order.orderGroupId} under our print guarantee`);
    await expect(page.getByTestId("payment-card")).toHaveText("No charge: a reprint under our guarantee");
    await expect(page.getByRole("button", { name: "Download VAT invoice" })).toHaveCount(0);
    await shot(page, "7-customer-reprint");
    await expect.poll(() => mailsContaining(`We are reprinting your order ${order.orderGroupId} at no charge`).length).toBeGreaterThan(0);
  });

  test("a manager cancels an unprinted item when the customer phones, and it is refunded like the customer's own cancel", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer);
    const console = await managerPage(page);
    await visit(console, `/staff/orders/${order.orderGroupId}`);
    const form = console.getByRole("form", { name: "Cancel for the customer" });
    await form.getByRole("checkbox").check();
    await form.getByLabel("How the customer asked").fill("Phoned on Monday");
    await form.getByRole("button", { name: /^Cancel and refund £\d+\.\d{2}$/ }).click();
    await expect(console.getByTestId(`status-${order.orderId}`)).toHaveText("Cancelled");
    await expect(console.getByTestId("staff-refunds")).toContainText("Cancelled at the customer's request: Phoned on Monday");
    await expect(console.getByRole("button", { name: "Start printing" })).toHaveCount(0);
    await shot(console, "9-manager-cancelled-for-customer");
  });

  test("a customer cancels on a phone, and the page fits the screen @phone", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer);
    await signIn(page, customer);
    await visit(page, `/my-account/orders/${order.orderGroupId}`);
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("button", { name: /^Yes, cancel and refund £/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your order is cancelled" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Credit note CN-/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "8-phone-cancelled");
  });
});
