import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { browserForFile } from "./browser.ts";

/**
 * The language links in Chromium with JavaScript off (a slow phone before the page hydrates): from the English
 * home of a reader who chose English, "ES" and the footer's "Español" open the Spanish home and remember Spanish,
 * instead of a plain link to "/" that the remembered English sends back to /en.
 */
const baseUrl = inject("baseUrl");
const browser = browserForFile();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await browser().newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterAll(() => context?.close());

const remembered = async () => (await context.cookies()).find((c) => c.name === "NEXT_LOCALE")?.value;

describe("switching to Spanish without script", () => {
  for (const [name, link] of [
    ["the header's toggle", "[data-testid=site-header] [data-testid=language-toggle]"],
    ["the footer's Español", "footer [role=group] a[hreflang=es]"],
  ] as const)
    it(`${name} opens the Spanish home and remembers Spanish`, async () => {
      await context.clearCookies();
      await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseUrl }]);
      await page.goto(`${baseUrl}/`);
      expect(new URL(page.url()).pathname).toBe("/en");
      await page.locator(link).first().click();
      await page.waitForLoadState("load");
      expect(new URL(page.url()).pathname).toBe("/");
      expect(new URL(page.url()).search).toBe("");
      expect(await page.getAttribute("html", "lang")).toBe("es");
      expect(await remembered()).toBe("es");
      // And the root stays Spanish on the next visit.
      await page.goto(`${baseUrl}/`);
      expect(new URL(page.url()).pathname).toBe("/");
    });
});
