import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { startFakeNews } from "./fake-news.ts";
import { startFakeOpenAi } from "./fake-openai.ts";
import { startFakeSources } from "./fake-sources.ts";
import { createPrivateDatabase } from "./private-database.ts";

async function loadApp() {
  const [sessions, jobs, db, appJobs] = await Promise.all([
    import("./sessions.ts"),
    import("./jobs.ts"),
    import("~/platform/db/db.ts"),
    import("~/server/job-list.ts"),
  ]);
  return {
    admin: sessions.callerAs(sessions.adminSession),
    ...jobs,
    db: db.db,
    linkCheckJob: appJobs.linkCheckJob,
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
  // A database of the file's own: a link check of every published article (`all`) would otherwise re-check
  // other files' articles, whose sources are on their own stand-ins, and mark them off the allow-list.
  const database = await createPrivateDatabase("grounded");
  const app = await loadApp();
  return {
    database,
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

/**
 * A suite's grounded app: started before its tests, the fakes reset before each one (drafts, redirects, feed
 * items), closed after. Its parts are read through the returned object inside hooks and tests.
 */
export function groundedSuite() {
  let current: GroundedApp | undefined;
  const started = () => {
    if (!current) throw new Error("the grounded app is started in beforeAll");
    return current;
  };
  beforeAll(async () => {
    current = await startGroundedApp();
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(() => {
    started().openai.reset();
    started().sources.reset();
    started().rssItems.length = 0;
  });
  return {
    get openai() {
      return started().openai;
    },
    get sources() {
      return started().sources;
    },
    get app() {
      return started().app;
    },
    /** The file's own database the app is on. */
    get database() {
      return started().database;
    },
    get rssItems() {
      return started().rssItems;
    },
  };
}
