// The design service through the real app (docs/decisions/027-design-service-money-and-dates.md): buying it, the brief, the desk, proofs
// preflighted against the ordered size, amends (with their files), approval (once, however many at once),
// an item of two designs end to end, the desk's emails queued in the transaction that records them, and the
// money after the sale (a free reprint of a designed item stays free).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts, designAmends, designFiles, designJobs, emailOutbox, orderEvents, orderFiles, orderGroups, orders } from "../../../db/schema";
import { isArtworkComplete } from "../../../domain/artwork";
import { amendsDue, deliveryFromApproval, firstProofDue } from "../../../domain/design-service";
import { penceToPounds } from "../../../domain/money";
import { DESIGN_FEE_PENCE } from "../../../domain/pricing";
import { orderTotals } from "../../../domain/totals";
import { makeStaff, type TestCustomer } from "../../../tests/factories/accounts";
import { cmykJpeg, multipart, rgbPng } from "../../../tests/factories/artwork";
import { bannerLine, customerWithAddresses, expectedTotalPence, placeOrder, startCheckout } from "../../../tests/factories/checkout";
import { DESIGNED_SIZE, designedOrder, proofPdf, sendBrief, sendProof } from "../../../tests/factories/design-jobs";
import { tusCreate, tusIdOf, tusOutcome, tusPatch } from "../../../tests/factories/tus";
import { readPdfText } from "../../../tests/support/pdf-text";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
let designer: TestCustomer;
let otherDesigner: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  [designer, otherDesigner] = await Promise.all([makeStaff(t.app), makeStaff(t.app)]);
});
afterAll(async () => {
  await t?.close();
});

const get = (who: TestCustomer, url: string) => t.app.inject({ method: "GET", url, headers: who.auth });
const post = (who: TestCustomer, url: string, payload: object = {}) => t.app.inject({ method: "POST", url, headers: who.auth, payload });
const mailTo = async (address: string, subject: string) => (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address))).filter((m) => m.subject.includes(subject));

