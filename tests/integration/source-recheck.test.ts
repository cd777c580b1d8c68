import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildArticle } from "../support/builders.ts";
import { SOURCE_PAGES } from "../support/fake-sources.ts";
import { type GroundedApp, startGroundedApp } from "../support/grounded-app.ts";
import { until } from "../support/until.ts";

let grounded: GroundedApp;
let app: GroundedApp["app"];
let sources: GroundedApp["sources"];
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const DAY = 86_400_000;

beforeAll(async () => {
  grounded = await startGroundedApp();
  ({ app, sources } = grounded);
}, 180_000);
afterAll(() => grounded?.close());
beforeEach(() => {
  grounded.openai.reset();
  sources.reset();
});

const CONSULTATION = "/ai-office/consultation";
const TRENDS = "/aisi/frontier-trends";
const original = SOURCE_PAGES[CONSULTATION]!;
/** The consultation page with its contributions figure revised (1,200 → 1,500). */
const revisedFigure = {
  ...original,
  paragraphs: original.paragraphs.map((p) => p.replace("1,200 contributions", "1,500 contributions")),
};

/** A published article resting on both pages, verified against their first copies (a "verify" revision). */
async function verifiedArticle(label: string, publishedDaysAgo = 1) {
  const row = await buildArticle(app.db, {
    slug: `recheck-${label}-${unique}`,
    title_es: `Consulta y tendencias ${label}`,
    summary_es: "La Oficina y el Instituto.",
    body_es:
      "La Oficina de IA recibió 1.200 contribuciones a su consulta anterior [1]. " +
      "El informe se basa en evaluaciones de 30 modelos de frontera [2].",
    topics: ["regulacion"],
    sources: [
      { name: "Comisión Europea", url: sources.urlOf(CONSULTATION) },
      { name: "AISI", url: sources.urlOf(TRENDS) },
    ],
    status: "published",
    published_at: new Date(Date.now() - publishedDaysAgo * DAY),
  });
  const verification = await app.admin.admin.verification.reverify({ slug: row.slug });
  expect(verification.status).toBe("verified");
  return row;
}

const changedOf = async (slug: string) =>
  (await app.admin.admin.verification.changedSources()).filter((c) => c.slug === slug);
const snapshotsOf = (articleId: string, path: string) =>
  app.db.sourceSnapshot.findMany({
    where: { article_id: articleId, url: sources.urlOf(path) },
    orderBy: { created_at: "asc" },
  });

