// The design service from the product page to print (DECISIONS rule 23): a customer on a phone chooses
// "Design it for me", pays by card, sends a brief with a logo, asks for amends to proof v1 and approves
// proof v2; a designer at a desktop takes the brief and sends both proofs. The item reaches Print Ready in
// the queue, the VAT invoice has a Design service line, and delivery is counted from the approval.
import fs from "node:fs";
import path from "node:path";
import { PDFDocument, cmyk } from "pdf-lib";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { deliveryFromApproval } from "../../domain/design-service";
import { formatDeliveryDate } from "../../domain/format";
import { mmToPoints } from "../../domain/preflight";
import { readPdfText } from "../support/pdf-text";
import { configure, createCustomer, expect, openProduct, signIn, test, visit } from "./fixtures";
import { addStaffMember, ADDRESS, CARD, signInAsStaff } from "./journeys";
import { mailsContaining } from "./mail";

const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(process.env.E2E_DATA_DIR ?? "/tmp", "..", "i38-design-screenshots");

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A designer's proof: a one-page vector PDF of exactly the ordered size. */
async function proofPdf(widthMm: number, heightMm: number, dark: boolean): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const [width, height] = [mmToPoints(widthMm), mmToPoints(heightMm)];
  const page = doc.addPage([width, height]);
  page.drawRectangle({ x: 0, y: 0, width, height, color: dark ? cmyk(0.9, 0.2, 0.4, 0.2) : cmyk(0.1, 0.05, 0, 0) });
  page.drawRectangle({ x: width / 6, y: height / 3, width: (width * 2) / 3, height: height / (dark ? 2.5 : 4), color: cmyk(0, 0.35, 0.95, 0) });
  return Buffer.from(await doc.save());
}

