import { z } from "zod";
import { localeSchema, slugSchema } from "~/platform/http/common-schemas.ts";

/** docs/product.md §3: the four agent types, as the API names them. */
export const AGENT_TYPES = [
  "article-generator",
  "perplexity-generator",
  "interview-generator",
  "news-aggregator",
] as const;
export const agentTypeSchema = z.enum(AGENT_TYPES);
export type AgentTypeName = z.infer<typeof agentTypeSchema>;

export const AGENT_TONES = ["profesional", "academico", "divulgativo", "critico"] as const;
const agentToneSchema = z.enum(AGENT_TONES);

export const AGENT_STATUSES = ["draft", "active", "paused"] as const;
const agentStatusSchema = z.enum(AGENT_STATUSES);

/** docs/product.md §9 agent defaults. */
export const AGENT_DEFAULTS = {
  type: "article-generator",
  topics: ["inteligencia artificial"],
  targetLength: 800,
  tone: "profesional",
  language: "es",
  api_keys_enabled: true,
  auto_publish: false,
  status: "draft",
} as const;

/**
 * docs/product.md §5: topics and keywords are typed comma-separated; items are trimmed and empty ones dropped.
 * Accepts the typed string or an already-split list (API clients).
 */
const commaListSchema = z.preprocess(
  (value) => {
    const items = typeof value === "string" ? value.split(",") : value;
    if (!Array.isArray(items)) return items;
    return items.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "");
  },
  z.array(z.string().max(100)).max(30),
);

/**
 * docs/product.md §5: 200–2000 words, default 800; anything that is not a number falls back to 800. A number
 * too large to be finite ("1e309") is a number out of range, refused like 5000, not replaced by 800.
 */
const targetLengthSchema = z.preprocess(
  (value) => {
    const n =
      typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : Number.NaN;
    if (Number.isNaN(n)) return AGENT_DEFAULTS.targetLength;
    return Number.isFinite(n) ? Math.round(n) : n;
  },
  z.number().min(200, "must be between 200 and 2000").max(2000, "must be between 200 and 2000"),
);

/**
 * The pages an editor wants a draft written from: http(s) URLs typed one per line (or comma-separated), or an
 * already-split list. At most 10; the fetcher still refuses anything off the official-source allow-list.
 */
export const sourceUrlsSchema = z.preprocess(
  (value) => {
    const items = typeof value === "string" ? value.split(/[\s,]+/) : value;
    if (!Array.isArray(items)) return items;
    return items.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "");
  },
  z
    .array(
      z
        .string()
        .max(2000)
        .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), "must be an http(s) URL"),
    )
    .max(10, "at most 10 URLs"),
);

/** The one agent-config schema: the admin form and the server both parse with it. */
export const agentConfigSchema = z.object({
  content: z
    .object({
      topics: commaListSchema.default([...AGENT_DEFAULTS.topics]),
      targetLength: targetLengthSchema,
      tone: agentToneSchema.default(AGENT_DEFAULTS.tone),
      language: localeSchema.default(AGENT_DEFAULTS.language),
      customPrompt: z.string().trim().max(4000).default(""),
      generateImage: z.boolean().default(false),
      sourceUrls: sourceUrlsSchema.default([]),
      /** The editors mark the agent's matter as public interest: it waits for review unless the site allows otherwise. */
      publicInterest: z.boolean().default(false),
    })
    .prefault({ targetLength: AGENT_DEFAULTS.targetLength }),
  newsApi: z.object({ keywords: commaListSchema.default([]) }).prefault({}),
  /** interview-generator only: the transcript or source text the editor supplies (never invented). */
  interview: z.object({ material: z.string().trim().max(50_000).default("") }).prefault({}),
});
const agentFields = {
  name: z.string().trim().min(1, "required").max(120),
  type: agentTypeSchema.default(AGENT_DEFAULTS.type),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => v || null),
  config: agentConfigSchema.prefault({}),
  api_keys_enabled: z.boolean().default(AGENT_DEFAULTS.api_keys_enabled),
  auto_publish: z.boolean().default(AGENT_DEFAULTS.auto_publish),
};

/** Agent ids are cuids; anything else in the path is a 400, not a lookup. */
const agentId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid agent id");

/** POST /api/agents: new agents always start as draft (docs/product.md §4). */
export const agentCreateSchema = z.object(agentFields);
/** PUT /api/agents/{id}: the full agent, status included. */
export const agentUpdateSchema = z.object({
  id: agentId,
  ...agentFields,
  status: agentStatusSchema.default(AGENT_DEFAULTS.status),
});
export const agentIdSchema = z.object({ id: agentId });

