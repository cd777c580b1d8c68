import { vi } from "vitest";
import { startFakeNews } from "./fake-news.ts";
import { startFakeOpenAi } from "./fake-openai.ts";
import { startFakeSources } from "./fake-sources.ts";

async function loadApp() {
  const [sessions, jobs, db, publications] = await Promise.all([
    import("./sessions.ts"),
    import("./jobs.ts"),
    import("~/platform/db/db.ts"),
    import("~/features/publications/index.ts"),
  ]);
  return {
    admin: sessions.callerAs(sessions.adminSession),
    ...jobs,
    db: db.db,
    linkCheckJob: publications.linkCheckJob,
  };
}

/**
 * The app as grounded agent runs see it: a loopback OpenAI, official sites stand-in and feed, the env pointed
 * at them (providers read it at import), then the app imported. Call in beforeAll; `close()` in afterAll.
 */
export async function startGroundedApp() {
  const [openai, sources] = await Promise.all([startFakeOpenAi(), startFakeSources()]);
  const rssItems: { title: string; url: string }[] = [];
  const news = await startFakeNews({ rssItems });
  vi.stubEnv("OPENAI_API_KEY", "fake-openai-key");
  vi.stubEnv("OPENAI_BASE_URL", openai.url);
  vi.stubEnv("NEWS_FEEDS", news.rssUrl);
  vi.stubEnv("NEWSAPI_KEY", "");
  vi.stubEnv("SOURCE_ALLOWLIST", "");
  vi.stubEnv("SOURCE_FETCH_EXTRA_HOSTS", sources.host);
  const app = await loadApp();
  return {
    openai,
    sources,
    rssItems,
    app,
    async close() {
      vi.unstubAllEnvs();
      await Promise.all([openai.close(), sources.close(), news.close()]);
    },
  };
}
export type GroundedApp = Awaited<ReturnType<typeof startGroundedApp>>;
