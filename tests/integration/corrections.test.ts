import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { buildRssFeed } from "~/features/articles/rss-feed.ts";
import { correctionsJsonLd, listCorrections, readerNotes } from "~/features/publications/index.ts";
import { recordRevision } from "~/features/publications/record-revision.ts";
import { sitemapXml } from "~/features/seo/sitemap.ts";
import { db } from "~/platform/db/db.ts";
import { buildArticle } from "../support/builders.ts";
import { restAdmin } from "../support/rest-admin.ts";

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const OFFICIAL = { name: "Comisión Europea", url: "https://digital-strategy.ec.europa.eu/es/policies/ai-act" };
const BODY = "La Oficina recibió 1.200 contribuciones [1]. Henna Virkkunen dijo: «Las guías ayudarán» [1].";

async function published(suffix: string) {
  const row = await buildArticle(db, {
    slug: `corr-${suffix}-${unique}`,
    title_es: `Consulta ${suffix}`,
    title_en: `Consultation ${suffix}`,
    summary_es: "La Comisión abre una consulta.",
    body_es: BODY,
    topics: ["regulacion"],
    sources: [OFFICIAL],
    status: "published",
    published_at: new Date(),
  });
  await recordRevision(db, null, row, { action: "agent_draft", actor: { id: null, name: "Vigía" } });
  return row;
}

const lastRevision = (id: string) =>
  db.articleRevision.findFirstOrThrow({ where: { article_id: id }, orderBy: { created_at: "desc" } });

describe("corrections of published articles", () => {
  it("a changed title, summary, figure or quotation without a note or a typo choice is a 400 naming the field; nothing is written", async () => {
    const { call } = await restAdmin(`corr-rule-${unique}`);
    const a = await published("rule");
    const substantive = [
      { title_es: "Consulta corregida" },
      { summary_es: "La Comisión cierra una consulta." },
      { body_es: BODY.replace("1.200", "1.300") },
      { body_es: BODY.replace("Las guías ayudarán", "Las guías no ayudarán") },
    ];
    for (const change of substantive) {
      const res = await call("PATCH", `/articles/${a.slug}`, change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", field: "correction_note_es" });
    }
    const after = await db.article.findUniqueOrThrow({ where: { id: a.id } });
    expect(after.updated_at).toEqual(a.updated_at);
    expect(await db.articleRevision.count({ where: { article_id: a.id } })).toBe(1);
    // Rewording that keeps every figure and quotation needs no note, and stores none.
    const reworded = await call("PATCH", `/articles/${a.slug}`, { body_es: BODY.replace("recibió", "ha recibido") });
    expect(reworded.status).toBe(200);
    expect(await lastRevision(a.id)).toMatchObject({ correction_es: null, typo_fix: false });
  });

  it("a typo fix is stored as the editor's explicit choice, with no public note", async () => {
    const { call } = await restAdmin(`corr-typo-${unique}`);
    const a = await published("typo");
    const res = await call("PATCH", `/articles/${a.slug}`, { title_es: "Consulta  typo", typo_fix: true });
    expect(res.status).toBe(200);
    expect(await lastRevision(a.id)).toMatchObject({ action: "edit", typo_fix: true, correction_es: null });
    expect((await readerNotes(db, a.slug)).corrections).toEqual([]);
  });

  it("a correction note is stored on the revision and the audit trail, shown on the article, in /correcciones, JSON-LD and the feed", async () => {
    const { call, user } = await restAdmin(`corr-note-${unique}`);
    const a = await published("note");
    const before = await buildRssFeed(db, {
      locale: "es",
      siteUrl: "https://x.example",
      title: "t",
      description: "d",
      copyright: "c",
      industryUpdate: "i",
    });
    const res = await call("PATCH", `/articles/${a.slug}`, {
      body_es: BODY.replace("1.200", "1.300"),
      correction_note_es: "La cifra de contribuciones era 1.300, no 1.200.",
      correction_note_en: "The number of contributions was 1,300, not 1,200.",
    });
    expect(res.status).toBe(200);
    const revision = await lastRevision(a.id);
    expect(revision).toMatchObject({
      action: "edit",
      actor_id: user.id,
      correction_es: "La cifra de contribuciones era 1.300, no 1.200.",
      correction_en: "The number of contributions was 1,300, not 1,200.",
      fields: ["body_es"],
    });
    const audit = await db.auditEntry.findFirstOrThrow({
      where: { actor_id: user.id, target_id: a.slug },
      orderBy: { created_at: "desc" },
    });
    expect(JSON.stringify(audit.details)).toContain("La cifra de contribuciones era 1.300");

    const notes = await readerNotes(db, a.slug);
    expect(notes.corrections).toEqual([
      { at: revision.created_at, es: revision.correction_es, en: revision.correction_en },
    ]);
    const listed = (await listCorrections(db)).find((c) => c.slug === a.slug);
    expect(listed).toMatchObject({ es: revision.correction_es, title_es: "Consulta note" });
    expect((await listCorrections(db))[0]!.at.getTime()).toBeGreaterThanOrEqual(revision.created_at.getTime());

    const updated = await db.article.findUniqueOrThrow({ where: { id: a.id } });
    const ld = correctionsJsonLd(notes.corrections, updated.updated_at, "en");
    expect(ld).toEqual({
      dateModified:
        revision.created_at > updated.updated_at ? revision.created_at.toISOString() : updated.updated_at.toISOString(),
      correction: [
        {
          "@type": "CorrectionComment",
          text: "The number of contributions was 1,300, not 1,200.",
          datePublished: revision.created_at.toISOString(),
        },
      ],
    });
    // The feed item says when it was updated: now, after the correction.
    const after = await buildRssFeed(db, {
      locale: "es",
      siteUrl: "https://x.example",
      title: "t",
      description: "d",
      copyright: "c",
      industryUpdate: "i",
    });
    const item = (xml: string) =>
      [new XMLParser().parse(xml).rss.channel.item].flat().find((i: { link: string }) => i.link.endsWith(a.slug));
    expect(item(before)["atom:updated"]).toBe(a.updated_at.toISOString());
    expect(item(after)["atom:updated"]).toBe(updated.updated_at.toISOString());
    expect(updated.updated_at.getTime()).toBeGreaterThan(a.updated_at.getTime());
  });

  it("the corrections page is in the sitemap, /correcciones in Spanish and /en/corrections in English", () => {
    const xml = sitemapXml({ articles: [], interviews: [], referents: [] });
    expect(xml).toMatch(/<loc>[^<]*\/correcciones<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]*\/en\/corrections<\/loc>/);
    expect(xml).not.toMatch(/\/en\/correcciones/);
  });
});
