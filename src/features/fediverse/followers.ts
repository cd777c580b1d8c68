import type { DbClient } from "~/platform/db/client.ts";
import type { ActorName } from "./actors.ts";

export interface NewFollower {
  actor: ActorName;
  followerUri: string;
  followUri: string;
  inbox: string;
  sharedInbox: string | null;
  handle: string | null;
}

/** Records an accepted follow; a repeated Follow from the same actor updates its inbox and Follow id. */
export async function addFollower(db: DbClient, f: NewFollower): Promise<void> {
  const data = { follow_uri: f.followUri, inbox: f.inbox, shared_inbox: f.sharedInbox, handle: f.handle };
  await db.fediverseFollower.upsert({
    where: { actor_follower_uri: { actor: f.actor, follower_uri: f.followerUri } },
    create: { actor: f.actor, follower_uri: f.followerUri, ...data },
    update: data,
  });
}

/** Undo(Follow): only the follower itself can stop following (the Undo's verified actor). */
export async function removeFollower(db: DbClient, actor: ActorName, followerUri: string): Promise<number> {
  const { count } = await db.fediverseFollower.deleteMany({ where: { actor, follower_uri: followerUri } });
  return count;
}

/** A page of an actor's followers, oldest first (the followers collection and the fan-out read it). */
export function followersPage(db: DbClient, actor: ActorName, cursor: string | null, take: number) {
  return db.fediverseFollower.findMany({
    where: { actor },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    take: take + 1,
    ...(cursor ? { cursor: { id: cursor }, skip: 0 } : {}),
  });
}

/** Every follower of an actor: the recipients of a fan-out. */
export const allFollowers = (db: DbClient, actor: ActorName) =>
  db.fediverseFollower.findMany({
    where: { actor },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    select: { follower_uri: true, inbox: true, shared_inbox: true },
  });

export const followerCount = (db: DbClient, actor: ActorName) => db.fediverseFollower.count({ where: { actor } });

/** Whether an incoming activity with this id was acted on before (a replay, a redelivery). */
export async function seenBefore(db: DbClient, id: string): Promise<boolean> {
  return (await db.fediverseActivity.count({ where: { id } })) > 0;
}

/** Records an incoming activity as acted on, after the action: a failed one is retried, not skipped. */
export async function markSeen(db: DbClient, id: string, type: string, actorUri: string): Promise<void> {
  await db.fediverseActivity.createMany({ data: [{ id, type, actor_uri: actorUri }], skipDuplicates: true });
}

/** Followers per remote instance (host), for each of the site's actors: the operator's view, busiest first. */
export async function followersByInstance(db: DbClient): Promise<{ host: string; noticias: number; news: number }[]> {
  const rows = await db.$queryRaw<{ host: string; actor: string; n: number }[]>`
    SELECT lower(substring(follower_uri from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]+)')) AS host, actor, count(*)::int AS n
      FROM fediverse_followers GROUP BY 1, 2`;
  const byHost = new Map<string, { host: string; noticias: number; news: number }>();
  for (const r of rows) {
    const entry = byHost.get(r.host) ?? { host: r.host, noticias: 0, news: 0 };
    if (r.actor === "noticias" || r.actor === "news") entry[r.actor] += r.n;
    byHost.set(r.host, entry);
  }
  return [...byHost.values()].sort(
    (a, b) => b.noticias + b.news - (a.noticias + a.news) || a.host.localeCompare(b.host),
  );
}
