import fs from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

/**
 * Debian's headless-only Chromium first (scripts/test-prerequisites.sh installs it): on the same pages it took a
 * third less CPU than the desktop browser run headless, which the tests spent more of than any program but the
 * servers. The binary itself, not the /usr/bin wrapper, which would stay between Playwright and the browser.
 */
const DEBIAN_CHROMIUMS = [
  "/usr/lib/chromium/chromium-headless-shell",
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

/** The Chromium the tests drive: CHROME_PATH, else the first of Debian's that this machine has. */
export function chromiumPath(): string {
  const found = [process.env.CHROME_PATH, ...DEBIAN_CHROMIUMS].find((p) => p && fs.existsSync(p));
  if (!found)
    throw new Error("No Chromium found: install it (apt-get install chromium-headless-shell) or set CHROME_PATH");
  return found;
}

/** Debian's Chromium driven by playwright-core (Playwright's own browser download is not available). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  return chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** One Chromium for the calling test file: launched before its tests, closed after them. */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is launched in beforeAll");
    return browser;
  };
}

/**
 * A picture of the page for whoever reads the test results. It is evidence, not an assertion: headless Chromium
 * now and then never delivers the frame a full-page capture waits for, and that must not fail the test whose
 * checks all passed, so a capture that times out is reported and skipped.
 */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync("test-results/screenshots", { recursive: true });
  try {
    await page.screenshot({
      path: `test-results/screenshots/${name}.png`,
      fullPage: true,
      animations: "disabled",
      timeout: 15_000,
    });
  } catch (err) {
    if (!(err instanceof Error && err.name === "TimeoutError")) throw err;
    console.warn(`[screenshot] ${name}: no frame within 15 s, skipped`);
  }
}

/** Signs `page` in with the login form and waits for the admin's Publicaciones tab (the callback). */
export async function signInToDesk(page: Page, baseUrl: string, admin: { email: string; password: string }) {
  await page.goto(`${baseUrl}/login?callbackUrl=/admin/publicaciones`);
  await page.fill("#email", admin.email);
  await page.fill("#password", admin.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.getByTestId("admin-tab-publications").waitFor();
}

/**
 * A reader's first intent on a page served from the cache (a pointer moving over it), which loads its scripts,
 * and the page hydrated: what a test that reads a hydrated page's state does first (hydrate-on-intent.js).
 */
export async function hydrate(page: Page) {
  const signal = page.locator("html[data-hydrated]");
  // The pointer moves again while waiting: a page that reloads itself (a hydration it gave up) is a new
  // document, and waits for an intent of its own.
  for (let i = 0; i < 30; i++) {
    await page.mouse.move(1 + (i % 2), 1);
    if (
      await signal.waitFor({ state: "attached", timeout: 1_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw new Error(`${page.url()} did not hydrate within 30 s of the reader's first intent`);
}
