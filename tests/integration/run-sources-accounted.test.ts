import { describe, expect, it } from "vitest";
import { LARGE_ACT } from "../support/fake-sources.ts";
import { groundedSuite } from "../support/grounded-app.ts";

// Every source a run gathered is accounted for (read, or refused with its reason), and the run's log says so
// in the admin's language. Real HTTP: a loopback OpenAI and official-site stand-in, real PostgreSQL.
const grounded = groundedSuite();
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function execute(agentId: string) {
  const response = await grounded.app.admin.admin.agents.execute({ id: agentId });
  await grounded.app.settleJobs();
  const run = await grounded.app.admin.admin.runs.byId({ id: response.run!.id });
  const article = await grounded.app.db.article.findUnique({ where: { agent_run_id: run.id } });
  return { run, article, logs: run.logs.map((l) => l.replace(/^\[[^\]]*\] /, "")) };
}

async function activeAgent(type: "article-generator" | "news-aggregator", config: Record<string, unknown> = {}) {
  const agent = await grounded.app.admin.admin.agents.create({
    name: `Cuentas ${type} ${unique} ${Math.random().toString(36).slice(2, 6)}`,
    type,
    config: { content: { topics: "ai act, frontier", targetLength: "600", ...config } },
    auto_publish: false,
  });
  return grounded.app.admin.admin.agents.update({ ...agent, status: "active" });
}

const body =
  "## Consulta\n\nLa Comisión Europea ha abierto una consulta pública sobre sistemas de IA de alto riesgo [1]. " +
  "El Instituto evaluó 30 modelos de frontera [2]. " +
  "La Oficina de IA recibió 500 contribuciones de la industria [3].";
const bodyEn =
  "## Consultation\n\nThe European Commission has opened a public consultation on high-risk AI systems [1]. " +
  "The Institute evaluated 30 frontier models [2]. " +
  "The AI Office received 500 contributions from industry [3].";

