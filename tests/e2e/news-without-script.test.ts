import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { e2eDatabase } from "./db.ts";
import { type AdminApi, adminApi, newestPublished, publishTaggedArticles } from "./list-fixtures.ts";

/**
 * /noticias in Chromium with JavaScript off: the newest 20 articles are links in the page itself (es and en),
 * a filtered URL shows its filtered list, and the filter bar is a form that works without script (its chips
 * are links that remove one filter).
 */
const baseUrl = inject("baseUrl");
const db = e2eDatabase();
const TAG = `sin-script-${Date.now().toString(36)}`;
let api: AdminApi;
let slugs: string[] = [];
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  api = await adminApi(baseUrl);
  slugs = await publishTaggedArticles(db, api, TAG);
  browser = await launchBrowser();
  context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

afterAll(async () => {
  for (const slug of slugs) await api?.("DELETE", `/articles/${slug}`);
  await db.$disconnect();
  await context?.close();
  await browser?.close();
});

/** The articles the page lists, by slug, in its order (each card links its title). */
async function listed(prefix = "/noticias/") {
  const hrefs = await page
    .locator("[data-testid=news-results] [data-testid=article-card] h3 a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => (href.startsWith(prefix) ? href.slice(prefix.length) : href));
}
const count = () => page.locator("[data-testid=result-count]").textContent();

describe("/noticias without JavaScript", () => {
  it("lists the newest 20 articles as links, in Spanish and in English", async () => {
    const newest = await newestPublished(db);
    await page.goto(`${baseUrl}/noticias`);
    expect(await page.textContent("h1")).toBe("Noticias y análisis");
    expect(await listed()).toEqual(newest);
    await page.goto(`${baseUrl}/en/noticias`);
    expect(await page.textContent("h1")).toBe("News and analysis");
    expect(await listed("/en/noticias/")).toEqual(newest);
  });

  it("a filtered URL shows the filtered list, with its chips as links that remove one filter", async () => {
    await page.goto(`${baseUrl}/noticias?etiquetas=${TAG}&tipo=analisis`);
    expect(await listed()).toEqual([slugs[0]]);
    expect(await count()).toBe("1 resultado");
    expect(await page.locator("[data-testid=filter-chip]").allTextContents()).toEqual(["Análisis ×", `#${TAG} ×`]);
    await page.locator("[data-testid=filter-chip]", { hasText: "Análisis" }).click();
    await page.waitForURL((url) => url.search === `?etiquetas=${TAG}`);
    expect(await listed()).toEqual(slugs);
    expect(await count()).toBe("2 resultados");

    await page.goto(`${baseUrl}/en/noticias?etiquetas=${TAG}&orden=asc`);
    expect(await listed("/en/noticias/")).toEqual([...slugs].reverse());
  });

  it("the filter bar is a form: choosing a type and sending it filters the list", async () => {
    await page.goto(`${baseUrl}/noticias`);
    const form = page.getByTestId("filter-bar");
    await form.getByRole("combobox", { name: "Tipo" }).selectOption("analisis");
    await form.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL((url) => url.searchParams.get("tipo") === "analisis");
    expect(await listed()).toEqual(await newestPublished(db, { type: "analisis" }));

    // The chip is the checkbox's label (the box itself is visually hidden), as a reader clicks it.
    await form.getByText("Regulación", { exact: true }).click();
    expect(await form.getByRole("checkbox", { name: "Regulación", exact: true }).isChecked()).toBe(true);
    await form.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL((url) => url.searchParams.get("tema") === "regulacion");
    expect(await listed()).toEqual(await newestPublished(db, { type: "analisis", topics: { has: "regulacion" } }));
    expect(await listed()).toContain(slugs[0]);
  });
});
