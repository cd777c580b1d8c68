import type { DbClient } from "~/platform/db/client.ts";
import { fediverseEnabled } from "./settings.ts";

export interface FediverseSwitches {
  /** Send a Note teaser (title, summary, link, hashtags) instead of an Article: Mastodon shows an Article as a link. */
  noteTeaser: boolean;
  /** Private mode: nothing federated (no activity sent; actors, WebFinger and inboxes answer 404). */
  privateMode: boolean;
}

/** The operator's switches (one row; absent: both off). */
export async function fediverseSwitches(db: DbClient): Promise<FediverseSwitches> {
  const row = await db.fediverseSetting.findUnique({ where: { id: 1 } });
  return { noteTeaser: row?.note_teaser ?? false, privateMode: row?.private_mode ?? false };
}

export async function saveFediverseSwitches(db: DbClient, s: FediverseSwitches): Promise<FediverseSwitches> {
  const data = { note_teaser: s.noteTeaser, private_mode: s.privateMode };
  await db.fediverseSetting.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
  return fediverseSwitches(db);
}

/** Whether the operator ever saved the switches: until then every article went out as an Article. */
export async function switchesEverSaved(db: DbClient): Promise<boolean> {
  return (await db.fediverseSetting.count({ where: { id: 1 } })) > 0;
}

/** Whether the site federates now: the fediverse is on (env) and the site is not in private mode. */
export async function federationOpen(db: DbClient): Promise<boolean> {
  return fediverseEnabled() && !(await fediverseSwitches(db)).privateMode;
}
