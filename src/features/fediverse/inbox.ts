import { randomUUID } from "node:crypto";
import type { InboxContext } from "@fedify/fedify";
import { Accept, type Activity, type Block, Follow, type Undo } from "@fedify/vocab";
import { type ActorName, isActorName } from "./actors.ts";
import type { FediverseData } from "./context.ts";
import { addFollower, markSeen, removeFollower, seenBefore } from "./followers.ts";
import { removeReaction } from "./reply-store.ts";

type Ctx = InboxContext<FediverseData>;

/**
 * Follow: the target must be one of our actors; the follower (its document fetched, signed by Fedify) is
 * stored and answered with Accept. Fedify verified the request's signature and that its key belongs to the
 * Follow's actor before this runs; an activity id acted on before is ignored.
 */
export async function onFollow(ctx: Ctx, follow: Follow): Promise<void> {
  if (!follow.id || !follow.actorId || !follow.objectId) return;
  const target = ctx.parseUri(follow.objectId);
  if (target?.type !== "actor" || !isActorName(target.identifier)) return;
  if (await seenBefore(ctx.data.db, follow.id.href)) return;
  const follower = await follow.getActor(ctx);
  if (!follower?.id || !follower.inboxId || follower.id.href !== follow.actorId.href) return;
  await addFollower(ctx.data.db, {
    actor: target.identifier,
    followerUri: follower.id.href,
    followUri: follow.id.href,
    inbox: follower.inboxId.href,
    sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
    handle: follower.preferredUsername ? `@${follower.preferredUsername}@${follower.id.host}` : null,
  });
  const accept = new Accept({
    id: new URL(`${ctx.getActorUri(target.identifier).href}#accepts/${randomUUID()}`),
    actor: follow.objectId,
    object: follow,
  });
  await ctx.sendActivity({ identifier: target.identifier }, follower, accept);
  await markSeen(ctx.data.db, follow.id.href, "Follow", follow.actorId.href);
}

/** Undo(Follow): only the Follow's own actor can undo it (the Undo's verified actor). */
export async function onUndo(ctx: Ctx, undo: Undo): Promise<void> {
  if (!undo.id || !undo.actorId) return;
  if (await seenBefore(ctx.data.db, undo.id.href)) return;
  // Undo(Like) / Undo(Announce) of one of ours: its reaction goes, by id, without fetching the object.
  if (undo.objectId && (await removeReaction(ctx.data.db, undo.objectId.href, undo.actorId.href)) > 0) {
    return markSeen(ctx.data.db, undo.id.href, "Undo", undo.actorId.href);
  }
  const object = await undo.getObject(ctx);
  if (!(object instanceof Follow) || !object.objectId || object.actorId?.href !== undo.actorId.href) return;
  const target = ctx.parseUri(object.objectId);
  if (target?.type !== "actor" || !isActorName(target.identifier)) return;
  await removeFollower(ctx.data.db, target.identifier, undo.actorId.href);
  await markSeen(ctx.data.db, undo.id.href, "Undo", undo.actorId.href);
}

/**
 * Any other verified activity (Accept, Create, Update, Delete, Like…): recorded once by its id, and not acted
 * on in this slice (replies, likes and boosts come with the desk's list of replies: docs/fediverse.md).
 */
export async function onOtherActivity(ctx: Ctx, activity: Activity): Promise<void> {
  if (!activity.id || !activity.actorId) return;
  // The ActivityStreams type ("Create"), from the class's type id: class names do not survive minifying.
  const type = (activity.constructor as typeof Activity).typeId.hash.slice(1) || "Activity";
  await markSeen(ctx.data.db, activity.id.href, type, activity.actorId.href);
}

/** The answer to a request the federation has no route or representation for: the site's plain 404 / 406. */
export const notFound = () => new Response("Not Found", { status: 404, headers: { "content-type": "text/plain" } });
export const notAcceptable = () =>
  new Response("Not Acceptable", { status: 406, headers: { "content-type": "text/plain", vary: "Accept" } });

/**
 * Block from a remote actor: it no longer wants our posts, so it stops being a follower of the blocked actor
 * (of both when the Block names no actor of ours). Recorded once by its id.
 */
export async function onBlock(ctx: Ctx, block: Block): Promise<void> {
  if (!block.id || !block.actorId) return;
  if (await seenBefore(ctx.data.db, block.id.href)) return;
  const target = block.objectId ? ctx.parseUri(block.objectId) : null;
  const actors: ActorName[] =
    target?.type === "actor" && isActorName(target.identifier) ? [target.identifier] : ["noticias", "news"];
  for (const actor of actors) await removeFollower(ctx.data.db, actor, block.actorId.href);
  await markSeen(ctx.data.db, block.id.href, "Block", block.actorId.href);
}
