import pg from "pg";
import type { Browser, Page, Route } from "playwright-core";
import { expect, inject } from "vitest";
import { migrate } from "~/platform/db/migrate.ts";
import { startFakeNews } from "../support/fake-news.ts";
import { type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai.ts";
import { type FakeSources, startFakeSources } from "../support/fake-sources.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { launchBrowser } from "./browser.ts";
import { CrashableServer } from "./crash-server.ts";

/** Conditions, not durations: a loaded 2-core machine may take long, the waits only bound how long. */
export const SLOW = { timeout: 90_000 };

export interface GroundedServer {
  server: CrashableServer;
  openai: FakeOpenAi;
  sources: FakeSources;
  /** The feed's items: what the news aggregator finds at its next run. */
  rssItems: { title: string; url: string }[];
  databaseUrl: string;
  browser: Browser;
  page: Page;
  admin: { email: string; password: string };
  close(): Promise<void>;
}

/**
 * A production server of its own (the E2E build) whose feed, official sites and OpenAI are loopback fakes the
 * test scripts, on a database of its own, with a Chromium page: for the files about grounded drafts.
 */
export async function startGroundedServer(name: string): Promise<GroundedServer> {
  const admin = { email: `${name}-admin@riesgos-ia.test`, password: `${name}-admin-password` };
  const rssItems: { title: string; url: string }[] = [];
  const [openai, sources] = await Promise.all([startFakeOpenAi(), startFakeSources()]);
  const news = await startFakeNews({ rssItems });
  const databaseUrl = await freshDatabase(inject("databaseUrl"), name);
  await migrate(databaseUrl);
  const server = await CrashableServer.create(name, {
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    DATA_DIR: `test-results/${name}-data`,
    IMAGE_STORAGE_DIR: `test-results/${name}-data/uploads`,
    OPENAI_API_KEY: "e2e-fake-openai-key",
    OPENAI_BASE_URL: openai.url,
    OPENAI_TIMEOUT_MS: "120000",
    NEWS_FEEDS: news.rssUrl,
    NEWSAPI_KEY: "",
    SOURCE_FETCH_EXTRA_HOSTS: sources.host,
  });
  await server.start();
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: "Europe/Madrid" });
  const page = await context.newPage();
  return {
    server,
    openai,
    sources,
    rssItems,
    databaseUrl,
    browser,
    page,
    admin,
    async close() {
      await browser.close();
      await server.stop();
      await Promise.all([openai.close(), sources.close(), news.close()]);
    },
  };
}

/** Signs the admin in from /admin/agentes and creates an active news aggregator with auto_publish. */
export async function createActiveAggregator(g: GroundedServer, agentName: string) {
  const { page } = g;
  await page.goto(`${g.server.baseUrl}/admin/agentes`);
  await page.waitForURL(/\/login/, SLOW);
  await page.fill("#email", g.admin.email);
  await page.fill("#password", g.admin.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.getByTestId("admin-tab-agents").waitFor(SLOW);

  await page.getByTestId("agents-new").click();
  await page.fill("#agent-name", agentName);
  await page.selectOption("#agent-type", "news-aggregator");
  await page.fill("#agent-topics", "ai act, frontier");
  await page.fill("#agent-targetLength", "600");
  await page.locator("#agent-generateImage").setChecked(false);
  await page.locator("#agent-auto_publish").setChecked(true);
  // The list's reload after the save is held until the new agent is seen: what the admin sees comes with the
  // save's answer, not with a reload that a loaded server may send long after the toast.
  const held = heldRequests(page, "/api/trpc/admin.agents.list");
  await held.start();
  await page.getByTestId("agent-form-submit").click();
  await page.getByText("Agente creado").waitFor(SLOW);
  const row = page.getByTestId("agent-row").filter({ hasText: agentName });
  await row.getByTestId("agent-status").getByText("Borrador").waitFor(SLOW);
  await page.getByTestId("agent-form-dialog").waitFor({ state: "detached", ...SLOW });
  await row.getByTestId("agent-toggle").click();
  await row.getByTestId("agent-status").getByText("Activo").waitFor(SLOW);
  await held.release();
}

/** Holds the page's requests to `pathname` (they wait, unanswered) until `release`, which lets them go on. */
function heldRequests(page: Page, pathname: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matches = (url: URL) => url.pathname === pathname;
  const hold = async (route: Route) => {
    await released;
    await route.continue().catch(() => {}); // the page may have gone meanwhile
  };
  return {
    start: () => page.route(matches, hold),
    async release() {
      release();
      await page.unroute(matches, hold);
    },
  };
}

/** Executes the agent from its row and waits for the run to finish. */
export async function executeAgent(page: Page, name: string) {
  const row = page.getByTestId("agent-row").filter({ hasText: name });
  await row.getByTestId("agent-execute").click();
  await page.getByTestId("confirm-dialog-confirm").click();
  const result = page.getByTestId("run-result").and(page.locator('[data-status="completed"], [data-status="failed"]'));
  await result.waitFor({ timeout: 180_000 });
  // A failed run says why (its reason and log are in the dialog).
  const why = (await page.getByTestId("run-result-dialog").textContent()) ?? "";
  expect(await result.getAttribute("data-status"), why).toBe("completed");
  await page.getByTestId("run-result-dialog").getByRole("button", { name: "Cerrar" }).first().click();
}

/** One statement on the server's database, outside the app (what a job stored, or a state set up for a case). */
export async function sqlOn(databaseUrl: string, text: string, params: unknown[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}
