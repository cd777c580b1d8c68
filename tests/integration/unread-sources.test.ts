import { beforeAll, describe, expect, it } from "vitest";
import { buildArticle } from "../support/builders.ts";
import { groundedSuite } from "../support/grounded-app.ts";
import { expectAppOn } from "../support/private-database.ts";

// A source the site could not read is never a published source: the run log counts only what was read (and
// says which listed ones were not, and why), and nothing readers get (the article's list, its verification
// box and /fuentes, the REST API, the newsletter) links a source whose newest copy failed. Real PostgreSQL,
// loopback fakes. On the grounded app's database of its own: its active agents never meet another file's
// "no active agent" check.
const grounded = groundedSuite();
beforeAll(() => expectAppOn(grounded.app.db, grounded.database.name));
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Listed = { name: string; url: string };

async function readerViews(slug: string) {
  // Imported after the suite pointed the env at the fakes (providers read it at import).
  const [{ readerNotes, revisionReports }, { publicVerification }, { handleRest }] = await Promise.all([
    import("~/features/publications/index.ts"),
    import("~/features/grounding/index.ts"),
    import("~/server/rest/handler.ts"),
  ]);
  const db = grounded.app.db;
  const rest = async (path: string) => {
    const res = await handleRest(new Request(`http://localhost/api${path}`));
    expect(res.status).toBe(200);
    return res.json();
  };
  const one = (await rest(`/articles/${slug}`)) as { sources: Listed[] };
  const list = (await rest("/articles/status/published")) as { slug: string; sources: Listed[] }[];
  return {
    page: (await readerNotes(db, slug)).sources,
    verification: await publicVerification(db, revisionReports, slug),
    api: one.sources,
    apiList: list.find((a) => a.slug === slug)?.sources,
  };
}

/** An agent's run over three listed sources: the first read, the second 404, the third 500; the body cites [1]. */
async function runWithUnreadSources() {
  const read = grounded.sources.urlOf(`/ai-office/consultation?u=${unique}`);
  const gone = grounded.sources.urlOf(`/gone-${unique}`);
  const broken = `/broken-${unique}`;
  grounded.sources.answer(broken, 500);
  const agent = await grounded.app.admin.admin.agents.create({
    name: `Sin leer ${unique}`,
    type: "article-generator",
    config: {
      content: { topics: "ai act", targetLength: "600", sourceUrls: [read, gone, grounded.sources.urlOf(broken)] },
    },
    auto_publish: false,
  });
  await grounded.app.admin.admin.agents.update({ ...agent, status: "active" });
  grounded.openai.draft = {
    title: `Consulta abierta ${unique}`,
    summary: "La Comisión abre una consulta.",
    body: "La Comisión Europea ha abierto una consulta pública sobre sistemas de IA de alto riesgo [1].",
    topics: ["regulacion"],
    tags: [],
    sources: [],
  };
  grounded.openai.translation = {
    title: "Consultation open",
    summary: "The Commission opens a consultation.",
    body: "The European Commission has opened a public consultation on high-risk AI systems [1].",
  };
  const response = await grounded.app.admin.admin.agents.execute({ id: agent.id });
  await grounded.app.settleJobs();
  const run = await grounded.app.admin.admin.runs.byId({ id: response.run!.id });
  const article = await grounded.app.db.article.findUniqueOrThrow({ where: { agent_run_id: run.id } });
  const logs = (locale: "es" | "en") =>
    grounded.app.admin.admin.runs
      .byId({ id: run.id, locale })
      .then((r) => r.logs.map((l) => l.replace(/^\[[^\]]*\] /, "")));
  return { run, article, logs, urls: { read, gone, broken: grounded.sources.urlOf(broken) } };
}

