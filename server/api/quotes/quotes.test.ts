// Formal quotes: numbered without gaps, valid for 30 UK days, their PDF emailed and kept; ordered whole at
// the quoted figures while valid (even after a price rise), refused after expiry and shown at today's
// prices instead. Quick Quote requests carry files, are priced by a manager as free lines, and are ordered.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orders, quotes } from "../../../db/schema";
import { addCalendarDays } from "../../../domain/calendar";
import type { CheckoutLineRequest } from "../../../domain/checkout";
import { ukDateParts } from "../../../domain/delivery";
import { penceToPounds } from "../../../domain/money";
import { QUOTE_VALID_DAYS } from "../../../domain/quote";
import type { PriceInputs } from "../../../domain/price-inputs";
import { makeStaff, testClientAddress, type TestCustomer } from "../../../tests/factories/accounts";
import { cmykJpeg, multipart } from "../../../tests/factories/artwork";
import { bannerLine, customerWithAddresses, expectedTotalPence, sessionIdOf } from "../../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { readPdfText } from "../../../tests/support/pdf-text";

let t: TestApp;
let manager: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  manager = await makeStaff(t.app, "manager");
});
afterAll(async () => {
  await t?.close();
});

type Quote = { id: number; number: string; status: string; expired: boolean; validUntil: string | null; totals: { subTotalPence: number; totalPence: number }; lines: { linePence: number; custom: boolean }[]; todays: { totals: { totalPence: number } } | null };

async function quoteBasket(customer: TestCustomer, lines: CheckoutLineRequest[]): Promise<Quote> {
  const res = await t.app.inject({ method: "POST", url: "/api/quotes", headers: customer.auth, payload: { lines }, remoteAddress: testClientAddress() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().quote as Quote;
}

async function orderQuote(customer: TestCustomer, quote: Pick<Quote, "id">, totalPence: number, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/stripe/create-checkout-session",
    headers: customer.auth,
    payload: { userId: customer.userId, Total: penceToPounds(totalPence), lines: [], quoteId: quote.id, ...extra },
    remoteAddress: testClientAddress(),
  });
}

async function payAndOrder(customer: TestCustomer, started: { url: string; checkout_id: string }) {
  const paid = await t.app.services.testPayments!.pay(sessionIdOf(started.url), { digits: "4242424242424242" });
  expect(paid.outcome).toBe("paid");
  const made = await t.app.inject({ method: "POST", url: `/api/orders/${started.checkout_id}`, headers: customer.auth, payload: {} });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().order_group_id as number;
}

