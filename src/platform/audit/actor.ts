import type { AppSession } from "~/platform/auth/session.ts";

/** Who did something: a signed-in user, or the system (agents, scheduled publishing). */
export interface Actor {
  id: string | null;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { id: null, name: "sistema" };

export const actorFromSession = (session: AppSession): Actor => ({
  id: session.user.id,
  name: session.user.username,
});
