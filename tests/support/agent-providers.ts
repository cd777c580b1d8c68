import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import { RSS_ITEM, startFakeNews } from "./fake-news.ts";
import { DEFAULT_DRAFT, type FakeOpenAi, startFakeOpenAi } from "./fake-openai.ts";
import { startFakeSources } from "./fake-sources.ts";

export const CONSULTATION = "/ai-office/consultation";
export type AgentType = "article-generator" | "perplexity-generator" | "interview-generator" | "news-aggregator";

async function loadApp() {
  const [sessions, dispatcher, job, db, markdown, execute] = await Promise.all([
    import("./sessions.ts"),
    import("./jobs.ts"),
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

/**
 * Agent runs against fake providers (OpenAI, Perplexity, NewsAPI and feeds, official sites): started before the
 * file's tests, the fakes reset before each one with a fresh draft title, closed after. Providers read their
 * configuration through src/platform/env/env.js at import time: the fakes start, the env points at them, then
 * the app is imported. Its parts are read through `parts()` inside hooks and tests.
 */
export function agentProvidersSuite() {
  let current:
    | {
        openai: FakeOpenAi;
        perplexity: FakeOpenAi;
        news: Awaited<ReturnType<typeof startFakeNews>>;
        // Official sites stand-in: drafts are written only from pages the fetcher read (SOURCE_FETCH_EXTRA_HOSTS).
        sources: Awaited<ReturnType<typeof startFakeSources>>;
        app: Awaited<ReturnType<typeof loadApp>>;
      }
    | undefined;
  /** The RSS feed's items (a test swaps in a fresh one: an item an article already cites is covered). */
  const rssItems: { title: string; url: string }[] = [];
  const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), "riesgos-images-"));
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const parts = () => {
    if (!current) throw new Error("the agent providers are started in beforeAll");
    return current;
  };

  beforeAll(async () => {
    const sources = await startFakeSources();
    rssItems.push({ title: RSS_ITEM.title, url: sources.urlOf(`${CONSULTATION}?rss`) });
    const [openai, perplexity, news] = await Promise.all([
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
    const app = await loadApp();
    // The job engine starts (and makes its schema) here, as at the app's start, not inside a file's first run.
    await app.settleJobs();
    current = { openai, perplexity, news, sources, app };
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    await Promise.all([
      current?.openai.close(),
      current?.perplexity.close(),
      current?.news.close(),
      current?.sources.close(),
    ]);
    fs.rmSync(imageDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    const { openai, perplexity, news, sources } = parts();
    openai.reset();
    perplexity.reset();
    news.reset();
    sources.reset();
    // Letters only: the verifier checks the title too, and a random number there is a figure no source states.
    const tag = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
    openai.draft = { ...DEFAULT_DRAFT, title: `${DEFAULT_DRAFT.title} ${unique} ${tag}` };
  });

  async function activeAgent(type: AgentType, extra: Record<string, unknown> = {}) {
    const { app, sources } = parts();
    const agent = await app.admin.admin.agents.create({
      name: `Agente ${type} ${unique} ${Math.random().toString(36).slice(2, 6)}`,
      type,
      config: {
        content: { topics: "ai act, riesgos", targetLength: "600", sourceUrls: [sources.urlOf(CONSULTATION)] },
      },
      ...extra,
    });
    expect(agent.status).toBe("draft");
    return app.admin.admin.agents.update({ ...agent, status: "active", ...extra });
  }

  /** Executes through the real entry point (the job engine) and waits for the run to settle. */
  async function execute(agentId: string) {
    const { app } = parts();
    const response = await app.admin.admin.agents.execute({ id: agentId });
    expect(response.success).toBe(true);
    await app.settleJobs();
    const run = await app.admin.admin.runs.byId({ id: response.run!.id });
    const article = await app.db.article.findUnique({ where: { agent_run_id: run.id } });
    return { response, run, article };
  }

  return { parts, rssItems, imageDir, unique, activeAgent, execute };
}
