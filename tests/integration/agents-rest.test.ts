import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildAgent, buildAgentRun, buildUser } from "../support/builders.ts";

// No provider keys at all: runs must fail fast with a translatable reason and write nothing.
let app: Awaited<ReturnType<typeof loadApp>>;
let cookie: string;
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function loadApp() {
  const [rest, db, dispatcher, job, functions] = await Promise.all([
    import("~/server/rest/handler.ts"),
    import("~/platform/db/db.ts"),
    import("../support/jobs.ts"),
    import("~/features/agents/jobs.ts"),
    import("~/platform/jobs/engines/inngest/functions.ts"),
  ]);
  return { ...rest, ...dispatcher, ...job, ...functions, db: db.db };
}

beforeAll(async () => {
  for (const key of ["OPENAI_API_KEY", "PERPLEXITY_API_KEY", "NEWSAPI_KEY"]) vi.stubEnv(key, "");
  app = await loadApp();
  const admin = await buildUser(app.db, {
    username: `rest-admin-${unique}`,
    email: `rest-admin-${unique}@example.com`,
    role: "admin",
  });
  const { createSession } = await import("~/platform/auth/sessions.ts");
  cookie = `next-auth.session-token=${await createSession(app.db, admin.id)}`;
});
afterAll(() => {
  vi.unstubAllEnvs();
});

function call(method: string, path: string, body?: unknown, auth = true) {
  return app.handleRest(
    new Request(`http://localhost/api${path}`, {
      method,
      headers: { ...(auth ? { cookie } : {}), ...(method === "GET" ? {} : { "content-type": "application/json" }) },
      body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
    }),
  );
}

describe("agents over REST (docs/product.md §7)", () => {
  it("creates an agent with the §5/§9 rules: trimmed comma lists, default length, draft status", async () => {
    const res = await call("POST", "/agents", {
      name: `  REST ${unique}  `,
      config: { content: { topics: " ai act, , sesgos ", targetLength: "muchas" }, newsApi: { keywords: "a,b," } },
    });
    expect(res.status).toBe(200);
    const agent = await res.json();
    expect(agent).toMatchObject({
      name: `REST ${unique}`,
      type: "article-generator",
      status: "draft",
      api_keys_enabled: true,
      auto_publish: false,
      config: { content: { topics: ["ai act", "sesgos"], targetLength: 800, tone: "profesional", language: "es" } },
    });
    expect(agent.config.newsApi.keywords).toEqual(["a", "b"]);
    const list = await (await call("GET", "/agents")).json();
    expect(list.some((a: { id: string }) => a.id === agent.id)).toBe(true);
  });

  it("rejects bad config with 400 naming the field, writing nothing", async () => {
    // Other files create agents at the same time: count only the names this test sends.
    const mine = { name: { startsWith: `Bad ${unique}` } };
    const before = await app.db.agent.count({ where: mine });
    const res = await call("POST", "/agents", { name: `Bad ${unique}`, config: { content: { targetLength: 5000 } } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", field: "config.content.targetLength" });
    const noName = await call("POST", "/agents", { name: "   " });
    expect((await noName.json()).field).toBe("name");
    const badTone = await call("POST", "/agents", {
      name: `Bad ${unique} 2`,
      config: { content: { tone: "gracioso" } },
    });
    expect((await badTone.json()).field).toBe("config.content.tone");
    expect(await app.db.agent.count({ where: mine })).toBe(before);
  });

  it("answers 401 without a session", async () => {
    expect((await call("GET", "/agents", undefined, false)).status).toBe(401);
    expect((await call("GET", "/agent-runs", undefined, false)).status).toBe(401);
  });

  it("executes only active agents", async () => {
    const agent = await (await call("POST", "/agents", { name: `Inactive ${unique}` })).json();
    const res = await call("POST", `/agents/${agent.id}/execute`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "Solo se pueden ejecutar agentes activos" });
  });

  it("with no provider key a run fails fast with a translatable reason and no content", async () => {
    const agent = await (await call("POST", "/agents", { name: `NoKey ${unique}` })).json();
    const put = await call("PUT", `/agents/${agent.id}`, { ...agent, status: "active" });
    expect((await put.json()).status).toBe("active");
    // Executed directly so a parallel test's execute-all cannot see this agent active for long.
    const res = await call("POST", `/agents/${agent.id}/execute`);
    await call("PUT", `/agents/${agent.id}`, { ...agent, status: "paused" });
    const body = await res.json();
    expect(body).toMatchObject({ success: true, agentName: `NoKey ${unique}` });
    await app.settleJobs();
    const runs = await (await call("GET", "/agent-runs")).json();
    const run = runs.find((r: { id: string }) => r.id === body.run.id);
    expect(run).toMatchObject({
      status: "failed",
      result: { failure: { code: "providerNotConfigured", params: { variable: "OPENAI_API_KEY" } } },
    });
    expect(run.error).toContain("OPENAI_API_KEY");
    // Non-retriable: one attempt only.
    expect(run.logs.join("\n")).not.toContain("Intento");
    expect(await app.db.article.count({ where: { agent_run_id: run.id } })).toBe(0);
  });

  it("fails fast under Inngest too (non-retriable step → failed run)", async () => {
    const { InngestTestEngine } = await import("@inngest/test");
    const agent = await buildAgent(app.db, { name: `NoKey Inngest ${unique}`, status: "paused" });
    const row = await buildAgentRun(app.db, agent.id);
    const t = new InngestTestEngine({
      function: app.toInngestFunction(app.agentRunJob),
      events: [{ name: app.agentRunJob.name, data: { runId: row.id } }],
    });
    const { error } = await t.execute();
    expect(String((error as Error)?.message ?? error)).toContain("OPENAI_API_KEY");
    const run = await app.db.agentRun.findUniqueOrThrow({ where: { id: row.id } });
    expect(run.status).toBe("failed");
  });

  it("validates the manual generation prompt and the review endpoints", async () => {
    const blank = await call("POST", "/generate-manual-content", { userPrompt: "   ", contentType: "article" });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ field: "userPrompt" });
    const missing = await call("PUT", "/articles/no-existe-este-articulo", { status: "published" });
    expect(missing.status).toBe(404);
    const badStatus = await call("PUT", "/articles/no-existe-este-articulo", { status: "borrado" });
    expect((await badStatus.json()).field).toBe("status");
    const regen = await call("PUT", "/articles/no-existe-este-articulo/regenerate-image");
    expect(regen.status).toBe(404);
  });
});