describe("every source of a run is accounted for", () => {
  it("a feed item whose page answers 404 stays in the article's sources, out of the prompt, and a sentence tied only to it says why", async () => {
    const gone = grounded.sources.urlOf(`/gone-${unique}`);
    grounded.rssItems.push(
      {
        title: `AI Act consultation opens ${unique}`,
        url: grounded.sources.urlOf(`/ai-office/consultation?u=${unique}`),
      },
      { title: `Frontier trends report ${unique}`, url: grounded.sources.urlOf(`/aisi/frontier-trends?u=${unique}`) },
      { title: `AI Act contributions tally ${unique}`, url: gone },
    );
    const agent = await activeAgent("news-aggregator");
    grounded.openai.draft = {
      title: `Consulta y tendencias ${unique}`,
      summary: "Resumen.",
      body,
      topics: [],
      tags: [],
      sources: [],
    };
    grounded.openai.translation = { title: "Consultation and trends", summary: "Summary.", body: bodyEn };
    const { run, article, logs } = await execute(agent.id);
    expect(run.status, run.error ?? "").toBe("completed");

    // The model saw only the two pages that were read, numbered as the article numbers them.
    const prompt = JSON.stringify(grounded.openai.chatRequests("article_draft")[0]!.body);
    expect(prompt).toContain("[1] Commission opens consultation");
    expect(prompt).toContain("[2] AI Security Institute publishes");
    expect(prompt).not.toContain(gone);

    // The article lists all three, in the run's order: the third is the page that answered 404.
    expect((article!.sources as { url: string }[]).map((s) => s.url)).toEqual([
      grounded.sources.urlOf(`/ai-office/consultation?u=${unique}`),
      grounded.sources.urlOf(`/aisi/frontier-trends?u=${unique}`),
      gone,
    ]);
    const { report } = await grounded.app.admin.admin.verification.get({ slug: article!.slug });
    expect(report!.sources).toEqual([
      expect.objectContaining({ n: 1, state: "fetched" }),
      expect.objectContaining({ n: 2, state: "fetched" }),
      expect.objectContaining({ n: 3, state: "unreachable", status: 404, reason: "http_status" }),
    ]);
    // The sentence tied only to [3] has its own finding, with the reason: not "source [3] does not exist".
    const tied = report!.findings.filter((f) => f.sentence.includes("500"));
    expect(tied.map((f) => [f.lang, f.check])).toEqual([
      ["es", "source_status"],
      ["en", "source_status"],
    ]);
    expect(tied[0]!.detail).toContain("404");
    expect(report!.findings.map((f) => f.check)).not.toContain("tie_unknown_source");

    // The log: each line in Spanish, the refusal's reason once, plurals right, finding names not codes.
    expect(logs).toContain(`Fuente no leída: ${gone}: el servidor respondió HTTP 404`);
    expect(logs).toContain("Fuentes leídas: 2 de 3");
    expect(logs.join("\n")).not.toMatch(/answered|source_status|tie_unknown_source|needs_review|failed,/);
    // The unread source is a finding of its own (once), besides the sentence tied to it in each language.
    expect(logs).toContain("Verificación (es): No verificado, 2 hallazgos");
    expect(logs.find((l) => l.startsWith("Verificación (es + en)"))).toBe(
      "Verificación (es + en): No verificado, 3 hallazgos",
    );
    expect(logs).toContain(
      "Hallazgo en español: La fuente no respondió 2xx: La Oficina de IA recibió 500 contribuciones de la industria.",
    );

    // The same log read by an admin working in English: every line in English, nothing left in Spanish.
    const english = (await grounded.app.admin.admin.runs.byId({ id: run.id, locale: "en" })).logs.map((l) =>
      l.replace(/^\[[^\]]*\] /, ""),
    );
    expect(english).toContain(`Source not read: ${gone}: the server answered HTTP 404`);
    expect(english).toContain("Sources read: 2 of 3");
    expect(english).toContain(
      "Finding in Spanish: The source did not answer 2xx: La Oficina de IA recibió 500 contribuciones de la industria.",
    );
    expect(english.join("\n")).not.toMatch(/Fuente|Verificación|Hallazgo|Borrador|Inicio|leídas/);
  });

  it("a redirect to a host off the list is refused under the redirect's target, and the log says it redirected", async () => {
    const moved = `/moved-${unique}`;
    const target = `http://localhost:${new URL(grounded.sources.url).port}/ai-office/consultation`;
    grounded.sources.redirect(moved, target);
    const agent = await activeAgent("article-generator", {
      sourceUrls: [grounded.sources.urlOf("/ai-office/consultation"), grounded.sources.urlOf(moved)],
    });
    grounded.openai.draft = {
      title: `Redirección ${unique}`,
      summary: "Resumen.",
      body: "La Comisión Europea ha abierto una consulta pública [1]. La consulta cubre el artículo 6 [2].",
      topics: [],
      tags: [],
      sources: [{ name: "Inventada", url: "https://ec.europa.eu/invented" }],
    };
    grounded.openai.translation = {
      title: "Redirect",
      summary: "Summary.",
      body: "The European Commission has opened a public consultation [1]. It covers Article 6 [2].",
    };
    const { run, article, logs } = await execute(agent.id);
    expect(run.status, run.error ?? "").toBe("completed");
    const refusal = logs.filter((l) => l.startsWith("Fuente") && l.includes(moved));
    expect(refusal).toEqual([
      `Fuente no leída: ${grounded.sources.urlOf(moved)}, redirigida a ${target}: el dominio localhost no está en la lista de fuentes oficiales`,
    ]);
    expect(logs.join("\n")).not.toContain("allow-list");
    // The refused redirect is in the article's list, after the read page; the model's own URL comes last.
    expect((article!.sources as { url: string }[]).map((s) => s.url)).toEqual([
      grounded.sources.urlOf("/ai-office/consultation"),
      grounded.sources.urlOf(moved),
      "https://ec.europa.eu/invented",
    ]);
    const { report } = await grounded.app.admin.admin.verification.get({ slug: article!.slug });
    expect(report!.sources[1]).toMatchObject({ n: 2, state: "off_list", finalUrl: target, reason: "off_list" });
    // The sentence tied to it has its finding, naming the redirect.
    // Listed and not read: one finding for the source, and one for the sentence tied to it in each language.
    const offList = report!.findings.filter((f) => f.check === "source_off_list" && f.sentence);
    expect(report!.findings.filter((f) => f.check === "source_off_list" && !f.sentence)).toHaveLength(1);
    expect(offList.map((f) => f.lang)).toEqual(["es", "en"]);
    expect(offList[0]!.sentence).toContain("artículo 6");
    expect(offList[0]!.detail).toContain(`redirects to ${target}`);
  });

  it("URLs the model lists itself are fetched and accounted for: read, or refused with the reason", async () => {
    const consultation = grounded.sources.urlOf(`/ai-office/consultation?m=${unique}`);
    const extraRead = grounded.sources.urlOf(`/aisi/frontier-trends?m=${unique}`);
    const offList = `https://example.com/blog-${unique}`;
    const agent = await activeAgent("article-generator", { sourceUrls: [consultation] });
    grounded.openai.draft = {
      title: `Fuentes del modelo ${unique}`,
      summary: "Resumen.",
      body: "La Comisión Europea ha abierto una consulta pública sobre sistemas de IA de alto riesgo [1].",
      topics: [],
      tags: [],
      sources: [
        { name: "La misma", url: consultation },
        { name: "Instituto", url: extraRead },
        { name: "Blog", url: offList },
      ],
    };
    grounded.openai.translation = {
      title: "Model sources",
      summary: "Summary.",
      body: "The European Commission has opened a public consultation on high-risk AI systems [1].",
    };
    const { run, article, logs } = await execute(agent.id);
    expect(run.status, run.error ?? "").toBe("completed");
    // The gathered source keeps its number; the model's own URLs follow it, once each.
    expect((article!.sources as { url: string }[]).map((s) => s.url)).toEqual([consultation, extraRead, offList]);
    const { report } = await grounded.app.admin.admin.verification.get({ slug: article!.slug });
    expect(report!.sources).toEqual([
      expect.objectContaining({ n: 1, url: consultation, state: "fetched" }),
      expect.objectContaining({ n: 2, url: extraRead, state: "fetched", reason: null }),
      expect.objectContaining({ n: 3, url: offList, state: "off_list", reason: "off_list" }),
    ]);
    expect(report!.findings.map((f) => f.check)).not.toContain("source_not_fetched");
    expect(logs).toContain(
      `Fuente no leída: ${offList}: el dominio example.com no está en la lista de fuentes oficiales`,
    );
    expect(logs.some((l) => l.startsWith(`Fuente leída: ${extraRead}`))).toBe(true);
  });

  it("a source over the size cap is read up to the cap, kept as truncated, and a claim not found in it says so", async () => {
    const url = grounded.sources.urlOf(LARGE_ACT.path);
    const agent = await activeAgent("article-generator", { sourceUrls: [url] });
    grounded.openai.draft = {
      title: `Texto consolidado ${unique}`,
      summary: "Resumen.",
      body: "El texto consolidado se aplica desde el 2 de agosto de 2026 [1]. El anexo XIV enumera 777 usos adicionales [1].",
      topics: [],
      tags: [],
      sources: [],
    };
    grounded.openai.translation = {
      title: "Consolidated text",
      summary: "Summary.",
      body: "The consolidated text applies from 2 August 2026 [1]. Annex XIV lists 777 additional uses [1].",
    };
    const { run, article, logs } = await execute(agent.id);
    expect(run.status, run.error ?? "").toBe("completed");
    expect(JSON.stringify(grounded.openai.chatRequests("article_draft")[0]!.body)).toContain(LARGE_ACT.opening);
    expect(logs).toContain(`Fuente leída: ${url} (${LARGE_ACT.title})`);
    expect(logs).toContain(`Solo se leyó el principio de ${url}: supera el tamaño máximo de lectura`);
    const verification = await grounded.app.admin.admin.verification.get({ slug: article!.slug });
    expect(verification.snapshots).toMatchObject([{ url, ok: true, truncated: true }]);
    expect(verification.report!.sources).toMatchObject([{ n: 1, state: "fetched", truncated: true }]);
    const missing = verification.report!.findings.filter((f) => f.check === "figure_not_found");
    expect(missing.map((f) => [f.lang, f.claim])).toEqual([
      ["es", "777"],
      ["en", "777"],
    ]);
    for (const f of missing) expect(f.detail).toContain("[1] was read only in part");
    // The date near its start was read, and holds.
    expect(verification.report!.claims.some((c) => c.found && c.sentence.includes("2026"))).toBe(true);
  }, 180_000);
});
