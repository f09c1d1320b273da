import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, testChromium } from "./tests/support/chromium";

const port = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://127.0.0.1:${port}`;

// The server's throw-away data folder for this run (scripts/e2e-server.mjs creates and deletes it). Named
// here so tests that read what the server wrote (its mail folder) can find it: the workers inherit the
// variable from the runner, which loads this file first. Meaningless when an already running server is reused.
process.env.E2E_DATA_DIR ||= path.join(os.tmpdir(), `print-shop-e2e-${randomBytes(6).toString("hex")}`);

// Debian's Chromium headless shell when installed (tests/support/chromium.ts), with the flags the Lighthouse
// script uses too (scripts/chromium-flags.json).
const launchOptions = { executablePath: testChromium(), args: chromiumFlags() };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two workers, their browsers and the shop share two cores: a page can take a few seconds to become
  // interactive while another test uploads artwork. Waits are for behaviour, not speed (npm run bench and
  // npm run lighthouse measure speed), so they are generous: on a slow machine (27 Nov 2026, CI steps at 2.5
  // times their usual time) the longest journeys took 54–58 s, and single waits several seconds.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    locale: "en-GB",
    timezoneId: "Europe/London",
    trace: "on-first-retry",
    // Failed tests get a screenshot of each page from tests/e2e/fixtures.ts (failureScreenshots), not from this
    // option, which draws every page of every test and deletes the pictures of the ones that passed.
    screenshot: "off",
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      grepInvert: /@phone/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: "phone",
      grep: /@phone/,
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: { E2E_PORT: String(port), E2E_DATA_DIR: process.env.E2E_DATA_DIR },
    // SIGTERM (not Playwright's default SIGKILL) lets scripts/e2e-server.mjs stop the server and delete its data folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
