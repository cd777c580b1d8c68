import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { loadSeed, seedManifest } from "../../seed/load.ts";
import { adminSession, callerAs } from "../support/sessions.ts";

const m = seedManifest;
// Articles: only the seed's own (example drafts included), since files running beside this one add theirs to
// the shared database.
const counts = async () => ({
  articles: await db.article.count({ where: { slug: { in: [...m().articles, ...m().agentDrafts] } } }),
  interviews: await db.interview.count(),
  referents: await db.referent.count(),
  companies: await db.company.count(),
  applications: await db.application.count(),
  resources: await db.resource.count(),
  editorialPages: await db.editorialPage.count(),
  contactSettings: await db.contactSettings.count(),
});

describe("seed content", () => {
  it("bundles the counts the spec names", () => {
    const m = seedManifest();
    expect(
      [m.articles, m.interviews, m.referents, m.companies, m.applications, m.resources, m.editorialPages].map(
        (l) => l.length,
      ),
    ).toEqual([5, 4, 7, 3, 3, 3, 2]);
    expect(m.editorialPages.sort()).toEqual(["metodologia", "publicidad"]);
  });

  it("is loaded, and loading it again changes nothing (example drafts included)", async () => {
    const before = await counts();
    expect(before).toMatchObject({
      interviews: 4,
      referents: 7,
      companies: 3,
      applications: 3,
      resources: 3,
      editorialPages: 2,
      contactSettings: 1,
    });
    const seeded = await db.article.count({ where: { slug: { in: seedManifest().articles } } });
    expect(seeded).toBe(5);
    const snapshotsBefore = await db.sourceSnapshot.count({ where: { article: { slug: { in: m().agentDrafts } } } });
    const inserted = await loadSeed(db);
    expect(Object.values(inserted).every((n) => n === 0)).toBe(true);
    expect(await counts()).toEqual(before);
    expect(await db.sourceSnapshot.count({ where: { article: { slug: { in: m().agentDrafts } } } })).toBe(
      snapshotsBefore,
    );
  });

  it("is bilingual and cites sources", async () => {
    const articles = await db.article.findMany({ where: { slug: { in: seedManifest().articles } } });
    for (const a of articles) {
      expect(a.title_en, a.slug).toBeTruthy();
      expect(a.body_en, a.slug).toBeTruthy();
      expect((a.sources as unknown[]).length, a.slug).toBeGreaterThan(0);
      expect(a.status).toBe("published");
    }
  });

  it("adds two example AI drafts to Pendientes, with snapshots and reports: one verified, one with a finding", async () => {
    const slugs = m().agentDrafts;
    expect(slugs).toHaveLength(2);
    const drafts = await db.article.findMany({ where: { slug: { in: slugs } }, orderBy: { slug: "asc" } });
    expect(drafts.map((d) => [d.status, d.is_agent, d.publish_at])).toEqual([
      ["draft", true, null],
      ["draft", true, null],
    ]);
    // The report as the desk reads it (GET /api/articles/{slug}/verification's procedure).
    const verification = callerAs(adminSession).admin.verification;
    const [calendar, fines] = await Promise.all(
      ["ejemplo-borrador-ia-calendario-ai-act", "ejemplo-borrador-ia-multas-ai-act"].map((slug) =>
        verification.get({ slug }),
      ),
    );
    expect(calendar!.status).toBe("verified");
    expect(calendar!.report!.findings).toEqual([]);
    expect(calendar!.report!.claims.filter((c) => c.kind === "figure").every((c) => c.found)).toBe(true);
    expect(calendar!.snapshots.map((s) => [s.ok, s.status])).toEqual([
      [true, 200],
      [true, 200],
    ]);
    expect(fines!.status).not.toBe("verified");
    // The one finding is the invented fine, in both languages; the true figures are found.
    expect(fines!.report!.findings.map((f) => [f.lang, f.check])).toEqual([
      ["es", "figure_not_found"],
      ["en", "figure_not_found"],
    ]);
    expect(fines!.report!.findings.map((f) => f.claim).join(" ")).toMatch(/50/);
    expect(fines!.snapshots).toHaveLength(1);
    // Checked on every field, like a generated draft: the calendar's summary states years, in both languages.
    const calendarDraft = drafts.find((d) => d.slug === "ejemplo-borrador-ia-calendario-ai-act")!;
    for (const [lang, summary] of [
      ["es", calendarDraft.summary_es],
      ["en", calendarDraft.summary_en],
    ] as const) {
      const fromSummary = calendar!.report!.claims.filter((c) => c.lang === lang && summary?.includes(c.sentence));
      expect(
        fromSummary.map((c) => [c.kind, c.found]),
        lang,
      ).toContainEqual(["figure", true]);
    }
    // Drafts only: nothing public changes.
    expect(await db.article.count({ where: { slug: { in: slugs }, status: "published" } })).toBe(0);
  });
});
