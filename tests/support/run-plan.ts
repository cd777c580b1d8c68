import type { RunPlan } from "~/features/agents/run-plan.ts";

/** An agent run's plan as loadRunPlan builds it, for tests that save a run's article directly. */
export function runPlanOf(runId: string, agentId: string, over: Partial<RunPlan> = {}): RunPlan {
  return {
    runId,
    agentId,
    agentName: "Agente",
    kind: "article-generator",
    contentType: "analisis",
    language: "es",
    topics: [],
    keywords: [],
    targetLength: 600,
    tone: "profesional",
    systemPrompt: "",
    instructions: "",
    sourceUrls: [],
    material: "",
    generateImage: false,
    autoPublish: false,
    publicInterest: false,
    author: "Agente",
    ...over,
  };
}

/** A draft as the model returns it (both languages alike). */
export const draftOf = (title: string) => ({
  title,
  summary: "Resumen.",
  body: "Cuerpo.",
  topics: [],
  tags: [],
  sources: [],
});

/** A source check that passed (no review required, nothing refused). */
export const OK_SOURCE_CHECK = { reason: "ok", reviewRequired: false, rejected: [] } as never;
