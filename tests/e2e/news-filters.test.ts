import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildArticles } from "../support/builders.ts";
import { hydrate, launchBrowser } from "./browser.ts";
import { e2eDatabase } from "./db.ts";
import { seedArticles } from "./site-helpers.ts";

/**
 * /noticias's filters, sort and paging in Chromium. The counts are the whole site's (every published article
 * is the seed's), so this file reads the shared server alone (WHOLE_SITE_FILES).
 */
const baseUrl = inject("baseUrl");
/** The first client fetch and soft navigations can take a few seconds on a cold production server. */
const SLOW = { timeout: 15_000 };
const db = e2eDatabase();
const PAGING_TAG = `news-filters-paginacion-${Date.now()}`;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await db.article.deleteMany({ where: { tags: { has: PAGING_TAG } } });
  await db.$disconnect();
  await browser?.close();
});

async function freshPage(width = 1280) {
  await context?.close();
  context = await browser.newContext({ viewport: { width, height: 900 } });
  page = await context.newPage();
  return page;
}

const cardTitles = () => page.locator("[data-testid=news-results] [data-testid=article-card] h3").allTextContents();
const count = () => page.locator("[data-testid=result-count]").textContent();

async function choose(testId: string, option: string) {
  await page.click(`[data-testid=${testId}]`);
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("/noticias filters", () => {
  it("filters by topic with removable chips, sorts, shows the empty state and clears all", async () => {
    await freshPage();
    await page.goto(`${baseUrl}/noticias`);
    await hydrate(page);
    await page.waitForSelector("[data-testid=news-results]");
    await expect.poll(count, SLOW).toBe(`${seedArticles.length} resultados`);

    const regulacion = seedArticles.filter((a) => a.topics.includes("regulacion"));
    await page.locator("[data-testid=topic-filter]").getByRole("button", { name: "Regulación", exact: true }).click();
    await expect.poll(() => page.url(), SLOW).toContain("tema=regulacion");
    await expect.poll(count, SLOW).toBe(`${regulacion.length} resultados`);
    expect(await page.locator("[data-testid=filter-chip]").allTextContents()).toEqual(["Regulación ×"]);
    expect(await cardTitles()).toEqual(regulacion.map((a) => a.title_es));

    await choose("sort", "Más antiguos primero");
    await expect.poll(() => page.url(), SLOW).toContain("orden=asc");
    await expect.poll(cardTitles, SLOW).toEqual([...regulacion].reverse().map((a) => a.title_es));

    // The filtered, sorted list survives a reload: the state lives in the URL.
    await page.reload();
    await hydrate(page);
    await expect.poll(cardTitles, SLOW).toEqual([...regulacion].reverse().map((a) => a.title_es));

    await page.click("[data-testid=filter-chip]");
    await expect.poll(count, SLOW).toBe(`${seedArticles.length} resultados`);
    expect(await page.locator("[data-testid=filter-chip]").count()).toBe(0);

    await choose("type-filter", "Análisis");
    await expect.poll(count, SLOW).toBe(`${seedArticles.filter((a) => a.type === "analisis").length} resultados`);
    await choose("date-filter", "Última semana");
    await page.waitForSelector("[data-testid=news-empty]");
    expect(await count()).toBe("Ningún resultado");
    expect(await page.locator("[data-testid=filter-chip]").count()).toBe(2);
    await page.click("[data-testid=clear-all]");
    await expect.poll(count, SLOW).toBe(`${seedArticles.length} resultados`);
    expect(new URL(page.url()).search).toBe("?orden=asc");
  });

  it("shows 'load more' from 20 results on, and it loads the next page", async () => {
    // 25 published articles dated 2001 with a tag of their own (removed after the test).
    await buildArticles(
      db,
      Array.from({ length: 25 }, (_, i) => ({
        slug: `${PAGING_TAG}-${i}`,
        title_es: `Artículo de paginación ${i + 1}`,
        summary_es: "Resumen de prueba",
        body_es: "Cuerpo",
        date: new Date(Date.UTC(2001, 0, 1 + i)),
        tags: [PAGING_TAG],
        status: "published" as const,
      })),
    );
    await freshPage();
    await page.goto(`${baseUrl}/noticias?etiquetas=${PAGING_TAG}`);
    await expect.poll(count, SLOW).toBe("25 resultados");
    expect((await cardTitles()).length).toBe(20);
    await page.click("[data-testid=load-more]");
    await expect.poll(async () => (await cardTitles()).length, SLOW).toBe(25);
    expect(await page.locator("[data-testid=load-more]").count()).toBe(0);
    await db.article.deleteMany({ where: { tags: { has: PAGING_TAG } } });
    // Under 20 results there is no button.
    await page.goto(`${baseUrl}/noticias`);
    await expect.poll(count, SLOW).toBe(`${seedArticles.length} resultados`);
    expect(await page.locator("[data-testid=load-more]").count()).toBe(0);
  });
});
