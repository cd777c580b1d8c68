import { siteUrl } from "~/platform/http/site-url.ts";
import type { Locale } from "~/platform/i18n/locales.ts";
import { actorOf } from "./actors.ts";
import { fediversePublic } from "./cache.ts";
import { fediverseEnabled } from "./settings.ts";

/**
 * What pages say of the fediverse, without loading the federation: the language's actor (its id, for the
 * home page's `<link rel="alternate" type="application/activity+json">`) and handle as the operator set it
 * (`@noticias@host`, for `<meta name="fediverse:creator">` on articles, the footer and /newsletter); null while
 * the fediverse is off or the site is in private mode.
 */
export async function fediverseActor(locale: Locale): Promise<{ id: string; handle: string } | null> {
  if (!fediverseEnabled()) return null;
  const { handles, privateMode } = await fediversePublic();
  if (privateMode) return null;
  const actor = actorOf(locale);
  return { id: `${siteUrl()}/ap/actors/${actor}`, handle: `@${handles[actor]}@${new URL(siteUrl()).host}` };
}
