import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import articles from "../../seed/data/articles.json";
import { launchBrowser, screenshot } from "./browser.ts";
import { bodyText, seedArticles } from "./site-helpers.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

/** Home's lists hold the newest articles of the whole site: this file runs alone (WHOLE_SITE_FILES). */
async function visit(path: string, status = 200) {
  // Each visit starts without cookies (a session or a remembered language choice).
  await page.context().clearCookies();
  const res = await page.goto(`${baseUrl}${path}`);
  expect(res?.status(), path).toBe(status);
  return bodyText(page);
}

const newest = [...articles].sort((a, b) => b.date.localeCompare(a.date))[0]!;

describe("home page", () => {
  it("serves Spanish at / with seed content", async () => {
    const res = await page.goto(`${baseUrl}/`);
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await expect.poll(() => page.textContent("body")).toContain(newest.title_es);
    await screenshot(page, "home-es-foundation");
  });

  it("serves English at /en", async () => {
    const res = await page.goto(`${baseUrl}/en`);
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.textContent("body")).toContain(newest.title_en);
  });

  it("answers an unknown path with 404 'Page Not Found'", async () => {
    const res = await page.goto(`${baseUrl}/no-existe-esta-ruta`);
    expect(res?.status()).toBe(404);
    expect(await page.textContent("h1")).toBe("Page Not Found");
  });
});

describe("home", () => {
  it("shows the counts of docs/product.md §9: 4 latest, 2 interviews (first NUEVO), 3 apps, 3 referents, 6 topics", async () => {
    const text = await visit("/");
    expect(await page.locator("[data-testid=home-latest] [data-testid=article-card]").count()).toBe(4);
    expect(await page.locator("[data-testid=home-featured] [data-testid=article-card]").count()).toBe(1);
    const cards = page.locator("[data-testid=home-interviews] [data-testid=interview-card]");
    expect(await cards.count()).toBe(2);
    expect(await cards.nth(0).locator("[data-testid=new-badge]").textContent()).toBe("NUEVO");
    expect(await cards.nth(1).locator("[data-testid=new-badge]").count()).toBe(0);
    expect(await page.locator("[data-testid=home-apps] [data-testid=application-card]").count()).toBe(3);
    expect(await page.locator("[data-testid=home-referents] [data-testid=referent-card]").count()).toBe(3);
    expect(await page.locator("[data-testid=trending-topic]").count()).toBe(6);
    expect(text).toContain("actualizado hace 2 horas");
    expect(text).toContain("Novedad de la industria");
    for (const name of ["AI Act", "AI Index", "Alignment Forum"]) expect(text).toContain(name);
    // Featured article first, then the 4 newest non-featured ones.
    const featured = seedArticles.find((a) => a.featured)!;
    expect(await page.locator("[data-testid=home-featured] h2").textContent()).toBe(featured.title_es);
    const latest = seedArticles.filter((a) => !a.featured).slice(0, 4);
    const titles = await page.locator("[data-testid=home-latest] [data-testid=article-card] h3").allTextContents();
    expect(titles).toEqual(latest.map((a) => a.title_es));
    // Cards show at most 2 tags.
    for (const tags of await page.locator("[data-testid=home-latest] [data-testid=card-tags]").all())
      expect(await tags.locator("li").count()).toBeLessThanOrEqual(2);
    const en = await visit("/en");
    expect(en).toContain("updated 2 hours ago");
  });
});