describe("buying the design service", () => {
  it("charges £6.00 per design, never reduced by a promo code, and shows it as Design service on the invoice", async () => {
    const customer = await customerWithAddresses(t.app);
    const line = await bannerLine(t.app, { ...DESIGNED_SIZE, quantity: 4, versions: 2, designService: true });
    const plain = await bannerLine(t.app, { ...DESIGNED_SIZE, quantity: 4, versions: 2 });
    const withDesign = await expectedTotalPence(t.app, [line], 1000);
    const without = await expectedTotalPence(t.app, [plain], 1000);
    // Two designs: £12.00 + 20% VAT; the 10% Welcome code takes nothing off them.
    expect(withDesign - without).toBe(1440);

    // A client that took the promo off the design service too is told the total changed (409).
    const wrong = await startCheckout(t.app, customer, [line], { promoCode: "Welcome", totalPence: withDesign - 144 });
    expect(wrong.statusCode, wrong.body).toBe(409);

    const placed = await placeOrder(t.app, customer, [line]);
    const group = (await get(customer, `/api/orders/group/${placed.orderGroupId}`)).json();
    expect(group.products[0]).toMatchObject({ designs: 2, design_fee_pence: 1200, design_job: { state: "brief", proofs: 0 } });
    const invoice = await get(customer, `/api/orders/group/${placed.orderGroupId}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const text = readPdfText(invoice.rawPayload);
    expect(text).toContain("Design service");
    expect(text).toContain("2 designs × £6.00");
    // The design job exists from the moment the item is paid for, waiting for its brief.
    const [job] = await t.db.db.select().from(designJobs).where(eq(designJobs.orderId, placed.orders[0]!.id));
    expect(job).toMatchObject({ state: "brief", designs: 2 });
  });

  it("takes the promo off the print only, at checkout as in the totals rule", async () => {
    const customer = await customerWithAddresses(t.app);
    const line = await bannerLine(t.app, { ...DESIGNED_SIZE, quantity: 3, designService: true });
    const res = await startCheckout(t.app, customer, [line], { promoCode: "Welcome", promoBasisPoints: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    const [checkout] = await t.db.db.select().from(checkouts).where(eq(checkouts.id, res.json().checkout_id));
    const printPence = checkout!.lines[0]!.linePence - 600;
    expect(checkout!.promoDiscountPence).toBe(orderTotals([printPence], 1000).promoDiscountPence);
    expect(checkout!.totalPence).toBe(orderTotals([{ linePence: printPence + 600, designFeePence: 600 }], 1000).totalPence);
    expect(res.json().amount_total).toBe(checkout!.totalPence);
    expect(penceToPounds(checkout!.totalPence)).toBeGreaterThan(0);
  });
});

describe("brief, proofs, amends and sign-off", () => {
  let customer: TestCustomer;
  let orderId: number;
  let orderGroupId: number;

  beforeAll(async () => {
    customer = await customerWithAddresses(t.app);
    const order = await designedOrder(t.app, customer);
    orderId = order.orderId;
    orderGroupId = order.orderGroupId;
  });

  it("asks for a brief instead of an upload, and refuses artwork for the item", async () => {
    const job = (await get(customer, `/api/orders/${orderId}/design`)).json();
    expect(job).toMatchObject({ state: "brief", designs: 1, proofs: [], brief: { wording: "", sent_at: null }, approval_question: null });
    const art = await cmykJpeg(600, 400, 100);
    const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "a.jpg", contentType: "image/jpeg", data: art }]);
    const upload = await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/imgs`, headers: { ...customer.auth, ...form.headers }, payload: form.payload });
    expect(upload.statusCode).toBe(409);
    expect(upload.json().message).toBe("We are designing this item for you: send us your brief instead of artwork.");
  });

  it("saves a draft, takes a logo checked by its content, and sends the brief only with its wording", async () => {
    const draft = await t.app.inject({ method: "PUT", url: `/api/orders/${orderId}/design/brief`, headers: customer.auth, payload: { colours: "Teal", send: false } });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({ state: "brief", brief: { colours: "Teal", wording: "" } });

    const logo = multipart([{ name: "file", fileName: "logo.png", contentType: "image/png", data: await cmykJpeg(400, 200, 300) }]);
    const added = await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/design/files`, headers: { ...customer.auth, ...logo.headers }, payload: logo.payload });
    expect(added.statusCode, added.body).toBe(201);
    // Named .png, but the content is a JPEG: stored as what it is.
    expect(added.json().file).toMatchObject({ file_name: "logo.png", content_type: "image/jpeg" });
    const fake = multipart([{ name: "file", fileName: "logo.jpg", contentType: "image/jpeg", data: Buffer.from("not an image at all") }]);
    const refused = await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/design/files`, headers: { ...customer.auth, ...fake.headers }, payload: fake.payload });
    expect(refused.statusCode).toBe(422);
    const logoFile = await get(customer, added.json().file.url);
    expect(logoFile.statusCode).toBe(200);
    expect(logoFile.headers["content-type"]).toBe("image/jpeg");

    const empty = await t.app.inject({ method: "PUT", url: `/api/orders/${orderId}/design/brief`, headers: customer.auth, payload: { send: true } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please give the wording, exactly as it should read.");

    const before = new Date();
    const sent = await sendBrief(t.app, customer, orderId);
    expect(sent).toMatchObject({ state: "designing", brief: { wording: "Grand Opening Saturday", colours: "Teal and amber" }, brief_files: [{ file_name: "logo.png" }] });
    expect(sent.proof_due).toBe(firstProofDue(before));
    const again = await t.app.inject({ method: "PUT", url: `/api/orders/${orderId}/design/brief`, headers: customer.auth, payload: { wording: "Changed", send: true } });
    expect(again.statusCode).toBe(409);
    expect(await mailTo(t.config.shop.email, `New design brief: order ${orderGroupId}`)).toHaveLength(1);
  });

  it("puts the brief on the desk by due date; two designers taking it at once: one wins", async () => {
    const desk = (await get(designer, "/api/staff/design")).json();
    expect(desk.jobs.find((j: { order_id: number }) => j.order_id === orderId)).toMatchObject({ state: "designing", designer: null, due_status: "on-time" });
    const dues = desk.jobs.filter((j: { state: string }) => j.state === "designing").map((j: { proof_due: string }) => j.proof_due);
    expect(dues).toEqual([...dues].sort());

    const early = await sendProof(t.app, designer, orderId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Take this brief before sending a proof.");

    const [a, b] = await Promise.all([post(designer, `/api/staff/design/${orderId}/take`), post(otherDesigner, `/api/staff/design/${orderId}/take`)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toMatch(/has already taken this brief\.$/);
    if (a.statusCode !== 200) [designer, otherDesigner] = [otherDesigner, designer];
    expect((await get(designer, `/api/staff/design/${orderId}`)).json().designer).not.toBeNull();
  });

  it("refuses a proof of the wrong size before the customer sees it, with its preflight", async () => {
    const square = await sendProof(t.app, designer, orderId, { files: [await proofPdf(500, 500)] });
    expect(square.statusCode, square.body).toBe(422);
    expect(square.json().message).toMatch(/^This proof cannot go to the customer: /);
    expect(square.json().checks.some((c: { code: string }) => c.code === "proportions")).toBe(true);
    expect((await get(customer, `/api/orders/${orderId}/design`)).json().proofs).toEqual([]);
    const notHers = await sendProof(t.app, otherDesigner, orderId);
    expect(notHers.statusCode).toBe(409);
  });

  it("sends proof v1 to the customer, who sees it and asks for amends due in 2 working days", async () => {
    const res = await sendProof(t.app, designer, orderId, { note: "Logo top left, as asked" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: "proof_sent", proof_due: null, proofs: [{ version: 1, note: "Logo top left, as asked" }] });
    const job = (await get(customer, `/api/orders/${orderId}/design`)).json();
    expect(job.approval_question).toMatch(/^Approve proof version 1 of your /);
    expect(job.proofs[0].files[0].original_url).toBeNull();
    const preview = await get(customer, job.proofs[0].files[0].preview_url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/png");
    const pdf = await get(customer, job.proofs[0].files[0].pdf_url);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect((await mailTo(customer.email, "Your design proof is ready: version 1")).length).toBe(1);
    // Someone else's proof is not found.
    const stranger = await customerWithAddresses(t.app);
    expect((await get(stranger, job.proofs[0].files[0].preview_url)).statusCode).toBe(404);

    const blank = await post(customer, `/api/orders/${orderId}/design/amends`, { version: 1, comments: "   " });
    expect(blank.statusCode).toBe(400);
    const before = new Date();
    const amends = await post(customer, `/api/orders/${orderId}/design/amends`, { version: 1, comments: "Make the date bigger, please." });
    expect(amends.statusCode, amends.body).toBe(200);
    expect(amends.json()).toMatchObject({ state: "designing", amends: [{ proof_version: 1, comments: "Make the date bigger, please." }] });
    expect(amends.json().proof_due).toBe(amendsDue(before));
    const late = await post(customer, `/api/orders/${orderId}/design/approve`, { version: 1 });
    expect(late.statusCode).toBe(409);
  });

  it("sends proof v2; two approvals at once make one move to Print Ready, with delivery counted from today", async () => {
    expect((await sendProof(t.app, designer, orderId, { note: "Bigger date" })).statusCode).toBe(201);
    const stale = await post(customer, `/api/orders/${orderId}/design/approve`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("A newer proof has arrived: please look at version 2.");

    const now = new Date();
    const [a, b] = await Promise.all([post(customer, `/api/orders/${orderId}/design/approve`, { version: 2 }), post(customer, `/api/orders/${orderId}/design/approve`, { version: 2 })]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toBe("This design has already been approved.");

    const [item] = await t.db.db.select().from(orders).where(eq(orders.id, orderId));
    expect(item!.status).toBe("Print Ready");
    expect(item!.deliveryDate).toBe(deliveryFromApproval(now, 3));
    const moves = await t.db.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "Print Ready")));
    expect(moves).toHaveLength(1);
    const files = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId));
    expect(files).toEqual([expect.objectContaining({ versionNumber: 1, approved: true, quantity: item!.quantity })]);
    expect(await t.app.services.storage.exists(files[0]!.pdfKey)).toBe(true);

    const group = (await get(customer, `/api/orders/group/${orderGroupId}`)).json();
    expect(group.delivery_date).toBe(item!.deliveryDate);
    expect(group.products[0].design_job).toMatchObject({ state: "approved", proofs: 2 });
    const queue = (await get(designer, `/api/staff/queue?status=Print%20Ready`)).json();
    expect(queue.items.some((entry: { order_id: number }) => entry.order_id === orderId)).toBe(true);
    const [approvedMail] = await mailTo(customer.email, `Design approved: order ${orderGroupId}`);
    expect(approvedMail!.textBody).toContain(`Delivery by: ${item!.deliveryDate.split("-").reverse().join("-")}`);
    const desk = (await get(designer, "/api/staff/design")).json();
    expect(desk.jobs.some((j: { order_id: number }) => j.order_id === orderId)).toBe(false);
  });
});

