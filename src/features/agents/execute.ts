import type { z } from "zod";
import type { manualGenerationSchema } from "~/features/agents/schema.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { requireActiveAgent } from "./agents.ts";
import { agentRunJob } from "./jobs.ts";
import { getRun, markRunFailed } from "./runs.ts";
import type { AgentRunDto } from "./schema.ts";

/** The API answers in Spanish, as it always has; the admin renders the same keys in its reader's language. */
const say = translatorFor("es", "adminAgents");

/**
 * Creates a queued run and hands it to the job runner (Inngest when configured, in-process otherwise). The
 * event id is the run id, so a repeated send within Inngest's 24 h window is ignored.
 */
async function startRun(
  db: DbClient,
  data: { agent_id?: string; trigger: "agent" | "manual"; input?: Prisma.InputJsonValue },
): Promise<{ run: AgentRunDto; queued: boolean; error?: string }> {
  const row = await db.agentRun.create({ data: { ...data, status: "queued", logs: [] } });
  try {
    await enqueue(agentRunJob, { runId: row.id }, { id: row.id });
    return { run: await getRun(db, row.id), queued: true };
  } catch (err) {
    const message = say("outcomes.queueFailed", { detail: (err as Error).message });
    await markRunFailed(db, row.id, message, { code: "internal", params: { message } });
    return { run: await getRun(db, row.id), queued: false, error: message };
  }
}

/** POST /api/agents/{id}/execute: only active agents run (docs/product.md §4). */
export async function executeAgent(db: DbClient, agentId: string) {
  const agent = await requireActiveAgent(db, agentId);
  const { run, queued, error } = await startRun(db, { agent_id: agent.id, trigger: "agent" });
  return queued
    ? { success: true, message: say("outcomes.runStarted", { name: agent.name }), agentName: agent.name, run }
    : { success: false, agentName: agent.name, run, error: say("outcomes.runFailed"), details: error };
}

/** POST /api/agents/execute-all: one run per active agent; 'Sin agentes activos' when there is none. */
export async function executeAllAgents(db: DbClient) {
  const agents = await db.agent.findMany({ where: { status: "active" }, orderBy: { created_at: "asc" } });
  if (agents.length === 0) return { success: false, message: say("toasts.noActive"), runs: [] };
  const runs: AgentRunDto[] = [];
  for (const agent of agents) runs.push((await startRun(db, { agent_id: agent.id, trigger: "agent" })).run);
  return { success: true, message: say("outcomes.runsStarted", { count: runs.length }), runs };
}

/** POST /api/generate-manual-content: the same pipeline, always landing a draft in the review queue. */
export async function generateManualContent(
  db: DbClient,
  input: z.output<typeof manualGenerationSchema>,
  signedInName: string,
) {
  const stored = { ...input, authorName: input.authorName || signedInName };
  const { run, queued, error } = await startRun(db, { trigger: "manual", input: stored });
  return queued
    ? { success: true, message: say("outcomes.generationStarted"), run }
    : { success: false, run, error: say("outcomes.generationFailed"), details: error };
}