describe("a listed source that was not read", () => {
  it("is not counted as verified in the run log, which says how many were not read and why", async () => {
    const { run, article, logs, urls } = await runWithUnreadSources();
    expect(run.status, run.error ?? "").toBe("completed");
    expect((article.sources as Listed[]).map((s) => s.url)).toEqual([urls.read, urls.gone, urls.broken]);

    const es = await logs("es");
    expect(es).not.toContain("Fuentes verificadas: 3 oficiales");
    expect(es).toContain(
      "Fuentes verificadas: 1 oficial de 3 listadas; 2 sin leer: [2] el servidor respondió HTTP 404; [3] el servidor respondió HTTP 500",
    );
    const en = await logs("en");
    expect(en).toContain(
      "Sources checked: 1 official of 3 listed; 2 not read: [2] the server answered HTTP 404; [3] the server answered HTTP 500",
    );
  });

  it("is never listed to readers of the published article: its page, verification, /fuentes and the API", async () => {
    const { article, urls } = await runWithUnreadSources();
    await grounded.app.admin.admin.publications.review({
      slug: article.slug,
      status: "published",
      confirm_findings: true,
    });
    const seen = await readerViews(article.slug);
    expect(seen.api.map((s) => s.url)).toEqual([urls.read]);
    expect(seen.apiList?.map((s) => s.url)).toEqual([urls.read]);
    expect(seen.verification!.sources.map((s) => [s.n, s.url])).toEqual([[1, urls.read]]);
    // The read source keeps its number: the body's [1] still points at it.
    expect(seen.page).toEqual([expect.objectContaining({ n: 1, url: urls.read })]);
    expect(JSON.stringify(seen)).not.toContain(urls.gone);
    expect(JSON.stringify(seen)).not.toContain(urls.broken);
  });

  it("only the newest copy of each source counts, and a source never fetched (an editor's own) stays listed", async () => {
    const db = grounded.app.db;
    const sources: Listed[] = [
      { name: "Sin copia", url: `https://www.boe.es/sin-copia-${unique}` },
      { name: "Caída", url: `https://www.boe.es/caida-${unique}` },
      { name: "Fuera de la lista", url: `https://example.com/leida-${unique}` },
      { name: "Recuperada", url: `https://www.aepd.es/recuperada-${unique}` },
      { name: "Caída después", url: `https://www.nist.gov/caida-despues-${unique}` },
      { name: "Sin cambios", url: `https://www.boe.es/sin-cambios-${unique}` },
    ];
    const article = await buildArticle(db, {
      slug: `fuentes-editor-${unique}`,
      status: "published",
      published_at: new Date(),
      sources,
    });
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const copy = (url: string, fetched: Date, outcome: { ok: boolean; status: number | null; reason?: string }) =>
      db.sourceSnapshot.create({
        data: {
          article_id: article.id,
          url,
          final_url: url,
          ok: outcome.ok,
          http_status: outcome.status,
          failure_reason: outcome.reason ?? null,
          fetched_at: fetched,
          title: outcome.ok ? "Copia" : "",
          text: outcome.ok ? "Texto de la copia." : "",
        },
      });
    await copy(sources[1]!.url, at(5), { ok: false, status: 404, reason: "http_status" });
    await copy(sources[2]!.url, at(5), { ok: true, status: 200 });
    await copy(sources[3]!.url, at(10), { ok: false, status: null, reason: "timeout" });
    await copy(sources[3]!.url, at(5), { ok: true, status: 200 });
    await copy(sources[4]!.url, at(10), { ok: true, status: 200 });
    await copy(sources[4]!.url, at(5), { ok: false, status: null, reason: "robots" });
    await copy(sources[5]!.url, at(5), { ok: true, status: 304 });

    const seen = await readerViews(article.slug);
    const visible = [sources[0]!, sources[3]!, sources[5]!];
    expect(seen.api).toEqual(visible);
    expect(seen.apiList).toEqual(visible);
    expect(seen.page).toEqual([
      { n: 1, ...visible[0] },
      { n: 4, ...visible[1] },
      { n: 6, ...visible[2] },
    ]);
    expect(seen.verification).toBeNull(); // no report: the editors' article has no verification box
  });

  it("is left out of the weekly newsletter's item, which readers get by e-mail and in the archive", async () => {
    const db = grounded.app.db;
    // A week of its own, far from other files' articles: this article is the week's piece.
    const now = new Date(Date.UTC(2090 + Math.floor(Math.random() * 9), 1 + Math.floor(Math.random() * 10), 15));
    const read = { name: "Leída", url: `https://www.boe.es/leida-boletin-${unique}` };
    const gone = { name: "Caída", url: `https://www.boe.es/caida-boletin-${unique}` };
    const article = await buildArticle(db, {
      slug: `boletin-fuentes-${unique}`,
      status: "published",
      published_at: now,
      date: new Date(now.getTime() - 86_400_000),
      sources: [gone, read],
    });
    for (const [source, ok] of [
      [gone, false],
      [read, true],
    ] as const)
      await db.sourceSnapshot.create({
        data: {
          article_id: article.id,
          url: source.url,
          final_url: source.url,
          ok,
          http_status: ok ? 200 : 404,
          failure_reason: ok ? null : "http_status",
          fetched_at: now,
        },
      });
    const { generateWeeklyNewsletter } = await import("~/features/newsletter/compose/generate.ts");
    const newsletter = await generateWeeklyNewsletter(db, now);
    try {
      const items = newsletter.items as { slug: string; sources?: { name: string; url: string }[] }[];
      expect(items.find((i) => i.slug === article.slug)?.sources).toEqual([read]);
    } finally {
      await db.newsletter.delete({ where: { id: newsletter.id } });
    }
  });
});
