import { describe, expect, it } from "vitest";
import { DEFAULT_TRANSLATION } from "../support/fake-openai.ts";
import { SOURCE_PAGES } from "../support/fake-sources.ts";
import { groundedSuite } from "../support/grounded-app.ts";

// Providers read their settings at import: the shared set-up starts the fakes, points the env at them, then
// imports the app.
const grounded = groundedSuite();
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function activeAgent(
  type: "article-generator" | "news-aggregator",
  config: Record<string, unknown>,
  auto = false,
) {
  const agent = await grounded.app.admin.admin.agents.create({
    name: `Vigía ${type} ${unique} ${Math.random().toString(36).slice(2, 6)}`,
    type,
    config: { content: { topics: "ai act, frontier", targetLength: "600", ...config } },
    auto_publish: auto,
  });
  return grounded.app.admin.admin.agents.update({ ...agent, status: "active" });
}

async function execute(agentId: string) {
  const response = await grounded.app.admin.admin.agents.execute({ id: agentId });
  await grounded.app.settleJobs();
  const run = await grounded.app.admin.admin.runs.byId({ id: response.run!.id });
  const article = await grounded.app.db.article.findUnique({ where: { agent_run_id: run.id } });
  return { run, article };
}

const CONSULTATION = SOURCE_PAGES["/ai-office/consultation"]!;

