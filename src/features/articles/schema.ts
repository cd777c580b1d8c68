import { z } from "zod";

export const sourceSchema = z.object({ name: z.string(), url: z.string() });
const articleStatusSchema = z.enum(["draft", "published", "rejected"]);

/** An article as the API returns it (docs/product.md §3 field names). */
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

/** A taxonomy value in a filter (topics, tags, types): short, no markup. */
const facetValue = z.string().trim().min(1).max(60);

/** /noticias filters (docs/product.md §3 filter state) plus sort and paging. `type: 'all'` clears the type filter. */
export const articleListInputSchema = z.object({
  topics: z.array(facetValue).max(20).default([]),
  type: facetValue.optional(),
  tags: z.array(facetValue).max(20).default([]),
  date: z.enum(["all", "week", "month", "year"]).default("all"),
  sort: z.enum(["desc", "asc"]).default("desc"),
  /** Offset of the next page (from the previous page's nextCursor). */
  cursor: z.number().int().min(0).max(100_000).nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});
export type ArticleListInput = z.input<typeof articleListInputSchema>;

export const linkSchema = z.object({ name: z.string(), url: z.string() });
export const qaSchema = z.object({ q: z.string(), a: z.string() });
export const intervieweeSchema = z.object({
  name: z.string(),
  role_es: z.string().nullish(),
  role_en: z.string().nullish(),
  focus: z.array(z.string()).default([]),
  referent_slug: z.string().nullish(),
});

export const searchInputSchema = z.object({
  q: z.string().trim().min(1, "must not be empty").max(200),
  locale: z.enum(["es", "en"]).default("es"),
  limit: z.number().int().min(1).max(50).default(30),
});

export const searchKindSchema = z.enum(["article", "interview", "referent", "company", "application", "resource"]);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const searchHitSchema = z.object({
  kind: searchKindSchema,
  slug: z.string(),
  title: z.string(),
  /** ts_headline output: matches wrapped in the HIGHLIGHT markers below (plain text otherwise). */
  snippet: z.string(),
  rank: z.number(),
  date: z.date().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Control characters never present in content, so highlighting survives HTML escaping intact. */
export const HIGHLIGHT_START = "\u0002";
export const HIGHLIGHT_END = "\u0003";
