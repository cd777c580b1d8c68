import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { buildArticle } from "../support/builders.ts";
import { e2eDatabase } from "./db.ts";
import { jobTrigger } from "./job-trigger.ts";
import { PLACEHOLDER_TEXTS } from "./list-fixtures.ts";
import { sql } from "./sql.ts";

/**
 * Public reads are served from Next's data cache (src/features/articles/cache.ts). Publishing,
 * featuring or deleting an article must show on every public surface at once, in both languages: the
 * writers call invalidateArticles, which expires the article's tags — from a request, and from a background
 * job of the embedded engine alike. Each check first loads the page so the old answer is cached, then changes
 * the article (through the admin REST API, or by letting a job do it), then reads again.
 */
const baseUrl = inject("baseUrl");
const run = Date.now().toString(36);
const slug = `cache-e2e-${run}`;
const title = { es: `Artículo de caché ${run}`, en: `Cache article ${run}` };
const scheduledSlug = `cache-e2e-sched-${run}`;
const db = e2eDatabase();
const DAY_MS = 86_400_000;
let cookie = "";

/** Polls until `check` holds (a job's write has landed), failing after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function page(path: string) {
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie: "" } });
  return { status: res.status, body: await res.text() };
}

async function admin(method: "PUT" | "DELETE" | "POST", path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { cookie, origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
}

beforeAll(async () => {
  // Dated in the future so it is the newest article (home's latest list, first in the feeds).
  await buildArticle(db, {
    ...PLACEHOLDER_TEXTS,
    slug,
    title_es: title.es,
    title_en: title.en,
    date: new Date(Date.now() + DAY_MS),
    status: "draft",
  });
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(login.status).toBe(200);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

afterAll(async () => {
  await db.article.deleteMany({ where: { slug: { in: [slug, scheduledSlug] } } });
  await db.$disconnect();
});

describe("cached public pages follow article changes at once", () => {
  it("approving a draft shows it on its page, home, /noticias, both feeds and the sitemap", async () => {
    // Fill the caches while it is still a draft.
    expect((await page(`/noticias/${slug}`)).status).toBe(404);
    for (const path of ["/", "/en", "/noticias", "/rss", "/en/rss", "/sitemap.xml"]) {
      expect((await page(path)).body, path).not.toContain(slug);
    }

    await admin("PUT", `/articles/${slug}`, { status: "published" });

    const es = await page(`/noticias/${slug}`);
    expect(es.status).toBe(200);
    expect(es.body).toContain(title.es);
    const en = await page(`/en/noticias/${slug}`);
    expect(en.status).toBe(200);
    expect(en.body).toContain(title.en);
    expect((await page("/")).body).toContain(title.es);
    expect((await page("/en")).body).toContain(title.en);
    expect((await page("/noticias")).body).toContain(slug);
    expect((await page("/rss")).body).toContain(title.es);
    expect((await page("/en/rss")).body).toContain(title.en);
    expect((await page("/sitemap.xml")).body).toContain(`/noticias/${slug}`);
  });

  it("an author migration shows the new byline on the article's pages at once", async () => {
    const author = `Autora ${run}`;
    // Cache both language versions of the page with the old byline first.
    expect((await page(`/noticias/${slug}`)).body).not.toContain(author);
    expect((await page(`/en/noticias/${slug}`)).body).not.toContain(author);
    await admin("POST", "/admin/articles/fix-author-names", { mapping: { [slug]: author } });
    expect((await page(`/noticias/${slug}`)).body).toContain(author);
    expect((await page(`/en/noticias/${slug}`)).body).toContain(author);
  });

  it("featuring it puts it in home's featured block", async () => {
    const featuredBlock = (html: string) => html.match(/data-testid="home-featured"[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(featuredBlock((await page("/")).body)).not.toContain(title.es);
    await admin("PUT", `/articles/${slug}/toggle-featured`);
    expect(featuredBlock((await page("/")).body)).toContain(title.es);
    await admin("PUT", `/articles/${slug}/toggle-featured`);
    expect(featuredBlock((await page("/")).body)).not.toContain(title.es);
  });

  it("a new image made by a background job shows on the article's pages at once", async () => {
    const imageOf = async () =>
      (await sql<{ image_url: string | null }>("SELECT image_url FROM articles WHERE slug = $1", [slug]))[0]?.image_url;
    const before = await imageOf();
    // Cache both language versions with the current image.
    for (const path of [`/noticias/${slug}`, `/en/noticias/${slug}`]) expect((await page(path)).status).toBe(200);
    await admin("PUT", `/articles/${slug}/regenerate-image`);
    // The request only enqueues: the engine's worker generates and saves the image after the response.
    await until("the image job", async () => ((await imageOf()) ?? before) !== before, 30_000);
    const image = (await imageOf()) as string;
    // The job expires the page's tags right after saving; a moment's grace, far below the 5-minute time limit.
    await until(
      "the new image on both pages",
      async () => {
        const [es, en] = await Promise.all([page(`/noticias/${slug}`), page(`/en/noticias/${slug}`)]);
        return es.body.includes(image) && en.body.includes(image);
      },
      3_000,
    );
  });

  it("the per-minute scheduled publish (a job no request started) shows on every list at once", async () => {
    // Fill the lists' caches without the article, then hand it to the scheduler: approved, due now.
    for (const path of ["/", "/en", "/noticias", "/rss", "/en/rss", "/sitemap.xml"]) {
      expect((await page(path)).body, path).not.toContain(scheduledSlug);
    }
    await buildArticle(db, {
      ...PLACEHOLDER_TEXTS,
      slug: scheduledSlug,
      title_es: `Programado ${title.es}`,
      title_en: `Scheduled ${title.en}`,
      date: new Date(Date.now() + 2 * DAY_MS),
      status: "draft",
      review_required: false,
      publish_at: new Date(),
    });
    const status = async () =>
      (await sql<{ status: string }>("SELECT status FROM articles WHERE slug = $1", [scheduledSlug]))[0]?.status;
    // The job the per-minute schedule sends, sent now rather than waited for (up to 100 s: the next minute's
    // fire, pg-boss's 30 s cron check and its polls); the server's own worker runs it, as it runs the fire.
    const jobs = await jobTrigger(inject("databaseUrl"));
    try {
      await jobs.send("articles/publish-due");
      await until("the publish-due job", async () => (await status()) === "published", 30_000);
    } finally {
      await jobs.stop();
    }
    await until(
      "the article on every list",
      async () => {
        const bodies = await Promise.all(["/", "/en", "/noticias", "/rss", "/en/rss", "/sitemap.xml"].map(page));
        return bodies.every((b) => b.body.includes(scheduledSlug));
      },
      3_000,
    );
    expect((await page(`/noticias/${scheduledSlug}`)).status).toBe(200);
    // Through the API, so the cached lists drop it too: the files after this one check exact lists.
    await admin("DELETE", `/articles/${scheduledSlug}`);
    expect((await page("/")).body).not.toContain(scheduledSlug);
  }, 60_000);

  it("deleting it removes it everywhere", async () => {
    await admin("DELETE", `/articles/${slug}`);
    expect((await page(`/noticias/${slug}`)).status).toBe(404);
    expect((await page(`/en/noticias/${slug}`)).status).toBe(404);
    for (const path of ["/", "/en", "/noticias", "/rss", "/en/rss", "/sitemap.xml"]) {
      expect((await page(path)).body, path).not.toContain(slug);
    }
  });
});
