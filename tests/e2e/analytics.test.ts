import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { maintainAnalytics } from "~/features/analytics/rollup.ts";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { createOneItemNewsletter } from "../support/newsletters.ts";
import { launchBrowser, screenshot } from "./browser.ts";
import { e2eDatabase } from "./db.ts";
import { article, axeViolations, interview } from "./site-helpers.ts";

/**
 * Analytics end to end: two readers (two browsers: one address here, so two user agents) read es and en
 * pages from two referrers while a crawler reads too; the admin's Estadísticas show the readers' pages and
 * referrers and not the crawler's; a reader's repeated clicks on a sent issue count once; axe finds nothing.
 */
const baseUrl = inject("baseUrl");
const db = e2eDatabase();
let browser: Browser;
const contexts: BrowserContext[] = [];

const READER_A = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const READER_B =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function contextAs(userAgent?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent });
  contexts.push(context);
  return context;
}

const hitsFor = async (path: string) =>
  Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM analytics_hits WHERE path = ${path}`)[0]!.n);

/** The admin, signed in, on `path`. */
async function adminOn(path: string) {
  const admin = await (await contextAs()).newPage();
  await admin.goto(`${baseUrl}/login?callbackUrl=${encodeURIComponent(path)}`);
  await admin.fill("#email", E2E_ADMIN.email);
  await admin.fill("#password", E2E_ADMIN.password);
  await admin.getByRole("button", { name: "Iniciar sesión" }).click();
  await admin.waitForURL(`${baseUrl}${path}`);
  return admin;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await db.$disconnect();
});

describe("first-party analytics", () => {
  it("counts two readers' es and en pages and referrers, not a crawler's, and shows them in Estadísticas", async () => {
    const esPath = `/noticias/${article.slug}`;
    const enPath = `/en/entrevistas/${interview.slug}`;
    const a = await (await contextAs(READER_A)).newPage();
    await a.goto(`${baseUrl}${esPath}?utm_source=boletin&utm_campaign=lanzamiento`, {
      referer: "https://news.lectores-a.example/portada",
    });
    const b = await (await contextAs(READER_B)).newPage();
    await b.goto(`${baseUrl}${enPath}`, { referer: "https://blog.lectora-b.example/post" });
    // A reader who reads the page: its view is reported once the page is shown and hydrated, not on a bounce.
    await expect.poll(() => hitsFor(enPath), { timeout: 15_000 }).toBe(1);
    await b.goto(`${baseUrl}${esPath}`);
    const bot = await (await contextAs(BOT)).newPage();
    await bot.goto(`${baseUrl}/referentes`, { referer: "https://crawler-only.example/" });
    await bot.goto(`${baseUrl}${esPath}`, { referer: "https://crawler-only.example/" });
    // The server writes its batch within a second.
    await expect.poll(() => hitsFor(esPath), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => hitsFor(enPath), { timeout: 15_000 }).toBe(1);
    const crawler = await db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM analytics_hits WHERE referrer = 'crawler-only.example' OR path = '/referentes'`;
    expect(Number(crawler[0]!.n)).toBe(0);
    await maintainAnalytics(db);

    const admin = await adminOn("/admin/estadisticas");
    const tab = admin.getByTestId("admin-tab-stats");
    await tab.waitFor();
    await admin.getByRole("button", { name: "24 horas" }).click();
    const pieces = admin.getByTestId("stats-pieces");
    await pieces.locator(`tr[data-value="article:${article.slug}"]`).waitFor();
    await pieces.locator(`tr[data-value="interview:${interview.slug}"]`).waitFor();
    const referrers = admin.getByTestId("stats-referrers");
    await referrers.locator('tr[data-value="news.lectores-a.example"]').waitFor();
    await referrers.locator('tr[data-value="blog.lectora-b.example"]').waitFor();
    expect(await referrers.textContent()).not.toContain("crawler-only");
    expect(await admin.getByTestId("stats-pages").textContent()).not.toContain("/referentes");
    await admin.getByTestId("stats-languages").locator('tr[data-value="en"]').waitFor();
    await admin.getByTestId("stats-campaigns").locator('tr[data-value="lanzamiento"]').waitFor();
    const articleRow = pieces.locator(`tr[data-value="article:${article.slug}"] td`);
    expect(Number(await articleRow.nth(1).textContent())).toBeGreaterThanOrEqual(2);
    await screenshot(admin, "admin-estadisticas");
    // The sign-in toast fades over the tab; axe judges the tab once it has gone.
    await expect.poll(() => admin.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
    const violations = await axeViolations(admin);
    expect(violations).toEqual([]);
  });

  it("counts a reader's repeated clicks on a sent issue once", async () => {
    const issue = await createOneItemNewsletter(db, { subject: `Analítica ${Date.now()}` });
    await db.newsletter.update({ where: { id: issue.id }, data: { status: "sent", sent_at: new Date() } });
    const reader = await (await contextAs(READER_A)).newPage();
    for (let i = 0; i < 3; i++) await reader.goto(`${baseUrl}/api/newsletter/click/${issue.id}/0`);
    const bot = await (await contextAs(BOT)).newPage();
    await bot.goto(`${baseUrl}/api/newsletter/click/${issue.id}/0`);
    const clicks = await db.newsletterClick.findMany({ where: { newsletter_id: issue.id } });
    expect(clicks.map((c) => c.clicks)).toEqual([1]);
  });

  it("shows each sent issue's figures in Estadísticas and an article's first-week readers in the desk", async () => {
    const issue = await createOneItemNewsletter(db, { subject: `Cifras ${Date.now()}` });
    await db.newsletter.update({
      where: { id: issue.id },
      data: { status: "sent", sent_at: new Date(), recipient_count: 2, sent_count: 2 },
    });
    await db.emailEventCount.createMany({
      data: [
        { tag: `newsletter:${issue.id}`, event: "delivered", count: 2 },
        { tag: `newsletter:${issue.id}`, event: "bounced", count: 1 },
      ],
    });
    const reader = await (await contextAs(READER_B)).newPage();
    await reader.goto(`${baseUrl}/api/newsletter/click/${issue.id}/0`);
    // Seven readers on the article's publication day, as the daily rollup stores them.
    const { published_at, date } = await db.article.findUniqueOrThrow({ where: { slug: article.slug } });
    const day = (published_at ?? date).toISOString().slice(0, 10);
    await db.$executeRaw`
      INSERT INTO analytics_daily (day, dimension, value, views, visitors)
      VALUES (${day}::date, 'piece', ${`article:${article.slug}`}, 7, 7)
      ON CONFLICT (day, dimension, value) DO UPDATE SET visitors = analytics_daily.visitors + 7`;
    const [week] = await db.$queryRaw<{ readers: bigint }[]>`
      SELECT coalesce(sum(visitors), 0) AS readers FROM analytics_daily
      WHERE dimension = 'piece' AND value = ${`article:${article.slug}`}
        AND day >= ${day}::date AND day < ${day}::date + 7`;

    const admin = await adminOn("/admin/estadisticas");
    const row = admin.getByTestId("stats-newsletter-issues").locator(`tr[data-id="${issue.id}"]`);
    await row.waitFor();
    const cells = await row.locator("td").allTextContents();
    expect(cells.slice(2, 5)).toEqual(["2", "2", "1"]);
    expect(cells[5]).toContain("1 clic");
    await admin.getByTestId("stats-newsletter-weeks").waitFor();
    await expect.poll(() => admin.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
    expect(await axeViolations(admin)).toEqual([]);

    await admin.getByRole("tab", { name: "Publicaciones" }).click();
    await admin.getByTestId("publications-approved-tab").click();
    const readers = admin
      .locator(`[data-testid="publication-row"][data-slug="${article.slug}"]`)
      .getByTestId("publication-first-week-readers");
    await readers.waitFor();
    expect(await readers.textContent()).toContain(`${Number(week!.readers)} lectores en sus primeros 7 días`);
  });
});
