// The browser tests' `test`, and the customer journeys they share.
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export { expect };

type Pattern = string | RegExp;

export type ConsoleGuard = {
  /** Lets this test log a console error (or throw a page error) matching `pattern`. */
  allow: (pattern: Pattern) => void;
};

type Fixtures = {
  /** Console errors a whole file expects (`test.use({ allowedConsoleErrors: [...] })`). */
  allowedConsoleErrors: Pattern[];
  consoleGuard: ConsoleGuard;
  failureScreenshots: void;
};

/**
 * Every test fails on a console error or an uncaught page error it did not announce (STYLE: "an
 * unexpected console error fails the test that caused it"). Pages opened later in the same context
 * (a second tab) are watched too.
 */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ context, allowedConsoleErrors }, use) => {
      const allowed: Pattern[] = [...allowedConsoleErrors];
      const seen: string[] = [];
      const watch = (page: Page) => {
        page.on("console", (message) => {
          if (message.type() !== "error") return;
          const { url, lineNumber } = message.location();
          seen.push(`console.error on ${page.url()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
        });
        page.on("pageerror", (error) => seen.push(`uncaught error on ${page.url()}: ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on("page", watch);

      await use({ allow: (pattern) => allowed.push(pattern) });

      const matches = (line: string, pattern: Pattern) => (typeof pattern === "string" ? line.includes(pattern) : pattern.test(line));
      const unexpected = seen.filter((line) => !allowed.some((pattern) => matches(line, pattern)));
      expect(unexpected, "console errors nobody expected").toEqual([]);
    },
    { auto: true },
  ],
  /**
   * A screenshot of each open page of a test that failed, attached to its report: what Playwright's
   * `screenshot: "only-on-failure"` keeps, without its cost. That option draws and encodes a PNG of every page
   * of every test when the context closes (it cannot know yet whether the test will fail) and deletes it when
   * the test passed. Here the pages are drawn only once the test has failed, before its context closes.
   */
  failureScreenshots: [
    async ({ context }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const [index, page] of context.pages().entries()) {
        const file = testInfo.outputPath(`test-failed-${index + 1}.png`);
        try {
          await page.screenshot({ path: file, timeout: 5_000 });
          await testInfo.attach(`screenshot ${index + 1}`, { path: file, contentType: "image/png" });
        } catch {
          // A page that cannot be drawn (closed, or hung) leaves no screenshot; the failure itself is reported.
        }
      }
    },
    { auto: true },
  ],
});


/** Chromium's own console line for a response with an error status (a 404 page, say). */
export const failedToLoad = (status: number) => `Failed to load resource: the server responded with a status of ${status}`;

/** The page is no wider than the screen: nothing makes the visitor scroll sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page is ${scrollWidth}px wide on a ${innerWidth}px screen`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Opens a page and returns once it has loaded, as a person would start using it: no waiting for React.
 * Whatever a test does from here on must take effect whether or not the page has hydrated yet
 * (app/lib/early-input.ts); only tests about hydration itself wait for it (`waitForHydration`).
 */
export async function visit(page: Page, path: string) {
  return page.goto(path);
}

/** For tests about hydration itself: resolves once React has attached itself to the part it hydrates last. */
export async function waitForHydration(page: Page) {
  // The shop's footer is hydrated last; the staff console has no footer, so its <main> stands in.
  await page.waitForFunction(() => {
    const last = document.querySelector("footer") ?? document.querySelector("main");
    return last !== null && Object.keys(last).some((key) => key.startsWith("__reactFiber$"));
  });
}

/** True once React has attached itself to the part it hydrates last (the shop's footer, or the console's <main>). */
export async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const last = document.querySelector("footer") ?? document.querySelector("main");
    return last !== null && Object.keys(last).some((key) => key.startsWith("__reactFiber$"));
  });
}

/** Holds every script of the app until `release` is called, so what a test does lands before hydration. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens a product page and returns once it has loaded; the configurator takes input from then on. */
export async function openProduct(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
}

export type BasketLineConfig = {
  slug: string;
  quantity?: number;
  width?: number;
  height?: number;
  orientation?: "Portrait" | "Landscape";
  /** Number of artworks; answers "Multiple artworks?" with Yes. */
  versions?: number;
  /** Attribute group → option name, e.g. { Material: "510gsm PVC", Turnaround: "Express (2 working days)" }. */
  options?: Record<string, string>;
};

