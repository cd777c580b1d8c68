import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserForFile, hydrate } from "./browser.ts";
import { article } from "./site-helpers.ts";

/**
 * Static markup (src/ui/static-markup): the parts of a reader page that hold no control (an article's body,
 * sources and related cards, home's cards, the footer's links, the JSON-LD) are in the HTML once, not again
 * in the RSC payload; in the browser they stay as delivered while the islands around them hydrate, and a
 * client navigation to such a page still shows it whole.
 */
const baseUrl = inject("baseUrl");
const browser = browserForFile();

/** A page's HTML split into its markup and its RSC payload (the strings of its `self.__next_f.push` scripts). */
async function split(path: string) {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const pushes = [...html.matchAll(/<script[^>]*>self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/g)];
  expect(pushes.length, `${path}: payload scripts`).toBeGreaterThan(0);
  const payload = pushes
    .map((m) => JSON.parse(m[1]!) as [number, string?])
    .map(([kind, text]) => (kind === 1 ? (text ?? "") : ""))
    .join("");
  const markup = pushes.reduce((rest, m) => rest.replace(m[0], ""), html);
  return { markup, payload };
}

/** The article body's HTML as served. */
const prose = (markup: string) => markup.match(/<div class="prose-article[^"]*">([\s\S]*?)<\/div>/)?.[1] ?? "";
/** Its paragraphs' opening words (text up to the first inline tag, when that is long enough to be telling). */
const paragraphs = (markup: string) => [...prose(markup).matchAll(/<p>([^<]{40,})/g)].map((m) => m[1]!);

describe("static parts are in the HTML once", () => {
  it("an article: its body, sources, related cards, footer links and JSON-LD are not in its payload", async () => {
    const { markup, payload } = await split(`/noticias/${article.slug}`);
    const body = paragraphs(markup);
    expect(body.length).toBeGreaterThan(2);
    // Not the summary's sentences: the header shows the summary, outside the static part.
    for (const text of body.filter((t) => !article.summary_es.includes(t.slice(0, 60)))) {
      expect(payload, text).not.toContain(text.slice(0, 60));
    }
    for (const [inMarkup, inPayload] of [
      ['data-testid="article-card"', '"article-card"'], // the related cards
      ['data-testid="footer-policy-', '"footer-policy-'],
      ["NewsMediaOrganization", "NewsMediaOrganization"],
      ['"datePublished":', "datePublished"], // the article's JSON-LD
    ]) {
      expect(markup, inMarkup).toContain(inMarkup);
      expect(payload, inPayload).not.toContain(inPayload);
    }
    const listed = article.sources.map((s) => s.url).filter((url) => markup.includes(`href="${url}"`));
    expect(listed.length, "sources listed").toBeGreaterThan(0);
    for (const url of listed) expect(payload, url).not.toContain(url);
    // The islands still come with the payload: the report form's disclosure and the newsletter signup.
    expect(payload).toContain("¿Has visto un error?");
  });

  it("home: its cards and the trending strip are not in its payload", async () => {
    const { markup, payload } = await split("/");
    for (const marker of ["interview-card", "article-card", "application-card", "referent-card", "trending-topic"]) {
      expect(markup, marker).toContain(`data-testid="${marker}"`);
      expect(payload, marker).not.toContain(`"${marker}"`);
    }
  });
});

async function openWatched(path: string) {
  const page = await browser().newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  await page.goto(`${baseUrl}${path}`);
  return { page, errors };
}

const proseTexts = (page: Page) => page.locator(".prose-article p").allTextContents();

describe("in the browser", () => {
  it("an article keeps its static parts as delivered while its islands hydrate", async () => {
    const { markup } = await split(`/noticias/${article.slug}`);
    const served = prose(markup).match(/<p>/g)?.length ?? 0;
    expect(served).toBeGreaterThan(2);
    const { page, errors } = await openWatched(`/noticias/${article.slug}`);
    // The report form's disclosure loads its form on opening: the page's islands are hydrated and live.
    const section = page.getByTestId("report-error");
    await section.getByText("¿Has visto un error?").click();
    await section.getByTestId("report-error-form").waitFor({ timeout: 15_000 });
    expect(await proseTexts(page)).toHaveLength(served);
    await page.getByTestId("related").locator("article").first().waitFor();
    expect(await page.locator("footer [data-testid^=footer-policy-]").count()).toBeGreaterThan(3);
    // The JSON-LD as served: the newsroom's and the article's.
    const servedLd = [...markup.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => m[1]);
    expect(servedLd).toHaveLength(2);
    expect(await page.locator('script[type="application/ld+json"]').allTextContents()).toEqual(servedLd);
    // No hydration error (React reports a mismatch it recovered from as a console error).
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a client navigation to a page with static parts shows it whole", async () => {
    const { page, errors } = await openWatched("/");
    await page.getByTestId("home-interviews").waitFor();
    await hydrate(page);
    await page.waitForFunction(() => Boolean((window as { next?: { router?: unknown } }).next?.router));
    await page.evaluate((path) => {
      (window as unknown as { next: { router: { push: (p: string) => void } } }).next.router.push(path);
    }, `/noticias/${article.slug}`);
    await page.waitForURL(`${baseUrl}/noticias/${article.slug}`);
    await expect.poll(() => page.textContent("h1"), { timeout: 15_000 }).toBe(article.title_es);
    await expect.poll(async () => (await proseTexts(page)).length, { timeout: 15_000 }).toBeGreaterThan(2);
    expect(errors).toEqual([]);
    await page.close();
  });
});
