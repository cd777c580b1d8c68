/**
 * The "app" of the crash benchmarks: a process that runs the embedded job engine on DATABASE_URL, as the
 * server does, and (with an argument) starts one job. The benchmark kills it with SIGKILL and starts it again.
 *
 *   tsx bench/lib/job-app.ts [newsletter:<id> | agent:<agentId>]
 */
import { db } from "~/platform/db/db.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { registerAppJobs } from "~/server/job-list.ts";

registerAppJobs();
await getEngine();
const [kind, id] = (process.argv[2] ?? "").split(":");
if (kind === "newsletter" && id) {
  const { requestNewsletterSend } = await import("~/features/newsletter/jobs.ts");
  await requestNewsletterSend(db, id);
}
if (kind === "agent" && id) {
  const { executeAgent } = await import("~/features/agents/execute.ts");
  const { run } = await executeAgent(db, id);
  process.send?.({ runId: run.id });
}
process.send?.({ ready: true });