describe("production and the design service", () => {
  it("never moves a designed item to Print Ready by hand before its approval", async () => {
    const customer = await customerWithAddresses(t.app);
    const { orderId } = await designedOrder(t.app, customer);
    const moved = await post(designer, `/api/staff/items/${orderId}/status`, { status: "Print Ready" });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe("This item is waiting for the customer to approve its design: it moves to Print Ready when they do.");
  });
});

describe("money after the sale", () => {
  it("refunds the design service with an item cancelled before its first proof", async () => {
    const customer = await customerWithAddresses(t.app);
    const { orderGroupId, orderId } = await designedOrder(t.app, customer);
    const res = await post(customer, `/api/orders/group/${orderGroupId}/cancel`, { order_ids: [orderId], idempotency_key: "cancel-before-proof" });
    expect(res.statusCode, res.body).toBe(200);
    const group = (await get(customer, `/api/orders/group/${orderGroupId}`)).json();
    expect(res.json().refund.amount_pence).toBe(group.total_pence);
    expect(res.json().refund.lines.map((l: { part: string }) => l.part)).toEqual(["item", "design", "delivery"]);
  });

  it("keeps the design service once a proof has been delivered", async () => {
    const customer = await customerWithAddresses(t.app);
    const { orderGroupId, orderId } = await designedOrder(t.app, customer);
    await sendBrief(t.app, customer, orderId);
    expect((await post(designer, `/api/staff/design/${orderId}/take`)).statusCode).toBe(200);
    expect((await sendProof(t.app, designer, orderId)).statusCode).toBe(201);
    const res = await post(customer, `/api/orders/group/${orderGroupId}/cancel`, { order_ids: [orderId], idempotency_key: "cancel-after-proof" });
    expect(res.statusCode, res.body).toBe(200);
    const refund = res.json().refund;
    expect(refund.lines.map((l: { part: string }) => l.part)).toEqual(["item", "delivery"]);
    const group = (await get(customer, `/api/orders/group/${orderGroupId}`)).json();
    // What is kept is £6.00 and its VAT.
    expect(group.total_pence - refund.amount_pence).toBe(720);
    // The cancelled item's job leaves the desk.
    const desk = (await get(designer, "/api/staff/design")).json();
    expect(desk.jobs.some((j: { order_id: number }) => j.order_id === orderId)).toBe(false);
  });
});

