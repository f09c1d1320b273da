// Every axe-core rule (WCAG A and AA, and axe's best practices) on the shop's main pages, on a 390 px phone
// and on a desktop, on its other pages on a desktop, and on the staff console's pages: no violation of any impact is allowed, and no rule or
// part of a page is left out. The phone layout checks that a contrast or landmark rule cannot see are here
// too: the category bar shows every category uncovered.
import type { Page } from "@playwright/test";
import axe from "axe-core";
import { orderRef } from "../../domain/order-ref";
import { createCustomer, expect, expectNoHorizontalScroll, failedToLoad, openProduct, test, visit } from "./fixtures";
import { addStaffMember, completeArtwork, placePaidOrder, signInAsStaff } from "./journeys";

// axe arrives as an inline script, which the shop's CSP (rightly) refuses.
test.use({ bypassCSP: true });

type Violation = { id: string; impact: string | null; help: string; nodes: string[] };

/** Runs every axe rule on the page as it is now and expects no violation; each one is listed with where it is. */
async function expectNoAxeViolations(page: Page) {
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async (): Promise<Violation[]> => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

const shopPages: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: "the home page",
    open: async (page) => {
      await visit(page, "/");
      await expect(page.getByRole("heading", { level: 1, name: "Quality Printing for Your Business" })).toBeVisible();
    },
  },
  {
    name: "a category page",
    open: async (page) => {
      await visit(page, "/banners");
      await expect(page.getByRole("heading", { level: 1, name: "Banners" })).toBeVisible();
    },
  },
  {
    name: "a product page",
    open: async (page) => {
      await openProduct(page, "pvc-banner");
      await expect(page.getByTestId("price")).toHaveText(/£\d/);
      // The countdown is drawn once the page is live: checked with the rest.
      await expect(page.getByText("Order within")).toBeVisible();
    },
  },
];

for (const { name, open } of shopPages) {
  test(`${name} has no accessibility violations on a desktop`, async ({ page }) => {
    await open(page);
    await expectNoAxeViolations(page);
  });
  test(`${name} has no accessibility violations on a phone @phone`, async ({ page }) => {
    await open(page);
    await expectNoAxeViolations(page);
  });
}

// The shop's other pages, on a desktop, under the same rules: every impact, not only serious and critical.
const otherShopPages = ["/print", "/product/a3-posters", "/basket", "/faq", "/about-us", "/terms", "/contact-us", "/quick-quote"];
for (const path of otherShopPages) {
  test(`${path} has no accessibility violations on a desktop`, async ({ page }) => {
    await visit(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("a subcategory page has no accessibility violations on a desktop", async ({ page }) => {
  await visit(page, "/banners");
  await page.getByRole("link", { name: "View all" }).first().click();
  await expect(page).toHaveURL(/\/category\/\d+\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});

/** The element a tap at the middle of `locator` lands on is the locator's own element (or inside it). */
async function expectUncoveredOnScreen(page: Page, name: string, locator: ReturnType<Page["getByRole"]>) {
  await expect(locator, `${name} is visible`).toBeVisible();
  const where = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    return {
      inside: box.left >= 0 && box.right <= window.innerWidth && box.top >= 0 && box.bottom <= window.innerHeight,
      hitsItself: hit !== null && (hit === element || element.contains(hit)),
      hit: hit ? `${hit.tagName.toLowerCase()} "${(hit.textContent ?? "").trim().slice(0, 30)}"` : "nothing",
    };
  });
  expect(where.inside, `${name} lies wholly on the screen`).toBe(true);
  expect(where.hitsItself, `a tap on the middle of ${name} lands on ${where.hit}`).toBe(true);
}

for (const width of [390, 360]) {
  test(`on a ${width} px phone every category and Quick Quote show at once, none covered @phone`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 844 });
    const data = (await (await fetch(`${baseURL}/api/data`)).json()) as { categories: { name: string }[] };
    const names = data.categories.map((category) => category.name);
    expect(names).toContain("Boards");
    await visit(page, "/");
    await expectNoHorizontalScroll(page);
    const bar = page.getByRole("navigation", { name: "Product categories" });
    await expect(bar.getByRole("link")).toHaveText(names);
    for (const category of names) await expectUncoveredOnScreen(page, category, bar.getByRole("link", { name: category, exact: true }));
    await expectUncoveredOnScreen(page, "Quick Quote", page.getByRole("link", { name: "Quick Quote", exact: true }));

    // Tapping the last of them opens it.
    await bar.getByRole("link", { name: names.at(-1)!, exact: true }).tap();
    await expect(page.getByRole("heading", { level: 1, name: names.at(-1)! })).toBeVisible();
  });
}

test.describe("the staff console", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401), failedToLoad(404)] });

  test("Today, the queue, orders desk, a job, team and reports have no accessibility violations", async ({ page, baseURL }) => {
    // Five pages, each checked by every axe rule, after a paid order and a new manager: 35-40 s alone on two
    // busy cores, past the default minute beside another worker.
    test.setTimeout(150_000);
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer, 2);
    await completeArtwork(baseURL!, customer, order);
    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);

    // The console's navigation is its own landmark, beside the page's main content, not inside it.
    await expect(page.getByRole("main").getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Console" })).toBeVisible();

    // A manager lands on Today (ADR 044): its figures, the chart and the table behind it.
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    await expect(page.getByRole("img", { name: /Orders and takings per day/ })).toBeVisible();
    await page.getByText("Figures by day").click();
    await expectNoAxeViolations(page);

    // The production queue, with its selected tab's count showing.
    await page.goto("/staff/queue");
    await expect(page.getByRole("heading", { name: "Production queue" })).toBeVisible();
    await expect(page.getByRole("tab", { name: /^All active \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("link", { name: orderRef(order.orderGroupId), exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/staff/orders");
    await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
    await expect(page.getByTestId("desk-order").first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/staff/orders/${order.orderGroupId}`);
    await expect(page.getByRole("heading", { name: `Job ${order.orderGroupId}` })).toBeVisible();
    await expect(page.getByText("Checked: ready to print")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/staff/team");
    await expect(page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();
    await expect(page.getByText(manager.email)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/staff/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Sales and VAT" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: / to .*, by / })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
