/** The weekly Top 5: subscriptions (double opt-in, unsubscribe), generation, durable sending, the public archive and the admin. */
export { newsletterPreviewHtml } from "./admin.ts";
export { adminNewslettersRouter } from "./admin-router.ts";
export type { ArchivedNewsletter } from "./archive/archive.ts";
export { invalidateNewsletterArchive, newsletterContent } from "./archive/cache.ts";
export { newsletterHealthJob } from "./health/health-job.ts";
export { sendNewsletterGroupJob, sendNewsletterJob, signupMailJob, weeklyNewsletterJob } from "./jobs.ts";
export { forgetClickVisitorsJob } from "./stats/click-visitors-job.ts";
export { recordClick } from "./stats/clicks.ts";
export { newsletterStats } from "./stats/stats.ts";
export { adminNewsletterStatsRouter } from "./stats/stats-router.ts";
export { subscriptionsCsv } from "./subscriptions/admin-list.ts";
export { adminSubscriptionsRouter } from "./subscriptions/admin-router.ts";
export { newsletterRouter } from "./subscriptions/public-router.ts";
export { stopMailingSuppressed, subscriberLocale, unsubscribe } from "./subscriptions/subscribe.ts";
export { unsubscribeUrl } from "./urls.ts";
