import { describe, expect, it } from "vitest";
import { DEFAULT_DRAFT } from "../support/fake-openai.ts";
import {
  afterTimeout,
  atLeast,
  gaps,
  OPENAI_TIMEOUT_MS,
  startProviderFaultsApp,
  uid,
} from "../support/provider-faults-app.ts";

/**
 * OpenAI faults (500, 429 with Retry-After, or nothing at all): agent runs retry with backoff, end 'failed' with
 * a readable reason once retries run out, and never store an article twice. The file has a database of its own.
 */
const { openai, sources, db, backoffMs, settleInProcessJobs, admin } = await startProviderFaultsApp("faults_openai");

describe("OpenAI faults during an agent run", () => {
  const draftCalls = () => openai.chatRequests("article_draft");

  /** An active article-generator, executed through the admin API (in-process job), settled. */
  async function runAgent() {
    const title = `Código de buenas prácticas ${uid()}`;
    openai.draft = { ...DEFAULT_DRAFT, title };
    const agent = await admin.agents.create({
      name: `Agente fallos ${uid()}`,
      type: "article-generator",
      config: {
        content: { topics: "ai act", targetLength: "600", sourceUrls: [sources.urlOf("/ai-office/consultation")] },
      },
    });
    await admin.agents.update({ ...agent, status: "active" });
    const started = await admin.agents.execute({ id: agent.id });
    await settleInProcessJobs();
    const run = await admin.runs.byId({ id: started.run!.id });
    return {
      run,
      log: run.logs.join("\n"),
      articles: await db.article.count({ where: { agent_run_id: run.id } }),
      sameTitle: await db.article.count({ where: { title_es: title } }),
    };
  }

  it("429 (Retry-After) is retried by the SDK as told, then by the job; one article, the retry in the log", async () => {
    const rateLimited = { status: 429, headers: { "retry-after-ms": "60", "retry-after": "1" } };
    openai.script(rateLimited, rateLimited);
    const { run, log, articles, sameTitle } = await runAgent();
    expect(run.status, run.error ?? "").toBe("completed");
    expect([articles, sameTitle]).toEqual([1, 1]);
    expect(log).toMatch(/Intento 1 fallido \(429 Rate limit reached\); se reintentará/);
    const drafts = draftCalls();
    expect(drafts).toHaveLength(3); // 429, SDK retry → 429, job retry → 200
    const [sdkWait, jobWait] = gaps(drafts.map((r) => r.at));
    expect(sdkWait).toBeGreaterThanOrEqual(atLeast(60)); // retry-after-ms honoured
    expect(jobWait).toBeGreaterThanOrEqual(atLeast(backoffMs(0)));
  });

  it("500 that never ends: backoff between attempts, then 'failed' with a readable reason and no article", async () => {
    openai.failNext(Number.POSITIVE_INFINITY, 500);
    const { run, log, articles, sameTitle } = await runAgent();
    expect(run.status).toBe("failed");
    expect(run.error).toBe("500 fake provider outage");
    expect(run.result.failure).toEqual({ code: "provider", params: { message: "500 fake provider outage" } });
    expect([articles, sameTitle]).toEqual([0, 0]);
    for (const n of [1, 2, 3]) expect(log).toContain(`Intento ${n} fallido (500 fake provider outage)`);
    // 4 job attempts (1 + 3 retries) × 2 calls (the SDK retries once); attempts spaced by a doubling backoff.
    const drafts = draftCalls().map((r) => r.at);
    expect(drafts).toHaveLength(8);
    const betweenAttempts = gaps(drafts).filter((_, i) => i % 2 === 1);
    for (const [k, gap] of betweenAttempts.entries())
      expect(gap, `before attempt ${k + 2}`).toBeGreaterThanOrEqual(atLeast(backoffMs(k)));
    expect(backoffMs(2)).toBe(4 * backoffMs(0));
  });

  it("a response that never arrives times out (OPENAI_TIMEOUT_MS) and is retried; then one article", async () => {
    openai.script("hang", "hang");
    const { run, log, articles, sameTitle } = await runAgent();
    expect(run.status, run.error ?? "").toBe("completed");
    expect([articles, sameTitle]).toEqual([1, 1]);
    expect(log).toContain("Intento 1 fallido (Request timed out.)");
    const drafts = draftCalls().map((r) => r.at);
    expect(drafts).toHaveLength(3);
    // The client gave up on each hung call after its timeout before trying again.
    for (const gap of gaps(drafts)) expect(gap).toBeGreaterThanOrEqual(afterTimeout(OPENAI_TIMEOUT_MS));
  });
});
