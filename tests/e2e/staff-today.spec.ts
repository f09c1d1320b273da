// A manager's landing page (ADR 044): signing in opens Today at /staff, its sales figures move when an
// order is paid, and a job figure opens the orders desk filtered to exactly the orders it counted.
import { createCustomer, expect, failedToLoad, test } from "./fixtures";
import { addStaffMember, placePaidOrder, signInAsStaff } from "./journeys";

const shots = process.env.E2E_SCREENSHOTS;
const penceOf = (text: string) => Math.round(Number(text.replace(/[£,]/g, "")) * 100);

test.describe("Today", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401), failedToLoad(404)] });

  test("a manager lands on Today, sees a paid order counted, and follows a figure to the list behind it", async ({ page, baseURL }) => {
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    const console = page.getByRole("navigation", { name: "Console" });
    await expect(console.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    await expect(console.getByRole("link", { name: "Production queue" })).toHaveAttribute("href", "/staff/queue");

    const tile = (label: string) => page.getByText(label, { exact: true }).locator("xpath=following-sibling::dd");
    const ordersBefore = Number(await tile("Orders today").textContent());
    const takingsBefore = penceOf((await tile("Takings today").textContent())!);

    await placePaidOrder(baseURL!, await createCustomer(baseURL!));
    await page.reload();
    // At least this order: the other browser worker places orders on the same shop at the same time.
    await expect.poll(async () => Number(await tile("Orders today").textContent())).toBeGreaterThanOrEqual(ordersBefore + 1);
    expect(penceOf((await tile("Takings today").textContent())!)).toBeGreaterThan(takingsBefore);
    expect(Number(await tile("Orders this week").textContent())).toBeGreaterThanOrEqual(ordersBefore + 1);
    await expect(page.getByRole("img", { name: /Orders and takings per day, last 30 days/ })).toBeVisible();
    await page.getByText("Figures by day").click();
    await expect(page.getByRole("table", { name: "Orders and takings per day" }).getByRole("row")).toHaveCount(31);

    if (shots) {
      for (const width of [1280, 768]) {
        await page.setViewportSize({ width, height: 1000 });
        await page.screenshot({ path: `${shots}/staff-today-${width}.png`, fullPage: true });
      }
    }

    // "Artwork awaited over a working day": the desk opens on that view and lists as many orders as the figure said.
    const artwork = page.getByRole("link", { name: /Artwork awaited over a working day$/ });
    const count = Number((await artwork.textContent())!.match(/^\d+/)![0]);
    await artwork.click();
    await expect(page).toHaveURL(/\/staff\/orders\?status=Awaiting\+Artwork&placed_to=\d{4}-\d{2}-\d{2}&sort=dispatch$/);
    await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
    await expect(page.getByText("Loading orders…")).toHaveCount(0);
    await expect(page.getByTestId("desk-order")).toHaveCount(Math.min(count, 50));

    // The queue is still one click away, at its own address.
    await console.getByRole("link", { name: "Production queue" }).click();
    await expect(page).toHaveURL(/\/staff\/queue$/);
    await expect(page.getByRole("heading", { name: "Production queue" })).toBeVisible();
  });
});
