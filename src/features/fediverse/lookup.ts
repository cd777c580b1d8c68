import { siteUrl } from "~/platform/http/site-url.ts";
import type { Locale } from "~/platform/i18n/locales.ts";
import { actorOf, handleOf } from "./actors.ts";
import { fediverseEnabled } from "./settings.ts";

/**
 * What pages say of the fediverse, without loading the federation: the language's actor (its id, for the
 * home page's `<link rel="alternate" type="application/activity+json">`) and handle (for
 * `<meta name="fediverse:creator">` on articles); null while the fediverse is off.
 */
export function fediverseActor(locale: Locale): { id: string; handle: string } | null {
  if (!fediverseEnabled()) return null;
  const actor = actorOf(locale);
  return { id: `${siteUrl()}/ap/actors/${actor}`, handle: handleOf(actor, siteUrl()) };
}
