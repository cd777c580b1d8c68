import { z } from "zod";
import { articleBySlug } from "~/features/articles/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import type { ArticleEvent } from "~/platform/events/article-events.ts";
import { siteUrl } from "~/platform/http/site-url.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { announceArticle } from "./announce.ts";
import { pruneDelivered, retryDelivery } from "./deliveries.ts";
import { createFediverse, type Fediverse, fediverseFetch } from "./federation.ts";
import { notFound } from "./inbox.ts";
import { JobsMessageQueue, queuedTaskJob } from "./job-queue.ts";
import { sweepExpired } from "./kv-store.ts";
import { fediverseEnabled } from "./settings.ts";
import { pruneTaskBodies } from "./task-bodies.ts";

// One federation per process, whichever bundle (route, job worker) asks first.
const holder = globalThis as { __fediverse?: Fediverse };

const startQueue = async () => {
  void appFediverse().startQueue({ db });
};

/**
 * Fedify's outgoing tasks (fan-outs, deliveries) as jobs of the jobs port: worked by the fediverse's own
 * process (FEDIVERSE_PROCESS=own, scripts/fediverse-process.ts) or by the server.
 */
export const fediverseTaskJob = queuedTaskJob("fediverse/task", startQueue);

/**
 * Incoming activities (replies, likes, follows) as jobs worked by the server: few and small, and a follower's
 * Accept must not wait behind a fan-out in the deliveries' process (at its lower priority).
 */
export const fediverseInboxJob = queuedTaskJob("fediverse/inbox", startQueue);

/** An operator's retry of a dead delivery (admin › Fediverso): a fresh first attempt on the site's queue. */
export function retrySiteDelivery(id: string) {
  return retryDelivery(db, id, (message) => new JobsMessageQueue(fediverseTaskJob).enqueue(message));
}

/** The site's federation, on SITE_URL's origin and the site's database. */
export function appFediverse(): Fediverse {
  holder.__fediverse ??= createFediverse({
    db,
    origin: siteUrl(),
    taskJob: fediverseTaskJob,
    inboxJob: fediverseInboxJob,
    allowPrivateAddress: env.FEDIVERSE_ALLOW_PRIVATE_ADDRESS === "1",
  });
  return holder.__fediverse;
}

/**
 * An article page asked for as ActivityStreams: next.config.mjs rewrites it to /ap/pages/{locale}/{slug}, and the
 * route handler then sees the page's own path in `request.url` (a rewrite keeps it), so both are recognised.
 */
function articlePage(pathname: string): { locale: "es" | "en"; slug: string } | null {
  const rewritten = /^\/ap\/pages\/(es|en)\/([^/]+)$/.exec(pathname);
  if (rewritten) return { locale: rewritten[1] as "es" | "en", slug: rewritten[2]! };
  const page = /^(\/en)?\/noticias\/([^/]+)$/.exec(pathname);
  return page ? { locale: page[1] ? "en" : "es", slug: page[2]! } : null;
}

/**
 * The route handlers' entry: 404 for every federation path while the fediverse is off. An article page's
 * request is answered with its object (the id stays /ap/articles/…, keyed by the article's id).
 */
export async function handleFediverseRequest(request: Request): Promise<Response> {
  if (!fediverseEnabled()) return notFound();
  const federation = appFediverse();
  const page = articlePage(new URL(request.url).pathname);
  if (!page) return fediverseFetch(federation, { db }, request);
  const row = await articleBySlug(db, decodeURIComponent(page.slug));
  if (row?.status !== "published") return notFound();
  const objectUrl = `${siteUrl()}/ap/articles/${page.locale}/${row.id}`;
  return fediverseFetch(federation, { db }, new Request(objectUrl, { headers: request.headers }));
}

const announcementSchema = z.object({
  kind: z.enum(["published", "updated", "removed"]),
  articleId: z.string().min(1),
  note: z.object({ es: z.string().nullable(), en: z.string().nullable() }).nullable().optional(),
});

/** Sends an article's change to the followers (the fan-out itself then runs as Fedify's queued tasks). */
export const articleAnnouncementJob = defineJob({
  name: "fediverse/article.announce",
  schema: announcementSchema,
  retries: 5,
  handler: (event, ctx) =>
    fediverseEnabled()
      ? announceArticle(appFediverse(), { db }, siteUrl(), event, ctx.runId)
      : Promise.resolve({ sent: 0 }),
});

/** The desk's article events (src/platform/events/article-events.ts), queued for the fediverse when it is on. */
export async function queueArticleAnnouncement(_db: DbClient, event: ArticleEvent): Promise<void> {
  if (!fediverseEnabled()) return;
  await enqueue(articleAnnouncementJob, event);
}

/** Daily: the store's expired entries (Fedify's idempotence marks and caches carry a ttl) are deleted. */
export const fediverseSweepJob = defineJob({
  name: "fediverse/kv.sweep",
  schema: z.object({}),
  retries: 2,
  cron: "30 3 * * *",
  handler: async () => ({ deleted: await sweepExpired(db) }),
});

const DAY_MS = 24 * 60 * 60_000;

/**
 * Daily: the deliveries delivered more than FEDIVERSE_DELIVERY_RETENTION_DAYS ago are deleted (a fan-out to
 * 10,000 followers writes 10,000 rows); the failed and dead ones stay for the operator.
 */
export const fediverseDeliveryPruneJob = defineJob({
  name: "fediverse/deliveries.prune",
  schema: z.object({}),
  retries: 2,
  cron: "45 3 * * *",
  handler: async () => {
    const before = new Date(Date.now() - env.FEDIVERSE_DELIVERY_RETENTION_DAYS * DAY_MS);
    const deleted = await pruneDelivered(db, before);
    // A fan-out's stored activity goes once no delivery of it is left to show or retry.
    return { deleted, bodies: await pruneTaskBodies(db, before) };
  },
});
