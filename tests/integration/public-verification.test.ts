import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type GroundedApp, startGroundedApp } from "../support/grounded-app.ts";

let grounded: GroundedApp;
let app: GroundedApp["app"];
let publicVerificationOf: (
  slug: string,
) => ReturnType<typeof import("~/features/grounding/index.ts").publicVerification>;
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const QUOTE = "Clear guidelines will help companies comply with the AI Act from day one.";

beforeAll(async () => {
  grounded = await startGroundedApp();
  app = grounded.app;
  const [{ publicVerification }, { revisionReports }] = await Promise.all([
    import("~/features/grounding/index.ts"),
    import("~/features/publications/index.ts"),
  ]);
  publicVerificationOf = (slug) => publicVerification(app.db, revisionReports, slug);
}, 180_000);
afterAll(() => grounded?.close());
beforeEach(() => {
  grounded.openai.reset();
  grounded.sources.reset();
});

/** An agent's draft resting on the consultation page, in Pendientes. */
async function groundedDraft(label: string, body: { es: string; en: string }) {
  const agent = await app.admin.admin.agents.create({
    name: `Lectores ${label} ${unique}`,
    type: "article-generator",
    config: {
      content: {
        topics: "ai act",
        targetLength: "600",
        sourceUrls: [grounded.sources.urlOf("/ai-office/consultation")],
      },
    },
  });
  await app.admin.admin.agents.update({ ...agent, status: "active" });
  grounded.openai.draft = {
    title: `Consulta comprobada ${label} ${unique}`,
    summary: "x",
    body: body.es,
    topics: ["regulacion"],
    tags: ["AI Act"],
    sources: [],
  };
  grounded.openai.translation = { title: `Checked consultation ${label}`, summary: "x", body: body.en };
  const response = await app.admin.admin.agents.execute({ id: agent.id });
  await app.settleJobs();
  return app.db.article.findUniqueOrThrow({ where: { agent_run_id: response.run!.id } });
}

const FAITHFUL = {
  es: `La Oficina de IA recibió 1.200 contribuciones a su consulta anterior [1]. Henna Virkkunen dijo: “${QUOTE}” [1]`,
  en: `The AI Office received 1,200 contributions to its previous consultation [1]. Henna Virkkunen said: “${QUOTE}” [1]`,
};

describe("the verification readers see", () => {
  it("a published verified article: report date, sources with the date of their copy, each claim's passage in context", async () => {
    const article = await groundedDraft("a", FAITHFUL);
    expect(await publicVerificationOf(article.slug)).toBeNull(); // a draft has no public side
    await app.admin.admin.publications.review({ slug: article.slug, status: "published" });

    const seen = await publicVerificationOf(article.slug);
    expect(seen).not.toBeNull();
    const { report } = await app.admin.admin.verification.get({ slug: article.slug });
    expect(seen!.checkedAt.toISOString()).toBe(report!.checkedAt);
    expect(seen!.reviewedAt).toBeNull();
    expect(seen!.sources).toHaveLength(1);
    expect(seen!.sources[0]).toMatchObject({ n: 1, url: grounded.sources.urlOf("/ai-office/consultation") });
    expect(seen!.sources[0]!.copiedAt).toBeInstanceOf(Date);
    expect(seen!.counts.es).toEqual({ figures: 1, quotes: 1 });
    expect(seen!.counts.en).toEqual({ figures: 1, quotes: 1 });

    const figure = seen!.claims.find((c) => c.lang === "es" && c.kind === "figure")!;
    expect(figure.passage).toContain("1,200 contributions");
    expect(figure.sentence).toContain("1.200 contribuciones");
    // A few sentences around the passage, never the whole copy: the page's first sentence is too far away.
    expect(figure.before.length).toBeGreaterThan(0);
    expect(figure.before.length).toBeLessThanOrEqual(2);
    expect([...figure.before, figure.passage, ...figure.after].join(" ")).not.toContain(
      "The European Commission has opened a public consultation",
    );
    const quote = seen!.claims.find((c) => c.lang === "en" && c.kind === "quote")!;
    expect(quote.passage).toContain(QUOTE);
    expect(new Set(seen!.claims.map((c) => c.id)).size).toBe(seen!.claims.length);
  });

  it("an article published over confirmed findings says it was reviewed, with the date and no notes", async () => {
    const article = await groundedDraft("b", {
      es: "La consulta recibió 9.999 contribuciones [1].",
      en: "The consultation received 9,999 contributions [1].",
    });
    await app.admin.admin.publications.review({ slug: article.slug, status: "published", confirm_findings: true });
    const seen = await publicVerificationOf(article.slug);
    expect(seen!.reviewedAt).toBeInstanceOf(Date);
    expect(seen!.counts.es).toEqual({ figures: 1, quotes: 0 });
    expect(seen!.claims).toEqual([]); // nothing the sources support, nothing linked
    expect(JSON.stringify(seen)).not.toContain("figure_not_found");
  });

  it("an article without a report (the editors' own) has no public verification", async () => {
    const editors = await app.db.article.create({
      data: {
        slug: `de-la-redaccion-${unique}`,
        title_es: "Escrito por la redacción",
        summary_es: "Sin agente ni informe.",
        body_es: "Un párrafo.",
        date: new Date(),
        published_at: new Date(),
        status: "published",
      },
    });
    expect(await publicVerificationOf(editors.slug)).toBeNull();
    expect(await publicVerificationOf(`no-such-article-${unique}`)).toBeNull();
  });
});
