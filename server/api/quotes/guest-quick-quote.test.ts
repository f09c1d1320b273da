// A guest's Quick Quote (docs/decisions/042-quick-quote-for-guests.md): the account is made at submit as at
// checkout, the request is stored for it and the answer signs it in; an email with an account is refused
// with nothing made; bad input is a 4xx with the field's message; a guest cannot name anyone's upload.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotes, users } from "../../../db/schema";
import { ADDRESS_MESSAGES } from "../../../domain/address";
import { QUOTE_MESSAGES } from "../../../domain/quote";
import { signUp, testClientAddress } from "../../../tests/factories/accounts";
import { cmykJpeg, multipart } from "../../../tests/factories/artwork";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type File = { name: string; fileName: string; contentType: string; data: Buffer };
const send = (fields: Record<string, string>, files: File[] = [], headers: Record<string, string> = {}) => {
  const form = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files]);
  return t.app.inject({ method: "POST", url: "/api/quote-requests/guest", headers: { ...headers, ...form.headers }, payload: form.payload, remoteAddress: testClientAddress() });
};

let n = 0;
const guest = (overrides: Record<string, string> = {}) => ({
  productKind: "Shop-front fascia",
  size: "4000 × 600 mm",
  quantity: "1",
  material: "",
  deadline: "",
  notes: "Fitted above the door",
  title: "",
  firstname: "Gail",
  lastname: "Guest",
  email: `quick-guest-${process.pid}-${++n}@example.test`,
  telephone: "07700 900123",
  password: "secret-enough",
  confirmPassword: "secret-enough",
  ...overrides,
});

