import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeNews } from "../support/fake-news.ts";
import { DEFAULT_TRANSLATION, type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai.ts";
import { SOURCE_PAGES, startFakeSources } from "../support/fake-sources.ts";

// Providers read their settings at import: start the fakes, point the env at them, then import the app.
let openai: FakeOpenAi;
let sources: Awaited<ReturnType<typeof startFakeSources>>;
let news: Awaited<ReturnType<typeof startFakeNews>>;
let app: Awaited<ReturnType<typeof loadApp>>;
const rssItems: { title: string; url: string }[] = [];
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function loadApp() {
  const [sessions, jobs, db] = await Promise.all([
    import("../support/sessions.ts"),
    import("../support/jobs.ts"),
    import("~/platform/db/db.ts"),
  ]);
  return { admin: sessions.callerAs(sessions.adminSession), ...jobs, db: db.db };
}

beforeAll(async () => {
  [openai, sources] = await Promise.all([startFakeOpenAi(), startFakeSources()]);
  news = await startFakeNews({ rssItems });
  vi.stubEnv("OPENAI_API_KEY", "fake-openai-key");
  vi.stubEnv("OPENAI_BASE_URL", openai.url);
  vi.stubEnv("NEWS_FEEDS", news.rssUrl);
  vi.stubEnv("NEWSAPI_KEY", "");
  vi.stubEnv("SOURCE_ALLOWLIST", "");
  vi.stubEnv("SOURCE_FETCH_EXTRA_HOSTS", sources.host);
  app = await loadApp();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([openai?.close(), sources?.close(), news?.close()]);
});

beforeEach(() => {
  openai.reset();
  sources.reset();
  rssItems.length = 0;
});

async function activeAgent(type: "article-generator" | "news-aggregator", config: Record<string, unknown>, auto = false) {
  const agent = await app.admin.admin.agents.create({
    name: `Vigía ${type} ${unique} ${Math.random().toString(36).slice(2, 6)}`,
    type,
    config: { content: { topics: "ai act, frontier", targetLength: "600", ...config } },
    auto_publish: auto,
  });
  return app.admin.admin.agents.update({ ...agent, status: "active" });
}

async function execute(agentId: string) {
  const response = await app.admin.admin.agents.execute({ id: agentId });
  await app.settleJobs();
  const run = await app.admin.admin.runs.byId({ id: response.run!.id });
  const article = await app.db.article.findUnique({ where: { agent_run_id: run.id } });
  return { run, article };
}

const CONSULTATION = SOURCE_PAGES["/ai-office/consultation"]!;

describe("grounded agent runs", () => {
  it("a run whose sources are all unreachable ends with the reason, writes no article and asks the model nothing", async () => {
    const agent = await activeAgent("article-generator", {
      sourceUrls: [sources.urlOf("/gone"), "https://example.com/not-official", "http://127.0.0.1:9/internal"],
    });
    const { run, article } = await execute(agent.id);
    expect(article).toBeNull();
    expect(run.status).toBe("failed");
    expect(run.result.failure).toMatchObject({ code: "noOfficialSource" });
    expect(run.error).toBe("No se pudo leer ninguna fuente oficial: no se ha escrito ningún borrador");
    const logs = run.logs.join("\n");
    expect(logs).toContain(`Fuente no leída: ${sources.urlOf("/gone")}: respuesta HTTP de error`);
    expect(logs).toContain("Fuente no leída: https://example.com/not-official: el dominio no está en la lista");
    expect(logs).toContain("Fuente no leída: http://127.0.0.1:9/internal: el dominio no está en la lista");
    expect(logs).toContain("Fuentes leídas: 0 de 3");
    expect(openai.chatRequests()).toHaveLength(0);
    // The refusals are kept as snapshots of the run (the desk shows them), none linked to an article.
    const snaps = await app.db.sourceSnapshot.findMany({ where: { run_id: run.id } });
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

  it("the prompt carries the fetched sources' text numbered, and the draft's sources are exactly those read", async () => {
    const agent = await activeAgent("article-generator", {
      sourceUrls: [sources.urlOf("/ai-office/consultation"), sources.urlOf("/missing")],
    });
    openai.draft = {
      title: `Consulta sobre IA de alto riesgo ${unique}`,
      summary: "La Comisión abre una consulta.",
      body: "## Consulta\n\nLa Comisión Europea ha abierto una consulta pública [1].",
      topics: ["regulacion"],
      tags: ["AI Act"],
      sources: [{ name: "Inventada", url: "https://ec.europa.eu/invented" }],
    };
    openai.translation = { ...DEFAULT_TRANSLATION, body: "## Consultation\n\nThe European Commission has opened a public consultation [1]." };
    const { run, article } = await execute(agent.id);
    expect(run.status, run.error ?? "").toBe("completed");
    const prompt = JSON.stringify(openai.chatRequests("article_draft")[0]!.body);
    expect(prompt).toContain("[1] Commission opens consultation on high-risk AI guidelines");
    expect(prompt).toContain("Stakeholders can reply until 18 July 2025");
    expect(JSON.stringify(openai.chatRequests("translation")[0]!.body)).toContain("[1]");
    expect(article!.sources).toEqual([{ name: CONSULTATION.title, url: sources.urlOf("/ai-office/consultation") }]);
    const snaps = await app.db.sourceSnapshot.findMany({ where: { article_id: article!.id } });
    expect(snaps).toHaveLength(2);
    expect(snaps.find((s) => s.ok)).toMatchObject({ title: CONSULTATION.title, http_status: 200 });
    expect(snaps.find((s) => s.ok)!.text).toContain("1,200 contributions");
    expect(snaps.find((s) => s.ok)!.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(run.logs.join("\n")).toContain("Fuentes leídas: 1 de 2");
  });
});
