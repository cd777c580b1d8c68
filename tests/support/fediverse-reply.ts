import { randomUUID } from "node:crypto";
import type { FakeMastodon } from "./fake-mastodon.ts";

export const AS_CONTEXT = "https://www.w3.org/ns/activitystreams";

export interface ReplyNote {
  /** One of the instance's users (its first by default). */
  user?: string;
  noteId: string;
  inReplyTo: string;
  content: string;
  published?: string;
}

/** A reply as Mastodon sends it: Create of a public Note by the user, replying to `inReplyTo`, as JSON. */
export function replyActivity(masto: FakeMastodon, r: ReplyNote): string {
  const actor = r.user ? masto.actorOf(r.user) : masto.actorId;
  return JSON.stringify({
    "@context": AS_CONTEXT,
    id: `${masto.origin}/activities/${randomUUID()}`,
    type: "Create",
    actor,
    object: {
      id: r.noteId,
      type: "Note",
      attributedTo: actor,
      inReplyTo: r.inReplyTo,
      content: r.content,
      published: r.published ?? new Date().toISOString(),
      to: [`${AS_CONTEXT}#Public`],
    },
  });
}

/** The reply signed by its user (draft-cavage, as Mastodon signs) and posted to `inbox`: the response. */
export function postReply(masto: FakeMastodon, inbox: string, r: ReplyNote): Promise<Response> {
  return fetch(masto.signedPost(inbox, replyActivity(masto, r), r.user ? { user: r.user } : {}));
}
