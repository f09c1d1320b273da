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
import { orderTotals } from "../../domain/totals";
import { readPdfText } from "../support/pdf-text";
import { configure, createCustomer, expect, openProduct, signIn, test, visit } from "./fixtures";
import { addStaffMember, ADDRESS, CARD, recordUploadRequests, signInAsStaff } from "./journeys";
import { mailsContaining } from "./mail";

/** Full-page screenshots of each step, to look at, when E2E_SCREENSHOTS names a folder for them. */
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
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
    const uploads = recordUploadRequests(page);
    await brief.getByLabel("Logos, photos and references").setInputFiles({ name: "sams-logo.png", mimeType: "image/png", buffer: logo });
    await expect(brief.getByRole("list", { name: "Files for the designer" })).toContainText("sams-logo.png");
    // The logo went as a resumable upload (tus at /api/uploads), not as one multipart request.
    expect(uploads).toContain("POST /api/uploads");
    expect(uploads.some((request) => /^PATCH \/api\/uploads\/[0-9a-f]{32}$/.test(request))).toBe(true);
    expect(uploads.filter((request) => request.endsWith("/design/files"))).toEqual([]);
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
    await expect.poll(() => mailsContaining(`Design approved: order ${orderGroupId}`).some((mail) => mail.includes(`Delivery by: ${delivery}`))).toBe(true);

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

  test("a manager asks for a reprint with new artwork at 50%; the customer pays through the link on their order page", async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const base = baseURL!;
    const call = async (url: string, token: string, init: { method?: string; body?: unknown; form?: FormData } = {}) => {
      const response = await fetch(`${base}${url}`, {
        method: init.method ?? (init.body === undefined && !init.form ? "GET" : "POST"),
        headers: { authorization: `Bearer ${token}`, ...(init.body !== undefined ? { "content-type": "application/json" } : {}), "x-forwarded-for": `10.4.${Math.floor(Math.random() * 250)}.1` },
        body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : {};
    };
    // A designed banner, approved, printed and dispatched: made through the API, as earlier tests do in the page.
    const customer = await createCustomer(base);
    await call("/api/checkout/address", customer.token, { body: { userId: customer.userId, billing: ADDRESS, delivery: { ...ADDRESS, instructions: "" } } });
    const data = await call("/api/data", customer.token);
    const product = data.categories.flatMap((c: { subcategories: { products: { id: number; slug: string }[] }[] }) => c.subcategories.flatMap((sub) => sub.products)).find((p: { slug: string }) => p.slug === "pvc-banner");
    const line = { productId: product.id, customWidth: 600, customHeight: 400, quantity: 2, versions: 1, attributes: [], designService: true };
    const price = await call("/api/calculatePrice", customer.token, { body: { productId: product.id, customWidth: 600, customHeight: 400, selectedQuantity: 2, attributes: [] } });
    const printPence = Math.round(price.total * 100);
    const totalPence = orderTotals([{ linePence: printPence + 600, designFeePence: 600 }], 0).totalPence;
    const started = await call("/api/stripe/create-checkout-session", customer.token, { body: { userId: customer.userId, Total: totalPence / 100, lines: [line] } });
    const paid = await fetch(`${base}${started.url}`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ cardNumber: CARD.number, expiry: CARD.expiry, cvc: CARD.cvc, nameOnCard: CARD.name }).toString() });
    expect([302, 303]).toContain(paid.status);
    const made = await call(`/api/orders/${started.checkout_id}`, customer.token, { body: {} });
    const orderGroupId: number = made.order_group_id;
    const orderId: number = made.orders[0].id;
    const staffLink = (await addStaffMember()).link;
    const staffToken = (await (await fetch(`${base}/api/auth/password-reset/confirm`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "10.5.1.1" }, body: JSON.stringify({ token: staffLink.split("#token=")[1], password: "Press-Room-2026!" }) })).json()).token as string;
    await call(`/api/orders/${orderId}/design/brief`, customer.token, { method: "PUT", body: { wording: "SUMMER SALE", send: true } });
    await call(`/api/staff/design/${orderId}/take`, staffToken, { body: {} });
    const proof = new FormData();
    proof.append("note", "v1");
    proof.append("design_1", new Blob([new Uint8Array(await proofPdf(600, 400, true))], { type: "application/pdf" }), "proof.pdf");
    await call(`/api/staff/design/${orderId}/proofs`, staffToken, { form: proof });
    await call(`/api/orders/${orderId}/design/approve`, customer.token, { body: { version: 1 } });
    for (const status of ["Production", "Printed"]) await call(`/api/staff/items/${orderId}/status`, staffToken, { body: { status } });
    await call(`/api/staff/orders/${orderGroupId}/dispatch`, staffToken, { body: { carrier: "DPD", trackingNumber: "15501234567890" } });

    // The manager, at a desktop, from the job sheet.
    const office = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-GB", timezoneId: "Europe/London" });
    const manager = await office.newPage();
    await signInAsStaff(manager, (await addStaffMember("manager")).link);
    await visit(manager, `/staff/orders/${orderGroupId}`);
    const panel = manager.getByRole("region", { name: "Reprint with new artwork" });
    await panel.getByLabel("Reason").fill("Damaged in transit; the customer wants new wording");
    await panel.getByRole("button", { name: "Ask the customer to pay" }).click();
    await expect(panel.getByTestId("redesigns")).toContainText("awaiting payment");
    await shot(manager, "12-desktop-job-sheet-redesign");
    await office.close();
    await expect.poll(() => mailsContaining(`Your reprint with new artwork`).length).toBeGreaterThan(0);

    // The customer pays from their order page on the test payment page, and the new order asks for a brief.
    await signIn(page, customer);
    await visit(page, `/my-account/orders/${orderGroupId}`);
    const pay = page.getByRole("region", { name: "Reprint with new artwork" }).getByRole("button", { name: /^Pay £/ });
    await expect(pay).toBeVisible();
    await shot(page, "13-customer-redesign-pay");
    await pay.click();
    await expect(page).toHaveURL(/\/checkout\/test-payment\/cs_test_/, { timeout: 30_000 });
    await expect(page.getByText("(reprint with new artwork)").first()).toBeVisible();
    await payWithCard(page);
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    await expect(page.getByRole("form", { name: "Your design brief" })).toBeVisible();
    await shot(page, "14-customer-redesign-brief");
  });
});
