import { type Context, createFederation, type Federation } from "@fedify/fedify";
import {
  Activity,
  Announce,
  Article,
  Block,
  Create,
  Delete,
  Endpoints,
  Follow,
  Image,
  Like,
  Note,
  Organization,
  Undo,
  Update,
} from "@fedify/vocab";
import { publishedArticleById, publishedArticleIds } from "~/features/articles/index.ts";
import type { Article as ArticleRow } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { isLocale, type Locale } from "~/platform/i18n/locales.ts";
import { ACTORS, actorOf, isActorName } from "./actors.ts";
import { type ArticleIds, articleObject } from "./article-object.ts";
import { blockMatcher } from "./blocks.ts";
import type { FediverseData } from "./context.ts";
import { markDead } from "./deliveries.ts";
import { deliveryTracker } from "./delivery-tracking.ts";
import { allFollowers, followerCount, followersPage } from "./followers.ts";
import { notAcceptable, notFound, onBlock, onFollow, onOtherActivity, onUndo } from "./inbox.ts";
import { inboxGate } from "./inbox-gate.ts";
import { guardInboxPost } from "./inbox-guard.ts";
import { JobsMessageQueue, type QueuedTaskJob } from "./job-queue.ts";
import { actorKeyPairs } from "./keys.ts";
import { PostgresKvStore } from "./kv-store.ts";
import { noteObject } from "./note-object.ts";
import { actorByHandle, actorProfiles } from "./profiles.ts";
import { onAnnounce, onCreate, onDelete, onLike, onUpdate } from "./replies-inbox.ts";
import { fediverseSwitches } from "./switches.ts";
import { taskBodies } from "./task-bodies.ts";

export type Fediverse = Federation<FediverseData>;

export interface FediverseOptions {
  db: DbClient;
  /** The public origin every id is minted on (SITE_URL): never the request's Host. */
  origin: string;
  /** The jobs port's job that runs this federation's queued tasks (deliveries, fan-outs, incoming activities). */
  taskJob: QueuedTaskJob;
  /** The job that runs incoming activities, when not `taskJob` (the site's: see JobsMessageQueue). */
  inboxJob?: QueuedTaskJob;
  /** Lets Fedify fetch loopback and private addresses: the two-site tests only, never the site (an SSRF guard). */
  allowPrivateAddress?: boolean;
  /** Fedify's per-server circuit breaker (on by default); a test of the port's retries turns it off. */
  circuitBreaker?: false;
}

const PAGE = 100;
/** The followers collection's first page (Fedify pages through it for a fan-out). */
const FIRST = "first";

/** A follower as a recipient of a delivery: its inbox, and its server's shared inbox where it has one. */
const recipientOf = (r: { follower_uri: string; inbox: string; shared_inbox: string | null }) => ({
  id: new URL(r.follower_uri),
  inboxId: new URL(r.inbox),
  endpoints: r.shared_inbox ? { sharedInbox: new URL(r.shared_inbox) } : null,
});