const usersWithEmail = async (email: string) => (await t.db.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`)).length;

describe("a guest's Quick Quote", () => {
  it("makes the account at submit, stores the request as its own and signs it in", async () => {
    const fields = guest();
    const art = await cmykJpeg(200, 100);
    const sent = await send(fields, [{ name: "file1", fileName: "fascia.jpg", contentType: "image/jpeg", data: art }]);
    expect(sent.statusCode, sent.body).toBe(201);
    const answer = sent.json() as { quote: { id: number; status: string; customer: string; email: string; attachments: { fileName: string }[] }; token: string; userId: number };
    expect(answer.quote).toMatchObject({ status: "requested", customer: "Gail Guest", email: fields.email, attachments: [{ fileName: "fascia.jpg" }] });
    expect(sent.headers["cache-control"]).toBe("no-store");

    const [account] = await t.db.db.select({ id: users.id, role: users.role, site: users.site, telephone: users.telephone }).from(users).where(eq(users.id, answer.userId));
    expect(account).toMatchObject({ role: "user", site: "printwise", telephone: "07700 900123" });
    const [stored] = await t.db.db.select({ userId: quotes.userId, kind: quotes.kind }).from(quotes).where(eq(quotes.id, answer.quote.id));
    expect(stored).toEqual({ userId: answer.userId, kind: "request" });

    // The token is the new account's: it reads the request, and signs in like any session.
    const auth = { authorization: `Bearer ${answer.token}` };
    const mine = await t.app.inject({ method: "GET", url: `/api/quotes/${answer.quote.id}`, headers: auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().attachments).toEqual([{ fileName: "fascia.jpg", sizeBytes: art.length }]);
    const me = (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: auth })).json();
    expect(me).toMatchObject({ userId: answer.userId, firstname: "Gail", lastname: "Guest", email: fields.email });
    // And the password chosen opens it later.
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: fields.email, password: "secret-enough" }, remoteAddress: testClientAddress() });
    expect(login.statusCode, login.body).toBe(200);
  });

  it("refuses an email that already has an account, as checkout does, and makes nothing", async () => {
    const existing = await signUp(t.app);
    const before = (await t.db.db.select({ id: quotes.id }).from(quotes)).length;
    const sent = await send(guest({ email: existing.email.toUpperCase() }));
    expect(sent.statusCode, sent.body).toBe(409);
    expect(sent.json()).toMatchObject({ message: QUOTE_MESSAGES.guestEmailTaken, errors: { email: QUOTE_MESSAGES.guestEmailTaken } });
    expect(await usersWithEmail(existing.email)).toBe(1);
    expect((await t.db.db.select({ id: quotes.id }).from(quotes)).length).toBe(before);
  });

  it("answers bad input with 400 and the field's message, and makes no account", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ productKind: "" }, "productKind", "Say what you would like printed"],
      [{ quantity: "lots" }, "quantity", "Quantity must be a whole number"],
      [{ quantity: "0" }, "quantity", "Quantity must be at least 1"],
      [{ deadline: "2027-02-30" }, "deadline", "The deadline is not a real date (YYYY-MM-DD)"],
      [{ telephone: "12345" }, "telephone", ADDRESS_MESSAGES.telephone],
      [{ email: "no-at-sign" }, "email", ADDRESS_MESSAGES.emailInvalid],
      [{ firstname: "" }, "firstname", ADDRESS_MESSAGES.firstNameRequired],
      [{ confirmPassword: "something-else" }, "confirmPassword", ADDRESS_MESSAGES.passwordsDiffer],
    ];
    for (const [overrides, field, message] of cases) {
      const fields = guest(overrides);
      const sent = await send(fields);
      expect(sent.statusCode, `${field}: ${sent.body}`).toBe(400);
      expect(sent.json().errors[field], field).toBe(message);
      if (fields.email.includes("@")) expect(await usersWithEmail(fields.email), field).toBe(0);
    }
    // Every field missing at once: still a 400, never a 5xx.
    const empty = await send({});
    expect(empty.statusCode, empty.body).toBe(400);
    // Not multipart at all.
    const json = await t.app.inject({ method: "POST", url: "/api/quote-requests/guest", payload: guest(), remoteAddress: testClientAddress() });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it("refuses a file that is not a print file before any account is made", async () => {
    const fields = guest();
    const sent = await send(fields, [{ name: "file1", fileName: "notes.txt", contentType: "image/jpeg", data: Buffer.from("not a picture at all") }]);
    expect(sent.statusCode, sent.body).toBe(422);
    expect(await usersWithEmail(fields.email)).toBe(0);
  });

  it("cannot take another customer's resumable upload", async () => {
    const owner = await signUp(t.app);
    const art = await cmykJpeg(200, 100);
    const TUS = { "tus-resumable": "1.0.0" };
    const metadata = Object.entries({ purpose: "quote-file", filename: "theirs.jpg", filetype: "image/jpeg" }).map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`).join(",");
    const created = await t.app.inject({ method: "POST", url: "/api/uploads", headers: { ...owner.auth, ...TUS, "upload-length": String(art.length), "upload-metadata": metadata }, remoteAddress: testClientAddress() });
    expect(created.statusCode, created.body).toBe(201);
    const id = /\/api\/uploads\/([0-9a-f]{32})$/.exec(String(created.headers.location))![1]!;
    const patched = await t.app.inject({ method: "PATCH", url: `/api/uploads/${id}`, headers: { ...owner.auth, ...TUS, "upload-offset": "0", "content-type": "application/offset+octet-stream" }, payload: art, remoteAddress: testClientAddress() });
    expect(patched.statusCode, patched.body).toBe(204);

    const fields = guest();
    const sent = await send({ ...fields, uploads: id });
    expect(sent.statusCode, sent.body).toBe(400);
    expect(sent.json().message).toBe(QUOTE_MESSAGES.guestUploads);
    expect(await usersWithEmail(fields.email)).toBe(0);
    // Still the owner's, unclaimed: their own request takes it.
    const theirs = multipart([...Object.entries({ productKind: "Banner", size: "2 × 1 m", quantity: "2", uploads: id }).map(([name, value]) => ({ name, value }))]);
    const own = await t.app.inject({ method: "POST", url: "/api/quote-requests", headers: { ...owner.auth, ...theirs.headers }, payload: theirs.payload, remoteAddress: testClientAddress() });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().quote.attachments).toEqual([{ fileName: "theirs.jpg", sizeBytes: art.length }]);
  });

  it("is limited per client address like the other anonymous writes", async () => {
    const address = testClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const form = multipart([{ name: "productKind", value: "" }]);
      const res = await t.app.inject({ method: "POST", url: "/api/quote-requests/guest", headers: form.headers, payload: form.payload, remoteAddress: address });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