describe("reordering a designed item", () => {
  it("reuses the approved proof as the artwork, with no new fee", async () => {
    const customer = await customerWithAddresses(t.app);
    const { orderId, line } = await designedOrder(t.app, customer);
    await sendBrief(t.app, customer, orderId);
    await post(designer, `/api/staff/design/${orderId}/take`);
    expect((await sendProof(t.app, designer, orderId)).statusCode).toBe(201);
    expect((await post(customer, `/api/orders/${orderId}/design/approve`, { version: 1 })).statusCode).toBe(200);

    const again = await placeOrder(t.app, customer, [{ ...line, designService: false, reuseArtworkFrom: orderId }]);
    const [item] = await t.db.db.select().from(orders).where(eq(orders.id, again.orders[0]!.id));
    expect(item).toMatchObject({ designs: 0, designFeePence: 0 });
    const copied = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, item!.id));
    expect(copied).toEqual([expect.objectContaining({ approved: true, versionNumber: 1 })]);
    // Asking for the design service while reusing the approved artwork still charges nothing for it.
    expect(await expectedTotalPence(t.app, [{ ...line, designService: true, reuseArtworkFrom: orderId }])).toBe(await expectedTotalPence(t.app, [{ ...line, designService: false }]));
  });
});

describe("a reprint with new artwork after a claim", () => {
  it("is charged at 50% of the item through a payment link, and becomes a paid order asking for a new design", async () => {
    const manager = await makeStaff(t.app, "manager");
    const customer = await customerWithAddresses(t.app);
    const { orderId, orderGroupId } = await designedOrder(t.app, customer);
    await sendBrief(t.app, customer, orderId);
    await post(designer, `/api/staff/design/${orderId}/take`);
    expect((await sendProof(t.app, designer, orderId)).statusCode).toBe(201);
    expect((await post(customer, `/api/orders/${orderId}/design/approve`, { version: 1 })).statusCode).toBe(200);
    for (const status of ["Production", "Printed"]) expect((await post(designer, `/api/staff/items/${orderId}/status`, { status })).statusCode).toBe(200);
    expect((await post(designer, `/api/staff/orders/${orderGroupId}/dispatch`, { carrier: "DPD", trackingNumber: "15501234567890" })).statusCode).toBe(200);

    const [item] = await t.db.db.select().from(orders).where(eq(orders.id, orderId));
    const raised = await post(manager, `/api/staff/orders/${orderGroupId}/redesigns`, { order_id: orderId, reason: "Damaged in transit; new wording wanted" });
    expect(raised.statusCode, raised.body).toBe(200);
    const half = Math.round((item!.linePence - item!.designFeePence) / 2);
    const charged = orderTotals([half], 0, { deliveryPence: 0 }).totalPence;
    expect(raised.json().redesign).toMatchObject({ status: "awaiting payment", amount_pence: charged, paid_order_group_id: null });
    expect((await post(manager, `/api/staff/orders/${orderGroupId}/redesigns`, { order_id: orderId, reason: "Again" })).statusCode).toBe(409);
    expect(await mailTo(customer.email, `Your reprint with new artwork`)).toHaveLength(1);

    const listed = (await get(customer, `/api/orders/group/${orderGroupId}/redesigns`)).json().redesigns;
    expect(listed).toHaveLength(1);
    const [first, second] = await Promise.all([post(customer, `/api/orders/group/${orderGroupId}/redesigns/${listed[0].id}/pay`), post(customer, `/api/orders/group/${orderGroupId}/redesigns/${listed[0].id}/pay`)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().url).toBe(first.json().url);
    const sessionId = /cs_test_[A-Za-z0-9]+/.exec(first.json().url)![0];
    expect((await t.app.services.testPayments!.pay(sessionId, { digits: "4242424242424242" })).outcome).toBe("paid");
    const session = (await get(customer, `/api/stripe/session/${sessionId}`)).json();
    const made = await post(customer, `/api/orders/${session.client_reference_id}`, { status: "Awaiting Artwork", payment_status: "paid" });
    expect(made.statusCode, made.body).toBe(200);
    const paid = (await get(customer, `/api/orders/group/${made.json().order_group_id}`)).json();
    expect(paid).toMatchObject({ total_pence: charged, delivery_pence: 0, payment_status: "paid", invoice_number: expect.stringMatching(/^INV-/) });
    expect(paid.products[0]).toMatchObject({ design_fee_pence: 0, designs: 1, status: "Awaiting Artwork", design_job: { state: "brief" } });
    expect((await get(customer, `/api/orders/group/${orderGroupId}/redesigns`)).json().redesigns[0]).toMatchObject({ status: "paid", paid_order_group_id: paid.order_group_id });
    expect((await post(customer, `/api/orders/group/${orderGroupId}/redesigns/${listed[0].id}/pay`)).statusCode).toBe(409);
  });
});

/** A paid banner of 10 with the design service for two designs, its brief sent splitting them 6 + 4, taken by `designer`. */
async function twoDesignJob(customer: TestCustomer) {
  const line = await bannerLine(t.app, { ...DESIGNED_SIZE, quantity: 10, versions: 2, designService: true });
  const placed = await placeOrder(t.app, customer, [line]);
  const orderId = placed.orders[0]!.id;
  await sendBrief(t.app, customer, orderId, { quantities: [6, 4] });
  expect((await post(designer, `/api/staff/design/${orderId}/take`)).statusCode).toBe(200);
  return { line, orderId, orderGroupId: placed.orderGroupId };
}

const rightSize = () => proofPdf(DESIGNED_SIZE.customWidth, DESIGNED_SIZE.customHeight);
const itemRow = async (orderId: number) => (await t.db.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe("an item of two designs, from brief to Print Ready", () => {
  it("charges 2 × £6, splits the quantity in the brief, proofs both designs, and prints both once the proof is approved", async () => {
    const customer = await customerWithAddresses(t.app);
    const line = await bannerLine(t.app, { ...DESIGNED_SIZE, quantity: 10, versions: 2, designService: true });
    const placed = await placeOrder(t.app, customer, [line]);
    const orderId = placed.orders[0]!.id;
    const paid = await itemRow(orderId);
    expect(paid).toMatchObject({ designs: 2, designFeePence: 2 * DESIGN_FEE_PENCE, versions: 2, quantity: 10, status: "Awaiting Artwork" });
    expect(await expectedTotalPence(t.app, [line])).toBe((await expectedTotalPence(t.app, [{ ...line, designService: false }])) + orderTotals([2 * DESIGN_FEE_PENCE], 0, { deliveryPence: 0 }).totalPence);

    // The brief must say how many of each design: the quantities add up to the item's.
    const short = await t.app.inject({ method: "PUT", url: `/api/orders/${orderId}/design/brief`, headers: customer.auth, payload: { wording: "Sale", quantities: [6, 3], send: true } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Please split the 10 items between your 2 designs: the quantities must add up to 10.");
    expect((await sendBrief(t.app, customer, orderId, { quantities: [6, 4] })).brief.quantities).toEqual([6, 4]);
    expect((await post(designer, `/api/staff/design/${orderId}/take`)).statusCode).toBe(200);

    // A proof carries one file per design: design 2 missing, or the wrong size, is refused.
    const one = await sendProof(t.app, designer, orderId, { files: [await rightSize()] });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe("Attach the proof of design 2.");
    const wrong = await sendProof(t.app, designer, orderId, { files: [await rightSize(), await proofPdf(500, 500)] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ design: 2, message: expect.stringMatching(/^Design 2: This proof cannot go to the customer: /) });

    const v1 = await sendProof(t.app, designer, orderId, { files: [await rightSize(), await rightSize()] });
    expect(v1.statusCode, v1.body).toBe(201);
    expect(v1.json().proofs).toEqual([expect.objectContaining({ version: 1, files: [expect.objectContaining({ design_number: 1 }), expect.objectContaining({ design_number: 2 })] })]);
    const seen = (await get(customer, `/api/orders/${orderId}/design`)).json();
    expect(seen.approval_question).toMatch(/We will print these 2 designs exactly as shown/);
    for (const file of seen.proofs[0].files) expect((await get(customer, file.preview_url)).statusCode).toBe(200);
    expect((await itemRow(orderId)).status).toBe("Awaiting Artwork");

    // Amends to design 2 only: the next proof still carries both designs.
    const amends = await post(customer, `/api/orders/${orderId}/design/amends`, { version: 1, comments: "Design 2: make the price red." });
    expect(amends.statusCode, amends.body).toBe(200);
    expect((await post(customer, `/api/orders/${orderId}/design/approve`, { version: 1 })).statusCode).toBe(409);
    expect((await itemRow(orderId)).status).toBe("Awaiting Artwork");
    expect(await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId))).toEqual([]);
    const v2 = await sendProof(t.app, designer, orderId, { note: "Red price on design 2", files: [await rightSize(), await rightSize()] });
    expect(v2.statusCode, v2.body).toBe(201);
    expect((await itemRow(orderId)).status).toBe("Awaiting Artwork");

    const approved = await post(customer, `/api/orders/${orderId}/design/approve`, { version: 2 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: "approved", approved_version: 2 });
    const item = await itemRow(orderId);
    expect(item.status).toBe("Print Ready");
    const files = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId)).orderBy(orderFiles.versionNumber);
    expect(files.map((f) => [f.versionNumber, f.quantity, f.approved])).toEqual([
      [1, 6, true],
      [2, 4, true],
    ]);
    expect(files.reduce((sum, f) => sum + f.quantity, 0)).toBe(item.quantity);
    expect(isArtworkComplete(item, files)).toBe(true);
    for (const file of files) expect(await t.app.services.storage.exists(file.pdfKey)).toBe(true);
    // The customer's order page shows both print versions; the fee is still 2 × £6.00.
    const group = (await get(customer, `/api/orders/group/${placed.orderGroupId}`)).json();
    expect(group.products[0]).toMatchObject({ status: "Print Ready", designs: 2, design_fee_pence: 1200, design_job: { state: "approved", proofs: 2 } });
    expect(group.products[0].files).toHaveLength(2);
  });
});

