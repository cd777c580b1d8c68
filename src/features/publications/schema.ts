import { z } from "zod";
import { httpUrlSchema, sitePathOrHttpUrlSchema, slugSchema } from "~/platform/http/common-schemas.ts";
import { CONTENT_TYPES, TOPICS } from "~/platform/i18n/taxonomy.ts";

export const slugInputSchema = z.object({ slug: slugSchema });

/** PUT /api/articles/{slug}: approve or reject; approving with a future `publish_at` schedules it. */
export const reviewDecisionSchema = z.object({
  slug: slugSchema,
  status: z.enum(["published", "rejected"]),
  publish_at: z.coerce.date().optional(),
  /** The editor's explicit yes to approving a draft whose verification report has findings. */
  confirm_findings: z.boolean().optional(),
});

const required = (max: number) => z.string().trim().min(1, "must not be empty").max(max);

const editSourceSchema = z.object({ name: required(200), url: httpUrlSchema });

/**
 * PATCH /api/articles/{slug}: any subset of the editable fields (one schema for tRPC, REST and the desk form).
 * `confirm_unofficial_sources` is the editor's explicit yes to sources outside the allow-list on a
 * published article; it is recorded with the revision.
 */
export const articleEditSchema = z.object({
  slug: slugSchema,
  title_es: required(300).optional(),
  title_en: required(300).optional(),
  summary_es: required(2000).optional(),
  summary_en: required(2000).optional(),
  body_es: required(100_000).optional(),
  body_en: required(100_000).optional(),
  topics: z.array(z.enum(TOPICS)).min(1, "must name at least one topic").max(8).optional(),
  tags: z.array(z.string().trim().min(1, "must not be empty").max(60)).max(30).optional(),
  type: z.enum(CONTENT_TYPES).optional(),
  sources: z.array(editSourceSchema).max(30).optional(),
  author_name: z.string().trim().max(120).nullable().optional(),
  image_url: sitePathOrHttpUrlSchema.nullable().optional(),
  sponsored: z.boolean().optional(),
  sponsor_label: z.string().trim().max(120).nullable().optional(),
  confirm_unofficial_sources: z.boolean().optional(),
  /** A published article's changed title, summary, figure or quotation: the public note (Spanish required). */
  correction_note_es: z.string().trim().max(1000).optional(),
  correction_note_en: z.string().trim().max(1000).optional(),
  /** The editor's explicit choice that such a change only fixes a typo (stored on the revision, no note). */
  typo_fix: z.boolean().optional(),
});
export type ArticleEditInput = z.input<typeof articleEditSchema>;

/** The sources as the desk shows them: each with its verdict against the allow-list. */
export const checkedSourceSchema = z.object({ name: z.string(), url: z.string(), official: z.boolean() });

/** PUT /api/articles/{slug}/schedule: a future time moves the schedule, null cancels it. */
export const scheduleInputSchema = z.object({
  slug: slugSchema,
  publish_at: z.coerce.date().nullable(),
});

export const revisionSchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string(),
  fields: z.array(z.string()),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  restored_from: z.string().nullable(),
  confirmed_unofficial_sources: z.array(z.string()),
  created_at: z.date(),
});
export type RevisionDto = z.infer<typeof revisionSchema>;

/** The content a restore can bring back: the editable fields plus `author` (author migration sets both). */
export const RESTORABLE_FIELDS = [
  "title_es",
  "title_en",
  "summary_es",
  "summary_en",
  "body_es",
  "body_en",
  "topics",
  "tags",
  "type",
  "sources",
  "author_name",
  "image_url",
  "sponsored",
  "sponsor_label",
  "author",
] as const;

/** Restore a revision's content; `fields` restores only those (e.g. just the English title). */
export const revisionRestoreInputSchema = z.object({
  slug: slugSchema,
  id: z.string().trim().min(1).max(64),
  fields: z.array(z.enum(RESTORABLE_FIELDS)).min(1).max(RESTORABLE_FIELDS.length).optional(),
  confirm_unofficial_sources: z.boolean().optional(),
});
