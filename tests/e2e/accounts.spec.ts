import { createCustomer, expect, failedToLoad, signIn, test, visit } from "./fixtures";
import { mailsContaining } from "./mail";

test.describe("sign-up", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(409)] });

  test("shows every field message of spec section 5 beside its field", async ({ page }) => {
    await visit(page, "/signup");
    await page.getByRole("button", { name: "Create account" }).click();
    for (const message of [
      "Firstname is required",
      "Lastname is required",
      "Email is required",
      "Telephone is required",
      "Password is required",
      "Confirm Password is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("First name")).toBeFocused();
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Mobile telephone").fill("020 7946 0321");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("abc");
    await page.getByLabel("Confirm Password").fill("abd");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Enter a valid UK mobile number", { exact: true })).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters", { exact: true })).toBeVisible();
    await expect(page.getByText("Passwords do not match", { exact: true })).toBeVisible();
  });

  test("registers, lands on the User Hub signed in, and a second sign-up with that email is refused", async ({ page, baseURL }) => {
    const email = `new.${Date.now()}@example.com`;
    await visit(page, "/signup");
    await page.getByLabel("Title").selectOption("Mrs");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mobile telephone").fill("07700 900777");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("Analytical-Engine-1843");
    await page.getByLabel("Confirm Password").fill("Analytical-Engine-1843");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByRole("heading", { name: "Hello, Ada" })).toBeVisible();
    const hub = page.getByRole("main");
    for (const tile of ["Account", "Orders", "Details", "Logout"]) await expect(hub.getByRole("listitem").filter({ hasText: tile }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toMatch(/^"[A-Za-z0-9_-]{43}"$/);

    // Signed out, the same email again: the server's message appears beside the email field.
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(baseURL + "/");
    await visit(page, "/signup");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Again");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByLabel("Mobile telephone").fill("07700900777");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("Analytical-Engine-1843");
    await page.getByLabel("Confirm Password").fill("Analytical-Engine-1843");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("An account with this email already exists.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe("sign-in", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401)] });

  test("shows the server's error, then signs in to the User Hub", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    await visit(page, "/login");
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/signup");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Incorrect email or password.")).toBeVisible();
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByRole("heading", { name: `Hello, ${customer.firstname}` })).toBeVisible();
  });

  test("says 'Network error. Please try again.' when the shop cannot be reached", async ({ page, consoleGuard }) => {
    consoleGuard.allow("net::ERR_FAILED");
    await visit(page, "/login");
    await page.route("**/api/auth/login", (route) => route.abort("failed"));
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Password").fill("whatever-it-is");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Network error. Please try again.")).toBeVisible();
  });

  test("shows Log out, not Log in, from the first paint when signed in (no hydration flash)", async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow("net::ERR_FAILED");
    const customer = await createCustomer(baseURL!);
    await signIn(page, customer);
    // Without scripts the page never hydrates: what shows is what the server sent plus the head mark.
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto("/print");
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeHidden();
    await expect(page.getByRole("link", { name: "My account" })).toBeVisible();
  });
});

test.describe("signed in", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401)] });

  test("edits details: 'Account details updated!', and the change is kept", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    await signIn(page, customer);
    await visit(page, "/my-account/details");
    await expect(page.getByLabel("First name")).toHaveValue(customer.firstname);
    await page.getByLabel("Title").selectOption("Dr");
    await page.getByLabel("Last name").fill("");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Lastname is required")).toBeVisible();
    await page.getByLabel("Last name").fill("Signwriter");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Account details updated!")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Last name")).toHaveValue("Signwriter");
    await expect(page.getByLabel("Title")).toHaveValue("Dr");
  });

  test("the details page sends a visitor without a token home", async ({ page, baseURL }) => {
    await visit(page, "/my-account/details");
    await expect(page).toHaveURL(baseURL + "/");
  });

  test("log out revokes the token, forgets it, empties the basket and goes home", async ({ page, baseURL, request }) => {
    const customer = await createCustomer(baseURL!);
    await signIn(page, customer);
    await page.addInitScript(() => {
      if (!window.sessionStorage.getItem("e2e-basket")) {
        window.sessionStorage.setItem("e2e-basket", "1");
        const line = { lineId: "l1", productId: 1, productName: "Test", productSlug: "", image: null, attributes: [], quantity: 1, versions: 1, pricePence: 100, qty_limits: null, customWidth: null, customHeight: null, orientation: null };
        window.localStorage.setItem("basket", JSON.stringify({ items: [line], discount: 0, promoCode: null }));
      }
    });
    await visit(page, "/my-account");
    await expect(page.getByRole("link", { name: "Basket, 1 item" })).toBeVisible();
    await page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(baseURL + "/");
    await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Basket, 0 items" })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("userId")])).toEqual([null, null]);
    const me = await request.get("/api/auth/me", { headers: { authorization: `Bearer ${customer.token}` } });
    expect(me.status()).toBe(401);
  });
});

test.describe("password reset", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401), failedToLoad(400)] });

  test("'Forgotten your password?' emails a single-use link that sets a new password and signs out elsewhere", async ({ page, baseURL, request }) => {
    const customer = await createCustomer(baseURL!);
    await visit(page, "/login");
    await page.getByRole("link", { name: "Forgotten your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(customer.email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page.getByText(/If an account exists for that email/)).toBeVisible();

    await expect.poll(() => mailsContaining(customer.email).filter((mail) => mail.includes("#token=")).length).toBe(1);
    const mail = mailsContaining(customer.email).find((m) => m.includes("#token="))!;
    const link = /https?:\/\/[^\s"<]+\/reset-password#token=[A-Za-z0-9_-]{43}/.exec(mail)![0];
    const { pathname, hash } = new URL(link);

    await page.goto(pathname + hash);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("");
    await page.getByRole("textbox", { name: "New password" }).fill("Fresh-Foamex-2026");
    await page.getByLabel("Confirm Password").fill("Fresh-Foamex-2026");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByRole("heading", { name: `Hello, ${customer.firstname}` })).toBeVisible();

    // The old session is gone, the old password no longer works, the link does not work twice.
    expect((await request.get("/api/auth/me", { headers: { authorization: `Bearer ${customer.token}` } })).status()).toBe(401);
    const oldLogin = await request.post("/api/auth/login", { data: { email: customer.email, password: customer.password } });
    expect(oldLogin.status()).toBe(401);
    await page.evaluate(() => localStorage.clear());
    await page.goto(pathname + hash);
    await page.getByRole("textbox", { name: "New password" }).fill("Another-Foamex-2027");
    await page.getByLabel("Confirm Password").fill("Another-Foamex-2027");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("This link has expired or has already been used. Please ask for a new one.")).toBeVisible();
  });
});

test.describe("phone @phone", () => {
  test("signs in and reaches details on a phone", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    await visit(page, "/login");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("heading", { name: `Hello, ${customer.firstname}` })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: /^Details Name/ }).click();
    await expect(page.getByLabel("Mobile telephone")).toHaveValue("07700 900456");
  });
});
