import { z } from "zod";
import { slugSchema } from "~/platform/http/common-schemas.ts";
import { sourceFactsSchema } from "./facts/schema.ts";

export { figureKindSchema, sourceFactsSchema, speakerHowSchema } from "./facts/schema.ts";

/** An article named by its slug (the verification's REST paths). */
export const slugInputSchema = z.object({ slug: slugSchema });

const langSchema = z.enum(["es", "en"]);

/** A verification report as the verifier returns it and revisions store it. */
export const verificationReportSchema = z.object({
  status: z.enum(["verified", "needs_review", "failed"]),
  checkedAt: z.string(),
  sources: z.array(
    z.object({
      n: z.number(),
      url: z.string(),
      state: z.enum(["fetched", "unreachable", "off_list"]),
      status: z.number().nullable(),
      /** Where its redirects ended, when elsewhere; why it was not read; whether only its first part was. */
      finalUrl: z.string().nullable().optional(),
      reason: z.string().nullable().optional(),
      truncated: z.boolean().optional(),
    }),
  ),
  claims: z.array(
    z.object({
      lang: langSchema,
      kind: z.enum(["quote", "figure"]),
      claim: z.string(),
      sentence: z.string(),
      found: z.boolean(),
      n: z.number().nullable(),
      passage: z.string().nullable(),
    }),
  ),
  findings: z.array(
    z.object({
      lang: langSchema,
      /** Where the claim sits: the title, the summary or the body (absent on reports stored before). */
      field: z.enum(["title", "summary", "body"]).optional(),
      check: z.string(),
      sentence: z.string(),
      claim: z.string().nullable(),
      detail: z.string(),
      nearMatch: z.object({ n: z.number(), passage: z.string() }).nullable(),
      attribution: z.object({ draft: z.string(), source: z.string().nullable() }).optional(),
    }),
  ),
});

/** A stored source snapshot without its text ("Fuentes consultadas" lists these). */
export const snapshotSummarySchema = z.object({
  id: z.string(),
  url: z.string(),
  final_url: z.string(),
  ok: z.boolean(),
  status: z.number().nullable(),
  reason: z.string().nullable(),
  fetched_at: z.date(),
  title: z.string(),
  content_hash: z.string().nullable(),
  allow_listed: z.boolean(),
  /** Only the first part of a document over the size cap was read. */
  truncated: z.boolean(),
  check_state: z.string().nullable(),
  checked_at: z.date().nullable(),
});

/** "Fuentes consultadas": one snapshot with its text and what it states (quotations and figures). */
export const snapshotCopySchema = snapshotSummarySchema.extend({ text: z.string(), facts: sourceFactsSchema });

/** GET/POST /api/articles/{slug}/verification. */
export const articleVerificationSchema = z.object({
  slug: z.string(),
  status: z.enum(["verified", "needs_review", "failed"]).nullable(),
  report: verificationReportSchema.nullable(),
  confirmation: z.object({ by: z.string(), at: z.date(), findings: z.array(z.string()) }).nullable(),
  snapshots: z.array(snapshotSummarySchema),
});

export const snapshotIdSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid snapshot id"),
});
