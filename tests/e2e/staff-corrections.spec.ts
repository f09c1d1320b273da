// A manager's corrections (ADR 025): a mistaken production move is undone one step with a reason the
// history keeps, and a member of staff removed from the team is refused on the page they still have open.
import { createCustomer, expect, failedToLoad, test } from "./fixtures";
import { addStaffMember, completeArtwork, placePaidOrder, signInAsStaff } from "./journeys";

test.describe("a manager's corrections", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401), failedToLoad(404)] });

  test("undoes a job marked printed by mistake: back to the press, with the reason and the manager's name in the history", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer, 2);
    await completeArtwork(baseURL!, customer, order);
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);

    await page.goto(`/staff/orders/${order.orderGroupId}`);
    await expect(page.getByRole("heading", { name: `Job ${order.orderGroupId}` })).toBeVisible();
    const status = page.getByTestId(`status-${order.orderId}`);
    await page.getByRole("button", { name: "Start printing" }).click();
    await expect(status).toHaveText("Production");
    await page.getByRole("button", { name: "Printed and finished" }).click();
    await expect(status).toHaveText("Printed");

    // The mistake: it is still on the press. The undo asks why, and goes back exactly one step.
    await page.getByRole("button", { name: "Undo last move" }).click();
    const undo = page.getByRole("form", { name: `Undo the move of item ${order.orderId} to Printed` });
    await undo.getByLabel("What was the mistake? (kept in the history)").fill("Pressed on the wrong job; still on the press");
    await undo.getByRole("button", { name: "Move back one step" }).click();
    await expect(status).toHaveText("Production");
    await expect(undo).toHaveCount(0);

    const history = page.getByRole("region", { name: "History" });
    const correction = history.getByRole("listitem").filter({ hasText: `item ${order.orderId}: Printed → Production` });
    await expect(correction).toHaveCount(1);
    await expect(correction).toContainText("(Undone (Printed was a mistake): Pressed on the wrong job; still on the press)");
    await expect(correction).toContainText(manager.email);
    // The forward move that was undone stays in the history too.
    await expect(history.getByRole("listitem").filter({ hasText: `item ${order.orderId}: Production → Printed` })).toHaveCount(1);

    // From Production the press can go on as before.
    await expect(page.getByRole("button", { name: "Printed and finished" })).toBeVisible();
    await page.reload();
    await expect(status).toHaveText("Production");
  });

  test("removes a member of staff from the team; the page they still have open is refused from then on", async ({ page, browser, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer, 2);
    await completeArtwork(baseURL!, customer, order);

    const printer = await addStaffMember("staff");
    const printerPage = await (await browser.newContext({ baseURL })).newPage();
    await signInAsStaff(printerPage, printer.link);
    await printerPage.goto(`/staff/orders/${order.orderGroupId}`);
    await printerPage.getByRole("button", { name: "Start printing" }).click();
    await expect(printerPage.getByTestId(`status-${order.orderId}`)).toHaveText("Production");

    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Team" }).click();
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: printer.email });
    await row.getByRole("button", { name: "Remove", exact: true }).click();
    await row.getByRole("button", { name: `Remove ${printer.email}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Removed ${printer.email} (production staff) from the team. Their sessions have ended.`);
    await expect(page.getByRole("listitem").filter({ hasText: printer.email })).toHaveCount(0);

    // The removed printer's open job page: the next move is refused and changes nothing.
    await printerPage.getByRole("button", { name: "Printed and finished" }).click();
    await expect(printerPage.getByRole("alert")).toBeVisible();
    await expect(printerPage.getByTestId(`status-${order.orderId}`)).toHaveText("Production");
    const reloaded = await printerPage.reload();
    expect(reloaded?.status()).toBe(401);
    await expect(printerPage.getByRole("heading", { name: "Please sign in with your staff account" })).toBeVisible();

    // Their earlier move stays in the job's history, no longer naming a person who has gone.
    await page.goto(`/staff/orders/${order.orderGroupId}`);
    await expect(page.getByRole("region", { name: "History" }).getByRole("listitem").filter({ hasText: `item ${order.orderId}: Print Ready → Production` })).toContainText("staff (account removed)");
    await expect(page.getByRole("region", { name: "History" })).not.toContainText(printer.email);
  });
});
