// The input edge (issue: hardening, item 1): each cause of a 500 that generated requests found, as a
// plain case. Every one answered 500 before the rule that now refuses it at the edge.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStaff, signUp, testClientAddress, type TestCustomer } from "../../tests/factories/accounts";
import { cmykJpeg, multipart } from "../../tests/factories/artwork";
import { bannerLine, placeOrder, saveTestAddresses, TEST_ADDRESS } from "../../tests/factories/checkout";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";

let t: TestApp;
let customer: TestCustomer;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  await saveTestAddresses(t.app, customer);
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers, remoteAddress: testClientAddress() });

describe("a NUL or other control character in any text field", () => {
  const cases: [string, () => Promise<{ statusCode: number; json: () => { message: string } }>, string][] = [
    ["promo code", () => post("/api/apply-promo", { promoCode: "WEL\u0000COME" }), "promoCode"],
    ["contact form", () => post("/api/email/contact", { name: "Jo", email: "jo@example.com", message: "Hello\u0000there", subject: "x" }), "message"],
    ["sign-up", () => post("/api/auth/signup", { firstname: "Jo\u0007", lastname: "B", email: "jo.b@example.com", telephone: "07700 900123", password: "Banner-Sign-77" }), "firstname"],
    ["login", () => post("/api/auth/login", { email: "jo\u0000@example.com", password: "x" }), "email"],
    ["details", () => t.app.inject({ method: "PUT", url: "/api/user/me", headers: customer.auth, payload: { firstname: "Jo\u001b[31m", lastname: "B", email: customer.email, telephone: "07700 900123" } }), "firstname"],
    ["address", () => post("/api/checkout/address", { userId: customer.userId, billing: { ...TEST_ADDRESS, address1: "1 High St\u0000" } }, customer.auth), "billing.address1"],
    ["a path parameter", () => t.app.inject({ method: "GET", url: "/api/stripe/session/cs_test_%00", headers: customer.auth }), "sessionId"],
    ["a query parameter", () => t.app.inject({ method: "GET", url: `/api/orders/${customer.userId}?after=%01`, headers: customer.auth }), "after"],
  ];
  for (const [what, send, field] of cases) {
    it(`is a 400 naming the field: ${what}`, async () => {
      const res = await send();
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${field} contains a control character, which is not allowed.`);
    });
  }

  it("still accepts tabs and line breaks in text", async () => {
    const res = await post("/api/email/contact", { name: "Jo", email: "jo.lines@example.com", message: "Line one\r\nLine two\twith a tab", subject: "x" });
    expect(res.statusCode).toBeLessThan(400);
  });

  it("is refused in a multipart field too (artwork notes)", async () => {
    const order = await placeOrder(t.app, customer, [await bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 2 })]);
    const form = multipart([
      { name: "version_number", value: "1" },
      { name: "notes", value: "Match the teal\u0000" },
      { name: "artwork", fileName: "a.jpg", contentType: "image/jpeg", data: await cmykJpeg(600, 600) },
    ]);
    const res = await t.app.inject({ method: "POST", url: `/api/orders/${order.orders[0]!.id}/imgs`, headers: { ...customer.auth, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("notes contains a control character, which is not allowed.");
  });
});

describe("ids beyond the integer column", () => {
  it("in a path: 404, not an overflowing query", async () => {
    for (const id of ["2147483648", "99999999999999999999"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/orders/group/${id}`, headers: customer.auth });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it("in a body: 400 naming the field", async () => {
    const price = await post("/api/calculatePrice", { productId: 2_147_483_648, attributes: [] });
    expect(price.statusCode).toBe(400);
    expect(price.json().message).toMatch(/productId must be between 1 and 2147483647/);
    const confirm = await post("/api/email/send-confirmation", { orderRef: "2147483648" }, customer.auth);
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().message).toMatch(/orderRef/);
    const attr = await post("/api/orders/1/attributes", { attributes: [4_294_967_296] }, customer.auth);
    expect(attr.statusCode).toBe(400);
  });

  it("in a query: 400, and a search for a number beyond any id finds nothing", async () => {
    const staff = await makeStaff(t.app);
    const queue = await t.app.inject({ method: "GET", url: "/api/staff/queue?product=-6360322704148663", headers: staff.auth });
    expect(queue.statusCode).toBe(400);
    expect(queue.json().message).toMatch(/product/);
    for (const q of ["2147483648", "99999999999999"]) {
      const search = await t.app.inject({ method: "GET", url: `/api/staff/queue?q=${q}`, headers: staff.auth });
      expect(search.statusCode).toBe(200);
      expect(search.json().items).toEqual([]);
    }
  });
});

describe("values that do not parse", () => {
  it("a malformed order-list cursor is a 400 with a message", async () => {
    for (const after of [Buffer.from("2026-01-01T00:00:00.000Z|99999999999").toString("base64url"), Buffer.from("not a date|1").toString("base64url"), "!!!"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/orders/${customer.userId}?after=${after}`, headers: customer.auth });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("after is not a cursor this server gave out");
    }
  });

  it("a checkout Total of 1e15 is a 400", async () => {
    const res = await post("/api/stripe/create-checkout-session", { userId: customer.userId, Total: 1e15, lines: [await bannerLine(t.app)] }, customer.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Total must be at most £1,000,000/);
  });

  it("a multipart body without a boundary, or cut short, is a 400 with a message", async () => {
    const form = multipart([{ name: "artwork", fileName: "a.png", contentType: "image/png", data: Buffer.alloc(2_000, 7) }]);
    const noBoundary = await t.app.inject({ method: "POST", url: "/api/artwork/preflight", headers: { ...customer.auth, "content-type": "multipart/form-data" }, payload: form.payload });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toMatch(/^The upload form could not be read/);
    const cut = await t.app.inject({ method: "POST", url: "/api/artwork/preflight", headers: { ...customer.auth, ...form.headers }, payload: form.payload.subarray(0, 300) });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toMatch(/^The upload form could not be read/);
  });
});

describe("downloads", () => {
  it("an original named beyond Latin-1 downloads, with its name in filename*", async () => {
    const order = await placeOrder(t.app, customer, [await bannerLine(t.app, { customWidth: 304, customHeight: 304, quantity: 2 })]);
    const name = "Ünïcødé 看板.jpg";
    const form = multipart([
      { name: "version_number", value: "1" },
      { name: "artwork", fileName: name, contentType: "image/jpeg", data: await cmykJpeg(1795, 1795, 150) },
    ]);
    const up = await t.app.inject({ method: "POST", url: `/api/orders/${order.orders[0]!.id}/imgs`, headers: { ...customer.auth, ...form.headers }, payload: form.payload });
    expect(up.statusCode, up.body).toBe(201);
    const group = await t.app.inject({ method: "GET", url: `/api/orders/group/${order.orderGroupId}`, headers: customer.auth });
    const fileId = (group.json() as { products: { files: { id: number }[] }[] }).products[0]!.files[0]!.id;
    const res = await t.app.inject({ method: "GET", url: `/api/files/${fileId}/original`, headers: customer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
  });
});
