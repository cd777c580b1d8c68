import { randomBytes } from "node:crypto";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArticle, buildNewsletter, buildSubscription } from "../support/builders.ts";
import { expectPlainText, HOSTILE_TEXT } from "../support/hostile-text.ts";
import { createOneItemNewsletter } from "../support/newsletters.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

/**
 * Model-written titles (and user-written names) go out as plain text: RSS titles, descriptions, creators and
 * categories, the sitemap, and the subjects of newsletter, test and alert e-mails. A hostile title (tags with
 * handlers, `]]>` twice, control characters, entities that decode to markup) is fed through each of them.
 * A database of its own: the feed carries the newest articles, and the newsletter goes to every subscriber.
 */
const database = await createPrivateDatabase("plaintext");
const { db } = await import("~/platform/db/db.ts");
const { buildRssFeed } = await import("~/features/articles/rss-feed.ts");
const { sitemapXml } = await import("~/features/seo/sitemap.ts");
const { checkNewsletterHealth } = await import("~/features/newsletter/health/health.ts");
const { settleJobs } = await import("../support/jobs.ts");
const { adminSession, callerAs } = await import("../support/sessions.ts");
const { restAdmin } = await import("../support/rest-admin.ts");

const SITE = "https://riesgos-ia.example";
const run = randomBytes(4).toString("hex");
const slug = `titulo-hostil-${run}`;
const parser = new XMLParser({ ignoreAttributes: false });

beforeAll(async () => {
  await expectAppOn(db, database.name);
  await buildArticle(db, {
    slug,
    title_es: HOSTILE_TEXT,
    title_en: HOSTILE_TEXT,
    summary_es: HOSTILE_TEXT,
    summary_en: HOSTILE_TEXT,
    author: HOSTILE_TEXT,
    topics: [HOSTILE_TEXT],
    status: "published",
    // The newest: first in the feeds.
    date: new Date(Date.now() + 86_400_000),
  });
});
afterAll(async () => {
  await settleJobs();
});

describe("RSS", () => {
  for (const locale of ["es", "en"] as const)
    it(`the ${locale} feed stays well-formed and its texts are plain`, async () => {
      const xml = await buildRssFeed(db, {
        locale,
        siteUrl: SITE,
        title: "Riesgos IA",
        description: "d",
        copyright: "c",
        industryUpdate: "Novedad",
      });
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(xml).not.toMatch(/<(img|script|svg)\b/i);
      const items = [parser.parse(xml).rss.channel.item].flat();
      const item = items.find((i: { link: string }) => i.link.endsWith(`/noticias/${slug}`));
      expect(item).toBeDefined();
      expectPlainText(String(item.title));
      expectPlainText(String(item.description));
      expectPlainText(String(item["dc:creator"]));
      for (const category of [item.category].flat()) expectPlainText(String(category));
    });
});

describe("sitemap", () => {
  it("is well-formed and carries no markup from the titles", async () => {
    const articles = await db.article.findMany({
      where: { status: "published" },
      select: { slug: true, updated_at: true },
    });
    const xml = sitemapXml({ articles, interviews: [], referents: [] });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(`/noticias/${slug}</loc>`);
    expect(xml).not.toMatch(/<(img|script|svg)\b|onerror|\]\]>/i);
  });
});

describe("e-mail subjects", () => {
  it("a newsletter's copies and its test copy have plain-text subjects", async () => {
    const readers = [
      await buildSubscription(db, { email: `plano.es.${run}@example.com`, locale: "es" }),
      await buildSubscription(db, { email: `plano.en.${run}@example.com`, locale: "en" }),
    ];
    const n = await createOneItemNewsletter(db, { subject: HOSTILE_TEXT, subjectEn: HOSTILE_TEXT });
    const { call, user } = await restAdmin(`plano-${run}`);
    expect((await call("POST", `/admin/newsletters/${n.id}/send-test`, {})).status).toBe(200);
    await callerAs(adminSession).admin.newsletters.send({ id: n.id });
    await settleJobs();
    const mails = await db.emailMessage.findMany({
      where: { to: { in: [user.email, ...readers.map((r) => r.email)] } },
    });
    expect(mails.map((m) => m.to).sort()).toEqual([user.email, ...readers.map((r) => r.email)].sort());
    for (const m of mails) expectPlainText(m.subject);
  });

  it("an alert e-mail about a failed newsletter has a plain-text subject", async () => {
    // A Wednesday: no Friday rule applies.
    const now = new Date("2026-11-25T10:00:00Z");
    const n = await buildNewsletter(db, {
      subject_es: HOSTILE_TEXT,
      status: "failed",
      failure_reason: HOSTILE_TEXT,
      updated_at: new Date(now.getTime() - 60_000),
    });
    await checkNewsletterHealth(db, now);
    const alerts = await db.emailMessage.findMany({
      where: { tag: "newsletter-alert", subject: { contains: "Alerta" } },
    });
    expect(alerts.length, `alert mail for ${n.id}`).toBeGreaterThan(0);
    for (const m of alerts) expectPlainText(m.subject, ["Alerta", "sobre", "la IA"]);
  });
});
