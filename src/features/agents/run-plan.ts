import { DEFAULT_SYSTEM_PROMPT, manualGenerationSchema } from "~/features/agents/schema.ts";
import { EDITORIAL_AUTHOR } from "~/features/articles/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { notFound } from "~/platform/errors.ts";
import { openAiConfigured } from "~/platform/providers/openai.ts";
import { perplexityConfigured } from "~/platform/providers/perplexity.ts";
import { notConfigured, ProviderUnavailableError } from "~/platform/providers/provider-error.ts";
import { toAgentDto } from "./agents.ts";
import type { AgentTypeName } from "./schema.ts";

/** Everything a run needs, resolved once (JSON-safe, so it can be a memoised step result). */
export interface RunPlan {
  runId: string;
  agentId: string | null;
  agentName: string;
  kind: AgentTypeName;
  /** docs/product.md §3 content type of the resulting article. */
  contentType: "analisis" | "noticia" | "entrevista";
  language: "es" | "en";
  topics: string[];
  keywords: string[];
  targetLength: number;
  tone: string;
  systemPrompt: string;
  /** The editor's instructions (agent customPrompt or the manual prompt). */
  instructions: string;
  /** Official pages the editor named for the draft (fetched before drafting). */
  sourceUrls: string[];
  /** interview-generator: the only material quotes may come from. */
  material: string;
  generateImage: boolean;
  autoPublish: boolean;
  /** The agent's matter is marked as public interest (auto-publish then also needs the site's setting). */
  publicInterest: boolean;
  author: string;
}

const MANUAL_TYPES = {
  article: { kind: "article-generator", contentType: "analisis" },
  news: { kind: "article-generator", contentType: "noticia" },
  interview: { kind: "interview-generator", contentType: "entrevista" },
} as const;

const AGENT_CONTENT_TYPE: Record<AgentTypeName, RunPlan["contentType"]> = {
  "article-generator": "analisis",
  "perplexity-generator": "noticia",
  "news-aggregator": "noticia",
  "interview-generator": "entrevista",
};

export async function loadRunPlan(db: DbClient, runId: string): Promise<RunPlan> {
  const run = await db.agentRun.findUnique({ where: { id: runId }, include: { agent: true } });
  if (!run) throw notFound("Agent run");
  if (run.trigger === "manual" || !run.agent) {
    const input = manualGenerationSchema.parse(run.input ?? {});
    const { kind, contentType } = MANUAL_TYPES[input.contentType];
    return {
      runId,
      agentId: null,
      agentName: input.authorName || EDITORIAL_AUTHOR,
      kind,
      contentType,
      language: "es",
      topics: [],
      keywords: [],
      targetLength: 800,
      tone: "profesional",
      systemPrompt: input.systemPrompt,
      instructions: input.userPrompt,
      sourceUrls: input.sourceUrls,
      material: kind === "interview-generator" ? input.userPrompt : "",
      generateImage: input.generateImage,
      autoPublish: false,
      publicInterest: false,
      author: input.authorName || EDITORIAL_AUTHOR,
    };
  }
  const agent = toAgentDto(run.agent);
  const { content } = agent.config;
  return {
    runId,
    agentId: agent.id,
    agentName: agent.name,
    kind: agent.type,
    contentType: AGENT_CONTENT_TYPE[agent.type],
    language: content.language,
    topics: content.topics,
    keywords: agent.config.newsApi.keywords,
    targetLength: content.targetLength,
    tone: content.tone,
    systemPrompt: DEFAULT_SYSTEM_PROMPT,
    instructions: content.customPrompt,
    sourceUrls: content.sourceUrls,
    material: agent.config.interview.material,
    generateImage: content.generateImage,
    autoPublish: agent.auto_publish,
    publicInterest: content.publicInterest,
    author: agent.name,
  };
}

/** Fails fast (no retries, no fake content) when the provider this run needs has no key. */
export function assertRunnable(plan: RunPlan): void {
  if (plan.kind === "perplexity-generator") {
    if (!perplexityConfigured()) throw notConfigured("PERPLEXITY_API_KEY", "Perplexity");
  } else if (!openAiConfigured()) {
    throw notConfigured("OPENAI_API_KEY", "OpenAI");
  }
  if (plan.kind === "interview-generator" && !plan.material.trim()) {
    throw new ProviderUnavailableError(
      "missingMaterial",
      "interview-generator needs the transcript or source text supplied by the editor",
    );
  }
}
