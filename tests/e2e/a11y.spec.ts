import { createRequire } from "node:module";
import { expect, test, visit } from "./fixtures";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// axe is injected as a script; the shop's CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

const pages = [
  "/",
  "/print",
  "/banners",
  "/product/pvc-banner",
  "/product/a3-posters",
  "/basket",
  "/faq",
  "/about-us",
  "/terms",
  "/contact-us",
  "/quick-quote",
];

for (const path of pages) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await visit(page, path);
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
    });
    expect(violations).toEqual([]);
  });
}

test("a subcategory page has no serious or critical accessibility violations", async ({ page }) => {
  await visit(page, "/banners");
  await page.getByRole("link", { name: "View all" }).first().click();
  await expect(page).toHaveURL(/\/category\/\d+\//);
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
  });
  expect(violations).toEqual([]);
});