async function raisePrice(productId: number, percent: number) {
  const current = (await t.app.inject({ method: "GET", url: `/api/manage/products/${productId}/prices`, headers: manager.auth })).json() as { inputs: PriceInputs; version: number };
  const inputs = { ...current.inputs, pricePence: Math.round((current.inputs.pricePence * (100 + percent)) / 100) };
  const saved = await t.app.inject({ method: "PUT", url: `/api/manage/products/${productId}/prices`, headers: manager.auth, payload: { inputs, baseVersion: current.version } });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe("a quote from the basket", () => {
  it("is numbered without gaps, valid for 30 days, and its PDF is emailed and downloadable byte for byte", async () => {
    const customer = await customerWithAddresses(t.app);
    const lines = [await bannerLine(t.app, { quantity: 3 })];
    const first = await quoteBasket(customer, lines);
    const second = await quoteBasket(customer, lines);
    expect(Number(second.number.slice(2))).toBe(Number(first.number.slice(2)) + 1);
    expect(first.number).toMatch(/^Q-\d{6}$/);
    expect(first.status).toBe("open");
    expect(first.validUntil).toBe(addCalendarDays(ukDateParts(new Date()).isoDate, QUOTE_VALID_DAYS));
    expect(first.totals.totalPence).toBe(await expectedTotalPence(t.app, lines));

    const pdf = await t.app.inject({ method: "GET", url: `/api/quotes/${first.id}/pdf`, headers: customer.auth });
    expect(pdf.statusCode).toBe(200);
    const again = await t.app.inject({ method: "GET", url: `/api/quotes/${first.id}/pdf`, headers: customer.auth });
    expect(Buffer.compare(pdf.rawPayload, again.rawPayload)).toBe(0);
    const text = readPdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain("Quotation");
    expect(text).toContain(first.number);
    expect(text).toContain("Valid until");
    expect(text).toContain(`£${(first.totals.totalPence / 100).toFixed(2)}`);

    const [mail] = await t.db.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, customer.email), like(emailOutbox.subject, `%${first.number}%`)));
    expect(mail?.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.fileName).toBe(`${first.number}.pdf`);
    expect(Buffer.from(mail!.attachments[0]!.contentBase64, "base64").equals(pdf.rawPayload)).toBe(true);
  });

  it("is another customer's secret: 404 for its page and its PDF", async () => {
    const owner = await customerWithAddresses(t.app);
    const other = await customerWithAddresses(t.app);
    const quote = await quoteBasket(owner, [await bannerLine(t.app)]);
    expect((await t.app.inject({ method: "GET", url: `/api/quotes/${quote.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/quotes/${quote.id}/pdf`, headers: other.auth })).statusCode).toBe(404);
    expect((await orderQuote(other, quote, quote.totals.totalPence)).statusCode).toBe(404);
  });

  it("is honoured at checkout at the quoted prices after prices rise, once", async () => {
    const customer = await customerWithAddresses(t.app);
    const line = await bannerLine(t.app, { slug: "mesh-banner", quantity: 4 });
    const quote = await quoteBasket(customer, [line]);
    await raisePrice(line.productId, 10);
    expect(await expectedTotalPence(t.app, [line])).toBeGreaterThan(quote.totals.totalPence);

    const started = await orderQuote(customer, quote, quote.totals.totalPence, { poNumber: "PO-77" });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().amount_total).toBe(quote.totals.totalPence);
    const groupId = await payAndOrder(customer, started.json());
    const [item] = await t.db.db.select().from(orders).where(eq(orders.orderGroupId, groupId));
    expect(item!.linePence).toBe(quote.lines[0]!.linePence);
    const order = (await t.app.inject({ method: "GET", url: `/api/orders/group/${groupId}`, headers: customer.auth })).json();
    expect(order.po_number).toBe("PO-77");

    const after = (await t.app.inject({ method: "GET", url: `/api/quotes/${quote.id}`, headers: customer.auth })).json();
    expect(after.status).toBe("ordered");
    expect(after.orderGroupId).toBe(groupId);
    const twice = await orderQuote(customer, quote, quote.totals.totalPence);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Quote ${quote.number} has already been ordered.`);
  });

  it("after expiry is refused at checkout and shown at today's prices", async () => {
    const customer = await customerWithAddresses(t.app);
    const line = await bannerLine(t.app, { slug: "mesh-banner", quantity: 2 });
    const quote = await quoteBasket(customer, [line]);
    await raisePrice(line.productId, 10);
    // The quote's last day was yesterday.
    const yesterday = addCalendarDays(ukDateParts(new Date()).isoDate, -1);
    await t.db.db.update(quotes).set({ validUntil: yesterday }).where(eq(quotes.id, quote.id));

    const refused = await orderQuote(customer, quote, quote.totals.totalPence);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(new RegExp(`^Quote ${quote.number} expired on \\d{1,2} \\w+ \\d{4}\\. Its lines are now at today's prices\\.$`));
    const shown = (await t.app.inject({ method: "GET", url: `/api/quotes/${quote.id}`, headers: customer.auth })).json() as Quote;
    expect(shown.expired).toBe(true);
    expect(shown.todays!.totals.totalPence).toBe(await expectedTotalPence(t.app, [line]));
    expect(shown.todays!.totals.totalPence).toBeGreaterThan(quote.totals.totalPence);
  });

  it("cannot take a promo code on top of its agreed prices", async () => {
    const customer = await customerWithAddresses(t.app);
    const quote = await quoteBasket(customer, [await bannerLine(t.app)]);
    const res = await orderQuote(customer, quote, quote.totals.totalPence, { promoCode: "ANY" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("A promo code cannot be added to a quote: its prices are already agreed.");
  });
});