describe("grounded agent runs", () => {
  it("a run whose sources are all unreachable ends with the reason, writes no article and asks the model nothing", async () => {
    const agent = await activeAgent("article-generator", {
      sourceUrls: [grounded.sources.urlOf("/gone"), "https://example.com/not-official", "http://127.0.0.1:9/internal"],
    });
    const { run, article } = await execute(agent.id);
    expect(article).toBeNull();
    expect(run.status).toBe("failed");
    expect(run.result.failure).toMatchObject({ code: "noOfficialSource" });
    expect(run.error).toBe("No se pudo leer ninguna fuente oficial: no se ha escrito ningún borrador");
    const logs = run.logs.join("\n");
    expect(logs).toContain(`Fuente no leída: ${grounded.sources.urlOf("/gone")}: el servidor respondió HTTP 404`);
    expect(logs).toContain(
      "Fuente no leída: https://example.com/not-official: el dominio example.com no está en la lista de fuentes oficiales",
    );
    expect(logs).toContain(
      "Fuente no leída: http://127.0.0.1:9/internal: el dominio 127.0.0.1 no está en la lista de fuentes oficiales",
    );
    expect(logs).toContain("Fuentes leídas: 0 de 3");
    expect(grounded.openai.chatRequests()).toHaveLength(0);
    // The refusals are kept as snapshots of the run (the desk shows them), none linked to an article.
    const snaps = await grounded.app.db.sourceSnapshot.findMany({ where: { run_id: run.id } });
    expect(snaps.map((s) => [s.ok, s.failure_reason]).sort()).toEqual([
      [false, "http_status"],
      [false, "off_list"],
      [false, "off_list"],
    ]);
  });

  it("refuses a source URL that is not http(s) as bad input, writing nothing", async () => {
    await expect(activeAgent("article-generator", { sourceUrls: ["ftp://ec.europa.eu/file"] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("the prompt carries the fetched sources' text numbered, and the draft lists every source, read or not", async () => {
    const agent = await activeAgent("article-generator", {
      sourceUrls: [grounded.sources.urlOf("/ai-office/consultation"), grounded.sources.urlOf("/missing")],
    });
    grounded.openai.draft = {
      title: `Consulta sobre IA de alto riesgo ${unique}`,
      summary: "La Comisión abre una consulta.",
      body: "## Consulta\n\nLa Comisión Europea ha abierto una consulta pública [1].",
      topics: ["regulacion"],
      tags: ["AI Act"],
      sources: [{ name: "Inventada", url: "https://ec.europa.eu/invented" }],
    };
    grounded.openai.translation = {
      ...DEFAULT_TRANSLATION,
      body: "## Consultation\n\nThe European Commission has opened a public consultation [1].",
    };
    const { run, article } = await execute(agent.id);
    expect(run.status, run.error ?? "").toBe("completed");
    const prompt = JSON.stringify(grounded.openai.chatRequests("article_draft")[0]!.body);
    expect(prompt).toContain("[1] Commission opens consultation on high-risk AI guidelines");
    expect(prompt).toContain("Stakeholders can reply until 18 July 2025");
    expect(JSON.stringify(grounded.openai.chatRequests("translation")[0]!.body)).toContain("[1]");
    // Every gathered source is listed (the one that answered 404 too, in its place), then what the model listed
    // itself (fetched too: here the address does not resolve).
    expect(article!.sources).toEqual([
      { name: CONSULTATION.title, url: grounded.sources.urlOf("/ai-office/consultation") },
      { name: grounded.sources.host.replace(/:\d+$/, ""), url: grounded.sources.urlOf("/missing") },
      { name: "Inventada", url: "https://ec.europa.eu/invented" },
    ]);
    const snaps = await grounded.app.db.sourceSnapshot.findMany({ where: { article_id: article!.id } });
    expect(snaps).toHaveLength(3);
    expect(snaps.find((s) => s.ok)).toMatchObject({ title: CONSULTATION.title, http_status: 200 });
    expect(snaps.find((s) => s.ok)!.text).toContain("1,200 contributions");
    expect(snaps.find((s) => s.ok)!.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(run.logs.join("\n")).toContain("Fuentes leídas: 1 de 2");
  });
});

describe("verification of grounded drafts", () => {
  const faithful = {
    summary: "La Comisión abre una consulta sobre IA de alto riesgo.",
    body:
      "## Consulta\n\nLa Comisión Europea ha abierto una consulta pública sobre sistemas de IA de alto riesgo [1]. " +
      "Las partes pueden responder hasta el 18 de julio de 2025 [1]. " +
      "Henna Virkkunen afirmó: “Clear guidelines will help companies comply with the AI Act from day one.” [1]",
    topics: ["regulacion"],
    tags: ["AI Act"],
    sources: [],
  };
  const faithfulEn =
    "## Consultation\n\nThe European Commission has opened a public consultation on high-risk AI systems [1]. " +
    "Stakeholders can reply until 18 July 2025 [1]. " +
    "Henna Virkkunen said: “Clear guidelines will help companies comply with the AI Act from day one.” [1]";
  const invented = "Henna Virkkunen afirmó: “The AI Act will be paused for two years.” [1]";

  it("auto_publish publishes a fully verified draft; an invented quotation keeps it in Pendientes with the finding", async () => {
    // Each run needs an item no article covers yet (a query string makes the same page a new item).
    grounded.rssItems.push({
      title: `AI Act high-risk consultation ${unique}`,
      url: grounded.sources.urlOf("/ai-office/consultation?a=1"),
    });
    const agent = await activeAgent("news-aggregator", {}, true);
    grounded.openai.draft = { ...faithful, title: `Consulta de alto riesgo ${unique}` };
    grounded.openai.translation = { title: "High-risk consultation", summary: "A consultation.", body: faithfulEn };
    const good = await execute(agent.id);
    expect(good.run.status, good.run.error ?? "").toBe("completed");
    expect(good.article).toMatchObject({ status: "published", review_required: false });
    const verification = await grounded.app.admin.admin.verification.get({ slug: good.article!.slug });
    expect(verification.status).toBe("verified");
    expect(verification.report!.claims.some((c) => c.kind === "quote" && c.found)).toBe(true);
    expect(verification.snapshots).toMatchObject([{ ok: true, status: 200, title: CONSULTATION.title }]);

    grounded.rssItems.length = 0;
    grounded.rssItems.push({
      title: `AISI frontier trends ${unique}`,
      url: grounded.sources.urlOf("/aisi/frontier-trends"),
    });
    grounded.openai.draft = {
      ...faithful,
      title: `Tendencias de IA avanzada ${unique}`,
      body: `El Instituto evaluó modelos de frontera [1]. ${invented}`,
    };
    grounded.openai.translation = {
      title: "Frontier trends",
      summary: "Trends.",
      body: "The Institute evaluated frontier models [1]. Henna Virkkunen said: “The AI Act will be paused for two years.” [1]",
    };
    const bad = await execute(agent.id);
    expect(bad.run.status, bad.run.error ?? "").toBe("completed");
    expect(bad.article).toMatchObject({ status: "draft", review_required: true });
    expect(bad.run.logs.join("\n")).toContain("Hallazgo en español: Cita no encontrada en la fuente:");
    const report = await grounded.app.admin.admin.verification.get({ slug: bad.article!.slug });
    expect(report.status).not.toBe("verified");
    expect(report.report!.findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ lang: "es", check: "quote_not_found" })]),
    );

    // Approving it needs the editor's explicit confirmation, stored on the revision with its author.
    await expect(
      grounded.app.admin.admin.publications.review({ slug: bad.article!.slug, status: "published" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // Fixing the sentence re-runs the check on save, against the stored snapshots.
    const fixed = "El Instituto evaluó modelos de frontera [1]. Las capacidades se duplicaron cada ocho meses [1].";
    await grounded.app.admin.admin.publications.edit({
      slug: bad.article!.slug,
      body_es: fixed,
      body_en:
        "The Institute evaluated frontier models [1]. Cyber capabilities doubled roughly every eight months [1].",
    });
    expect((await grounded.app.admin.admin.verification.get({ slug: bad.article!.slug })).status).toBe("verified");
    const approved = await grounded.app.admin.admin.publications.review({
      slug: bad.article!.slug,
      status: "published",
    });
    expect(approved.status).toBe("published");
  });

  it("auto_publish holds a draft whose headline states a figure no source has, in either language; fixing it verifies", async () => {
    grounded.rssItems.push({
      title: `AI Office contributions ${unique}`,
      url: grounded.sources.urlOf("/ai-office/consultation?h=1"),
    });
    const agent = await activeAgent("news-aggregator", {}, true);
    // The body is faithful; only the headlines say 12,000 where the page says 1,200.
    grounded.openai.draft = { ...faithful, title: `La Oficina de IA recibió 12.000 contribuciones (${unique})` };
    grounded.openai.translation = {
      title: `The AI Office received 12,000 contributions (${unique})`,
      summary: "The Commission opens a consultation.",
      body: faithfulEn,
    };
    const { run, article } = await execute(agent.id);
    expect(run.status, run.error ?? "").toBe("completed");
    expect(article).toMatchObject({ status: "draft", review_required: true });
    const { report } = await grounded.app.admin.admin.verification.get({ slug: article!.slug });
    expect(report!.findings.map((f) => [f.lang, f.field, f.check, f.claim])).toEqual([
      ["es", "title", "figure_not_found", "12.000"],
      ["en", "title", "figure_not_found", "12,000"],
    ]);
    await grounded.app.admin.admin.publications.edit({
      slug: article!.slug,
      title_es: `La Oficina de IA recibió 1.200 contribuciones (${unique})`,
      title_en: `The AI Office received 1,200 contributions (${unique})`,
    });
    expect((await grounded.app.admin.admin.verification.get({ slug: article!.slug })).status).toBe("verified");
  });

  it("an editor may approve a draft with findings by confirming them; the confirmation names its author", async () => {
    grounded.rssItems.push({
      title: `Consultation again ${unique}`,
      url: grounded.sources.urlOf("/ai-office/consultation?a=2"),
    });
    const agent = await activeAgent("news-aggregator", {});
    grounded.openai.draft = {
      ...faithful,
      title: `Cifra inventada ${unique}`,
      body: "La consulta recibió 9.999 contribuciones [1].",
    };
    grounded.openai.translation = {
      title: "Made-up figure",
      summary: "x",
      body: "The consultation received 9,999 contributions [1].",
    };
    const { article } = await execute(agent.id);
    const { report } = await grounded.app.admin.admin.verification.get({ slug: article!.slug });
    expect(report!.findings.map((f) => f.check)).toContain("figure_not_found");
    await grounded.app.admin.admin.publications.review({
      slug: article!.slug,
      status: "published",
      confirm_findings: true,
    });
    const approval = await grounded.app.db.articleRevision.findFirstOrThrow({
      where: { article_id: article!.id, action: "approve" },
    });
    expect(approval.actor_name).toBe("editora");
    expect(approval.confirmed_findings.join("\n")).toContain("figure_not_found");
    const after = await grounded.app.admin.admin.verification.get({ slug: article!.slug });
    expect(after.confirmation).toMatchObject({ by: "editora" });
  });

  it("POST verification fetches the sources again and stores a new report; a page gone since is unreachable", async () => {
    const agent = await activeAgent("article-generator", {
      sourceUrls: [grounded.sources.urlOf("/ai-office/consultation")],
    });
    grounded.openai.draft = { ...faithful, title: `Reverificar ${unique}` };
    grounded.openai.translation = { title: "Re-verify", summary: "x", body: faithfulEn };
    const { article } = await execute(agent.id);
    expect((await grounded.app.admin.admin.verification.get({ slug: article!.slug })).status).toBe("verified");
    grounded.sources.failNext(Number.POSITIVE_INFINITY, 404);
    const again = await grounded.app.admin.admin.verification.reverify({ slug: article!.slug });
    grounded.sources.reset();
    expect(again.status).not.toBe("verified");
    expect(again.report!.sources).toMatchObject([{ n: 1, state: "unreachable" }]);
    const revisions = await grounded.app.db.articleRevision.findMany({
      where: { article_id: article!.id, action: "verify" },
    });
    expect(revisions).toHaveLength(1);
  });
});
