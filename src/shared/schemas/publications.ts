import { z } from "zod";
import { slugSchema } from "./common.ts";

export const MANUAL_CONTENT_TYPES = ["article", "interview", "news"] as const;
const manualContentTypeSchema = z.enum(MANUAL_CONTENT_TYPES);

/** The editable default of the manual generation dialog (SPEC §2): a Spanish journalist on AI risks. */
export const DEFAULT_SYSTEM_PROMPT =
  "Eres un periodista español especializado en los riesgos, la regulación, la ética y la seguridad de la " +
  "inteligencia artificial. Escribes con rigor, equilibrio y transparencia, citando solo fuentes públicas " +
  "oficiales (instituciones de la UE, organismos nacionales, OCDE, NIST, ONU…) con enlaces verificables. " +
  "No inventas datos, cifras ni citas.";

/** POST /api/generate-manual-content (SPEC §5: the prompt must not be blank once trimmed). */
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
});
export const slugInputSchema = z.object({ slug: slugSchema });

/** PUT /api/articles/{slug}: approve or reject; approving with a future `publish_at` schedules it. */
export const reviewDecisionSchema = z.object({
  slug: slugSchema,
  status: z.enum(["published", "rejected"]),
  publish_at: z.coerce.date().optional(),
});

export const messageSchema = z.object({ message: z.string() });

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