describe("amends with files", () => {
  it("attaches the files sent with amends (over tus and in one request) to those amends, where the designer sees and opens them", async () => {
    const customer = await customerWithAddresses(t.app);
    const { orderId, orderGroupId } = await twoDesignJob(customer);
    // No amends files before a proof is waiting.
    const early = multipart([{ name: "file", fileName: "early.jpg", contentType: "image/jpeg", data: await cmykJpeg(200, 100, 300) }]);
    expect((await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/design/files`, headers: { ...customer.auth, ...early.headers }, payload: early.payload })).statusCode).toBe(409);
    expect((await sendProof(t.app, designer, orderId, { files: [await rightSize(), await rightSize()] })).statusCode).toBe(201);

    const photo = await cmykJpeg(500, 300, 300);
    const created = await tusCreate(t.app, customer, photo.length, { purpose: "design-file", filename: "new-photo.jpg", filetype: "image/jpeg", orderId: String(orderId) });
    expect(created.statusCode, created.body).toBe(201);
    const id = tusIdOf(created.headers.location);
    expect((await tusPatch(t.app, customer, id, 0, photo)).statusCode).toBe(204);
    expect((await tusOutcome(t.app, customer, id)).view).toMatchObject({ state: "done", result: { orderId, fileName: "new-photo.jpg" } });
    const logo = multipart([{ name: "file", fileName: "logo-v2.png", contentType: "image/png", data: await rgbPng(300, 150) }]);
    const added = await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/design/files`, headers: { ...customer.auth, ...logo.headers }, payload: logo.payload });
    expect(added.statusCode, added.body).toBe(201);
    const waiting = (await get(customer, `/api/orders/${orderId}/design`)).json();
    expect(waiting.pending_files.map((f: { file_name: string }) => f.file_name)).toEqual(["new-photo.jpg", "logo-v2.png"]);
    expect(waiting.brief_files).toEqual([]);

    expect((await post(customer, `/api/orders/${orderId}/design/amends`, { version: 1, comments: "Use the new photo and logo." })).statusCode).toBe(200);
    const job = (await get(designer, `/api/staff/design/${orderId}`)).json();
    expect(job.pending_files).toEqual([]);
    expect(job.amends).toEqual([expect.objectContaining({ proof_version: 1, comments: "Use the new photo and logo.", files: [expect.objectContaining({ file_name: "new-photo.jpg", content_type: "image/jpeg", size_bytes: photo.length }), expect.objectContaining({ file_name: "logo-v2.png", content_type: "image/png" })] })]);
    const opened = await get(designer, job.amends[0].files[0].url);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(photo)).toBe(true);
    expect((await get(designer, job.amends[0].files[1].thumbnail_url)).statusCode).toBe(200);
    const [deskMail] = await mailTo(designer.email, `Amends to proof 1: order ${orderGroupId}`);
    expect(deskMail!.textBody).toContain("with 2 files");
    // Sent files stay with their amends: they cannot be removed, and the next amends start with none.
    const removed = await t.app.inject({ method: "DELETE", url: `/api/orders/${orderId}/design/files/${job.amends[0].files[0].id}`, headers: customer.auth });
    expect(removed.statusCode).toBe(409);
    expect((await sendProof(t.app, designer, orderId, { files: [await rightSize(), await rightSize()] })).statusCode).toBe(201);
    expect((await post(customer, `/api/orders/${orderId}/design/amends`, { version: 2, comments: "Smaller logo." })).json().amends[1]).toMatchObject({ proof_version: 2, files: [] });
    // Another customer cannot open them.
    const stranger = await customerWithAddresses(t.app);
    expect((await get(stranger, job.amends[0].files[0].url)).statusCode).toBe(404);
  });
});

