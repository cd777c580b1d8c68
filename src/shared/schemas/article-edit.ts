import { z } from "zod";
import { CONTENT_TYPES, TOPICS } from "~/lib/taxonomy.ts";
import { slugSchema } from "./common.ts";

const required = (max: number) => z.string().trim().min(1, "must not be empty").max(max);

/** An http(s) URL: a source must be a link a reader can follow. */
const httpUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, "must be an http(s) URL");

const editSourceSchema = z.object({ name: required(200), url: httpUrlSchema });

/** A stored image ("/…" on this site) or an http(s) URL. */
const imageUrlSchema = z.union([
  z
    .string()
    .trim()
    .regex(/^\/[^/]/, "must be an http(s) URL or a site path"),
  httpUrlSchema,
]);

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
  image_url: imageUrlSchema.nullable().optional(),
  sponsored: z.boolean().optional(),
  sponsor_label: z.string().trim().max(120).nullable().optional(),
  confirm_unofficial_sources: z.boolean().optional(),
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

const AUDIT_OUTCOMES = ["success", "failure"] as const;

/** GET /api/admin/audit: newest first, filtered by action, actor (name) and target (slug, id or e-mail). */
export const auditListInputSchema = z.object({
  action: z.string().trim().max(80).optional(),
  actor: z.string().trim().max(120).optional(),
  target: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  details: z.record(z.string(), z.unknown()),
  created_at: z.date(),
});
export const auditListOutputSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every action name recorded so far (the filter's choices). */
  actions: z.array(z.string()),
});
