/** The weekly Top 5: subscriptions (double opt-in, unsubscribe), generation, durable sending, the public archive and the admin. */
export { newsletterPreviewHtml } from "./admin.ts";
export { adminNewslettersRouter } from "./admin-router.ts";
export type { ArchivedNewsletter } from "./archive.ts";
export { invalidateNewsletterArchive, newsletterContent } from "./cache.ts";
export { forgetClickVisitorsJob } from "./click-visitors-job.ts";
export { recordClick } from "./clicks.ts";
export { newsletterHealthJob } from "./health-job.ts";
export { sendNewsletterGroupJob, sendNewsletterJob, signupMailJob, weeklyNewsletterJob } from "./jobs.ts";
export { newsletterRouter } from "./router.ts";
export { newsletterStats } from "./stats.ts";
export { adminNewsletterStatsRouter } from "./stats-router.ts";
export { stopMailingSuppressed, subscriberLocale, unsubscribe } from "./subscribe.ts";
export { subscriptionsCsv } from "./subscriptions-admin.ts";
export { adminSubscriptionsRouter } from "./subscriptions-router.ts";
export { unsubscribeUrl } from "./urls.ts";
