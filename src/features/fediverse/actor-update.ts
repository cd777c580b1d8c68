import { randomUUID } from "node:crypto";
import { PUBLIC_COLLECTION, Update } from "@fedify/vocab";
import type { ActorName } from "./actors.ts";
import type { FediverseData } from "./context.ts";
import type { Fediverse } from "./federation.ts";
import { fediverseSwitches } from "./switches.ts";

/**
 * Tells an actor's followers its profile changed: Update(actor) with the actor document as it is now. The URI
 * never changes (keyed by language), so a new handle (`preferredUsername`) reaches Mastodon this way, which
 * re-checks it with WebFinger; no Move is needed. Nothing is sent in private mode.
 */
export async function announceActorUpdate(
  federation: Fediverse,
  data: FediverseData,
  origin: string,
  actor: ActorName,
): Promise<{ sent: number }> {
  if ((await fediverseSwitches(data.db)).privateMode) return { sent: 0 };
  // A request context (on the actor's own URI) is what can render the actor document through its dispatcher.
  const ctx = federation.createContext(new Request(new URL(`/ap/actors/${actor}`, origin)), data);
  const document = await ctx.getActor(actor);
  if (!document) return { sent: 0 };
  const actorUri = ctx.getActorUri(actor);
  const update = new Update({
    id: new URL(`${actorUri.href}#updates/${randomUUID()}`),
    actor: actorUri,
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(actor),
    object: document,
  });
  await ctx.sendActivity({ identifier: actor }, "followers", update, { preferSharedInbox: true });
  return { sent: 1 };
}