describe("files added towards amends, then approval instead", () => {
  it("are discarded with their stored bytes: approval ends the rounds, so nobody would ever see them", async () => {
    const customer = await customerWithAddresses(t.app);
    const { orderId } = await twoDesignJob(customer);
    expect((await sendProof(t.app, designer, orderId, { files: [await rightSize(), await rightSize()] })).statusCode).toBe(201);
    const logo = multipart([{ name: "file", fileName: "second-thoughts.png", contentType: "image/png", data: await rgbPng(300, 150) }]);
    const added = await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/design/files`, headers: { ...customer.auth, ...logo.headers }, payload: logo.payload });
    expect(added.statusCode, added.body).toBe(201);
    const [{ id: jobId }] = (await t.db.db.select({ id: designJobs.id }).from(designJobs).where(eq(designJobs.orderId, orderId))) as [{ id: number }];
    const [waiting] = await t.db.db.select().from(designFiles).where(eq(designFiles.jobId, jobId));
    expect(await t.app.services.storage.exists(waiting!.key)).toBe(true);

    expect((await post(customer, `/api/orders/${orderId}/design/approve`, { version: 1 })).statusCode).toBe(200);
    expect(await t.db.db.select().from(designFiles).where(eq(designFiles.jobId, jobId))).toEqual([]);
    expect(await t.app.services.storage.exists(waiting!.key)).toBe(false);
    const job = (await get(designer, `/api/staff/design/${orderId}`)).json();
    expect([job.pending_files, job.amends]).toEqual([[], []]);
  });
});

describe("the desk's emails", () => {
  it("are written to the outbox in the transaction that records the amends and the approval, and not when they are refused", async () => {
    const customer = await customerWithAddresses(t.app);
    const { orderId, orderGroupId } = await twoDesignJob(customer);
    expect((await sendProof(t.app, designer, orderId, { files: [await rightSize(), await rightSize()] })).statusCode).toBe(201);
    const amendsSubject = `Amends to proof 1: order ${orderGroupId}`;
    const approvedSubject = `Design approved: order ${orderGroupId} is Print Ready`;

    // Refused amends (an old version) queue nothing.
    expect((await post(customer, `/api/orders/${orderId}/design/amends`, { version: 7, comments: "x" })).statusCode).toBe(409);
    expect(await mailTo(designer.email, `order ${orderGroupId}`)).toEqual([]);

    expect((await post(customer, `/api/orders/${orderId}/design/amends`, { version: 1, comments: "Bigger & bolder <b>please</b>" })).statusCode).toBe(200);
    const [{ id: jobId }] = (await t.db.db.select({ id: designJobs.id }).from(designJobs).where(eq(designJobs.orderId, orderId))) as [{ id: number }];
    const [amend] = await t.db.db.select().from(designAmends).where(eq(designAmends.jobId, jobId));
    const amendsMails = await mailTo(designer.email, amendsSubject);
    expect(amendsMails).toHaveLength(1);
    // now() is the transaction's start: the same instant on both rows means one transaction wrote both.
    expect(amendsMails[0]!.createdAt.getTime()).toBe(amend!.createdAt.getTime());
    expect(amendsMails[0]!.textBody).toContain("Bigger & bolder <b>please</b>");
    expect(amendsMails[0]!.htmlBody).not.toContain("<b>please</b>");
    expect(amendsMails[0]!.textBody).toContain(`/staff/design/${orderId}`);

    expect((await sendProof(t.app, designer, orderId, { files: [await rightSize(), await rightSize()] })).statusCode).toBe(201);
    // Approving an old version is refused and queues nothing.
    expect((await post(customer, `/api/orders/${orderId}/design/approve`, { version: 1 })).statusCode).toBe(409);
    expect(await mailTo(designer.email, approvedSubject)).toEqual([]);
    const [a, b] = await Promise.all([post(customer, `/api/orders/${orderId}/design/approve`, { version: 2 }), post(customer, `/api/orders/${orderId}/design/approve`, { version: 2 })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [job] = await t.db.db.select().from(designJobs).where(eq(designJobs.orderId, orderId));
    const [printReady] = await t.db.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "Print Ready")));
    const deskMails = await mailTo(designer.email, approvedSubject);
    const customerMails = await mailTo(customer.email, `Design approved: order ${orderGroupId}`);
    expect([deskMails.length, customerMails.length]).toEqual([1, 1]);
    for (const mail of [...deskMails, ...customerMails]) {
      expect(mail.createdAt.getTime()).toBe(job!.updatedAt.getTime());
      expect(mail.createdAt.getTime()).toBe(printReady!.createdAt.getTime());
    }
    expect(deskMails[0]!.textBody).toContain(`approved proof version 2`);
    expect(deskMails[0]!.textBody).toContain(`Delivery by: ${(await itemRow(orderId)).deliveryDate.split("-").reverse().join("-")}`);
  });
});

describe("a free reprint of a designed item", () => {
  it("stays free: the approved designs are reused with their quantities, no design service and no brief", async () => {
    const customer = await customerWithAddresses(t.app);
    const { orderId, orderGroupId } = await twoDesignJob(customer);
    expect((await sendProof(t.app, designer, orderId, { files: [await rightSize(), await rightSize()] })).statusCode).toBe(201);
    expect((await post(customer, `/api/orders/${orderId}/design/approve`, { version: 1 })).statusCode).toBe(200);
    for (const status of ["Production", "Printed"]) expect((await post(designer, `/api/staff/items/${orderId}/status`, { status })).statusCode).toBe(200);
    expect((await post(designer, `/api/staff/orders/${orderGroupId}/dispatch`, { carrier: "DPD", trackingNumber: "15501234567891" })).statusCode).toBe(200);

    const res = await post(designer, `/api/staff/orders/${orderGroupId}/reprints`, { order_ids: [orderId], reason: "Ink smudged" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().print_ready).toBe(true);
    const reprintId = res.json().order_group_id;
    const reprint = (await get(customer, `/api/orders/group/${reprintId}`)).json();
    expect(reprint).toMatchObject({ reprint_of: orderGroupId, total_pence: 0, invoice_number: null, status: "Print Ready" });
    expect(reprint.products[0]).toMatchObject({ price_pence: 0, designs: 0, design_fee_pence: 0, design_job: null, status: "Print Ready", qty: 10 });
    const [copy] = await t.db.db.select().from(orders).where(eq(orders.orderGroupId, reprintId));
    expect(copy).toMatchObject({ id: reprint.products[0].order_id, linePence: 0, designFeePence: 0, designs: 0, reuseArtworkFrom: orderId });
    // No new design job, so nothing on the desk and no brief asked for.
    expect(await t.db.db.select().from(designJobs).where(eq(designJobs.orderId, copy!.id))).toEqual([]);
    expect((await get(customer, `/api/orders/${copy!.id}/design`)).statusCode).toBe(404);
    const files = await t.db.db.select().from(orderFiles).where(eq(orderFiles.orderId, copy!.id)).orderBy(orderFiles.versionNumber);
    expect(files.map((f) => [f.versionNumber, f.quantity, f.approved])).toEqual([
      [1, 6, true],
      [2, 4, true],
    ]);
    for (const file of files) expect(await t.app.services.storage.exists(file.pdfKey)).toBe(true);
    const [group] = await t.db.db.select().from(orderGroups).where(eq(orderGroups.id, reprintId));
    expect(group).toMatchObject({ checkoutId: null, totalPence: 0, paymentMethod: "reprint" });
  });
});
