import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildAgentRun } from "../support/builders.ts";
import { ATOM_ENTRY, NEWSAPI_ARTICLE, RSS_ITEM, startFakeNews } from "../support/fake-news.ts";
import { DEFAULT_DRAFT, type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai.ts";
import { SOURCE_PAGES, startFakeSources } from "../support/fake-sources.ts";

// Providers read their configuration through src/platform/env/env.js at import time: start the fakes, point the env at
// them, then import the app.
let openai: FakeOpenAi;
let perplexity: FakeOpenAi;
let news: Awaited<ReturnType<typeof startFakeNews>>;
// Official sites stand-in: drafts are written only from pages the fetcher read (SOURCE_FETCH_EXTRA_HOSTS).
let sources: Awaited<ReturnType<typeof startFakeSources>>;
const CONSULTATION = "/ai-office/consultation";
/** The RSS feed's items (a test swaps in a fresh one: an item an article already cites is covered). */
const rssItems: { title: string; url: string }[] = [];
let app: Awaited<ReturnType<typeof loadApp>>;
const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), "riesgos-images-"));
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function loadApp() {
  const [sessions, dispatcher, job, db, markdown, execute] = await Promise.all([
    import("../support/sessions.ts"),
    import("../support/jobs.ts"),
    import("~/features/agents/jobs.ts"),
    import("~/platform/db/db.ts"),
    import("~/platform/security/markdown.ts"),
    import("~/features/agents/execute.ts"),
  ]);
  return {
    admin: sessions.callerAs(sessions.adminSession),
    ...dispatcher,
    ...job,
    ...markdown,
    ...execute,
    db: db.db,
  };
}

beforeAll(async () => {
  sources = await startFakeSources();
  rssItems.push({ title: RSS_ITEM.title, url: sources.urlOf(`${CONSULTATION}?rss`) });
  [openai, perplexity, news] = await Promise.all([
    startFakeOpenAi(),
    startFakeOpenAi({ citations: [{ title: "AISI", url: sources.urlOf("/aisi/frontier-trends") }] }),
    startFakeNews({ rssItems }),
  ]);
  vi.stubEnv("SOURCE_FETCH_EXTRA_HOSTS", sources.host);
  vi.stubEnv("OPENAI_API_KEY", "fake-openai-key");
  vi.stubEnv("OPENAI_BASE_URL", openai.url);
  vi.stubEnv("PERPLEXITY_API_KEY", "fake-perplexity-key");
  vi.stubEnv("PERPLEXITY_BASE_URL", perplexity.url);
  vi.stubEnv("NEWSAPI_KEY", "fake-newsapi-key");
  vi.stubEnv("NEWSAPI_BASE_URL", news.newsApiUrl);
  vi.stubEnv("NEWS_FEEDS", `${news.rssUrl},${news.atomUrl}`);
  vi.stubEnv("IMAGE_STORAGE_DIR", imageDir);
  vi.stubEnv("SOURCE_ALLOWLIST", "");
  app = await loadApp();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([openai?.close(), perplexity?.close(), news?.close(), sources?.close()]);
  fs.rmSync(imageDir, { recursive: true, force: true });
});

beforeEach(() => {
  openai.reset();
  perplexity.reset();
  news.reset();
  sources.reset();
  // Letters only: the verifier checks the title too, and a random number there is a figure no source states.
  const tag = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  openai.draft = { ...DEFAULT_DRAFT, title: `${DEFAULT_DRAFT.title} ${unique} ${tag}` };
});

type AgentType = "article-generator" | "perplexity-generator" | "interview-generator" | "news-aggregator";

async function activeAgent(type: AgentType, extra: Record<string, unknown> = {}) {
  const agent = await app.admin.admin.agents.create({
    name: `Agente ${type} ${unique} ${Math.random().toString(36).slice(2, 6)}`,
    type,
    config: { content: { topics: "ai act, riesgos", targetLength: "600", sourceUrls: [sources.urlOf(CONSULTATION)] } },
    ...extra,
  });
  expect(agent.status).toBe("draft");
  return app.admin.admin.agents.update({ ...agent, status: "active", ...extra });
}