/** Configures a product through its labelled controls, adds it, and waits for the basket to show it. */
export async function addToBasket(page: Page, line: BasketLineConfig) {
  await openProduct(page, line.slug);
  await configure(page, line);
  const before = await basketCount(page);
  await page.getByRole("button", { name: "Add to Basket" }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole("heading", { name: "Your Basket" })).toBeVisible();
  await expect(basketLink(page)).toHaveAccessibleName(`Basket, ${before + 1} ${before + 1 === 1 ? "item" : "items"}`);
}

/** Sets what `line` asks for on the open product page, leaving everything else at its default. */
export async function configure(page: Page, line: Omit<BasketLineConfig, "slug">) {
  if (line.quantity !== undefined) await setNumber(page.getByLabel("Quantity"), line.quantity);
  if (line.width !== undefined) await setNumber(page.getByLabel("Width (mm)"), line.width);
  if (line.height !== undefined) await setNumber(page.getByLabel("Height (mm)"), line.height);
  if (line.orientation) {
    const button = page.getByRole("button", { name: line.orientation, exact: true });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  }
  if (line.versions !== undefined) {
    await page.getByRole("group", { name: "Multiple artworks?" }).getByRole("radio", { name: "Yes" }).check();
    await setNumber(page.getByLabel("Number of artworks"), line.versions);
  }
  for (const [group, option] of Object.entries(line.options ?? {})) await chooseOption(page, group, option);
}

/** Types a number and leaves the field, as a customer does (the field tidies itself on blur). */
export async function setNumber(field: Locator, value: number) {
  await field.fill(String(value));
  await field.blur();
  await expect(field).toHaveValue(String(value));
}

/** Picks an option of an attribute group, shown either as a dropdown or as radio buttons. */
export async function chooseOption(page: Page, group: string, option: string) {
  const dropdown = page.getByRole("combobox", { name: group, exact: true });
  if ((await dropdown.count()) > 0) {
    // Dropdown options carry their cost after the name: "510gsm PVC (+20%)".
    const labels = await dropdown.getByRole("option").allTextContents();
    const label = labels.find((text) => text === option || text.startsWith(`${option} (`));
    if (!label) throw new Error(`${group} has no option "${option}"; it offers ${labels.join(", ")}`);
    await dropdown.selectOption({ label });
    return;
  }
  const radio = page.getByRole("group", { name: group, exact: true }).getByRole("radio", { name: new RegExp(`^${escapeRegExp(option)}`) });
  await radio.check();
}

/** The configurator's live price, as shown ("£4.25"). */
export async function priceText(page: Page): Promise<string> {
  return (await page.getByTestId("price").textContent())?.trim() ?? "";
}

/** The header's basket link; its name says how many lines the basket holds. */
export function basketLink(page: Page): Locator {
  return page.getByRole("link", { name: /^Basket, \d+ items?$/ });
}

async function basketCount(page: Page): Promise<number> {
  const name = (await basketLink(page).getAttribute("aria-label")) ?? "";
  return Number(/\d+/.exec(name)?.[0] ?? 0);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export type Customer = { email: string; password: string; firstname: string; token: string; userId: number };

let customerSequence = 0;

/** A new customer made through the API (fast); `signIn` then puts their session in the browser. */
export async function createCustomer(baseURL: string, overrides: Partial<{ firstname: string; password: string }> = {}): Promise<Customer> {
  customerSequence += 1;
  const email = `e2e.${Date.now()}.${process.pid}.${customerSequence}@example.com`;
  const password = overrides.password ?? `Vinyl-Banner-${customerSequence}-${Date.now() % 10000}`;
  const firstname = overrides.firstname ?? "Sam";
  const response = await fetch(`${baseURL}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.1.${customerSequence}.1` },
    body: JSON.stringify({ title: "Mr", firstname, lastname: "Sign", email, telephone: "07700 900456", password, role: "user", site: "printwise" }),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const { token, userId } = (await response.json()) as { token: string; userId: number };
  return { email, password, firstname, token, userId };
}

/** Stores the customer's session where the shop keeps it (local storage), before any page script runs. */
export async function signIn(page: Page, customer: Customer) {
  await page.addInitScript(
    ([token, userId]) => {
      if (!window.sessionStorage.getItem("e2e-signed-in")) {
        window.localStorage.setItem("token", JSON.stringify(token));
        window.localStorage.setItem("userId", JSON.stringify(String(userId)));
        window.sessionStorage.setItem("e2e-signed-in", "1");
      }
    },
    [customer.token, customer.userId] as const,
  );
}