/** The federation: the actors, their key pairs, followers, the article objects, NodeInfo and the inbox. */
export function createFediverse(opts: FediverseOptions): Fediverse {
  const federation = createFederation<FediverseData>({
    kv: new PostgresKvStore(opts.db),
    // Each delivery is a job recorded in fediverse_deliveries (delivery-tracking.ts), retried by the port.
    queue: new JobsMessageQueue(opts.taskJob, undefined, deliveryTracker(opts.db), opts.inboxJob, taskBodies(opts.db)),
    // The job's worker starts the queue when it first needs it, on whichever instance takes the task.
    manuallyStartQueue: true,
    origin: opts.origin,
    allowPrivateAddress: opts.allowPrivateAddress ?? false,
    ...(opts.circuitBreaker === false ? { circuitBreaker: false as const } : {}),
    // Mastodon accepts a signature dated up to an hour away from its clock; so do we.
    signatureTimeWindow: { hours: 1 },
    userAgent: { software: "riesgos-ia" },
  });

  federation
    .setActorDispatcher("/ap/actors/{identifier}", async (ctx, identifier) => {
      if (!isActorName(identifier)) return null;
      const locale = ACTORS[identifier];
      const keys = await ctx.getActorKeyPairs(identifier);
      // The URI stays keyed by language; the handle, name and summary are the operator's (admin › Fediverso).
      const profile = (await actorProfiles(ctx.data.db))[identifier];
      return new Organization({
        id: ctx.getActorUri(identifier),
        preferredUsername: profile.handle,
        name: profile.name,
        summary: profile.summary,
        url: new URL(locale === "en" ? "/en" : "/", ctx.origin),
        icon: new Image({ url: new URL("/logo.png", ctx.origin), mediaType: "image/png" }),
        // The profile's header picture (src/app/fediverse-header.png, 1500 × 500).
        image: new Image({ url: new URL("/fediverse-header.png", ctx.origin), mediaType: "image/png" }),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((k) => k.multikey),
        manuallyApprovesFollowers: false,
        discoverable: true,
      });
    })
    .setKeyPairsDispatcher((ctx, identifier) => (isActorName(identifier) ? actorKeyPairs(ctx.data.db, identifier) : []))
    // The current handle, or the previous one while its alias lasts (profiles.ts).
    .mapHandle((ctx, username) => actorByHandle(ctx.data.db, username));

  federation
    .setFollowersDispatcher("/ap/actors/{identifier}/followers", async (ctx, identifier, cursor) => {
      if (!isActorName(identifier)) return null;
      // No cursor is Fedify asking for the whole collection (a fan-out to every follower), never a page.
      if (cursor === null) {
        // A fan-out reads the whole collection: nothing is delivered to a blocked instance or actor.
        const blocked = await blockMatcher(ctx.data.db);
        const rows = await allFollowers(ctx.data.db, identifier);
        return { items: rows.filter((r) => !blocked(r.follower_uri)).map(recipientOf) };
      }
      const rows = await followersPage(ctx.data.db, identifier, cursor && cursor !== FIRST ? cursor : null, PAGE);
      const items = rows.slice(0, PAGE).map(recipientOf);
      return { items, nextCursor: rows.length > PAGE ? rows[PAGE]!.id : null };
    })
    .setFirstCursor(() => FIRST)
    .setCounter((ctx, identifier) => (isActorName(identifier) ? followerCount(ctx.data.db, identifier) : null));

  // The articles are reached from their pages (Accept: application/activity+json) and from the activities.
  federation.setOutboxDispatcher("/ap/actors/{identifier}/outbox", (_ctx, identifier) =>
    isActorName(identifier) ? { items: [] } : null,
  );

  federation.setObjectDispatcher(Article, "/ap/articles/{locale}/{id}", (ctx, { locale, id }) =>
    publishedObject(ctx, locale, id, articleObject, (l) => ctx.getObjectUri(Article, { locale: l, id })),
  );
  // The Note teaser's own id (the setting "Note instead of Article"): the same article, shaped for Mastodon.
  federation.setObjectDispatcher(Note, "/ap/notes/{locale}/{id}", (ctx, { locale, id }) =>
    publishedObject(ctx, locale, id, noteObject, (l) => ctx.getObjectUri(Note, { locale: l, id })),
  );

  federation.setNodeInfoDispatcher("/ap/nodeinfo/2.1", async (ctx) => ({
    software: { name: "riesgos-ia", version: "0.1.0", homepage: new URL(ctx.origin) },
    protocols: ["activitypub"],
    openRegistrations: false,
    usage: {
      users: { total: 2, activeMonth: 2, activeHalfyear: 2 },
      localPosts: (await publishedArticleIds(ctx.data.db)).length,
      localComments: 0,
    },
  }));

  federation
    .setInboxListeners("/ap/actors/{identifier}/inbox", "/ap/inbox")
    .on(Follow, onFollow)
    .on(Undo, onUndo)
    .on(Create, onCreate)
    .on(Update, onUpdate)
    .on(Delete, onDelete)
    .on(Like, onLike)
    .on(Announce, onAnnounce)
    .on(Block, onBlock)
    .on(Activity, onOtherActivity);

  // A 404/410 from an inbox: Fedify does not retry, and the delivery is dead at once.
  federation.setOutboxPermanentFailureHandler(async (_ctx, failure) => {
    const activityId = failure.activity.id?.href;
    if (!activityId) return;
    await markDead(opts.db, activityId, failure.inbox.href, failure.statusCode, failure.error.message);
  });

  return federation;
}

type Shape<T> = (row: ArticleRow, locale: Locale, origin: string, ids: ArticleIds) => T;

/** A published article's object in one language (English only with an English title), or null. */
async function publishedObject<T>(
  ctx: Context<FediverseData>,
  locale: string,
  id: string,
  shape: Shape<T>,
  objectUri: (locale: Locale) => URL,
): Promise<T | null> {
  if (!isLocale(locale)) return null;
  const row = await publishedArticleById(ctx.data.db, id);
  if (!row || (locale === "en" && !row.title_en)) return null;
  const actor = actorOf(locale);
  const ids = { id: objectUri(locale), attribution: ctx.getActorUri(actor), followers: ctx.getFollowersUri(actor) };
  return shape(row, locale, ctx.origin, ids);
}

/** A request on a federation path, answered by Fedify (WebFinger, NodeInfo, actors, inboxes, collections, objects). */
export async function fediverseFetch(federation: Fediverse, data: FediverseData, request: Request): Promise<Response> {
  // Private mode: the site is not on the fediverse at all (actors, WebFinger, NodeInfo, inboxes: 404).
  if ((await fediverseSwitches(data.db)).privateMode) return notFound();
  // Oversized or absurdly nested bodies are refused before Fedify parses or verifies them.
  const checked = await guardInboxPost(request);
  if (checked instanceof Response) return checked;
  const refused = await inboxGate(data.db, checked);
  if (refused) return refused;
  return federation.fetch(checked, { contextData: data, onNotFound: notFound, onNotAcceptable: notAcceptable });
}
