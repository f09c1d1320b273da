import { faq } from "../../app/content/faq";
import { expect, test, visit } from "./fixtures";

test("the FAQ lists every question as an accordion that opens and closes", async ({ page }) => {
  await visit(page, "/faq");
  await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
  const items = page.locator("details");
  await expect(items).toHaveCount(faq.length);
  expect(faq.length).toBeGreaterThanOrEqual(55);

  const first = faq[0]!;
  const item = page.locator(`details#${first.id}`);
  const answer = item.getByText(first.answer.split("\n\n")[0]!);
  await expect(answer).toBeHidden();
  await item.getByText(first.question).click();
  await expect(item).toHaveAttribute("open", "");
  await expect(answer).toBeVisible();
  await item.getByText(first.question).click();
  await expect(answer).toBeHidden();

  // Keyboard: Tab to a question, Enter opens it.
  const second = faq[1]!;
  await page.locator(`details#${second.id} summary`).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(`details#${second.id}`)).toHaveAttribute("open", "");
});

test("the FAQ states the shop's rules with the spec's figures", async ({ page }) => {
  await visit(page, "/faq");
  const text = await page.locator("main").textContent();
  for (const figure of ["3-4 working days", "2 working days", "6pm", "304mm", "150mm", "6mm", "2cm", "16mm", "3.2m x 50m", "200MB", "150dpi", "300dpi", "£6+VAT", "2-3 working days", "25% restocking fee", "50%"]) {
    expect(text, figure).toContain(figure);
  }
});

test("About Us shows the About Us and The Team blocks", async ({ page }) => {
  await visit(page, "/about-us");
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "The Team" })).toBeVisible();
  expect(await page.getByRole("heading", { level: 3 }).count()).toBeGreaterThanOrEqual(5);
});

test("the terms page is linked from the footer", async ({ page }) => {
  await visit(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms & Conditions of Sale" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Governing law/i })).toBeVisible();
});
