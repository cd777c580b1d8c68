import { z } from "zod";
import { emailSchema, localeSchema, pageFields } from "~/platform/http/common-schemas.ts";

/** docs/product.md §7 POST /api/newsletter/subscribe. `website` is a honeypot: people leave it empty, bots fill it. */
export const subscribeInputSchema = z.object({
  email: emailSchema,
  locale: localeSchema.optional(),
  source: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z0-9-]*$/, "must be a short lowercase label")
    .optional(),
  website: z.string().max(200).optional(),
});
export type SubscribeInput = z.infer<typeof subscribeInputSchema>;

/** Tokens are ≥ 32 characters (docs/product.md §5); anything else is rejected before touching the database. */
export const tokenSchema = z.string().trim().min(32, "must be at least 32 characters").max(128);
export const unsubscribeInputSchema = z.object({ token: tokenSchema });
export const confirmInputSchema = z.object({ token: tokenSchema });

export const unsubscribeOutputSchema = z.object({ success: z.boolean(), message: z.string() });

const subscriptionStatusSchema = z.enum(["pending", "confirmed", "unsubscribed"]);

/** A subscription as admins see it (docs/product.md §3: id, email, subscribed, source, created_at; plus language and state). */
const subscriptionSchema = z.object({
  id: z.string(),
  email: z.string(),
  subscribed: z.boolean(),
  status: subscriptionStatusSchema,
  source: z.string().nullable(),
  locale: z.string(),
  created_at: z.date(),
  confirmed_at: z.date().nullable(),
});

export const subscriptionListInputSchema = z.object({
  q: z.string().trim().max(254).optional(),
  ...pageFields,
});
export const subscriptionListOutputSchema = z.object({
  items: z.array(subscriptionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const subscriptionEmailInputSchema = z.object({ email: emailSchema });

const newsletterStatusSchema = z.enum(["draft", "pending", "approved", "sending", "sent", "failed", "paused"]);

/** One entry of the weekly 'Top 5'. */
export const newsletterItemSchema = z.object({
  kind: z.enum(["article", "interview"]),
  slug: z.string(),
  title_es: z.string(),
  title_en: z.string().nullable(),
  summary_es: z.string(),
  summary_en: z.string().nullable(),
  sponsored: z.boolean(),
  date: z.string(),
  /** The piece's topics when generated: the ranking's click signal adds up clicks per topic. */
  topics: z.array(z.string()).optional(),
  /** The piece's listed sources: the only outside addresses the click counter redirects to. */
  sources: z.array(z.object({ name: z.string(), url: z.string() })).optional(),
});
export type NewsletterItem = z.infer<typeof newsletterItemSchema>;

/** How many items were published in the newsletter's week, and how many earlier ones fill it up to 5. */
export function newsletterComposition(items: NewsletterItem[], weekStart: Date): { week: number; recent: number } {
  const week = items.filter((i) => new Date(i.date) >= weekStart).length;
  return { week, recent: items.length - week };
}

export const newsletterSchema = z.object({
  id: z.string(),
  subject_es: z.string(),
  subject_en: z.string().nullable(),
  intro_es: z.string(),
  intro_en: z.string().nullable(),
  items: z.array(newsletterItemSchema),
  status: newsletterStatusSchema,
  week_start: z.date(),
  recipient_count: z.number().int(),
  sent_count: z.number().int(),
  failure_reason: z.string().nullable(),
  created_at: z.date(),
  sent_at: z.date().nullable(),
  /** While sending: when the send (or its resumption) started, and when a batch last went out. */
  send_started_at: z.date().nullable(),
  progress_at: z.date().nullable(),
  /** While sending: seconds left at the observed pace (or the configured one before the first batch). */
  eta_seconds: z.number().int().nullable(),
  /**
   * While the e-mail provider does not answer: since when, and (while the send waits it out) when it is tried
   * next. A send `paused` after a long outage keeps the first.
   */
  provider_down_since: z.date().nullable(),
  provider_retry_at: z.date().nullable(),
  /** Sending with no live job behind it (its job was lost): the operator can resume or cancel it. */
  stalled: z.boolean(),
  /** The public archive's address (/newsletter/{slug}). */
  slug: z.string().nullable().optional(),
  /** What the provider reported back (signed webhooks), counted per newsletter: no addresses. */
  delivery: z
    .object({ delivered: z.number().int(), bounced: z.number().int(), complained: z.number().int() })
    .optional(),
  /** Clicks per item (same order as items): aggregate counts only. */
  clicks: z.array(z.number().int()).optional(),
});
export type NewsletterDto = z.infer<typeof newsletterSchema>;

export const newsletterIdInputSchema = z.object({ id: z.string().trim().min(1).max(64) });

/** A click on item `index` of a newsletter: `lang` picks the page's language, `to` one of the item's sources. */
export const clickInputSchema = z.object({
  id: z.string().trim().min(1).max(64),
  index: z.coerce.number().int().min(0).max(99),
  lang: localeSchema.optional(),
  to: z.string().max(2048).optional(),
});
export type ClickInput = z.infer<typeof clickInputSchema>;

/** An open health alert of the newsletter, as the admin's banner shows it. */
export const newsletterAlertSchema = z.object({
  key: z.string(),
  kind: z.enum(["failed", "stalled", "missed", "provider_outage"]),
  newsletter_id: z.string().nullable(),
  message: z.string(),
  created_at: z.date(),
  emailed: z.boolean(),
});

/** Estadísticas › Boletín: how many weeks of subscriptions to show (the current week included). */
export const newsletterStatsInputSchema = z.object({ weeks: z.coerce.number().int().min(1).max(52).default(12) });

/** Per sent issue: recipients, what the provider reported and clicks per item; per week: the list's movements. */
export const newsletterStatsSchema = z.object({
  issues: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      sent_at: z.date().nullable(),
      recipients: z.number().int(),
      delivered: z.number().int(),
      bounced: z.number().int(),
      items: z.array(z.object({ title: z.string(), clicks: z.number().int() })),
    }),
  ),
  weeks: z.array(
    z.object({
      week: z.date(),
      signups: z.number().int(),
      confirmations: z.number().int(),
      unsubscribes: z.number().int(),
    }),
  ),
});
export type NewsletterStats = z.infer<typeof newsletterStatsSchema>;