/** An agent as the API returns it (docs/product.md §3). */
export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: agentTypeSchema,
  description: z.string().nullable(),
  config: agentConfigSchema,
  api_keys_enabled: z.boolean(),
  auto_publish: z.boolean(),
  status: agentStatusSchema,
  last_run: z.date().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type AgentDto = z.output<typeof agentSchema>;

const agentRunStatusSchema = z.enum(["queued", "running", "completed", "failed"]);

/** Why a run failed, as a code the admin UI translates (the English/Spanish text is also in `error`). */
export const runFailureSchema = z.object({
  code: z.enum([
    "providerNotConfigured",
    "missingMaterial",
    "noNewItems",
    "agentInactive",
    "provider",
    "internal",
    "cancelled",
    "noOfficialSource",
  ]),
  params: z.record(z.string(), z.string()).default({}),
});
export type RunFailure = z.infer<typeof runFailureSchema>;

export const generatedContentSchema = z.object({
  title: z.string(),
  type: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});

/** An agent run as the API returns it (docs/product.md §3 "Agent run"). */
export const agentRunSchema = z.object({
  id: z.string(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  trigger: z.string(),
  status: agentRunStatusSchema,
  progress: z.number(),
  logs: z.array(z.string()),
  result: z.object({ generatedContent: generatedContentSchema.optional(), failure: runFailureSchema.optional() }),
  error: z.string().nullable(),
  created_at: z.date(),
  started_at: z.date().nullable(),
  finished_at: z.date().nullable(),
  duration_ms: z.number().nullable(),
});
export type AgentRunDto = z.output<typeof agentRunSchema>;

/** docs/product.md §3 "Execution response". */
export const executeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  agentName: z.string().optional(),
  run: agentRunSchema.optional(),
  error: z.string().optional(),
  details: z.string().optional(),
});
export const executeAllResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  runs: z.array(agentRunSchema),
});

export const MANUAL_CONTENT_TYPES = ["article", "interview", "news"] as const;
const manualContentTypeSchema = z.enum(MANUAL_CONTENT_TYPES);

/** The editable default of the manual generation dialog (docs/product.md §2): a Spanish journalist on AI risks. */
export const DEFAULT_SYSTEM_PROMPT =
  "Eres un periodista español especializado en los riesgos, la regulación, la ética y la seguridad de la " +
  "inteligencia artificial. Escribes con rigor, equilibrio y transparencia, citando solo fuentes públicas " +
  "oficiales (instituciones de la UE, organismos nacionales, OCDE, NIST, ONU…) con enlaces verificables. " +
  "No inventas datos, cifras ni citas.";

/** POST /api/generate-manual-content (docs/product.md §5: the prompt must not be blank once trimmed). */
export const manualGenerationSchema = z.object({
  userPrompt: z.string().trim().min(1, "Por favor, escribe un prompt para generar contenido").max(20_000),
  systemPrompt: z
    .string()
    .trim()
    .max(8000)
    .optional()
    .transform((v) => v || DEFAULT_SYSTEM_PROMPT),
  contentType: manualContentTypeSchema.default("article"),
  generateImage: z.boolean().default(true),
  authorName: z.string().trim().max(120).optional(),
  /** Official pages the draft must be written from (fetched before drafting). */
  sourceUrls: sourceUrlsSchema.default([]),
});

/** POST /api/admin/articles/fix-author-names: article slug → author name. */
export const fixAuthorNamesSchema = z.object({
  mapping: z
    .record(slugSchema, z.string().trim().min(1, "required").max(120))
    .refine((m) => Object.keys(m).length > 0, "must name at least one article")
    .refine((m) => Object.keys(m).length <= 500, "at most 500 articles at a time"),
});

export const migrationResultSchema = z.object({
  slug: z.string(),
  status: z.enum(["updated", "failed"]),
  old_author: z.string().optional(),
  new_author: z.string().optional(),
  message: z.string().optional(),
});
export const migrationResponseSchema = z.object({ results: z.array(migrationResultSchema), message: z.string() });
export type MigrationResult = z.infer<typeof migrationResultSchema>;

const authorSchema = z.object({ id: z.string(), name: z.string(), type: z.string() });
const authoredArticleSchema = z.object({
  slug: z.string(),
  title_es: z.string(),
  author: z.string().nullable(),
  author_name: z.string().nullable(),
  date: z.date(),
  status: z.enum(["draft", "published", "rejected"]),
  /** The author is the name of an automated agent (or 'Agent: …'): the panel highlights it. */
  agent_authored: z.boolean(),
});
export const hardcodedAuthorsSchema = z.object({
  authors: z.array(authorSchema),
  articles: z.array(authoredArticleSchema),
});
