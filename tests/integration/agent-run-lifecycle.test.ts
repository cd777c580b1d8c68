import { beforeAll, describe, expect, it } from "vitest";
import { agentProvidersSuite, CONSULTATION } from "../support/agent-providers.ts";
import { buildAgentRun } from "../support/builders.ts";

/**
 * An agent run's life beyond the draft, against fake providers: provider retries, cancellation, replays, markup
 * stored inert, manual generation and image regeneration.
 */
const { parts, activeAgent, execute } = agentProvidersSuite();
type Parts = ReturnType<typeof parts>;
let openai: Parts["openai"];
let sources: Parts["sources"];
let app: Parts["app"];
beforeAll(() => {
  ({ openai, sources, app } = parts());
});

describe("agent runs against fake providers", () => {
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
