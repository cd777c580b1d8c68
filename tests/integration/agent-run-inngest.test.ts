import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildAgent, buildAgentRun } from "../support/builders.ts";
import { DEFAULT_DRAFT, type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai.ts";
import { startFakeSources } from "../support/fake-sources.ts";

// The run's draft is written from a page the fetcher read: a loopback stand-in for an official site.
const sources = await startFakeSources();
const SOURCE = sources.urlOf("/ai-office/consultation");

// The agent-run job as the Inngest function the app serves, driven by @inngest/test against a fake OpenAI.
let openai: FakeOpenAi;
let app: Awaited<ReturnType<typeof loadApp>>;
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function loadApp() {
  const [functions, job, db, sessions] = await Promise.all([
    import("~/platform/jobs/engines/inngest/functions.ts"),
    import("~/features/agents/jobs.ts"),
    import("~/platform/db/db.ts"),
    import("../support/sessions.ts"),
  ]);
  return { ...functions, ...job, db: db.db, admin: sessions.callerAs(sessions.adminSession) };
}

beforeAll(async () => {
  openai = await startFakeOpenAi();
  vi.stubEnv("OPENAI_API_KEY", "fake-openai-key");
  vi.stubEnv("OPENAI_BASE_URL", openai.url);
  vi.stubEnv("SOURCE_FETCH_EXTRA_HOSTS", sources.host);
  vi.stubEnv("NEWS_FEEDS", `${sources.url}/no-feed.xml`);
  app = await loadApp();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([openai?.close(), sources.close()]);
});

async function newRun() {
  const agent = await buildAgent(app.db, {
    name: `Inngest ${unique} ${Math.random()}`,
    status: "active",
    config: { content: { topics: ["ai act"], sourceUrls: [SOURCE] } },
  });
  openai.draft = { ...DEFAULT_DRAFT, title: `Inngest draft ${unique} ${Math.random()}` };
  return buildAgentRun(app.db, agent.id);
}

const engineFor = (runId: string) =>
  new InngestTestEngine({
    function: app.toInngestFunction(app.agentRunJob),
    events: [{ name: app.agentRunJob.name, data: { runId } }],
  });

describe("agent run as an Inngest function", () => {
  it("registers under the job's event and runs the steps in order", async () => {
    const run = await newRun();
    const t = engineFor(run.id);
    const gathered = await t.executeStep("gather-material");
    expect(gathered.result).toMatchObject({ sources: [{ url: SOURCE }], items: [] });
    const { result, error } = await t.execute();
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ status: "draft" });
    // The log as the (Spanish-speaking) admin reads it.
    const row = await app.admin.admin.runs.byId({ id: run.id });
    expect(row.status).toBe("completed");
    const order = [
      "Inicio",
      "Material reunido",
      "Fuentes leídas",
      "Borrador",
      "Verificación",
      "Versión en",
      "Guardado",
      "completada",
    ];
    const positions = order.map((s) => row.logs.findIndex((l) => l.includes(s)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("a draft step that fails once succeeds on retry, with one article in the end", async () => {
    const run = await newRun();
    const t = engineFor(run.id);
    // Two 500s: the call and the SDK's own retry both fail, so the step itself fails once.
    openai.failNext(2, 500);
    const failed = await t.execute();
    expect(String((failed.error as Error | undefined)?.message ?? failed.error)).toMatch(/500/);
    const mid = await app.db.agentRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(mid.status).toBe("running"); // not final: Inngest retries the step
    const ok = await t.execute();
    expect(ok.error).toBeUndefined();
    expect(await app.db.article.count({ where: { agent_run_id: run.id } })).toBe(1);
    // A replay of the whole run (new execution of the same event) still yields one article.
    await engineFor(run.id).execute();
    expect(await app.db.article.count({ where: { agent_run_id: run.id } })).toBe(1);
    const done = await app.db.agentRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(done.status).toBe("completed");
  });
});
