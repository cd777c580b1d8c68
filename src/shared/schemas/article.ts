import { z } from "zod";

export const sourceSchema = z.object({ name: z.string(), url: z.string() });
const articleStatusSchema = z.enum(["draft", "published", "rejected"]);

/** An article as the API returns it (SPEC §3 field names). */
export const articleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title_es: z.string(),
  title_en: z.string().nullable(),
  summary_es: z.string(),
  summary_en: z.string().nullable(),
  body_es: z.string(),
  body_en: z.string().nullable(),
  date: z.date(),
  created_at: z.date(),
  updated_at: z.date(),
  topics: z.array(z.string()),
  type: z.string(),
  tags: z.array(z.string()),
  sources: z.array(sourceSchema),
  author: z.string().nullable(),
  author_name: z.string().nullable(),
  sponsored: z.boolean(),
  sponsor_label: z.string().nullable(),
  image_url: z.string().nullable(),
  featured: z.boolean(),
  is_static: z.boolean(),
  is_agent: z.boolean(),
  review_required: z.boolean(),
  status: articleStatusSchema,
  published_at: z.date().nullable(),
  /** Approved for later: published by the scheduler at this time. */
  publish_at: z.date().nullable(),
  agent_run_id: z.string().nullable(),
});
export type ArticleDto = z.infer<typeof articleSchema>;