async function payWithCard(page: Page) {
  await expect(page.getByText("Test payment – no real card is charged")).toBeVisible();
  await page.getByLabel("Card number").fill(CARD.number);
  await page.getByLabel("Expiry").fill(CARD.expiry);
  await page.getByLabel("CVC").fill(CARD.cvc);
  await page.getByLabel("Name on card").fill(CARD.name);
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

async function sendProof(designer: Page, orderId: number, version: number, note: string, pdf: Buffer) {
  await visit(designer, `/staff/design/${orderId}`);
  const form = designer.getByRole("form", { name: `Send proof version ${version}` });
  await form.getByLabel("Proof file").setInputFiles({ name: `proof-v${version}.pdf`, mimeType: "application/pdf", buffer: pdf });
  await form.getByLabel("Note to the customer").fill(note);
  await form.getByRole("button", { name: `Send proof version ${version} to the customer` }).click();
  await expect(designer.getByText("With the customer")).toBeVisible();
}

test.describe("the design service", () => {
  test("phone customer: design it for me → card → brief with a logo → proof v1 → amends → proof v2 → approval → Print Ready @phone", async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const customer = await createCustomer(baseURL!);
    await fetch(`${baseURL}/api/checkout/address`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ userId: customer.userId, billing: ADDRESS, delivery: { ...ADDRESS, instructions: "" } }),
    });
    await signIn(page, customer);

    // Product page: the design service beside the print price.
    await openProduct(page, "pvc-banner");
    await configure(page, { width: 600, height: 400, quantity: 2 });
    await page.getByRole("radio", { name: "Design it for me (£6 + VAT per design)" }).check();
    await expect(page.getByTestId("design-service")).toContainText("+ Design service £6.00");
    await shot(page, "01-phone-product-design-it-for-me");
    await page.getByRole("button", { name: "Add to Basket" }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByTestId("line-design-service")).toHaveText(/Design service: 1 design × £6\.00\s*£6\.00/);
    await expect(page.getByRole("checkbox", { name: "Design it for me (£6 + VAT per design)" })).toBeChecked();
    await shot(page, "02-phone-basket-design-service");

    // Checkout and card payment (the saved addresses fill the address step).
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/address-and-delivery$/);
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page).toHaveURL(/\/checkout\/test-payment\/cs_test_/, { timeout: 30_000 });
    await expect(page.getByText("Design service").first()).toBeVisible();
    await shot(page, "03-phone-test-payment");
    await payWithCard(page);
    await expect(page.getByText("Your payment was successful.")).toBeVisible();

    // The item asks for a brief instead of an upload: draft, logo, send.
    const brief = page.getByRole("form", { name: "Your design brief" });
    await expect(brief).toBeVisible();
    await brief.getByRole("button", { name: "Send brief" }).click();
    await expect(brief.getByText("Please give the wording, exactly as it should read.")).toBeVisible();
    await brief.getByLabel("Wording, exactly as it should read").fill("GRAND OPENING\nSaturday 10am · Sam's Signs");
    await brief.getByLabel("Colours").fill("Teal and amber");
    await brief.getByLabel("Style").fill("Bold, easy to read from the road");
    const logo = await sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 15, g: 118, b: 110 } } }).png().toBuffer();
    await brief.getByLabel("Logos, photos and references").setInputFiles({ name: "sams-logo.png", mimeType: "image/png", buffer: logo });
    await expect(brief.getByRole("list", { name: "Files for the designer" })).toContainText("sams-logo.png");
    await brief.getByRole("button", { name: "Save and finish later" }).click();
    await expect(brief.getByText("Saved. You can finish your brief later from your order page.")).toBeVisible();
    await shot(page, "04-phone-brief");
    await brief.getByRole("button", { name: "Send brief" }).click();
    await expect(page.getByTestId("design-state")).toHaveText("Our designer is working on your proof");
    const orderGroupId = Number(new URL(page.url()).searchParams.get("order_group_id") ?? (await page.evaluate(() => window.localStorage.getItem("orderGroupId"))));
    expect(orderGroupId).toBeGreaterThan(0);
    const order = (await (await fetch(`${baseURL}/api/orders/group/${orderGroupId}`, { headers: { authorization: `Bearer ${customer.token}` } })).json()) as { products: { order_id: number }[] };
    const orderId = order.products[0]!.order_id;

    // The designer, at a desktop: the desk, take the brief, proof v1.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-GB", timezoneId: "Europe/London" });
    const designer = await desk.newPage();
    const staff = await addStaffMember();
    await signInAsStaff(designer, staff.link);
    await designer.getByRole("link", { name: "Design desk" }).click();
    const row = designer.getByTestId("desk-row").filter({ hasText: `item ${orderId}` });
    await expect(row).toContainText("Not taken");
    await shot(designer, "05-desktop-design-desk");
    await row.getByRole("link", { name: `Order ${orderGroupId}, item ${orderId}` }).click();
    await expect(designer.getByTestId("brief-wording")).toContainText("GRAND OPENING");
    await expect(designer.getByRole("button", { name: "Download sams-logo.png" })).toBeVisible();
    await designer.getByRole("button", { name: "Take this brief" }).click();
    await expect(designer.getByTestId("taken-by")).toContainText("Taken by");
    // A proof of the wrong shape is refused before the customer sees it.
    const form = designer.getByRole("form", { name: "Send proof version 1" });
    await form.getByLabel("Proof file").setInputFiles({ name: "square.pdf", mimeType: "application/pdf", buffer: await proofPdf(500, 500, false) });
    await form.getByRole("button", { name: "Send proof version 1 to the customer" }).click();
    await expect(designer.getByText(/^This proof cannot go to the customer: /)).toBeVisible();
    await shot(designer, "06-desktop-proof-refused");
    await sendProof(designer, orderId, 1, "Logo top left, wording in amber", await proofPdf(600, 400, false));
    await expect.poll(() => mailsContaining(`Your design proof is ready: version 1 for order ${orderGroupId}`).length).toBe(1);

    // The customer sees proof v1 and asks for amends with a comment.
    await visit(page, `/my-account/orders/${orderGroupId}`);
    await expect(page.getByRole("img", { name: "Proof version 1, design 1" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open the PDF proof" })).toBeVisible();
    await shot(page, "07-phone-proof-v1");
    const amends = page.getByRole("form", { name: "Ask for amends" });
    await amends.getByLabel("What should change?").fill("Please make the date twice as big and the background darker.");
    await amends.getByRole("button", { name: "Ask for amends" }).click();
    await expect(page.getByTestId("design-state")).toHaveText("Our designer is working on your proof");
    await expect(page.getByText("You asked: Please make the date twice as big")).toBeVisible();

    // Proof v2 answers the amends.
    await visit(designer, `/staff/design/${orderId}`);
    await expect(designer.getByTestId("amends")).toContainText("Please make the date twice as big");
    await sendProof(designer, orderId, 2, "Bigger date, darker background", await proofPdf(600, 400, true));
    await shot(designer, "08-desktop-design-job-v2");

    // The customer approves proof v2 after a confirmation naming what they approve.
    await visit(page, `/my-account/orders/${orderGroupId}`);
    await expect(page.getByRole("img", { name: "Proof version 2, design 1" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Earlier versions" })).toBeVisible();
    await page.getByRole("button", { name: "Approve proof version 2" }).click();
    const question = page.getByRole("alertdialog");
    await expect(question).toContainText("Approve proof version 2 of your PVC Banners? We will print this design exactly as shown");
    await shot(page, "09-phone-approve-confirmation");
    const approvedAt = new Date();
    await question.getByRole("button", { name: "Yes, approve and print" }).click();
    const delivery = formatDeliveryDate(deliveryFromApproval(approvedAt, 3));
    await expect(page.getByTestId("design-approved")).toContainText(`delivery by ${delivery}, counted from your approval`);
    await expect(page.getByText(`Delivery by ${delivery}`).first()).toBeVisible();
    await shot(page, "10-phone-approved");
    expect(mailsContaining(`Design approved: order ${orderGroupId}`).some((mail) => mail.includes(`Delivery by: ${delivery}`))).toBe(true);

    // Print Ready in the production queue, with the delivery date counted from the approval.
    await visit(designer, "/staff?status=Print%20Ready");
    const queued = designer.getByRole("row").filter({ hasText: String(orderGroupId) });
    await expect(queued.first()).toContainText(delivery);
    await shot(designer, "11-desktop-queue-print-ready");
    await visit(designer, `/staff/orders/${orderGroupId}`);
    await expect(designer.getByTestId("job-item-design")).toContainText(`delivery by ${delivery}, counted from the approval`);

    // The VAT invoice has a Design service line.
    const invoice = await fetch(`${baseURL}/api/orders/group/${orderGroupId}/invoice`, { headers: { authorization: `Bearer ${customer.token}` } });
    expect(invoice.status).toBe(200);
    const text = readPdfText(new Uint8Array(await invoice.arrayBuffer()));
    expect(text).toContain("Design service");
    expect(text).toContain("1 design × £6.00");
    await desk.close();
  });
});
