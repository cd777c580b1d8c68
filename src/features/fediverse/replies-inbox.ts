import type { InboxContext } from "@fedify/fedify";
import { type Announce, type Create, type Delete, type Like, Note, type Update } from "@fedify/vocab";
import { sanitizeForeignHtml } from "~/platform/security/markdown.ts";
import { articleTarget } from "./article-target.ts";
import { invalidateRepliesOf } from "./cache.ts";
import type { FediverseData } from "./context.ts";
import { markSeen, seenBefore } from "./followers.ts";
import { REPLY_LINK_REL } from "./reply-rel.ts";
import { addReaction, removeByAuthor, saveReply, threadTarget } from "./reply-store.ts";

type Ctx = InboxContext<FediverseData>;

/** A reply's text as stored: longer ones are cut (a Mastodon post is 500 characters; other servers allow more). */
const MAX_CONTENT = 20_000;

/**
 * Create(Note) or Update(Note) replying to one of our published articles, or to a stored reply to one (then
 * threaded under it): the Note must be its activity's actor's own (attributedTo), its content is sanitised by
 * the site's rules and it waits for the desk. Anything else (not a Note, not a reply to us, an unpublished
 * article) is recorded as seen and not stored.
 */
async function onNote(ctx: Ctx, activity: Create | Update, type: "Create" | "Update"): Promise<void> {
  if (!activity.id || !activity.actorId) return;
  if (await seenBefore(ctx.data.db, activity.id.href)) return;
  const object = await activity.getObject(ctx);
  if (object instanceof Note && object.id && object.attributionId?.href === activity.actorId.href) {
    const target =
      (await articleTarget(ctx, object.replyTargetId)) ?? (await threadTarget(ctx.data.db, object.replyTargetId));
    const author = target ? await activity.getActor(ctx) : null;
    if (target && author?.id?.href === activity.actorId.href) {
      const profile = author.url instanceof URL ? author.url.href : author.id.href;
      const user = author.preferredUsername?.toString() ?? author.id.pathname.split("/").pop() ?? "";
      const html = sanitizeForeignHtml(object.content?.toString() ?? "", REPLY_LINK_REL).slice(0, MAX_CONTENT);
      const { wasApproved } = await saveReply(
        ctx.data.db,
        {
          objectUri: object.id.href,
          activityUri: activity.id.href,
          target,
          authorUri: author.id.href,
          authorHandle: `@${user}@${author.id.host}`,
          authorUrl: /^https?:$/.test(new URL(profile).protocol) ? profile : author.id.href,
          content: html,
          published: new Date(object.published?.epochMilliseconds ?? Date.now()),
        },
        type === "Update",
      );
      if (wasApproved) await invalidateRepliesOf([target.slug]);
    }
  }
  await markSeen(ctx.data.db, activity.id.href, type, activity.actorId.href);
}

export const onCreate = (ctx: Ctx, create: Create) => onNote(ctx, create, "Create");
export const onUpdate = (ctx: Ctx, update: Update) => onNote(ctx, update, "Update");

/**
 * Delete of a Note (a Tombstone or its bare id): the author's reply goes. Delete of the actor itself
 * (Mastodon's account deletion: object = actor): all its replies and reactions go. The object is never fetched.
 */
export async function onDelete(ctx: Ctx, del: Delete): Promise<void> {
  if (!del.id || !del.actorId || !del.objectId) return;
  if (await seenBefore(ctx.data.db, del.id.href)) return;
  const actorGone = del.objectId.href === del.actorId.href;
  const slugs = await removeByAuthor(ctx.data.db, del.actorId.href, actorGone ? null : del.objectId.href);
  if (slugs.length > 0) await invalidateRepliesOf(slugs);
  await markSeen(ctx.data.db, del.id.href, "Delete", del.actorId.href);
}

/** Like and Announce (a boost) of one of our articles: counted once per activity id. */
async function onReaction(ctx: Ctx, activity: Like | Announce, kind: "like" | "boost"): Promise<void> {
  if (!activity.id || !activity.actorId) return;
  if (await seenBefore(ctx.data.db, activity.id.href)) return;
  const target = await articleTarget(ctx, activity.objectId);
  if (target) {
    await addReaction(ctx.data.db, { activityUri: activity.id.href, kind, target, actorUri: activity.actorId.href });
  }
  await markSeen(ctx.data.db, activity.id.href, kind === "like" ? "Like" : "Announce", activity.actorId.href);
}

export const onLike = (ctx: Ctx, like: Like) => onReaction(ctx, like, "like");
export const onAnnounce = (ctx: Ctx, announce: Announce) => onReaction(ctx, announce, "boost");
