import { z } from "zod";
import { pageFields, pageOfSchema } from "~/platform/http/common-schemas.ts";

export const REPLY_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

const idSchema = z.string().trim().min(1, "is required").max(64, "must be at most 64 characters");

export const replyListInputSchema = z.object({ status: z.enum(REPLY_STATUSES).optional(), ...pageFields });
export const replyDecisionSchema = z.object({ id: idSchema });

export const replyItemSchema = z.object({
  id: z.string(),
  article: z.object({ slug: z.string(), title_es: z.string() }),
  locale: z.string(),
  author_handle: z.string(),
  author_url: z.string(),
  content: z.string(),
  published: z.date(),
  status: z.enum(REPLY_STATUSES),
  decided_by: z.string().nullable(),
  decided_at: z.date().nullable(),
  /** The top-level reply this one answers (a thread), or null for a reply to the article. */
  thread: z.object({ author_handle: z.string() }).nullable(),
});
export type ReplyItem = z.infer<typeof replyItemSchema>;

export const replyListSchema = pageOfSchema(replyItemSchema);

export const reactionStatsSchema = z.object({
  items: z.array(
    z.object({
      slug: z.string(),
      title_es: z.string(),
      likes: z.number(),
      boosts: z.number(),
      replies: z.number(),
    }),
  ),
});
export type ReactionStats = z.infer<typeof reactionStatsSchema>;