/** Executes through the real entry point (the job engine) and waits for the run to settle. */
async function execute(agentId: string) {
  const response = await app.admin.admin.agents.execute({ id: agentId });
  expect(response.success).toBe(true);
  await app.settleJobs();
  const run = await app.admin.admin.runs.byId({ id: response.run!.id });
  const article = await app.db.article.findUnique({ where: { agent_run_id: run.id } });
  return { response, run, article };
}

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

  it("retries a provider 500 and then records the run as failed with the error", async () => {
    const agent = await activeAgent("article-generator");
    const row = await buildAgentRun(app.db, agent.id);
    openai.failNext(Number.POSITIVE_INFINITY, 500);
    await expect(app.runJob(app.agentRunJob, { runId: row.id })).rejects.toThrow();
    openai.failNext(0);
    const run = await app.admin.admin.runs.byId({ id: row.id });
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/500/);
    expect(run.result.failure?.code).toBe("provider");
    expect(run.logs.join("\n")).toContain("Intento 1 fallido");
    // 4 job attempts × (1 call + 1 SDK retry)
    expect(openai.chatRequests().length).toBe(8);
    expect(await app.db.article.count({ where: { agent_run_id: row.id } })).toBe(0);
  });

  it("cancelling a run from admin › Trabajos marks the agent run failed, with the reason", async () => {
    const agent = await activeAgent("article-generator");
    openai.failNext(Number.POSITIVE_INFINITY, 500);
    const response = await app.admin.admin.agents.execute({ id: agent.id });
    const run = response.run!;
    // Failed once, waiting in its backoff: the operator gives up on it.
    const jobId = await app.waitForRunState(app.agentRunJob, run.id, "retry");
    await app.admin.admin.jobs.cancel({ id: jobId });
    const cancelled = await app.admin.admin.runs.byId({ id: run.id });
    expect(cancelled).toMatchObject({ status: "failed", result: { failure: { code: "cancelled" } } });
    expect(cancelled.finished_at).toBeInstanceOf(Date);
    openai.failNext(0);
    await app.settleJobs();
    expect((await app.admin.admin.runs.byId({ id: run.id })).status).toBe("failed");
    expect(await app.db.article.count({ where: { agent_run_id: run.id } })).toBe(0);
  });

  it("a replayed run yields one article", async () => {
    const agent = await activeAgent("article-generator");
    const row = await buildAgentRun(app.db, agent.id);
    await app.runJob(app.agentRunJob, { runId: row.id });
    await app.runJob(app.agentRunJob, { runId: row.id });
    expect(await app.db.article.count({ where: { agent_run_id: row.id } })).toBe(1);
    const run = await app.admin.admin.runs.byId({ id: row.id });
    expect(run.status).toBe("completed");
    expect(run.logs.join("\n")).toContain("no se creará otro artículo");
  });

  it("stores a <script> body as written but renders it inert", async () => {
    const agent = await activeAgent("article-generator");
    openai.draft = {
      ...openai.draft,
      body: 'Texto <script>alert("x")</script> <img src=x onerror="alert(1)"> [pulsa](javascript:alert(1))',
    };
    const { article } = await execute(agent.id);
    expect(article!.body_es).toContain("<script>");
    const html = app.renderMarkdown(article!.body_es);
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain("Texto");
  });

  it("manual generation lands a draft signed by the chosen author (or the signed-in admin)", async () => {
    const res = await app.admin.admin.manualGeneration.generate({
      userPrompt: "Escribe sobre el AI Act",
      contentType: "news",
      generateImage: false,
      sourceUrls: [sources.urlOf(CONSULTATION)],
    });
    expect(res.success).toBe(true);
    await app.settleJobs();
    const article = await app.db.article.findUniqueOrThrow({ where: { agent_run_id: res.run!.id } });
    expect(article).toMatchObject({ status: "draft", type: "noticia", author: "editora", is_agent: true });
    const prompt = JSON.stringify(openai.chatRequests()[0]!.body);
    expect(prompt).toContain("periodista español");
    expect(prompt).toContain("Escribe sobre el AI Act");
  });

  it("image regeneration stores a revision by the system and an audit entry by the editor", async () => {
    const agent = await activeAgent("article-generator");
    const { article } = await execute(agent.id);
    const res = await app.admin.admin.publications.regenerateImage({ slug: article!.slug });
    expect(res.message).toMatch(/imagen/);
    await app.settleJobs();
    const revisions = await app.db.articleRevision.findMany({
      where: { article_id: article!.id },
      orderBy: { created_at: "asc" },
    });
    expect(revisions.map((r) => [r.action, r.actor_name, r.fields])).toEqual([
      ["agent_draft", agent.name, expect.any(Array)],
      ["image_regeneration", "sistema", ["image_url"]],
    ]);
    const audit = await app.db.auditEntry.findMany({ where: { target_id: article!.slug } });
    expect(audit).toMatchObject([{ action: "article.regenerate_image", actor_name: "editora", outcome: "success" }]);
  });
});
