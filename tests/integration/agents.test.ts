import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { agentProvidersSuite, CONSULTATION } from "../support/agent-providers.ts";
import { ATOM_ENTRY, NEWSAPI_ARTICLE, RSS_ITEM } from "../support/fake-news.ts";
import { SOURCE_PAGES } from "../support/fake-sources.ts";

/**
 * Each agent type's run against fake providers (OpenAI, Perplexity, NewsAPI and feeds, official sites), through
 * the real entry point: what it reads, writes and cites; auto-publish of a verified draft.
 */
const { parts, rssItems, imageDir, unique, activeAgent, execute } = agentProvidersSuite();
type Parts = ReturnType<typeof parts>;
let openai: Parts["openai"];
let perplexity: Parts["perplexity"];
let news: Parts["news"];
let sources: Parts["sources"];
let app: Parts["app"];
beforeAll(() => {
  ({ openai, perplexity, news, sources, app } = parts());
});

describe("agent runs against fake providers", () => {
  it("answers execute-all with 'Sin agentes activos' when no agent is active", async () => {
    await app.db.agent.updateMany({ where: { status: "active" }, data: { status: "paused" } });
    const res = await app.admin.admin.agents.executeAll();
    expect(res).toMatchObject({ success: false, message: "Sin agentes activos", runs: [] });
  });

  it("article-generator: a bilingual draft with official sources, an image and step logs", async () => {
    const agent = await activeAgent("article-generator");
    await app.db.agent.update({
      where: { id: agent.id },
      data: { config: { ...agent.config, content: { ...agent.config.content, generateImage: true } } },
    });
    const { response, run, article } = await execute(agent.id);
    expect(response.agentName).toBe(agent.name);
    expect(run.status, run.error ?? "").toBe("completed");
    expect(run.progress).toBe(100);
    expect(run.duration_ms).toBeGreaterThanOrEqual(0);
    expect(run.result.generatedContent).toMatchObject({ title: openai.draft.title, type: "analisis" });
    const logs = run.logs.join("\n");
    for (const step of [
      "Inicio",
      "Material reunido",
      "Borrador",
      "Versión en",
      "Fuentes verificadas",
      "Imagen",
      "Guardado",
    ])
      expect(logs).toContain(step);
    // The feed search also found pages on hosts this machine cannot reach: listed, not read, so the draft
    // waits for an editor, each of them a finding with its reason (no sentence rests on them).
    const listedUnread = await app.admin.admin.verification.get({ slug: article!.slug });
    expect(listedUnread.report!.findings.every((f) => f.sentence === "" && f.check === "source_not_fetched")).toBe(
      true,
    );
    expect(listedUnread.report!.findings.length).toBeGreaterThan(0);
    expect(article).toMatchObject({
      title_es: openai.draft.title,
      title_en: "The European AI Office publishes the code of practice",
      status: "draft",
      review_required: true,
      is_agent: true,
      author: agent.name,
      type: "analisis",
    });
    expect(article!.body_en).toContain("What changes");
    // The article cites what was read, numbered as the prompt numbered it (not what the model listed): the
    // editor's URL first, then what the feed search found on the agent's topics.
    expect((article!.sources as unknown[])[0]).toEqual({
      name: SOURCE_PAGES[CONSULTATION]!.title,
      url: sources.urlOf(CONSULTATION),
    });
    expect(article!.topics).toEqual(["regulacion", "seguridad-alignment"]);
    // The draft's first revision: written by the agent, with the whole content as its "after".
    const revisions = await app.db.articleRevision.findMany({ where: { article_id: article!.id } });
    expect(revisions).toMatchObject([{ action: "agent_draft", actor_id: null, actor_name: agent.name }]);
    expect(revisions[0]?.after).toMatchObject({ title_en: article!.title_en, sources: article!.sources });
    expect(revisions[0]?.verification_status).toBe("needs_review");
    expect(article!.image_url).toMatch(/^\/api\/media\/.+\.jpg$/);
    const sharp = (await import("sharp")).default;
    const file = path.join(imageDir, article!.image_url!.replace("/api/media/", ""));
    expect(await sharp(file).metadata()).toMatchObject({ width: 1200, height: 630 });
    const agentAfter = await app.db.agent.findUniqueOrThrow({ where: { id: agent.id } });
    expect(agentAfter.last_run).not.toBeNull();
    // The prompt carried the agent's config (comma-separated topics, parsed length).
    expect(JSON.stringify(openai.chatRequests()[0]!.body)).toContain("ai act, riesgos");
  });

  it("perplexity-generator: Perplexity's citations, once read, become the sources", async () => {
    const agent = await activeAgent("perplexity-generator");
    const { run, article } = await execute(agent.id);
    expect(run.status, run.error ?? "").toBe("completed");
    expect(perplexity.chatRequests().length).toBe(3); // research, draft, translation
    expect(openai.chatRequests()).toHaveLength(0);
    // The citations fetched, in order; the model's own URL comes after them, fetched too and accounted for.
    const urls = (article!.sources as { url: string }[]).map((s) => s.url);
    expect(urls).toContain(sources.urlOf("/aisi/frontier-trends"));
    expect(urls.at(-1)).toBe("https://digital-strategy.ec.europa.eu/es/policies/ai-code-practice");
    const { report } = await app.admin.admin.verification.get({ slug: article!.slug });
    expect(report!.sources.at(-1)).toMatchObject({ url: urls.at(-1), state: "unreachable", reason: "network" });
    expect(article!.title_en).toBeTruthy();
    // A listed source that was not read holds the draft for an editor, cited or not.
    expect(report!.findings.filter((f) => f.claim === urls.at(-1)).map((f) => [f.check, f.sentence])).toEqual([
      ["source_not_fetched", ""],
    ]);
    expect(article!.review_required).toBe(true);
  });

  it("news-aggregator: summarises new feed and NewsAPI items, linking them, and skips covered ones", async () => {
    const agent = await activeAgent("news-aggregator");
    await app.admin.admin.agents.update({
      ...agent,
      config: {
        ...agent.config,
        content: { ...agent.config.content, topics: "ai act, frontier" },
        newsApi: { keywords: " oecd , ,accountability" },
      },
    });
    rssItems.splice(0, rssItems.length, { title: RSS_ITEM.title, url: sources.urlOf(`${CONSULTATION}?news`) });
    const first = await execute(agent.id);
    expect(first.run.status, first.run.error ?? "").toBe("completed");
    // Every item is listed (accounted for); only the one whose page could be read reached the prompt, and the
    // others are refused, each with its line.
    const urls = (first.article!.sources as { url: string }[]).map((s) => s.url);
    expect(urls).toContain(sources.urlOf(`${CONSULTATION}?news`));
    expect(urls).toEqual(expect.arrayContaining([ATOM_ENTRY.url, NEWSAPI_ARTICLE.url]));
    const logs = first.run.logs.join("\n");
    for (const url of [ATOM_ENTRY.url, NEWSAPI_ARTICLE.url]) expect(logs).toContain(`Fuente no leída: ${url}`);
    const newsApiCall = news.requests.find((r) => r.path === "/v2/everything");
    expect(new URL(`http://x${newsApiCall!.path}`).pathname).toBe("/v2/everything");
    expect(openai.chatRequests()).toHaveLength(2); // summary + translation
    const prompt = JSON.stringify(openai.chatRequests()[0]!.body);
    expect(prompt).toContain("Stakeholders can reply until 18 July 2025");
    expect(first.article!.title_en).toBeTruthy();

    // Every item is listed by that article now (the unread ones too), so the next run has nothing new.
    const second = await execute(agent.id);
    expect(second.article).toBeNull();
    expect(second.run.result.generatedContent?.metadata).toMatchObject({ newItems: 0 });
    expect(second.run.logs.join("\n")).not.toContain(`Fuente leída: ${sources.urlOf(`${CONSULTATION}?news`)}`);
  });

  it("interview-generator: drafts only from the editor's material and always needs review", async () => {
    const material = `Transcripción revisada (https://www.europarl.europa.eu/news/es/interview-${unique})\nP: ¿Qué cambia?\nR: "Cambia la supervisión."`;
    const agent = await activeAgent("interview-generator", { auto_publish: true });
    await app.db.agent.update({
      where: { id: agent.id },
      data: { config: { ...agent.config, interview: { material } } },
    });
    const { run, article } = await execute(agent.id);
    expect(run.status, run.error ?? "").toBe("completed");
    expect(JSON.stringify(openai.chatRequests()[0]!.body)).toContain("Cambia la supervisión");
    expect(article).toMatchObject({ status: "draft", review_required: true, type: "entrevista", is_agent: true });
    expect(article!.sources).toEqual([
      { name: "europarl.europa.eu", url: `https://www.europarl.europa.eu/news/es/interview-${unique}` },
    ]);
  });

  it("publishes with auto_publish a verified draft; with no official source read it writes nothing", async () => {
    // Topics no feed item matches: the editor's page is the only source, and it is read…
    const agent = await activeAgent("article-generator", { auto_publish: true });
    const readable = await app.admin.admin.agents.update({
      ...agent,
      config: { ...agent.config, content: { ...agent.config.content, topics: "zzz" } },
    });
    // …and the model lists no page of its own (one this machine cannot read would hold the draft).
    openai.draft = { ...openai.draft, sources: [] };
    const clean = await execute(readable.id);
    expect(clean.article).toMatchObject({ status: "published", review_required: false });
    expect(clean.article!.published_at).not.toBeNull();

    const offList = await app.admin.admin.agents.update({
      ...agent,
      config: {
        ...agent.config,
        content: { ...agent.config.content, topics: "zzz", sourceUrls: ["https://blog.example.com/ai-act"] },
      },
    });
    const none = await execute(offList.id);
    expect(none.article).toBeNull();
    expect(none.run.status).toBe("failed");
    expect(none.run.logs.join("\n")).toContain("blog.example.com");
  });
});
