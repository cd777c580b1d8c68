import { env } from "~/platform/env/env.js";
import { siteUrl } from "~/platform/http/site-url.ts";

/**
 * Whether the site federates: FEDIVERSE=on or off when set; unset, only when SITE_URL is an https origin, since
 * Mastodon and its peers fetch actors and objects over https only and a site on http://localhost must not
 * mint ids nobody can reach.
 */
export function fediverseEnabled(): boolean {
  if (env.FEDIVERSE) return env.FEDIVERSE === "on";
  return siteUrl().startsWith("https://");
}
