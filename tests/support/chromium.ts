import fs from "node:fs";

/**
 * The Chromium the browser tests drive: `E2E_CHROMIUM` when set, else Debian's headless shell
 * (package chromium-headless-shell: the same Blink and V8 without the desktop browser around them, the
 * build Playwright itself uses for headless runs), else the full browser. On the 2-core machine the whole
 * browser suite took 565 s of CPU and 311 s on the full browser, 352 s and 210 s on the shell (27 Nov 2026).
 * Lighthouse and the first-tap script keep the full browser: they measure what a customer's Chrome does.
 */
export function testChromium(): string {
  const chosen = process.env.E2E_CHROMIUM;
  if (chosen) return chosen;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = "/usr/bin/chromium";

/** The flags every headless Chromium here starts with (scripts/chromium-flags.json, shared with Lighthouse). */
export function chromiumFlags(): string[] {
  return JSON.parse(fs.readFileSync(new URL("../../scripts/chromium-flags.json", import.meta.url), "utf8")) as string[];
}
