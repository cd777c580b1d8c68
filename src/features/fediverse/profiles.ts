import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { ACTORS, type ActorName } from "./actors.ts";

import { HANDLE_ALIAS_DAYS } from "./profiles-policy.ts";

export { HANDLE_ALIAS_DAYS };

export interface ActorProfile {
  actor: ActorName;
  handle: string;
  name: string;
  summary: string;
  previousHandle: string | null;
  previousUntil: Date | null;
}

/** The profile an actor has until the operator sets one: its URI key as handle, the catalog's name and summary. */
export function defaultProfile(actor: ActorName): ActorProfile {
  const en = ACTORS[actor] === "en";
  const t = translatorFor(ACTORS[actor], "fediverse");
  return {
    actor,
    handle: actor,
    name: t(en ? "actorNameEn" : "actorNameEs"),
    summary: t(en ? "actorSummaryEn" : "actorSummaryEs"),
    previousHandle: null,
    previousUntil: null,
  };
}

/** Both actors' profiles, the operator's where set. */
export async function actorProfiles(db: DbClient): Promise<Record<ActorName, ActorProfile>> {
  const rows = await db.fediverseActorProfile.findMany();
  const of = (actor: ActorName): ActorProfile => {
    const row = rows.find((r) => r.actor === actor);
    if (!row) return defaultProfile(actor);
    const { handle, name, summary } = row;
    return { actor, handle, name, summary, previousHandle: row.previous_handle, previousUntil: row.previous_until };
  };
  return { noticias: of("noticias"), news: of("news") };
}

/**
 * The actor a WebFinger username names: its current handle, or the one it had before a change while the alias
 * lasts (HANDLE_ALIAS_DAYS). Case-insensitive, as Mastodon treats usernames.
 */
export async function actorByHandle(db: DbClient, username: string, now = new Date()): Promise<ActorName | null> {
  const wanted = username.toLowerCase();
  const profiles = Object.values(await actorProfiles(db));
  const current = profiles.find((p) => p.handle === wanted);
  if (current) return current.actor;
  const aliased = profiles.find((p) => p.previousHandle === wanted && p.previousUntil && p.previousUntil > now);
  return aliased?.actor ?? null;
}

export interface ProfileInput {
  actor: ActorName;
  handle: string;
  name: string;
  summary: string;
}

/**
 * Saves an actor's profile. A handle is one actor's only: the other actor's current or aliased handle is
 * refused (400 on `handle`). A new handle keeps the old one as an alias for HANDLE_ALIAS_DAYS.
 */
export async function saveActorProfile(
  db: DbClient,
  input: ProfileInput,
  now = new Date(),
): Promise<{ profile: ActorProfile; handleChanged: boolean; changed: boolean }> {
  const handle = input.handle.toLowerCase();
  const all = await actorProfiles(db);
  const other = Object.values(all).find((p) => p.actor !== input.actor);
  if (other && (other.handle === handle || (other.previousHandle === handle && (other.previousUntil ?? now) > now))) {
    throw new AppError("BAD_REQUEST", "handle: the other actor uses it", {
      field: "handle",
      params: { field: "handle" },
    });
  }
  const before = all[input.actor];
  const handleChanged = before.handle !== handle;
  const changed = handleChanged || before.name !== input.name || before.summary !== input.summary;
  const alias = handleChanged
    ? { previous_handle: before.handle, previous_until: new Date(now.getTime() + HANDLE_ALIAS_DAYS * 86_400_000) }
    : { previous_handle: before.previousHandle, previous_until: before.previousUntil };
  const data = { handle, name: input.name, summary: input.summary, ...alias };
  await db.fediverseActorProfile.upsert({
    where: { actor: input.actor },
    create: { actor: input.actor, ...data },
    update: data,
  });
  return { profile: (await actorProfiles(db))[input.actor], handleChanged, changed };
}
