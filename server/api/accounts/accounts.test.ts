import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, loginThrottle, passwordResets, sessions, users } from "../../../db/schema";
import { ACCOUNT_MESSAGES } from "../../../domain/account";
import { buildApp, type App } from "../../app";
import { loadConfig } from "../../config";
import { makeSignup, signUp, testClientAddress } from "../../../tests/factories/accounts";
import { TEST_ADDRESS } from "../../../tests/factories/checkout";
import { createTestDb, testConfig } from "../../../tests/setup/test-app";
import type { DbHandle } from "../../../db/client";

let db: DbHandle;
let app: App;
let logText = "";

beforeAll(async () => {
  db = await createTestDb();
  // Every log line the app writes is kept, so the tests can check that no secret reaches a log.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logText += chunk.toString();
      done();
    },
  });
  app = await buildApp({ config: testConfig(), db, logger: { level: "trace", stream } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = testClientAddress()) =>
  app.inject({ method: "POST", url, payload: payload as object, headers, remoteAddress });

const login = (email: string, password: string, remoteAddress = testClientAddress()) =>
  post("/api/auth/login", { email, password }, {}, remoteAddress);

const me = (token?: string) =>
  app.inject({ method: "GET", url: "/api/auth/me", headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("POST /api/auth/signup", () => {
  it("creates a customer and answers {userId, token}; only hashes are stored", async () => {
    const payload = makeSignup();
    const res = await post("/api/auth/signup", payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["token", "userId"]);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers["cache-control"]).toBe("no-store");

    const [user] = await db.db.select().from(users).where(eq(users.id, body.userId));
    // Tests hash at the cheap cost (ADR 035); "pins production's argon2 cost" below checks the real one.
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(user!.passwordHash).not.toContain(payload.password);
    const stored = await db.db.select().from(sessions).where(eq(sessions.userId, body.userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(body.token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await me(body.token)).json()).toMatchObject({ userId: body.userId, email: payload.email, firstname: "Jane", role: "user" });
  });

  it("pins production's argon2 cost: without PASSWORD_HASH_COST a shop hashes at 19 MiB, 2 passes, 1 lane", async () => {
    const production = await buildApp({ config: testConfig({ PASSWORD_HASH_COST: "production" }), db, logger: false });
    try {
      const payload = makeSignup();
      const res = await production.inject({ method: "POST", url: "/api/auth/signup", payload, remoteAddress: testClientAddress() });
      expect(res.statusCode).toBe(201);
      const [user] = await db.db.select().from(users).where(eq(users.id, res.json().userId));
      expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      // A hash made at either cost verifies in a shop at the other: the PHC string carries its own cost.
      expect((await login(payload.email, payload.password)).statusCode).toBe(200);
    } finally {
      await production.close();
    }
    expect(loadConfig({ NODE_ENV: "production" }).passwordHashing).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(() => loadConfig({ NODE_ENV: "production", PASSWORD_HASH_COST: "test" })).toThrow(/PASSWORD_HASH_COST: test is allowed only with NODE_ENV=test/);
  });

  it("never trusts the client's role: a sign-up asking for staff is a customer", async () => {
    const res = await post("/api/auth/signup", makeSignup({ role: "staff" }));
    expect(res.statusCode).toBe(201);
    const [user] = await db.db.select({ role: users.role }).from(users).where(eq(users.id, res.json().userId));
    expect(user!.role).toBe("user");
  });

  it("refuses a duplicate email in any case with an error containing 'already exists'", async () => {
    const first = await signUp(app);
    const res = await post("/api/auth/signup", makeSignup({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain("already exists");
    expect(res.json().errors).toEqual({ email: ACCOUNT_MESSAGES.duplicateEmail });
  });

  it.each([
    ["firstname", { firstname: "" }, "Firstname is required"],
    ["firstname", { firstname: "   " }, "Firstname is required"],
    ["lastname", { lastname: undefined }, "Lastname is required"],
    ["email", { email: "" }, "Email is required"],
    ["email", { email: "not-an-email" }, "Enter a valid email address"],
    ["telephone", { telephone: "" }, "Telephone is required"],
    ["telephone", { telephone: "020 7946 0321" }, "Enter a valid UK mobile number"],
    ["telephone", { telephone: "07700 90012" }, "Enter a valid UK mobile number"],
    ["password", { password: "" }, "Password is required"],
    ["password", { password: "Ab1!x" }, "Password must be at least 6 characters"],
    ["password", { password: "password1" }, ACCOUNT_MESSAGES.passwordCommon],
    ["password", { password: "Qwerty123" }, ACCOUNT_MESSAGES.passwordCommon],
    ["password", { password: "zzzzzzzz" }, ACCOUNT_MESSAGES.passwordCommon],
  ])("answers 400 with the %s message for %j", async (field, overrides, message) => {
    const payload = { ...makeSignup(), ...overrides };
    const res = await post("/api/auth/signup", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    const count = await db.db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`lower(${users.email}) = ${String(payload.email).toLowerCase()}`);
    expect(count[0]!.n).toBe(0);
  });

  it("accepts every UK mobile form of spec section 5", async () => {
    for (const telephone of ["07700900123", "07700 900 123", "+447700900123", "+44 7700 900123"]) {
      const res = await post("/api/auth/signup", makeSignup({ telephone }));
      expect(res.statusCode, telephone).toBe(201);
    }
  });
});

describe("POST /api/auth/login", () => {
  it("answers {token, userId} and each sign-in is its own session", async () => {
    const customer = await signUp(app);
    const res = await login(customer.email.toUpperCase(), customer.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), userId: customer.userId });
    expect(res.json().token).not.toBe(customer.token);
    expect((await me(res.json().token)).statusCode).toBe(200);
  });

  it("gives the same answer for an unknown email and a wrong password", async () => {
    const customer = await signUp(app);
    const wrong = await login(customer.email, "not-the-password");
    const unknown = await login(`nobody.${customer.userId}@example.com`, "not-the-password");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe(ACCOUNT_MESSAGES.badCredentials);
  });

  it("five wrong passwords from one address lock that address out of that account, never the owner elsewhere", async () => {
    const customer = await signUp(app);
    const attacker = "10.251.0.1";
    for (let i = 0; i < 5; i++) expect((await login(customer.email, `wrong-${i}`, attacker)).statusCode).toBe(401);
    // The address that failed waits, even with the right password, and is told when to come back.
    const locked = await login(customer.email, customer.password, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts from here\. Please try again in 15 minutes, or reset your password\.$/);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
    // The owner, from an address that has not failed, signs in at once.
    expect((await login(customer.email, customer.password, "10.251.0.2")).statusCode).toBe(200);
  });

  it("limits failures per client address across accounts", async () => {
    const address = "10.250.0.1";
    for (let i = 0; i < 20; i++) expect((await login(`guess${i}@example.com`, "wrong-pass", address)).statusCode).toBe(401);
    const customer = await signUp(app);
    expect((await login(customer.email, customer.password, address)).statusCode).toBe(429);
    expect((await login(customer.email, customer.password, "10.250.0.2")).statusCode).toBe(200);
  });

  it("keeps the counts in the database, so two server processes share them", async () => {
    const second = await buildApp({ config: testConfig(), db, logger: false });
    await second.ready();
    try {
      const customer = await signUp(app);
      const address = "10.252.0.1";
      for (let i = 0; i < 5; i++) {
        const server = i % 2 === 0 ? app : second;
        const res = await server.inject({ method: "POST", url: "/api/auth/login", payload: { email: customer.email, password: "wrong" }, remoteAddress: address });
        expect(res.statusCode).toBe(401);
      }
      const [row] = await db.db.select().from(loginThrottle).where(eq(loginThrottle.key, `pair:${customer.email.toLowerCase()}|${address}`));
      expect(row!.failures).toBe(5);
      const res = await second.inject({ method: "POST", url: "/api/auth/login", payload: { email: customer.email, password: customer.password }, remoteAddress: address });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it("forgets a pair's failures after a successful sign-in", async () => {
    const customer = await signUp(app);
    const address = "10.253.0.1";
    for (let i = 0; i < 4; i++) await login(customer.email, "wrong", address);
    expect((await login(customer.email, customer.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(customer.email, "wrong", address);
    expect((await login(customer.email, customer.password, address)).statusCode).toBe(200);
  });

  it("past 50 failures an hour from anywhere, the right password sends a one-time link instead of a session", async () => {
    const customer = await signUp(app);
    // A spread-out attack: a few guesses from each of many addresses, none of them locked.
    for (let i = 0; i < 50; i++) expect((await login(customer.email, `guess-${i}`, `10.254.${Math.floor(i / 4)}.${i % 4}`)).statusCode).toBe(401);
    const before = await db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email));
    const owner = await login(customer.email, customer.password, "10.255.0.9");
    expect(owner.statusCode).toBe(403);
    expect(owner.json().message).toBe(ACCOUNT_MESSAGES.signInLinkSent);
    expect(owner.json().token).toBeUndefined();
    // A wrong password still just hears "incorrect": the link is only for whoever knows the password.
    expect((await login(customer.email, "still-guessing", "10.255.0.10")).statusCode).toBe(401);
    const mails = (await db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email))).slice(before.length);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/one-time sign-in link/);
    // Asking again within minutes sends no second email.
    expect((await login(customer.email, customer.password, "10.255.0.11")).statusCode).toBe(403);
    expect((await db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email))).length).toBe(before.length + 1);
    // The link signs the owner in, once.
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mails[0]!.textBody)![1]!;
    const used = await post("/api/auth/password-reset/confirm", { token, password: "Fresh-Banner-Pass-91" });
    expect(used.statusCode).toBe(200);
    expect(used.json().token).toEqual(expect.any(String));
    expect((await post("/api/auth/password-reset/confirm", { token, password: "Another-Banner-Pass-92" })).statusCode).toBe(400);
  });

  it("refuses a missing email or password with a 400", async () => {
    expect((await post("/api/auth/login", { email: "a@example.com" })).statusCode).toBe(400);
    expect((await post("/api/auth/login", { password: "x" })).statusCode).toBe(400);
  });
});

describe("bearer tokens", () => {
  it("answers 401 with no token, a malformed token, an unknown token, a revoked token and an expired token", async () => {
    const customer = await signUp(app);
    expect((await me()).statusCode).toBe(401);
    expect((await me("nonsense")).statusCode).toBe(401);
    expect((await me("A".repeat(43))).statusCode).toBe(401);
    const basic = await app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Basic ${customer.token}` } });
    expect(basic.statusCode).toBe(401);
    expect((await me(customer.token)).statusCode).toBe(200);

    const logout = await app.inject({ method: "POST", url: "/api/auth/logout", headers: customer.auth });
    expect(logout.statusCode).toBe(200);
    expect((await me(customer.token)).statusCode).toBe(401);

    const again = await login(customer.email, customer.password);
    const token = again.json().token as string;
    await db.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.userId, customer.userId));
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe(ACCOUNT_MESSAGES.signInRequired);
    expect(expired.headers["www-authenticate"]).toContain("Bearer");
  });

  it("marks private answers no-store", async () => {
    const customer = await signUp(app);
    const res = await me(customer.token);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect((await me()).headers["cache-control"]).toBe("no-store");
  });
});

describe("PUT /api/user/me", () => {
  it("updates the details and says 'Account details updated!'", async () => {
    const customer = await signUp(app);
    const res = await app.inject({
      method: "PUT",
      url: "/api/user/me",
      headers: customer.auth,
      payload: { title: "Dr", firstname: "Janet", lastname: "Signs", email: customer.email, telephone: "+44 7700 900999" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Account details updated!" });
    expect((await me(customer.token)).json()).toMatchObject({ title: "Dr", firstname: "Janet", lastname: "Signs", telephone: "+44 7700 900999" });
  });

  it("refuses another account's email and every missing field", async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const taken = await app.inject({
      method: "PUT",
      url: "/api/user/me",
      headers: a.auth,
      payload: { firstname: "A", lastname: "B", email: b.email.toUpperCase(), telephone: "07700900123" },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toContain("already exists");
    const blank = await app.inject({ method: "PUT", url: "/api/user/me", headers: a.auth, payload: { firstname: "", lastname: "", email: "", telephone: "" } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({
      firstname: "Firstname is required",
      lastname: "Lastname is required",
      email: "Email is required",
      telephone: "Telephone is required",
    });
  });
});

describe("saved addresses", () => {
  // As a customer might type it: the postcode in lower case, without its space.
  const billing = { ...TEST_ADDRESS, postcode: "e152su" };

  it("answers nulls and the contact at first, then what was saved (postcode normalised)", async () => {
    const customer = await signUp(app);
    const url = `/api/user/address/${customer.userId}`;
    const empty = await app.inject({ method: "GET", url, headers: customer.auth });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      billing: null,
      delivery: null,
      contact: { title: "Ms", firstname: "Jane", lastname: "Printer", email: customer.email, telephone: "07700 900123" },
    });

    const save = await app.inject({ method: "POST", url: "/api/checkout/address", headers: customer.auth, payload: { userId: customer.userId, billing } });
    expect(save.statusCode).toBe(200);
    const saved = (await app.inject({ method: "GET", url, headers: customer.auth })).json();
    expect(saved.billing).toEqual({ ...billing, postcode: "E15 2SU", instructions: "" });
    expect(saved.delivery).toBeNull();
  });

  it("refuses an invalid UK postcode and a missing town", async () => {
    const customer = await signUp(app);
    const payload = { userId: customer.userId, billing: { ...billing, postcode: "NOT A CODE", town: "" } };
    const res = await app.inject({ method: "POST", url: "/api/checkout/address", headers: customer.auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ "billing.town": "Town is required" });
  });

  it("answers 404 for another customer's addresses, and changes nothing of theirs", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    await app.inject({ method: "POST", url: "/api/checkout/address", headers: owner.auth, payload: { userId: owner.userId, billing } });
    const read = await app.inject({ method: "GET", url: `/api/user/address/${owner.userId}`, headers: other.auth });
    expect(read.statusCode).toBe(404);
    const write = await app.inject({
      method: "POST",
      url: "/api/checkout/address",
      headers: other.auth,
      payload: { userId: owner.userId, billing: { ...billing, town: "Elsewhere" } },
    });
    expect(write.statusCode).toBe(404);
    const mine = (await app.inject({ method: "GET", url: `/api/user/address/${owner.userId}`, headers: owner.auth })).json();
    expect(mine.billing.town).toBe("London");
  });
});

describe("password reset", () => {
  const resetMail = async (email: string) =>
    (await db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((row) => row.subject.includes("password"));

  it("answers the same for an unknown email and sends nothing", async () => {
    const res = await post("/api/auth/password-reset", { email: "nobody-here@example.com" });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.resetSent);
    expect(await resetMail("nobody-here@example.com")).toHaveLength(0);
  });

  it("emails a single-use link whose token is in the fragment, and the reset signs out everywhere else", async () => {
    const customer = await signUp(app);
    const otherDevice = (await login(customer.email, customer.password)).json().token as string;

    const res = await post("/api/auth/password-reset", { email: customer.email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    const mails = await resetMail(customer.email);
    expect(mails).toHaveLength(1);
    const link = /http:\/\/localhost:3000\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(mails[0]!.textBody);
    expect(link).not.toBeNull();
    const token = link![1]!;
    // A second request straight away sends nothing more (no inbox flooding).
    await post("/api/auth/password-reset", { email: customer.email });
    expect(await resetMail(customer.email)).toHaveLength(1);

    const weak = await post("/api/auth/password-reset/confirm", { token, password: "123456" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe(ACCOUNT_MESSAGES.passwordCommon);

    const confirm = await post("/api/auth/password-reset/confirm", { token, password: "Fresh-Vinyl-42" });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ userId: customer.userId, message: ACCOUNT_MESSAGES.resetDone });
    expect((await me(confirm.json().token)).statusCode).toBe(200);
    expect((await me(customer.token)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await login(customer.email, customer.password)).statusCode).toBe(401);
    expect((await login(customer.email, "Fresh-Vinyl-42")).statusCode).toBe(200);

    const reuse = await post("/api/auth/password-reset/confirm", { token, password: "Another-Vinyl-43" });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe(ACCOUNT_MESSAGES.resetInvalid);
  });

  it("refuses an expired link", async () => {
    const customer = await signUp(app);
    const link = await app.services.accounts.issuePasswordLink(customer.userId);
    const token = link.split("#token=")[1]!;
    await db.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResets.userId, customer.userId));
    const res = await post("/api/auth/password-reset/confirm", { token, password: "Fresh-Vinyl-42" });
    expect(res.statusCode).toBe(400);
    expect((await login(customer.email, customer.password)).statusCode).toBe(200);
  });
});

describe("logs", () => {
  it("never contain a token or a password", async () => {
    const customer = await signUp(app);
    await login(customer.email, customer.password);
    await login(customer.email, "Wrong-Password-Typed");
    await me(customer.token);
    const link = await app.services.accounts.issuePasswordLink(customer.userId);
    await post("/api/auth/password-reset/confirm", { token: link.split("#token=")[1], password: "Brand-New-Secret-9" });
    expect(logText).toContain('"url":"/api/auth/login"');
    for (const secret of [customer.token, customer.password, "Wrong-Password-Typed", "Brand-New-Secret-9", link.split("#token=")[1]!]) {
      expect(logText).not.toContain(secret);
    }
  });
});
