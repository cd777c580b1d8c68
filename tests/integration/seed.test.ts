import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { loadSeed, seedManifest } from "../../seed/load.ts";

const counts = async () => ({
  articles: await db.article.count(),
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

  it("is loaded, and loading it again changes nothing", async () => {
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
    const inserted = await loadSeed(db);
    expect(Object.values(inserted).every((n) => n === 0)).toBe(true);
    expect(await counts()).toEqual(before);
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
});
