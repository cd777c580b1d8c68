/**
 * Crash benchmarks of the embedded job engine (pg-boss on a throwaway PostgreSQL), with the app in a process
 * of its own (bench/lib/job-app.ts) that is killed with SIGKILL and started again:
 *
 *   1. a newsletter send to SUBSCRIBERS (default 100,000) killed twice mid-way, then left to finish:
 *      duplicates and missing recipients at the fake Resend server (goal: 0 and 0), total seconds;
 *   2. an agent run killed after its draft (the translation call hangs at the fake OpenAI): seconds from the
 *      restart to the run completed, OpenAI draft calls (goal: 1), articles (goal: 1).
 *
 *   npm run bench:job-crash            (SUBSCRIBERS=20000 npm run bench:job-crash for a quicker run)
 */
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import pg from "pg";
import { createMigratedDatabase, startTestPostgres } from "../tests/setup/postgres.ts";
import { startFakeOpenAi } from "../tests/support/fake-openai.ts";
import { until } from "../tests/support/until.ts";

interface FakeStats {
  delivered: number;
  duplicates: number;
  recipients: number;
  batchCalls: number;
}

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 100_000);

const { server, createDb } = await startTestPostgres();
// The fake keeps a row per delivered e-mail (1M at full size): a heap of its own, not the app's 192 MB cap.
const fake = fork(new URL("./fake-resend-process.ts", import.meta.url).pathname, {
  execArgv: ["--import", "tsx", "--max-old-space-size=3072"],
  env: { ...process.env, NODE_OPTIONS: "" },
});
const fakeReady = once(fake, "message");
const stats = async (): Promise<FakeStats> => {
  fake.send({ type: "stats" });
  return (await once(fake, "message"))[0] as FakeStats;
};
const openai = await startFakeOpenAi();
const draftCalls = () => openai.chatRequests("article_draft").length;

function startApp(env: Record<string, string>, arg?: string): { child: ChildProcess; message: Promise<unknown> } {
  const child = fork(new URL("./lib/job-app.ts", import.meta.url).pathname, arg ? [arg] : [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return { child, message: once(child, "message").then((m) => m[0]) };
}
async function kill9(child: ChildProcess) {
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}
/** The bench's runs are long: half an hour before giving up, checked every 100 ms. */
const waitFor = (what: string, check: () => Promise<boolean>) =>
  until(what, check, { timeoutMs: 30 * 60_000, everyMs: 100 });

try {
  const databaseUrl = await createMigratedDatabase(createDb, "crashbench");
  const [{ url: resendUrl }] = (await fakeReady) as [{ url: string }];
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const env = {
    DATABASE_URL: databaseUrl,
    RESEND_API_KEY: "re_bench_key",
    RESEND_BASE_URL: resendUrl,
    OPENAI_API_KEY: "bench-key",
    OPENAI_BASE_URL: openai.url,
    NODE_ENV: "development",
  };

  // 1. The send, killed twice.
  await sql.query(`
    INSERT INTO newsletter_subscriptions (id, email, subscribed, status, locale, confirmed_at, created_at, updated_at)
    SELECT 'bench' || lpad(g::text, 7, '0'), 'lector' || g || '@bench.example', true, 'confirmed',
           CASE WHEN g % 4 = 0 THEN 'en' ELSE 'es' END, now(), now(), now()
    FROM generate_series(1, ${SUBSCRIBERS}) g`);
  const items = [
    {
      kind: "article",
      slug: "pieza",
      title_es: "Pieza",
      title_en: "Piece",
      summary_es: "Resumen",
      summary_en: "Summary",
      sponsored: false,
      date: new Date().toISOString(),
    },
  ];
  await sql.query(
    `INSERT INTO newsletters (id, subject_es, subject_en, intro_es, week_start, updated_at, items)
     VALUES ('nl-crash-bench', 'Top 5', 'Top 5', 'Intro', now(), now(), $1::jsonb)`,
    [JSON.stringify(items)],
  );
  const sendStarted = performance.now();
  let app = startApp(env, "newsletter:nl-crash-bench");
  const kills: number[] = [];
  for (const fraction of [1 / 3, 2 / 3]) {
    await waitFor("the deliveries before the kill", async () => (await stats()).delivered >= SUBSCRIBERS * fraction);
    kills.push((await stats()).delivered);
    await kill9(app.child);
    app = startApp(env);
  }
  await waitFor("the newsletter to be sent", async () => {
    const { rows } = await sql.query(`SELECT status FROM newsletters WHERE id = 'nl-crash-bench'`);
    return rows[0]?.status === "sent";
  });
  const sendSeconds = (performance.now() - sendStarted) / 1000;
  const s = await stats();
  await kill9(app.child);

  // 2. The agent run, killed after its draft.
  const { rows: agents } = await sql.query(
    `INSERT INTO agents (id, name, type, status, config, updated_at)
     VALUES ('agent-crash-bench', 'Bench', 'article-generator', 'active', '{"content":{"topics":"ai act"}}', now()) RETURNING id`,
  );
  openai.script("pass", "hang");
  app = startApp(env, `agent:${agents[0].id}`);
  const { runId } = (await app.message) as { runId: string };
  await waitFor("the draft step to be stored", async () => {
    const { rows } = await sql.query(`SELECT 1 FROM job_steps WHERE step_id = 'draft'`);
    return rows.length > 0;
  });
  await kill9(app.child);
  const draftsBeforeKill = draftCalls();
  openai.reset(); // heals the hanging translation (and forgets the recorded calls)
  const restarted = performance.now();
  app = startApp(env);
  await waitFor("the run to complete", async () => {
    const { rows } = await sql.query(`SELECT status FROM agent_runs WHERE id = $1`, [runId]);
    return rows[0]?.status === "completed";
  });
  const agentSeconds = (performance.now() - restarted) / 1000;
  const { rows: articles } = await sql.query(`SELECT count(*)::int AS n FROM articles WHERE agent_run_id = $1`, [
    runId,
  ]);
  const drafts = draftsBeforeKill + draftCalls();
  await kill9(app.child);
  await sql.end();

  console.log(
    JSON.stringify(
      {
        send_killed_twice: {
          subscribers: SUBSCRIBERS,
          killed_at_delivered: kills,
          recipients_reached: s.recipients,
          missing: SUBSCRIBERS - s.recipients,
          duplicates: s.duplicates,
          seconds_total: Number(sendSeconds.toFixed(1)),
        },
        agent_run_killed: {
          seconds_restart_to_completed: Number(agentSeconds.toFixed(1)),
          articles: articles[0].n,
          draft_calls: drafts,
        },
        goal: { missing: 0, duplicates: 0, articles: 1, draft_calls: 1 },
      },
      null,
      2,
    ),
  );
  if (s.recipients !== SUBSCRIBERS || s.duplicates > 0 || articles[0].n !== 1 || drafts !== 1) process.exitCode = 1;
} finally {
  fake.send({ type: "stop" });
  await openai.close();
  await server?.stop();
}
