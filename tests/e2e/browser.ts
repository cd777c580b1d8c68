import fs from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

const CANDIDATES = [
  process.env.CHROME_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

/** Debian's Chromium driven by playwright-core (Playwright's own browser download is not available). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = CANDIDATES.find((p) => p && fs.existsSync(p));
  if (!executablePath) throw new Error("No Chromium found: install it (apt-get install chromium) or set CHROME_PATH");
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

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync("test-results/screenshots", { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