describe("the link check re-checks articles whose sources changed (Fuentes cambiadas)", () => {
  it("a revised figure: the new copy is stored and the article listed with the old and new passage, one e-mail per run", async () => {
    const first = await verifiedArticle("changed-a");
    const second = await verifiedArticle("changed-b");
    const before = new Date();
    sources.revise(CONSULTATION, revisedFigure);
    await app.runJob(app.linkCheckJob, { all: true });

    const [listed, ...more] = await changedOf(first.slug);
    expect(more).toEqual([]);
    expect(listed).toMatchObject({ url: sources.urlOf(CONSULTATION), reviewed_at: null });
    expect(listed!.claims).toHaveLength(1);
    expect(listed!.claims[0]!.kind).toBe("figure");
    expect(listed!.claims[0]!.sentence).toContain("1.200 contribuciones");
    expect(listed!.claims[0]!.old_passage).toContain("1,200 contributions");
    expect(listed!.claims[0]!.new_passage).toContain("1,500 contributions");
    expect(await changedOf(second.slug)).toHaveLength(1);

    const copies = await snapshotsOf(first.id, CONSULTATION);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.text).toContain("1,500 contributions");
    expect(copies[1]!.id).toBe(listed!.new_snapshot_id);
    expect(copies[0]!.id).toBe(listed!.old_snapshot_id);
    // The unchanged trends page: no new copy.
    expect(await snapshotsOf(first.id, TRENDS)).toHaveLength(1);
    // Changed is not dead.
    const dead = await app.admin.admin.verification.deadSources();
    expect(dead.filter((d) => d.slug === first.slug)).toEqual([]);

    const mails = await app.db.emailMessage.findMany({
      where: { tag: "changed-sources", created_at: { gte: before } },
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text ?? mails[0]!.html).toContain(first.title_es);
    expect(mails[0]!.text ?? mails[0]!.html).toContain(second.title_es);

    // The next run sees the same revised page (304): nothing new is flagged and no e-mail goes out.
    const again = new Date();
    await app.runJob(app.linkCheckJob, { all: true });
    expect(await changedOf(first.slug)).toHaveLength(1);
    expect(await snapshotsOf(first.id, CONSULTATION)).toHaveLength(2);
    expect(await app.db.emailMessage.count({ where: { tag: "changed-sources", created_at: { gte: again } } })).toBe(0);
  }, 240_000);

  it("marking a changed source reviewed stores who did it and takes it off the list", async () => {
    const article = await verifiedArticle("reviewed");
    sources.revise(CONSULTATION, revisedFigure);
    await app.runJob(app.linkCheckJob, { all: true });
    const [listed] = await changedOf(article.slug);
    expect(listed).toBeDefined();
    await expect(app.admin.admin.verification.markChangedSourceReviewed({ id: "nope" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // Only admins: a signed-in reader and an anonymous caller are refused, and nothing is written.
    const { callerAs, userSession } = await import("../support/sessions.ts");
    await expect(
      callerAs(userSession).admin.verification.markChangedSourceReviewed({ id: listed!.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerAs(null).admin.verification.changedSources()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect((await app.db.changedSource.findUniqueOrThrow({ where: { id: listed!.id } })).reviewed_at).toBeNull();
    await app.admin.admin.verification.markChangedSourceReviewed({ id: listed!.id });
    expect(await changedOf(article.slug)).toEqual([]);
    const row = await app.db.changedSource.findUniqueOrThrow({ where: { id: listed!.id } });
    expect(row.reviewed_at).not.toBeNull();
    expect(row.reviewed_by_name).toBeTruthy();
  }, 240_000);

  it("unchanged text (a new footer), a 304 and a change that leaves the tied figures alone flag nothing", async () => {
    const article = await verifiedArticle("unchanged");
    // 304: the page is the same; the conditional GET answers 304 and no copy is added.
    await app.runJob(app.linkCheckJob, { all: true });
    expect(await snapshotsOf(article.id, CONSULTATION)).toHaveLength(1);
    expect(sources.requests.some((r) => r.path === CONSULTATION && r.headers["if-none-match"])).toBe(true);

    // A new footer: a 200 with a new ETag, but the extracted text is the same.
    sources.revise(CONSULTATION, { ...original, footer: "© Official publisher, updated" });
    await app.runJob(app.linkCheckJob, { all: true });
    expect(await snapshotsOf(article.id, CONSULTATION)).toHaveLength(1);

    // The text changes, but not where the article's figure rests: a new copy, no flag.
    sources.revise(CONSULTATION, {
      ...original,
      paragraphs: [...original.paragraphs, "The Commission will publish a summary of the replies in the autumn."],
    });
    await app.runJob(app.linkCheckJob, { all: true });
    const copies = await snapshotsOf(article.id, CONSULTATION);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.text).toContain("summary of the replies");
    expect(await changedOf(article.slug)).toEqual([]);
  }, 240_000);

  it("a dead source goes to Fuentes caídas, not to Fuentes cambiadas", async () => {
    const article = await verifiedArticle("dead");
    sources.answer(TRENDS, 404);
    await app.runJob(app.linkCheckJob, { all: true });
    const dead = (await app.admin.admin.verification.deadSources()).filter((d) => d.slug === article.slug);
    expect(dead.map((d) => [d.url, d.state])).toEqual([[sources.urlOf(TRENDS), "dead"]]);
    expect(await changedOf(article.slug)).toEqual([]);
    expect(await snapshotsOf(article.id, TRENDS)).toHaveLength(1);
  }, 240_000);

  it("the re-check's new report and the correction that follows expire the page, /fuentes, /correcciones, RSS and sitemap together", async () => {
    const { env } = await import("~/platform/env/env.js");
    const { listenForTagExpiries } = await import("~/platform/cache/tag-expiry-channel.ts");
    const { articleChangeTags, articleListTags, articlePageTags } = await import("~/features/articles/cache.ts");
    const heard: string[][] = [];
    const stop = listenForTagExpiries(env.DATABASE_URL ?? "", async (tags) => void heard.push(tags));
    try {
      const article = await verifiedArticle("expiry");
      // The page and /fuentes read under the article's tag; /correcciones, the RSS and the sitemap under the lists'.
      const together = [...articlePageTags(article.slug), ...articleListTags()];
      expect(articleChangeTags({ slug: article.slug })).toEqual(expect.arrayContaining(together));
      const announcedTogether = async () => heard.some((tags) => together.every((t) => tags.includes(t)));
      // Within a second on an idle machine; this one is shared and loaded, hence the margin.
      const expiry = { timeoutMs: 5_000, everyMs: 50 };
      await new Promise((r) => setTimeout(r, 500)); // the listener's connection is up
      heard.length = 0;
      sources.revise(CONSULTATION, revisedFigure);
      await app.runJob(app.linkCheckJob, { all: true });
      expect(await changedOf(article.slug)).toHaveLength(1);
      await until("the re-check's expiry", announcedTogether, expiry);

      heard.length = 0;
      await app.admin.admin.publications.edit({
        slug: article.slug,
        body_es: article.body_es.replace("1.200", "1.500"),
        correction_note_es: "La Oficina ha corregido la cifra: 1.500 contribuciones, no 1.200.",
      });
      await until("the correction's expiry", announcedTogether, expiry);
    } finally {
      await stop();
    }
  }, 240_000);

  it("cadence: recent articles daily, older ones weekly; both are settings", async () => {
    const recent = await verifiedArticle("cadence-recent", 3);
    const older = await verifiedArticle("cadence-older", 40);
    const lastChecked = async (id: string) =>
      (await app.db.sourceSnapshot.findFirstOrThrow({ where: { article_id: id, url: sources.urlOf(TRENDS) } }))
        .checked_at;
    const checkedDaysAgo = (id: string, days: number) =>
      app.db.sourceSnapshot.updateMany({
        where: { article_id: id },
        data: { checked_at: new Date(Date.now() - days * DAY) },
      });
    await checkedDaysAgo(recent.id, 2);
    await checkedDaysAgo(older.id, 2);
    const start = new Date();
    await app.runJob(app.linkCheckJob, {}); // the scheduled run's payload
    expect((await lastChecked(recent.id))!.getTime()).toBeGreaterThanOrEqual(start.getTime());
    expect((await lastChecked(older.id))!.getTime()).toBeLessThan(start.getTime());

    // A week after its last check, the older article is due.
    await checkedDaysAgo(older.id, 8);
    const weekLater = new Date();
    await app.runJob(app.linkCheckJob, {});
    expect((await lastChecked(older.id))!.getTime()).toBeGreaterThanOrEqual(weekLater.getTime());

    // The settings: older articles every 2 days; bad values are refused.
    const saved = await app.admin.admin.verification.linkCheckSettings();
    expect(saved).toEqual({ recent_days: 30, recent_every_days: 1, older_every_days: 7 });
    await expect(
      app.admin.admin.verification.updateLinkCheckSettings({ ...saved, older_every_days: 0 }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    try {
      await app.admin.admin.verification.updateLinkCheckSettings({ ...saved, older_every_days: 2 });
      await checkedDaysAgo(older.id, 3);
      const later = new Date();
      await app.runJob(app.linkCheckJob, {});
      expect((await lastChecked(older.id))!.getTime()).toBeGreaterThanOrEqual(later.getTime());
    } finally {
      await app.admin.admin.verification.updateLinkCheckSettings(saved);
    }
  }, 240_000);
});
