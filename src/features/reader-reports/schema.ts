import { z } from "zod";
import { emailSchema, httpUrlSchema, localeSchema, pageFields, slugSchema } from "~/platform/http/common-schemas.ts";
import { MIN_FILL_MS, REPORT_MESSAGE_MAX } from "./limits.ts";

/** A form left open longer than a day is stale: its start time is no longer believed. */
const MAX_FILL_MS = 24 * 60 * 60 * 1000;

const required = (max: number) => z.string().trim().min(1, "is required").max(max, `must be at most ${max} characters`);
/** An optional form field: left empty, it is absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

/**
 * "¿Has visto un error?" (POST /api/reader-reports): shared by the article's form, tRPC and REST. `website` is
 * a field people never see (a bot filling every input fills it); `started_at` is when the form was shown.
 */
export const readerReportInputSchema = z.object({
  slug: slugSchema,
  message: required(REPORT_MESSAGE_MAX),
  source_url: optional(httpUrlSchema),
  email: optional(emailSchema),
  locale: localeSchema.optional(),
  website: z.string().max(0, "must be empty").optional(),
  started_at: z
    .number()
    .int()
    .refine((t) => Date.now() - t >= MIN_FILL_MS, "the form was sent too fast; wait a few seconds")
    .refine((t) => Date.now() - t <= MAX_FILL_MS, "the form is too old; reload the page"),
});
export type ReaderReportInput = z.output<typeof readerReportInputSchema>;

export const readerReportOutputSchema = z.object({ success: z.boolean(), id: z.string() });

export const READER_REPORT_STATUSES = ["open", "corrected", "replied", "dismissed"] as const;
export type ReaderReportStatus = (typeof READER_REPORT_STATUSES)[number];

const idSchema = z.string().trim().min(1).max(64);

export const readerReportListInputSchema = z.object({
  status: z.enum(READER_REPORT_STATUSES).optional(),
  ...pageFields,
});

export const readerReportDismissSchema = z.object({ id: idSchema, reason: required(500) });
export const readerReportReplySchema = z.object({ id: idSchema, message: required(5000) });

export const readerReportItemSchema = z.object({
  id: z.string(),
  article: z.object({ slug: z.string(), title_es: z.string() }),
  message: z.string(),
  source_url: z.string().nullable(),
  email: z.string().nullable(),
  locale: z.string(),
  status: z.enum(READER_REPORT_STATUSES),
  dismiss_reason: z.string().nullable(),
  reply: z.string().nullable(),
  handled_by: z.string().nullable(),
  handled_at: z.date().nullable(),
  correction_notified_at: z.date().nullable(),
  created_at: z.date(),
});
export type ReaderReportItem = z.infer<typeof readerReportItemSchema>;

export const readerReportListSchema = z.object({
  items: z.array(readerReportItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
