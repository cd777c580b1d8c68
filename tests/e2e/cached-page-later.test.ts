import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatRelativeTime } from "~/platform/i18n/format.ts";
import { browserForFile, hydrate } from "./browser.ts";
import { e2eDatabase } from "./db.ts";
import { type AdminApi, adminApi, publishArticle } from "./list-fixtures.ts";

/**
 * A cached reader page is read long after it was rendered: its HTML says "hace 3 horas" of an article the
 * reader's clock, a day later, puts a day and 3 hours back. The /noticias list is a client island, so the
 * browser renders the same cards again when it hydrates. The page must load once (no reload loop), keep its
 * static parts (footer) and hydrate without a mismatch, then show the time as of the reader's clock.
 */
const baseUrl = inject("baseUrl");
const browser = browserForFile();
const db = e2eDatabase();
const run = Date.now().toString(36);
const slug = `later-e2e-${run}`;
const HOUR_MS = 3_600_000;
const published = new Date(Date.now() - 3 * HOUR_MS);
let admin: AdminApi | undefined;

beforeAll(async () => {
  // Published through the API, so the cached list is rendered again with it (at "hace 3 horas").
  admin = await adminApi(baseUrl);
  await publishArticle(db, admin, {
    slug,
    title_es: `Leído más tarde ${run}`,
    title_en: `Read later ${run}`,
    date: published,
  });
});

afterAll(async () => {
  await admin?.("DELETE", `/articles/${slug}`);
  await db.$disconnect();
});

/** The page's document requests (framenavigated would count the router's history.replaceState too) and errors. */
function watch(page: Page) {
  const loads: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
  });
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  return { loads, problems };
}

/** React's hydration errors, in development's words and production's codes (418: text, 425: text content). */
const isHydrationError = (message: string) => /hydrat|did not match|#418|#423|#425/i.test(message);

describe("a cached /noticias read a day after it was rendered", () => {
  it("loads once, hydrates without a mismatch, keeps its static parts and shows the reader's time", async () => {
    const html = await (await fetch(`${baseUrl}/noticias`)).text();
    expect(html, "the list in the HTML").toContain(`/noticias/${slug}`);
    const later = new Date(Date.now() + 24 * HOUR_MS);
    const served = formatRelativeTime(published, "es", "");
    const shown = formatRelativeTime(published, "es", "", later);
    expect(served).not.toBe(shown); // the case holds only if the reader's text differs from the HTML's

    const context = await browser().newContext();
    await context.clock.setFixedTime(later);
    const page = await context.newPage();
    const { loads, problems } = watch(page);
    await page.goto(`${baseUrl}/noticias`);
    await hydrate(page);
    await page.getByTestId("type-filter").waitFor();
    const time = page.locator(`[data-testid="article-card"]:has(a[href$="/noticias/${slug}"]) time`);
    await expect.poll(() => time.textContent(), { timeout: 10_000 }).toBe(shown);
    // Long enough for a reload the hydration started to have come and gone.
    await page.waitForTimeout(2_000);
    expect(loads).toEqual([`${baseUrl}/noticias`]);
    expect(problems.filter(isHydrationError)).toEqual([]);
    expect(await page.locator("[data-testid^='footer-policy-']").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("altered before it hydrates (as a translating extension leaves it), loads at most twice, never in a loop", async () => {
    const context = await browser().newContext();
    // The island's result count, translated: React finds other markup than it renders and renders anew.
    await context.route(`${baseUrl}/noticias`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/(data-testid="result-count"[^>]*>)[^<]+/, "$1Translated count");
      expect(body).toContain("Translated count");
      await route.fulfill({ response, body });
    });
    const page = await context.newPage();
    const { loads } = watch(page);
    await page.goto(`${baseUrl}/noticias`);
    // The reader's intent hydrates the page, and again the page a reload brings.
    await page.mouse.move(1, 1);
    await page.waitForTimeout(2_000);
    await hydrate(page);
    await page.getByTestId("type-filter").waitFor();
    await page.waitForTimeout(4_000);
    expect(loads.length).toBeGreaterThan(0);
    expect(loads.length).toBeLessThanOrEqual(2);
    await context.close();
  });

  // One of each kind: home, the news list (an island), an article in each language, lists and plain pages,
  // in one browser a day later. A test each: the nine in one test took 39–46 s of its 60 on a loaded host.
  describe("every reader page, read a day later", () => {
    let later: BrowserContext;
    beforeAll(async () => {
      later = await browser().newContext();
      await later.clock.setFixedTime(new Date(Date.now() + 24 * HOUR_MS));
    });
    afterAll(() => later?.close());

    it.each([
      "/",
      "/en/noticias",
      "/noticias/{slug}",
      "/en/noticias/{slug}",
      "/entrevistas",
      "/referentes",
      "/metodologia",
      "/newsletter",
      "/correcciones",
    ])("%s hydrates where it loaded, without a reload or a mismatch", async (pattern) => {
      const path = pattern.replace("{slug}", slug);
      const page = await later.newPage();
      const { loads, problems } = watch(page);
      await page.goto(`${baseUrl}${path}`);
      await hydrate(page);
      await page.waitForTimeout(1_500); // time for a hydration to fail and a reload to start
      expect(loads.length, `${path}: document loads`).toBe(1);
      expect(problems.filter(isHydrationError).map((problem) => problem.slice(0, 200))).toEqual([]);
      await page.close();
    });
  });
});
