import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import articles from "../../seed/data/articles.json";
import { launchBrowser, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
});

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