describe("a Quick Quote request", () => {
  const send = (customer: TestCustomer, fields: Record<string, string>, files: { name: string; fileName: string; contentType: string; data: Buffer }[] = []) => {
    const form = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files]);
    return t.app.inject({ method: "POST", url: "/api/quote-requests", headers: { ...customer.auth, ...form.headers }, payload: form.payload, remoteAddress: testClientAddress() });
  };
  const request = { productKind: "Hoarding panels", size: "2440 × 1220 mm", quantity: "8", material: "5 mm Foamex", deadline: "2027-01-15", notes: "Printed both sides" };

  it("is priced by a manager as free lines and ordered at that price", async () => {
    const customer = await customerWithAddresses(t.app);
    const art = await cmykJpeg(200, 100);
    const sent = await send(customer, request, [{ name: "file1", fileName: "site-plan.jpg", contentType: "image/jpeg", data: art }]);
    expect(sent.statusCode, sent.body).toBe(201);
    const requested = sent.json().quote as Quote & { request: { productKind: string }; attachments: { fileName: string }[] };
    expect(requested.status).toBe("requested");
    expect(requested.attachments.map((a) => a.fileName)).toEqual(["site-plan.jpg"]);

    // Not yet priced: nothing to order or download.
    expect((await orderQuote(customer, requested, 100)).json().message).toBe(`Quote ${requested.number} has not been priced yet. We will email you when it is.`);
    expect((await t.app.inject({ method: "GET", url: `/api/quotes/${requested.id}/pdf`, headers: customer.auth })).statusCode).toBe(404);

    const waiting = (await t.app.inject({ method: "GET", url: "/api/manage/quotes?status=requested", headers: manager.auth })).json().quotes as { id: number }[];
    expect(waiting.map((q) => q.id)).toContain(requested.id);
    const file = await t.app.inject({ method: "GET", url: `/api/manage/quotes/${requested.id}/attachments/0`, headers: manager.auth });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(art)).toBe(true);

    const price = { lines: [{ description: "Hoarding panels 2440 × 1220 mm, 5 mm Foamex, printed both sides", widthMm: 2440, heightMm: 1220, quantity: 8, amountPence: 36_000 }, { description: "Fitting kit", widthMm: 300, heightMm: 200, quantity: 1, amountPence: 1_250 }], turnaroundDays: 4, note: "Price includes drilling." };
    const priced = await t.app.inject({ method: "POST", url: `/api/manage/quotes/${requested.id}/price`, headers: manager.auth, payload: price });
    expect(priced.statusCode, priced.body).toBe(200);
    const quote = priced.json().quote as Quote;
    expect(quote.status).toBe("open");
    expect(quote.totals.subTotalPence).toBe(37_250);
    // 37,250 + 995 delivery = 38,245; VAT 7,649; total 45,894.
    expect(quote.totals.totalPence).toBe(45_894);
    const twice = await t.app.inject({ method: "POST", url: `/api/manage/quotes/${requested.id}/price`, headers: manager.auth, payload: price });
    expect(twice.statusCode).toBe(409);

    const mails = await t.db.db.select().from(emailOutbox).where(like(emailOutbox.subject, `%${quote.number}%`));
    expect(mails.some((m) => m.toAddress === customer.email && m.attachments.length === 1)).toBe(true);

    const started = await orderQuote(customer, quote, quote.totals.totalPence);
    expect(started.statusCode, started.body).toBe(200);
    const groupId = await payAndOrder(customer, started.json());
    const items = await t.db.db.select().from(orders).where(eq(orders.orderGroupId, groupId)).orderBy(orders.lineNumber);
    expect(items.map((i) => [i.productName, i.quantity, i.linePence])).toEqual([
      ["Hoarding panels 2440 × 1220 mm, 5 mm Foamex, printed both sides", 8, 36_000],
      ["Fitting kit", 1, 1_250],
    ]);

    // A manager-priced item is checked against the size the manager gave it, like any other, and staff see the job.
    const tooSmall = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "panel.jpg", contentType: "image/jpeg", data: await cmykJpeg(1200, 600, 150) }]);
    const refused = await t.app.inject({ method: "POST", url: `/api/orders/${items[0]!.id}/imgs`, headers: { ...customer.auth, ...tooSmall.headers }, payload: tooSmall.payload, remoteAddress: testClientAddress() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain("at 2440 × 1220 mm");
    const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "kit.jpg", contentType: "image/jpeg", data: await cmykJpeg(1800, 1200, 150) }]);
    const uploaded = await t.app.inject({ method: "POST", url: `/api/orders/${items[1]!.id}/imgs`, headers: { ...customer.auth, ...form.headers }, payload: form.payload, remoteAddress: testClientAddress() });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const staff = await makeStaff(t.app);
    const job = await t.app.inject({ method: "GET", url: `/api/staff/orders/${groupId}`, headers: staff.auth });
    expect(job.statusCode, job.body).toBe(200);
  });

  it("names what is missing, and refuses a file that is not a print file or picture", async () => {
    const customer = await customerWithAddresses(t.app);
    const missing = await send(customer, { ...request, size: "" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Give the size");
    const wrong = await send(customer, request, [{ name: "file1", fileName: "notes.txt", contentType: "text/plain", data: Buffer.from("hello") }]);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toContain("notes.txt is not a PDF, JPEG, PNG, TIFF or WebP file");
  });

  it("refuses a price with no lines or amounts that are not whole pence", async () => {
    const customer = await customerWithAddresses(t.app);
    const requested = (await send(customer, request)).json().quote as Quote;
    const none = await t.app.inject({ method: "POST", url: `/api/manage/quotes/${requested.id}/price`, headers: manager.auth, payload: { lines: [] } });
    expect(none.statusCode).toBe(400);
    const fraction = await t.app.inject({ method: "POST", url: `/api/manage/quotes/${requested.id}/price`, headers: manager.auth, payload: { lines: [{ description: "x", widthMm: 100, heightMm: 100, quantity: 1, amountPence: 10.5 }] } });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().message).toContain("Amount must be whole pence");
  });
});
